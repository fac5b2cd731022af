/** Zonas (spec section 3 'Zone'; section 7 'Master data': /zone/). */
import { z } from 'zod';
import { messages } from '../messages';
import { CONTAINS, defineContract, EXACT, requiredText } from './fields';

const text = messages.resources;

export const zoneSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
});
export type Zone = z.infer<typeof zoneSchema>;

export const zoneWriteSchema = z.strictObject({
  short_name: requiredText(text.shortNameRequired, 50),
  long_name: requiredText(text.longNameRequired, 255),
});
export type ZoneWrite = z.input<typeof zoneWriteSchema>;

export const zoneContract = defineContract({
  path: '/zone/',
  resource: 'zone',
  entity: zoneSchema,
  write: zoneWriteSchema,
  filters: { id: EXACT, short_name: CONTAINS, long_name: CONTAINS },
  ordering: ['id', 'short_name', 'long_name'],
  defaultOrdering: 'short_name',
});
