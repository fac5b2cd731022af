/**
 * Product reads for the other modules (SPEC §7 Products): GET /product/ on the resource engine
 * (src/server/resources/products.ts) and GET /product_name_id/ (every product as {id, name}, for
 * selectors). Both need product/view.
 */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../auth/guard';
import type { AppContext } from '../context';
import { products } from '../db/schema';
import { registerResource } from '../resources/engine';
import { productResource } from '../resources/products';

export function productRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const view = requirePermission(context, 'product', 'view');
  registerResource(app, context, productResource);

  app.get('/product_name_id/', { preHandler: view }, async () =>
    db
      .select({ id: products.id, name: products.longName })
      .from(products)
      .orderBy(asc(products.longName), asc(products.id)),
  );
}
