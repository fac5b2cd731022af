/**
 * Currencies (SPEC §2: columns short_name, long_name, value, symbol; filters short_name and
 * long_name plus the enabled switch, default enabled; §7 /currency/).
 */

import { formatAmount } from '../../../contracts/format';
import { currencyContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';
import { countryOptions } from './options';

export const currenciesDescriptor = defineDescriptor({
  routing: 'currencies',
  contract: currencyContract,
  columns: ['short_name', 'long_name', { key: 'value', render: (row) => formatAmount(row.value) }, 'symbol'],
  filters: ['short_name', 'long_name', 'enabled'],
  fields: [
    { name: 'short_name', span: 3, maxLength: 10 },
    { name: 'long_name', span: 6, maxLength: 150 },
    { name: 'symbol', span: 3, maxLength: 10 },
    { name: 'value', type: 'decimal', span: 4 },
    { name: 'country', type: 'select', span: 4, options: countryOptions },
    { name: 'is_enabled', type: 'checkbox', span: 4, default: true },
  ],
});
