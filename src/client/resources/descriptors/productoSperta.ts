/**
 * Sperta products (SPEC §2: columns id, sperta_code, product, country, sperta_gravado,
 * sperta_no_gravado; §7 /product_sperta/, answers tagged with their view).
 */

import { formatAmount } from '../../../contracts/format';
import { productSpertaContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';
import { countryOptions, productOptions } from './options';

export const productoSpertaDescriptor = defineDescriptor({
  routing: 'producto_sperta',
  contract: productSpertaContract,
  columns: [
    'id',
    'sperta_code',
    { key: 'product', render: (row) => String(row.product_name ?? '') },
    { key: 'country', render: (row) => String(row.country_name ?? '') },
    { key: 'sperta_gravado', render: (row) => formatAmount(row.sperta_gravado) },
    { key: 'sperta_no_gravado', render: (row) => formatAmount(row.sperta_no_gravado) },
  ],
  filters: ['sperta_code', 'product_name', 'country_name'],
  fields: [
    { name: 'sperta_code', span: 4, maxLength: 50 },
    { name: 'product', type: 'select', span: 8, options: productOptions },
    { name: 'country', type: 'select', span: 4, options: countryOptions },
    { name: 'sperta_gravado', type: 'amount', span: 4 },
    { name: 'sperta_no_gravado', type: 'amount', span: 4 },
  ],
  recordName: (row) => String(row.sperta_code ?? row.id),
});
