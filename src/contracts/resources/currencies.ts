/**
 * Currencies (spec section 3 'Currency'; list columns short_name, long_name, value, symbol;
 * filters short_name, long_name and the enabled switch, default enabled — section 9).
 */
import { z } from 'zod';
import { messages } from '../messages';
import {
  CONTAINS,
  decimalSchema,
  defineContract,
  EXACT,
  optionalBoolean,
  optionalReference,
  requiredDecimal,
  requiredText,
} from './fields';

const text = messages.resources;

export const currencySchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  country: z.number().int().nullable(),
  /** Quote as an exact decimal string, for example '1.000000'. */
  value: decimalSchema,
  symbol: z.string(),
  is_enabled: z.boolean(),
});
export type Currency = z.infer<typeof currencySchema>;

export const currencyWriteSchema = z.strictObject({
  short_name: requiredText(text.shortNameRequired, 10),
  long_name: requiredText(text.longNameRequired, 150),
  country: optionalReference(),
  value: requiredDecimal(text.valueRequired, { integers: 12, decimals: 6 }),
  symbol: requiredText(text.symbolRequired, 10),
  is_enabled: optionalBoolean(true),
});
export type CurrencyWrite = z.input<typeof currencyWriteSchema>;

export const currencyContract = defineContract({
  path: '/currency/',
  resource: 'currency',
  entity: currencySchema,
  write: currencyWriteSchema,
  filters: {
    id: EXACT,
    short_name: CONTAINS,
    long_name: CONTAINS,
    enabled: { kind: 'switch', default: 'true' },
  },
  ordering: ['id', 'short_name', 'long_name', 'value', 'symbol'],
  defaultOrdering: 'id',
});
