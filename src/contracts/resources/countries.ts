/**
 * Países (spec section 3 'Country'; list columns short_name, long_name, url_redirect, currency).
 * `ident` is the numeric country id of the static list (Argentina 5, Brasil 12, ...); when a new
 * country is created without one the server assigns the next free number.
 */
import { z } from 'zod';
import { messages } from '../messages';
import { CONTAINS, defineContract, EXACT, optionalReference, optionalUrl, requiredText } from './fields';

const text = messages.resources;

export const countrySchema = z.object({
  id: z.number().int(),
  ident: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  url_redirect: z.string().nullable(),
  currency: z.number().int().nullable(),
  currency_name: z.string().nullable().optional(),
});
export type Country = z.infer<typeof countrySchema>;

export const countryWriteSchema = z.strictObject({
  ident: z
    .number({ error: text.invalidInteger })
    .int(text.invalidInteger)
    .positive(text.invalidInteger)
    .max(1_000_000, text.outOfRange)
    .optional(),
  short_name: requiredText(text.shortNameRequired, 10),
  long_name: requiredText(text.longNameRequired, 150),
  url_redirect: optionalUrl(500),
  currency: optionalReference(),
});
export type CountryWrite = z.input<typeof countryWriteSchema>;

/** GET /country_name_id/ (issue 18): id and name only, for the forms' country selects. */
export const countryNameIdContract = defineContract({
  path: '/country_name_id/',
  resource: 'country',
  entity: z.object({ id: z.number().int(), long_name: z.string() }),
  write: z.never(),
  filters: { long_name: CONTAINS },
  ordering: ['long_name'] as const,
  defaultOrdering: 'long_name',
});

export const countryContract = defineContract({
  path: '/country/',
  resource: 'country',
  entity: countrySchema,
  write: countryWriteSchema,
  filters: { id: EXACT, ident: EXACT, short_name: CONTAINS, long_name: CONTAINS },
  ordering: ['id', 'ident', 'short_name', 'long_name', 'url_redirect', 'currency'],
  defaultOrdering: 'long_name',
});
