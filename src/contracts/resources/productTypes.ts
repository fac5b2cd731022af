/** Categorías: product types (spec section 3; list columns short_name, long_name, created_at, updated_at). */
import { z } from 'zod';
import { messages } from '../messages';
import { CONTAINS, defineContract, EXACT, requiredText, timestampSchema } from './fields';

const text = messages.resources;

export const productTypeSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type ProductType = z.infer<typeof productTypeSchema>;

export const productTypeWriteSchema = z.strictObject({
  short_name: requiredText(text.shortNameRequired, 50),
  long_name: requiredText(text.longNameRequired, 255),
});
export type ProductTypeWrite = z.input<typeof productTypeWriteSchema>;

export const productTypeContract = defineContract({
  path: '/product_type/',
  resource: 'product_type',
  entity: productTypeSchema,
  write: productTypeWriteSchema,
  filters: { id: EXACT, short_name: CONTAINS, long_name: CONTAINS },
  ordering: ['id', 'short_name', 'long_name', 'created_at', 'updated_at'],
  defaultOrdering: 'short_name',
});
