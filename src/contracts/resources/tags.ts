/** Tags (spec section 3 'Tag'; filters by short_name and long_name). */
import { z } from 'zod';
import { messages } from '../messages';
import { CONTAINS, defineContract, EXACT, requiredText, timestampSchema } from './fields';

const text = messages.resources;

export const tagSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type Tag = z.infer<typeof tagSchema>;

export const tagWriteSchema = z.strictObject({
  short_name: requiredText(text.shortNameRequired, 50),
  long_name: requiredText(text.longNameRequired, 255),
});
export type TagWrite = z.input<typeof tagWriteSchema>;

export const tagContract = defineContract({
  path: '/tags/',
  resource: 'tags',
  entity: tagSchema,
  write: tagWriteSchema,
  filters: { id: EXACT, short_name: CONTAINS, long_name: CONTAINS },
  ordering: ['id', 'short_name', 'long_name', 'created_at', 'updated_at'],
  defaultOrdering: 'short_name',
});
