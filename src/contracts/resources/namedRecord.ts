/**
 * The shape Tags and Categorías (product types) share (SPEC §3: id, short_name, long_name;
 * §2 list columns with created_at, updated_at; filters by short_name and long_name).
 */
import { z } from 'zod';
import { messages } from '../messages';
import type { Resource } from '../permissions';
import { CONTAINS, defineContract, EXACT, requiredText, timestampSchema } from './fields';

const text = messages.resources;

export const namedRecordSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type NamedRecord = z.infer<typeof namedRecordSchema>;

export const namedRecordWriteSchema = z.strictObject({
  short_name: requiredText(text.shortNameRequired, 50),
  long_name: requiredText(text.longNameRequired, 255),
});
export type NamedRecordWrite = z.input<typeof namedRecordWriteSchema>;

export function namedRecordContract(path: string, resource: Resource) {
  return defineContract({
    path,
    resource,
    entity: namedRecordSchema,
    write: namedRecordWriteSchema,
    filters: { id: EXACT, short_name: CONTAINS, long_name: CONTAINS },
    ordering: ['id', 'short_name', 'long_name', 'created_at', 'updated_at'],
    defaultOrdering: 'short_name',
  });
}
