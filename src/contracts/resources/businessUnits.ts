/**
 * Unidades de Negocio (spec section 3 'Business unit'; list columns short_name, long_name,
 * countryInfo; filters short_name, long_name and country name).
 */
import { z } from 'zod';
import { messages } from '../messages';
import { CONTAINS, defineContract, EXACT, optionalBoolean, optionalReference, requiredText } from './fields';

const text = messages.resources;

export const businessUnitSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  country: z.number().int().nullable(),
  countryInfo: z.object({ id: z.number().int(), long_name: z.string() }).nullable(),
  enabled: z.boolean(),
});
export type BusinessUnit = z.infer<typeof businessUnitSchema>;

export const businessUnitWriteSchema = z.strictObject({
  short_name: requiredText(text.shortNameRequired, 50),
  long_name: requiredText(text.longNameRequired, 255),
  country: optionalReference(),
  enabled: optionalBoolean(true),
});
export type BusinessUnitWrite = z.input<typeof businessUnitWriteSchema>;

export const businessUnitContract = defineContract({
  path: '/bussines_unit/',
  resource: 'bussines_unit',
  entity: businessUnitSchema,
  write: businessUnitWriteSchema,
  filters: {
    id: EXACT,
    short_name: CONTAINS,
    long_name: CONTAINS,
    /** Contains on the country's long_name. */
    country_name: CONTAINS,
    enabled: { kind: 'switch', default: 'all' },
  },
  ordering: ['id', 'short_name', 'long_name', 'enabled', 'country'],
  defaultOrdering: 'long_name',
});
