/** Conventions of the API (ARCHITECTURE.md 'Server'): DRF-style lists, `{detail}` errors, `{field: [msg]}` field errors. */
import { z } from 'zod';

export const DEFAULT_PAGE_SIZE = 20;
/** Section 9: lists used in selectors fetch up to 10000 rows. */
export const SELECTOR_LIMIT = 10_000;

export const listQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(SELECTOR_LIMIT).default(DEFAULT_PAGE_SIZE),
  ordering: z.string().max(64).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int().min(0),
    /** Engine lists (issue 11): whether `count` is exact, a cap (more rows exist) or an estimate. */
    count_kind: z.enum(['exact', 'capped', 'estimate']).optional(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const errorDetailSchema = z.object({ detail: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export { type FieldErrors, isFieldErrors } from './fieldErrors';

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'postgres']),
  migration: z.string().nullable(),
});
export type Health = z.infer<typeof healthSchema>;

/** Public configuration the browser needs (section 9 base addresses). */
export const publicConfigSchema = z.object({
  imageServiceUrl: z.string(),
  b2bSiteUrl: z.string(),
  publicSiteUrl: z.string(),
  oldAdminUrl: z.string(),
  refundSupportEmail: z.string(),
  brandName: z.string(),
  /** Issue 18: whether 'Grabar sesión' is offered to superusers (QA_RECORDING). */
  qaRecording: z.boolean().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
