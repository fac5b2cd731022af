/**
 * Promociones on the resource engine (issue 14; SPEC §2 'Promociones', §3 'Promotion', §7
 * 'Promotions'):
 *   /promotion/ list (contains on long_name, description, promotion_type), detail with its
 *     products and their offices, POST, PUT, DELETE (its products and offices go with it), and
 *     the actions `add_product_offices` and `edit_product_offices` (one transaction each);
 *   /promotion_product/ list (?promotion=), detail, POST {promotion, product}, DELETE;
 *   /promotion_product_office/ list (?promotion_product=), detail, POST, PUT, DELETE.
 * Reads need promotion/view, writes promotion/add; the rules are in ./promotionRules.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { messages } from '../../contracts/messages';
import {
  addProductOfficesSchema,
  editProductOfficesSchema,
  type PromotionProductEntry,
  type PromotionType,
  promotionContract,
  promotionProductContract,
  promotionProductOfficeContract,
} from '../../contracts/promotions';
import type { Transaction } from '../db/client';
import {
  offices,
  products,
  promotionProductOffices,
  promotionProducts,
  promotions,
  spanishSortKey,
} from '../db/schema';
import { FieldValidationError } from '../http/errors';
import { defineResource, type Reader } from './engine';
import { assignProductOffices, checkOffices, checkProducts, replaceOffices } from './promotionRules';
import { textKey } from './sortKeys';

const text = messages.promotions;

const typeOf = (value: string): PromotionType => (value === 'venta' ? 'venta' : 'proveedor');

/** The promotion's products (by name), each with its offices (by name). */
export async function productsOfPromotion(
  reader: Reader,
  promotionId: number,
): Promise<PromotionProductEntry[]> {
  const held = await reader
    .select({ id: promotionProducts.id, product: promotionProducts.productId, name: products.longName })
    .from(promotionProducts)
    .innerJoin(products, eq(products.id, promotionProducts.productId))
    .where(eq(promotionProducts.promotionId, promotionId))
    .orderBy(asc(products.longName), asc(promotionProducts.id));
  if (!held.length) return [];
  const rows = await reader
    .select({
      id: promotionProductOffices.id,
      promotionProduct: promotionProductOffices.promotionProductId,
      office: promotionProductOffices.officeId,
      name: offices.longName,
    })
    .from(promotionProductOffices)
    .innerJoin(offices, eq(offices.id, promotionProductOffices.officeId))
    .where(
      inArray(
        promotionProductOffices.promotionProductId,
        held.map((entry) => entry.id),
      ),
    )
    .orderBy(asc(offices.longName), asc(promotionProductOffices.id));
  return held.map((entry) => ({
    id: entry.id,
    product: entry.product,
    product_name: entry.name,
    offices: rows
      .filter((row) => row.promotionProduct === entry.id)
      .map((row) => ({ id: row.id, office: row.office, office_name: row.name })),
  }));
}

const promotionExtra = {
  productsCount: sql<number>`(select count(*)::int from ${promotionProducts} where ${promotionProducts.promotionId} = "promotions"."id")`,
};

type PromotionRow = typeof promotions.$inferSelect & { productsCount: number };

const serializePromotion = (row: PromotionRow) => ({
  id: row.id,
  short_name: row.shortName,
  long_name: row.longName,
  description: row.description,
  reservation_date_from: row.reservationDateFrom,
  reservation_date_to: row.reservationDateTo,
  travel_date_from: row.travelDateFrom,
  travel_date_to: row.travelDateTo,
  total_days: row.totalDays,
  promotion_type: typeOf(row.promotionType),
  products_count: Number(row.productsCount),
});

export const promotionResource = defineResource({
  contract: promotionContract,
  table: promotions,
  // The promotion catalogue (which products and offices a promotion covers) is central configuration.
  ownership: 'global',
  extra: promotionExtra,
  serialize: serializePromotion,
  async detail(reader, row) {
    return { ...serializePromotion(row), products: await productsOfPromotion(reader, row.id) };
  },
  values: (input) => ({
    shortName: input.short_name,
    longName: input.long_name,
    description: input.description,
    reservationDateFrom: input.reservation_date_from,
    reservationDateTo: input.reservation_date_to,
    travelDateFrom: input.travel_date_from,
    travelDateTo: input.travel_date_to,
    totalDays: input.total_days,
    promotionType: input.promotion_type,
  }),
  async beforeWrite(tx, input, id) {
    // A provider promotion turned into a sale one must already hold at most one product.
    if (id !== null && input.promotion_type === 'venta') {
      const [{ held }] = await tx
        .select({ held: count() })
        .from(promotionProducts)
        .where(eq(promotionProducts.promotionId, id));
      if (held > 1) throw new FieldValidationError({ promotion_type: [text.saleOneProduct] });
    }
    return undefined;
  },
  filters: {
    id: { kind: 'exact', on: promotions.id, type: 'integer' },
    long_name: { kind: 'contains', on: [promotions.longName] },
    description: { kind: 'contains', on: [promotions.description] },
    promotion_type: { kind: 'contains', on: [promotions.promotionType] },
  },
  ordering: {
    id: promotions.id,
    long_name: promotions.longName,
    reservation_date_from: promotions.reservationDateFrom,
    reservation_date_to: promotions.reservationDateTo,
    travel_date_from: promotions.travelDateFrom,
    travel_date_to: promotions.travelDateTo,
    total_days: promotions.totalDays,
    promotion_type: promotions.promotionType,
    // A long text: its first 150 characters (a keyset cursor carries at most 300).
    description: textKey(sql`left(${promotions.description}, 150)`),
  },
  fieldOfColumn: {
    reservation_date_from: 'reservation_date_from',
    reservation_date_to: 'reservation_date_to',
    travel_date_from: 'travel_date_from',
    travel_date_to: 'travel_date_to',
  },
  actions: {
    /** §7 ADD_PRODUCT_OFFICES: products and their offices, all or nothing. */
    add_product_offices: {
      input: addProductOfficesSchema,
      async run(tx, { id, row, input }) {
        const created = await assignProductOffices(
          tx,
          { id, type: typeOf(row.promotionType) },
          input.products,
          input.offices,
        );
        return { promotion_products: created };
      },
    },
    /** §7 EDIT_PRODUCT_OFFICES: one assigned product's offices replaced. */
    edit_product_offices: {
      input: editProductOfficesSchema,
      async run(tx, { id, row, input }) {
        await replaceOffices(
          tx,
          { id, type: typeOf(row.promotionType) },
          input.promotion_product,
          input.offices,
        );
        return { promotion_product: input.promotion_product };
      },
    },
  },
});

async function promotionOf(tx: Transaction, id: number): Promise<{ id: number; type: PromotionType }> {
  const [row] = await tx
    .select({ id: promotions.id, type: promotions.promotionType })
    .from(promotions)
    .where(eq(promotions.id, id));
  if (!row) throw new FieldValidationError({ promotion: [messages.common.notFound] }, 404);
  return { id: row.id, type: typeOf(row.type) };
}

export const promotionProductResource = defineResource({
  contract: promotionProductContract,
  table: promotionProducts,
  ownership: 'global',
  operations: ['list', 'detail', 'create', 'remove'],
  extra: {
    productName: sql<string>`(select ${products.longName} from ${products} where ${products.id} = ${promotionProducts.productId})`,
  },
  serialize: (row) => ({
    id: row.id,
    promotion: row.promotionId,
    product: row.productId,
    product_name: row.productName ?? '',
  }),
  values: (input) => ({ promotionId: input.promotion, productId: input.product }),
  async beforeWrite(tx, input) {
    await checkProducts(tx, await promotionOf(tx, input.promotion), [input.product], 'product');
    return undefined;
  },
  filters: { promotion: { kind: 'exact', on: promotionProducts.promotionId, type: 'integer' } },
  ordering: { id: promotionProducts.id },
  fieldOfColumn: { promotion_id: 'promotion', product_id: 'product' },
});

export const promotionProductOfficeResource = defineResource({
  contract: promotionProductOfficeContract,
  table: promotionProductOffices,
  ownership: 'global',
  extra: {
    officeName: sql<string>`(select ${offices.longName} from ${offices} where ${offices.id} = ${promotionProductOffices.officeId})`,
  },
  serialize: (row) => ({
    id: row.id,
    promotion_product: row.promotionProductId,
    office: row.officeId,
    office_name: row.officeName ?? '',
  }),
  values: (input) => ({ promotionProductId: input.promotion_product, officeId: input.office }),
  async beforeWrite(tx, input) {
    const [held] = await tx
      .select({ promotionId: promotionProducts.promotionId, productId: promotionProducts.productId })
      .from(promotionProducts)
      .where(eq(promotionProducts.id, input.promotion_product));
    if (!held) throw new FieldValidationError({ promotion_product: [text.promotionProductNotFound] });
    const promotion = await promotionOf(tx, held.promotionId);
    await checkOffices(tx, promotion.type, [held.productId], [input.office], 'office');
    return undefined;
  },
  filters: {
    promotion_product: { kind: 'exact', on: promotionProductOffices.promotionProductId, type: 'integer' },
  },
  ordering: {
    id: promotionProductOffices.id,
    office_name: spanishSortKey(
      sql`(select ${offices.longName} from ${offices} where ${offices.id} = ${promotionProductOffices.officeId})`,
    ),
  },
  fieldOfColumn: { promotion_product_id: 'promotion_product', office_id: 'office' },
});
