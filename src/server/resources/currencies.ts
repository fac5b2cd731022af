/** Currencies on the resource engine (/currency/; the enabled switch defaults to enabled). */
import { optionReaders } from '../../contracts/formOptions';
import { currencyContract } from '../../contracts/resources';
import { currencies } from '../db/schema';
import { anyOf, defineResource } from './engine';

export const currencyResource = defineResource({
  contract: currencyContract,
  table: currencies,
  ownership: 'global',
  // The Países form's currency select reads it too (issue 18).
  permissions: { list: anyOf(...optionReaders('/currency/')) },
  serialize: (row) => ({
    id: row.id,
    short_name: row.shortName,
    long_name: row.longName,
    country: row.countryId,
    value: row.value,
    symbol: row.symbol,
    is_enabled: row.isEnabled,
  }),
  values: (input) => ({
    shortName: input.short_name,
    longName: input.long_name,
    countryId: input.country,
    value: input.value,
    symbol: input.symbol,
    isEnabled: input.is_enabled,
  }),
  filters: {
    id: { kind: 'exact', on: currencies.id, type: 'integer' },
    short_name: { kind: 'contains', on: [currencies.shortName] },
    long_name: { kind: 'contains', on: [currencies.longName] },
    enabled: { kind: 'switch', on: currencies.isEnabled },
  },
  ordering: {
    id: currencies.id,
    short_name: currencies.shortName,
    long_name: currencies.longName,
    value: currencies.value,
    symbol: currencies.symbol,
  },
  unique: [{ column: currencies.shortName, field: 'short_name' }],
});
