/**
 * Product reads for the other modules on the resource engine (SPEC §7 Products): GET /product/
 * paged, filters id, long_name and supplier (contains on the supplier's name), is_enabled; the
 * supplier's name joined into each row. product/view. The product wizard comes later.
 */
import { sql } from 'drizzle-orm';
import { productContract } from '../../contracts/products';
import { products, suppliers } from '../db/schema';
import { containsVia, defineResource } from './engine';

export const productResource = defineResource({
  contract: productContract,
  table: products,
  operations: ['list'],
  extra: {
    supplierName: sql<
      string | null
    >`(select ${suppliers.longName} from ${suppliers} where ${suppliers.id} = ${products.supplierId})`,
  },
  serialize: (product) => ({
    id: product.id,
    short_name: product.shortName,
    long_name: product.longName,
    is_enabled: product.isEnabled,
    supplier: product.supplierId,
    supplier_name: product.supplierName,
    product_type: product.productTypeId,
  }),
  filters: {
    id: { kind: 'exact', on: products.id, type: 'integer' },
    long_name: { kind: 'contains', on: [products.longName] },
    supplier: { kind: 'custom', build: containsVia(products.supplierId, suppliers.id, suppliers.longName) },
    is_enabled: { kind: 'switch', on: products.isEnabled },
  },
  ordering: { long_name: products.longName },
});
