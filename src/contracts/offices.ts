/**
 * The office core as other modules read it (SPEC §3 Office; §7 Offices: GET /office/ paged with a
 * long_name filter, GET /office/{id}/ for 'Ir a mi sitio'). The full office module comes later.
 */
import { z } from 'zod';
import { CONTAINS, defineContract } from './resources/fields';

export const officeCoreSchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  is_enabled: z.boolean(),
  country: z.number().int().nullable(),
});
export type OfficeCore = z.infer<typeof officeCoreSchema>;

export const officeContract = defineContract({
  path: '/office/',
  resource: 'office',
  entity: officeCoreSchema,
  write: z.never(),
  filters: { long_name: CONTAINS },
  ordering: ['long_name'] as const,
  defaultOrdering: 'long_name',
});
