/**
 * Sperta products on the resource engine (/product_sperta/), with product and country names;
 * answers tagged with their view (spec section 7 'Products').
 */
import { sql } from 'drizzle-orm';
import { productSpertaContract } from '../../contracts/resources';
import { countries, productSperta, products } from '../db/schema';
import { containsVia, defineResource } from './engine';
import { relatedNameKey } from './sortKeys';

export const productSpertaResource = defineResource({
  contract: productSpertaContract,
  table: productSperta,
  ownership: 'global',
  tagView: true,
  extra: {
    productName: sql<string>`(select ${products.longName} from ${products} where ${products.id} = ${productSperta.productId})`,
    countryName: sql<
      string | null
    >`(select ${countries.longName} from ${countries} where ${countries.id} = ${productSperta.countryId})`,
  },
  serialize: (row) => ({
    id: row.id,
    sperta_code: row.spertaCode,
    product: row.productId,
    product_name: row.productName ?? '',
    country: row.countryId,
    country_name: row.countryName,
    sperta_gravado: row.spertaGravado,
    sperta_no_gravado: row.spertaNoGravado,
  }),
  values: (input) => ({
    spertaCode: input.sperta_code,
    productId: input.product,
    countryId: input.country,
    spertaGravado: input.sperta_gravado,
    spertaNoGravado: input.sperta_no_gravado,
  }),
  filters: {
    id: { kind: 'exact', on: productSperta.id, type: 'integer' },
    sperta_code: { kind: 'contains', on: [productSperta.spertaCode] },
    product_name: {
      kind: 'custom',
      build: containsVia(productSperta.productId, products.id, products.longName),
    },
    country_name: {
      kind: 'custom',
      build: containsVia(productSperta.countryId, countries.id, countries.longName),
    },
    product: { kind: 'exact', on: productSperta.productId, type: 'integer' },
    country: { kind: 'exact', on: productSperta.countryId, type: 'integer' },
  },
  ordering: {
    id: productSperta.id,
    sperta_code: productSperta.spertaCode,
    sperta_gravado: productSperta.spertaGravado,
    sperta_no_gravado: productSperta.spertaNoGravado,
    product: relatedNameKey('products', 'long_name', productSperta.productId),
    country: relatedNameKey('countries', 'long_name', productSperta.countryId),
  },
  unique: [{ column: productSperta.spertaCode, field: 'sperta_code' }],
});
