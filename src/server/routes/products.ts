/**
 * Product reads for the other modules (SPEC §7 Products): GET /product/ (paged, filters id,
 * long_name and supplier contains, is_enabled) and GET /product_name_id/ (every product as
 * {id, name}, for selectors). Both need product/view.
 */
import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type ProductSummary, productQuerySchema } from '../../contracts/products';
import { requirePermission } from '../auth/guard';
import type { AppContext } from '../context';
import { products, suppliers } from '../db/schema';
import { contains } from '../http/filters';
import { pageLinks } from '../http/pagination';
import { parseWith } from '../http/validate';

export function productRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const view = requirePermission(context, 'product', 'view');

  app.get('/product/', { preHandler: view }, async (request) => {
    const query = parseWith(productQuerySchema, request.query);
    const filters: SQL[] = [];
    if (query.id) filters.push(eq(products.id, query.id));
    if (query.long_name) filters.push(contains(products.longName, query.long_name));
    if (query.supplier) filters.push(contains(suppliers.longName, query.supplier));
    if (query.is_enabled) filters.push(eq(products.isEnabled, query.is_enabled === 'true'));
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = await db
      .select({ total: count() })
      .from(products)
      .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
      .where(where);
    const rows = await db
      .select({ product: products, supplierName: suppliers.longName })
      .from(products)
      .leftJoin(suppliers, eq(suppliers.id, products.supplierId))
      .where(where)
      .orderBy(asc(products.longName), asc(products.id))
      .offset(query.offset)
      .limit(query.limit);
    const results: ProductSummary[] = rows.map(({ product, supplierName }) => ({
      id: product.id,
      short_name: product.shortName,
      long_name: product.longName,
      is_enabled: product.isEnabled,
      supplier: product.supplierId,
      supplier_name: supplierName,
      product_type: product.productTypeId,
    }));
    return { count: total, ...pageLinks(request, query, total), results };
  });

  app.get('/product_name_id/', { preHandler: view }, async () =>
    db
      .select({ id: products.id, name: products.longName })
      .from(products)
      .orderBy(asc(products.longName), asc(products.id)),
  );
}
