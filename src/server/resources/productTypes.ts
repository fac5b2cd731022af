/** Categorías (product types) on the resource engine (/product_type/). */
import { productTypeContract } from '../../contracts/resources';
import { productTypes } from '../db/schema';
import { defineResource } from './engine';

export const productTypeResource = defineResource({
  contract: productTypeContract,
  table: productTypes,
  serialize: (row) => ({
    id: row.id,
    short_name: row.shortName,
    long_name: row.longName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  values: (input) => ({ shortName: input.short_name, longName: input.long_name }),
  filters: {
    id: { kind: 'exact', on: productTypes.id, type: 'integer' },
    short_name: { kind: 'contains', on: [productTypes.shortName] },
    long_name: { kind: 'contains', on: [productTypes.longName] },
  },
  ordering: {
    id: productTypes.id,
    short_name: productTypes.shortName,
    long_name: productTypes.longName,
    created_at: productTypes.createdAt,
    updated_at: productTypes.updatedAt,
  },
  unique: [{ column: productTypes.shortName, field: 'short_name' }],
});
