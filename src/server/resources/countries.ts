/**
 * Países on the resource engine (/country/), with the currency's name. A country created
 * without `ident` gets the next free number; an update without it keeps the stored one.
 */
import { eq, sql } from 'drizzle-orm';
import { optionReaders } from '../../contracts/formOptions';
import { countryContract, countryNameIdContract } from '../../contracts/resources';
import { countries, currencies } from '../db/schema';
import { anyOf, defineResource } from './engine';
import { relatedNameKey, textKey } from './sortKeys';

export const countryResource = defineResource({
  contract: countryContract,
  table: countries,
  ownership: 'global',
  // One country's detail is reference data: the 'Ir a mi sitio' chain reads the user's country
  // (url_redirect) whatever the role. Lists and writes keep country/view and country/add.
  permissions: {
    detail: 'authenticated',
    // The office form's country select (issue 12): whoever may write offices lists countries.
    list: anyOf({ resource: 'country', action: 'view' }, { resource: 'office', action: 'add' }),
  },
  extra: {
    currencyName: sql<
      string | null
    >`(select ${currencies.longName} from ${currencies} where ${currencies.id} = ${countries.currencyId})`,
  },
  serialize: (row) => ({
    id: row.id,
    ident: row.ident,
    short_name: row.shortName,
    long_name: row.longName,
    url_redirect: row.urlRedirect,
    currency: row.currencyId,
    currency_name: row.currencyName,
  }),
  values: (input) => ({
    ident: input.ident ?? 0,
    shortName: input.short_name,
    longName: input.long_name,
    urlRedirect: input.url_redirect,
    currencyId: input.currency,
  }),
  async beforeWrite(tx, input, id) {
    if (input.ident !== undefined) return undefined;
    if (id !== null) {
      const [stored] = await tx
        .select({ ident: countries.ident })
        .from(countries)
        .where(eq(countries.id, id));
      return { ident: stored.ident };
    }
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${countries.ident}), 0)::int + 1` })
      .from(countries);
    return { ident: next };
  },
  filters: {
    id: { kind: 'exact', on: countries.id, type: 'integer' },
    ident: { kind: 'exact', on: countries.ident, type: 'integer' },
    short_name: { kind: 'contains', on: [countries.shortName] },
    long_name: { kind: 'contains', on: [countries.longName] },
  },
  ordering: {
    id: countries.id,
    ident: countries.ident,
    short_name: countries.shortName,
    long_name: countries.longName,
    url_redirect: textKey(sql`left(${countries.urlRedirect}, 150)`),
    currency: relatedNameKey('currencies', 'long_name', countries.currencyId),
  },
  unique: [
    { column: countries.shortName, field: 'short_name' },
    { column: countries.ident, field: 'ident' },
  ],
});

/**
 * GET /country_name_id/ (issue 18): id and name only, the selector every form with a country
 * select reads (passengers, currencies, business units, Producto Sperta, offices), open to whoever
 * may use one of those forms (src/contracts/formOptions.ts).
 */
export const countryNameIdResource = defineResource({
  contract: countryNameIdContract,
  table: countries,
  ownership: 'global',
  operations: ['list'],
  serialize: (row) => ({ id: row.id, long_name: row.longName }),
  filters: { long_name: { kind: 'contains', on: [countries.longName] } },
  ordering: { long_name: countries.longName },
  permissions: { list: anyOf(...optionReaders('/country_name_id/')) },
});
