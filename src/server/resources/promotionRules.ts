/**
 * The promotion rules the server enforces (issue 14; SPEC §4 and §5 'Promotion wizard'), shared
 * by /promotion/'s actions, /promotion_product/ and /promotion_product_office/:
 * - a sale promotion ('venta') holds one product ('No puede ingresar más de un producto en
 *   Promociones Venta'); a provider promotion ('proveedor') several;
 * - a provider promotion's offices are locked to what the providers allow: only offices assigned
 *   (product_offices) to every product of the same assignment;
 * - a product is in a promotion once; products and offices must exist.
 * Every function runs inside the caller's transaction: a refusal rolls back what came before it.
 */
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { messages } from '../../contracts/messages';
import { type PromotionType, saleRuleRefusal } from '../../contracts/promotions';
import { MAX_DB_INTEGER } from '../../contracts/resources/fields';
import type { Transaction } from '../db/client';
import { offices, productOffices, products, promotionProductOffices, promotionProducts } from '../db/schema';
import { FieldValidationError } from '../http/errors';

const text = messages.promotions;

/** '1,2' -> [1, 2] (anything else dropped). */
export function idsOfParameter(value: string): number[] {
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim())
        .filter((part) => /^\d{1,10}$/.test(part))
        .map(Number)
        .filter((id) => id > 0 && id <= MAX_DB_INTEGER),
    ),
  ].slice(0, 100);
}

/** The office filter `products=1,2`: offices assigned to every one of these products. */
export function officesOfEveryProduct(officeId: AnyPgColumn, value: string): SQL {
  const ids = idsOfParameter(value);
  if (!ids.length) return sql`false`;
  return inArray(
    officeId,
    sql`(select ${productOffices.officeId} from ${productOffices} where ${inArray(productOffices.productId, ids)} group by ${productOffices.officeId} having count(distinct ${productOffices.productId}) = ${ids.length})`,
  );
}

/** A promotion id of a query parameter ('12'), or null when it is not one. */
export function promotionIdOf(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_DB_INTEGER ? id : null;
}

/**
 * The office filter `promotion=12`: the offices assigned to the promotion (through
 * promotion_product_office of any of its products; the promotion's office export).
 */
export function officesOfPromotion(officeId: AnyPgColumn, value: string): SQL {
  const id = promotionIdOf(value);
  if (id === null) return sql`false`;
  return inArray(
    officeId,
    sql`(select ${promotionProductOffices.officeId} from ${promotionProductOffices} inner join ${promotionProducts} on ${promotionProducts.id} = ${promotionProductOffices.promotionProductId} where ${promotionProducts.promotionId} = ${id})`,
  );
}

/** Refuses products that do not exist or are already in the promotion, and the sale rule. */
export async function checkProducts(
  tx: Transaction,
  promotion: { id: number; type: PromotionType },
  productIds: readonly number[],
  field = 'products',
): Promise<void> {
  const [{ assigned }] = await tx
    .select({ assigned: count() })
    .from(promotionProducts)
    .where(eq(promotionProducts.promotionId, promotion.id));
  const sale = saleRuleRefusal(promotion.type, assigned, productIds.length);
  if (sale) throw new FieldValidationError({ [field]: [sale] });
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  if (found.length !== productIds.length) throw new FieldValidationError({ [field]: [text.productNotFound] });
  const twice = await tx
    .select({ id: promotionProducts.id })
    .from(promotionProducts)
    .where(
      and(
        eq(promotionProducts.promotionId, promotion.id),
        inArray(promotionProducts.productId, [...productIds]),
      ),
    )
    .limit(1);
  if (twice.length) throw new FieldValidationError({ [field]: [text.productTwice] });
}

/**
 * Refuses offices that do not exist and, for a provider promotion, offices not assigned to every
 * one of `productIds` (the names of the first few refused ones are in the message).
 */
export async function checkOffices(
  tx: Transaction,
  type: PromotionType,
  productIds: readonly number[],
  officeIds: readonly number[],
  field = 'offices',
): Promise<void> {
  const found = await tx
    .select({ id: offices.id, name: offices.longName })
    .from(offices)
    .where(inArray(offices.id, [...officeIds]))
    .orderBy(asc(offices.longName));
  if (found.length !== officeIds.length) throw new FieldValidationError({ [field]: [text.officeNotFound] });
  if (type !== 'proveedor') return;
  const allowed = await tx
    .select({ id: offices.id })
    .from(offices)
    .where(and(inArray(offices.id, [...officeIds]), officesOfEveryProduct(offices.id, productIds.join(','))));
  const allowedIds = new Set(allowed.map((row) => row.id));
  const refused = found.filter((office) => !allowedIds.has(office.id));
  if (refused.length)
    throw new FieldValidationError({
      [field]: [
        text.officeNotAllowed(
          refused
            .slice(0, 5)
            .map((office) => office.name)
            .join(', ') + (refused.length > 5 ? '…' : ''),
        ),
      ],
    });
}

/** Inserts the offices of one promotion_product (ids already checked). */
export async function insertOffices(
  tx: Transaction,
  promotionProductId: number,
  officeIds: readonly number[],
): Promise<void> {
  if (!officeIds.length) return;
  await tx
    .insert(promotionProductOffices)
    .values(officeIds.map((officeId) => ({ promotionProductId, officeId })))
    .onConflictDoNothing();
}

/**
 * ADD_PRODUCT_OFFICES (§7): a promotion_product per product, then a promotion_product_office per
 * product and office, in the caller's transaction. The products are written first and the offices
 * checked after: a refused office undoes the products too (nothing half-assigned).
 */
export async function assignProductOffices(
  tx: Transaction,
  promotion: { id: number; type: PromotionType },
  productIds: readonly number[],
  officeIds: readonly number[],
): Promise<number[]> {
  await checkProducts(tx, promotion, productIds);
  const created = await tx
    .insert(promotionProducts)
    .values(productIds.map((productId) => ({ promotionId: promotion.id, productId })))
    .returning({ id: promotionProducts.id });
  await checkOffices(tx, promotion.type, productIds, officeIds);
  for (const row of created) await insertOffices(tx, row.id, officeIds);
  return created.map((row) => row.id);
}

/** EDIT_PRODUCT_OFFICES (§7): the offices of one promotion_product replaced. */
export async function replaceOffices(
  tx: Transaction,
  promotion: { id: number; type: PromotionType },
  promotionProductId: number,
  officeIds: readonly number[],
): Promise<void> {
  const [held] = await tx
    .select({ productId: promotionProducts.productId })
    .from(promotionProducts)
    .where(
      and(eq(promotionProducts.id, promotionProductId), eq(promotionProducts.promotionId, promotion.id)),
    );
  if (!held) throw new FieldValidationError({ promotion_product: [text.promotionProductNotFound] }, 404);
  await checkOffices(tx, promotion.type, [held.productId], officeIds);
  await tx
    .delete(promotionProductOffices)
    .where(eq(promotionProductOffices.promotionProductId, promotionProductId));
  await insertOffices(tx, promotionProductId, officeIds);
}
