/**
 * Gestión de Productos on the resource engine (SPEC §2 'productos': id, short_name, long_name,
 * supplier, is_enabled; §7 Products: GET /product/ paged or with a query, DELETE /product/{id}/
 * answering 204). Filters: id, long_name, supplier and product_type (contains on the supplier's
 * and the category's names) and the enabled switch; the supplier's and category's names joined
 * into each row. GET /product/{id}/ answers the whole product (zones, offices, coverages, rate
 * counts) for Mostrar and for the wizard's Editar and Clonar (issue 13).
 *
 * A product in use (vouchers, promotions, any other table that references it besides its own
 * parts) cannot be deleted: 409 saying by what, and the 'disable' action to switch it off instead.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { optionReaders } from '../../contracts/formOptions';
import { messages } from '../../contracts/messages';
import { can } from '../../contracts/permissions';
import { productContract } from '../../contracts/products';
import type { Transaction } from '../db/client';
import {
  coverages,
  currencies,
  offices,
  productCoverages,
  productOffices,
  productRates,
  products,
  productTypes,
  productZones,
  suppliers,
  zones,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { anyOf, containsVia, defineResource, type Reader } from './engine';
import { relatedNameKey } from './sortKeys';

const text = messages.products;

/** The product's own parts: they go with it, they do not keep it alive. */
const OWN_PARTS = new Set([
  'product_zones',
  'product_coverages',
  'product_offices',
  'product_rates',
  'product_sperta',
  'product_drafts',
]);

/**
 * Who uses the product: every foreign key to `products` from a table that is not one of its own
 * parts (vouchers today, the promotion tables once they exist), counted for this product.
 */
export async function productUsage(
  reader: Reader,
  id: number,
): Promise<{ table: string; column: string; count: number }[]> {
  const references = await reader.execute(sql`
    select cl.relname as table_name, att.attname as column_name
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_attribute att on att.attrelid = con.conrelid and att.attnum = con.conkey[1]
    where con.contype = 'f' and con.confrelid = 'public.products'::regclass
  `);
  const rows = (references as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
  const usage: { table: string; column: string; count: number }[] = [];
  for (const { table_name: table, column_name: column } of rows) {
    if (OWN_PARTS.has(table)) continue;
    const counted = await reader.execute(
      sql`select count(*)::int as count from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
    );
    const count = Number((counted as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
    if (count > 0) usage.push({ table, column, count });
  }
  return usage;
}

function usageText(usage: { table: string; count: number }[]): string {
  const vouchers = usage.filter((entry) => entry.table === 'vouchers').reduce((s, e) => s + e.count, 0);
  const promotions = usage
    .filter((entry) => entry.table.startsWith('promotion'))
    .reduce((s, e) => s + e.count, 0);
  const parts = [
    ...(vouchers ? [text.inUseVouchers(vouchers)] : []),
    ...(promotions ? [text.inUsePromotions(promotions)] : []),
    ...usage
      .filter((entry) => entry.table !== 'vouchers' && !entry.table.startsWith('promotion'))
      .map((entry) => text.inUseOther(entry.count, entry.table)),
  ];
  return text.inUse(parts.join(' y '));
}

const nameSql = (table: { id: unknown }, column: SQL | unknown, fk: unknown) =>
  sql<string | null>`(select ${column} from ${table} where ${table.id} = ${fk})`;

/** The whole product: the detail answer, and what Editar and Clonar start from. */
export async function productDetailOf(reader: Reader, id: number) {
  const [product] = await reader
    .select({
      id: products.id,
      short_name: products.shortName,
      long_name: products.longName,
      is_enabled: products.isEnabled,
      url_image: products.urlImage,
      product_type: products.productTypeId,
      product_type_name: nameSql(productTypes, productTypes.longName, products.productTypeId),
      supplier: products.supplierId,
      supplier_name: nameSql(suppliers, suppliers.longName, products.supplierId),
    })
    .from(products)
    .where(eq(products.id, id));
  if (!product) return null;
  const [zoneRows, officeRows, coverageRows, rateRows] = await Promise.all([
    reader
      .select({ id: zones.id, name: zones.longName })
      .from(productZones)
      .innerJoin(zones, eq(zones.id, productZones.zoneId))
      .where(eq(productZones.productId, id))
      .orderBy(zones.longName),
    reader
      .select({ id: offices.id, name: offices.longName })
      .from(productOffices)
      .innerJoin(offices, eq(offices.id, productOffices.officeId))
      .where(eq(productOffices.productId, id))
      .orderBy(offices.longName),
    reader
      .select({
        coverage_id: productCoverages.coverageId,
        coverage_name: coverages.longNameEs,
        limit_amount: productCoverages.limitAmount,
        currency_id: productCoverages.currencyId,
        currency: currencies.shortName,
      })
      .from(productCoverages)
      .innerJoin(coverages, eq(coverages.id, productCoverages.coverageId))
      .leftJoin(currencies, eq(currencies.id, productCoverages.currencyId))
      .where(eq(productCoverages.productId, id))
      .orderBy(productCoverages.id),
    reader
      .select({ office: productRates.officeId, count: sql<number>`count(*)::int` })
      .from(productRates)
      .where(eq(productRates.productId, id))
      .groupBy(productRates.officeId),
  ]);
  const particular: Record<string, number> = {};
  let general = 0;
  for (const row of rateRows) {
    if (row.office === null) general = Number(row.count);
    else particular[String(row.office)] = Number(row.count);
  }
  const usage = await productUsage(reader, id);
  return {
    ...product,
    used_by: usage.reduce((sum, entry) => sum + entry.count, 0),
    zones: zoneRows,
    offices: officeRows,
    product_coverage: coverageRows,
    rate_counts: { general, particular },
  };
}

export const productResource = defineResource({
  contract: productContract,
  table: products,
  ownership: 'global',
  operations: ['list', 'detail', 'remove'],
  // The Producto Sperta form's product select reads it too (issue 18).
  permissions: { list: anyOf(...optionReaders('/product/')) },
  extra: {
    supplierName: sql<
      string | null
    >`(select ${suppliers.longName} from ${suppliers} where ${suppliers.id} = ${products.supplierId})`,
    productTypeName: sql<
      string | null
    >`(select ${productTypes.longName} from ${productTypes} where ${productTypes.id} = ${products.productTypeId})`,
  },
  serialize: (product) => ({
    id: product.id,
    short_name: product.shortName,
    long_name: product.longName,
    is_enabled: product.isEnabled,
    supplier: product.supplierId,
    supplier_name: product.supplierName,
    product_type: product.productTypeId,
    product_type_name: product.productTypeName,
  }),
  async detail(reader, row) {
    const detail = await productDetailOf(reader, row.id);
    if (!detail) throw new HttpError(404, messages.common.notFound);
    return detail;
  },
  filters: {
    id: { kind: 'exact', on: products.id, type: 'integer' },
    long_name: { kind: 'contains', on: [products.longName] },
    supplier: { kind: 'custom', build: containsVia(products.supplierId, suppliers.id, suppliers.longName) },
    product_type: {
      kind: 'custom',
      build: containsVia(products.productTypeId, productTypes.id, productTypes.longName),
    },
    is_enabled: { kind: 'switch', on: products.isEnabled },
  },
  ordering: {
    id: products.id,
    short_name: products.shortName,
    long_name: products.longName,
    product_type_name: relatedNameKey('product_types', 'long_name', products.productTypeId),
    supplier_name: relatedNameKey('suppliers', 'long_name', products.supplierId),
    is_enabled: products.isEnabled,
  },
  async beforeRemove(tx: Transaction, id: number) {
    // Locks the product so a voucher cannot start using it between the check and the delete.
    await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    const usage = await productUsage(tx, id);
    if (usage.length > 0) throw new HttpError(409, usageText(usage));
  },
  // Editing is the product wizard's (/step/ then /productEdit/): the list offers it per row.
  offers: { update: { resource: 'product', action: 'add' } },
  actions: {
    /** Switches the product off (the way out of a delete refused because it is in use). */
    disable: {
      input: z.strictObject({}),
      permission: (principal, record) => can(principal, 'product', 'add') && record?.isEnabled !== false,
      async run(tx, { id }) {
        await tx.update(products).set({ isEnabled: false, updatedAt: new Date() }).where(eq(products.id, id));
      },
    },
  },
});
