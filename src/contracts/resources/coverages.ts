/**
 * Coberturas (spec section 3 'Coverage'; list columns long_name_es, long_name_en, long_name_po,
 * description, created_at, updated_at; GET /coverage/?search= over the names). `is_multi_cause`
 * marks the multi-cause cancellation coverage and `required_items` the receipts a refund claim
 * for the coverage needs (the refund portal reads both).
 */
import { z } from 'zod';
import { messages } from '../messages';
import {
  CONTAINS,
  defineContract,
  EXACT,
  optionalBoolean,
  optionalText,
  requiredText,
  SEARCH,
  timestampSchema,
} from './fields';

const text = messages.resources;

export const coverageSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name_es: z.string(),
  long_name_en: z.string(),
  long_name_po: z.string(),
  description: z.string(),
  is_multi_cause: z.boolean(),
  required_items: z.array(z.string()),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Coverage = z.infer<typeof coverageSchema>;

export const MAX_REQUIRED_ITEMS = 20;

export const coverageWriteSchema = z.strictObject({
  short_name: requiredText(text.shortNameRequired, 50),
  long_name_es: requiredText(text.longNameRequired, 255),
  long_name_en: optionalText(255),
  long_name_po: optionalText(255),
  description: requiredText(text.descriptionRequired, 2000),
  is_multi_cause: optionalBoolean(false),
  required_items: z
    .array(requiredText(text.descriptionRequired, 255), { error: text.mustBeList })
    .max(MAX_REQUIRED_ITEMS, text.outOfRange)
    .optional()
    .default([]),
});
export type CoverageWrite = z.input<typeof coverageWriteSchema>;

export const coverageContract = defineContract({
  path: '/coverage/',
  resource: 'coverage',
  entity: coverageSchema,
  write: coverageWriteSchema,
  filters: {
    id: EXACT,
    /** Contains over short_name and the three long names. */
    search: SEARCH,
    short_name: CONTAINS,
    long_name_es: CONTAINS,
    long_name_en: CONTAINS,
    long_name_po: CONTAINS,
    description: CONTAINS,
  },
  ordering: [
    'id',
    'short_name',
    'long_name_es',
    'long_name_en',
    'long_name_po',
    'created_at',
    'updated_at',
    'description',
  ],
  defaultOrdering: 'long_name_es',
});
