/** Países (SPEC §2: columns short_name, long_name, url_redirect, currency; §7 /country/). */
import { countryContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';
import { currencyOptions } from './options';

export const paisesDescriptor = defineDescriptor({
  routing: 'paises',
  contract: countryContract,
  columns: [
    'short_name',
    'long_name',
    'url_redirect',
    {
      key: 'currency',
      render: (row) => (typeof row.currency_name === 'string' ? row.currency_name : ''),
    },
  ],
  filters: ['long_name', 'short_name'],
  fields: [
    { name: 'short_name', span: 3, maxLength: 10 },
    { name: 'long_name', span: 6, maxLength: 150 },
    { name: 'ident', type: 'integer', span: 3 },
    { name: 'url_redirect', span: 8, maxLength: 500 },
    { name: 'currency', type: 'select', span: 4, options: currencyOptions },
  ],
});
