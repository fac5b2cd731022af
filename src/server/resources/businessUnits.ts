/** Unidades de Negocio on the resource engine (/bussines_unit/), with the country's name. */

import { sql } from 'drizzle-orm';
import { optionReaders } from '../../contracts/formOptions';
import { businessUnitContract } from '../../contracts/resources';
import { businessUnits, countries } from '../db/schema';
import { anyOf, containsVia, defineResource } from './engine';
import { relatedNameKey } from './sortKeys';

export const businessUnitResource = defineResource({
  contract: businessUnitContract,
  table: businessUnits,
  ownership: 'global',
  extra: {
    countryName: sql<
      string | null
    >`(select ${countries.longName} from ${countries} where ${countries.id} = ${businessUnits.countryId})`,
  },
  serialize: (row) => ({
    id: row.id,
    short_name: row.shortName,
    long_name: row.longName,
    country: row.countryId,
    countryInfo:
      row.countryId !== null && row.countryName !== null
        ? { id: row.countryId, long_name: row.countryName }
        : null,
    enabled: row.enabled,
  }),
  values: (input) => ({
    shortName: input.short_name,
    longName: input.long_name,
    countryId: input.country,
    enabled: input.enabled,
  }),
  filters: {
    id: { kind: 'exact', on: businessUnits.id, type: 'integer' },
    short_name: { kind: 'contains', on: [businessUnits.shortName] },
    long_name: { kind: 'contains', on: [businessUnits.longName] },
    country_name: {
      kind: 'custom',
      build: containsVia(businessUnits.countryId, countries.id, countries.longName),
    },
    enabled: { kind: 'switch', on: businessUnits.enabled },
  },
  ordering: {
    id: businessUnits.id,
    short_name: businessUnits.shortName,
    long_name: businessUnits.longName,
    enabled: businessUnits.enabled,
    country: relatedNameKey('countries', 'long_name', businessUnits.countryId),
  },
  unique: [{ column: businessUnits.shortName, field: 'short_name' }],
  // The office form's business-unit select (issue 12): whoever may write offices lists them.
  permissions: {
    list: anyOf(...optionReaders('/bussines_unit/')),
  },
});
