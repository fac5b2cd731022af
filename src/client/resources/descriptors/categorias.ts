/** Categorías: product types (SPEC §2: columns short_name, long_name, created_at, updated_at; §7 /product_type/). */

import { formatLocalDate } from '../../../contracts/format';
import { productTypeContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';

export const categoriasDescriptor = defineDescriptor({
  routing: 'categorias',
  contract: productTypeContract,
  columns: [
    'short_name',
    'long_name',
    { key: 'created_at', render: (row) => formatLocalDate(row.created_at) },
    { key: 'updated_at', render: (row) => formatLocalDate(row.updated_at) },
  ],
  filters: ['short_name', 'long_name'],
  fields: [
    { name: 'short_name', span: 4, maxLength: 50 },
    { name: 'long_name', span: 8, maxLength: 255 },
  ],
});
