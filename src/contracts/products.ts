/**
 * Products as other modules read them (SPEC §3 Product; §7 Products: GET /product/ paged or with a
 * query, GET /product_name_id/). The product wizard and its writes belong to the products module.
 */
import { z } from 'zod';
import { listQuerySchema } from './http';
import { CONTAINS, defineContract, EXACT, MAX_DB_INTEGER } from './resources/fields';

export const productSummarySchema = z.object({
  id: z.number().int(),
  short_name: z.string(),
  long_name: z.string(),
  is_enabled: z.boolean(),
  supplier: z.number().int().nullable(),
  supplier_name: z.string().nullable(),
  product_type: z.number().int().nullable(),
  /** The category's name (issue 13: the list's Categoría column). */
  product_type_name: z.string().nullable().optional(),
  /** What the user may do to the row (the engine's row actions: 'remove', 'disable'). */
  allowed_actions: z.array(z.string()).optional(),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

export const productQuerySchema = listQuerySchema.extend({
  id: z.coerce.number().int().positive().max(MAX_DB_INTEGER).optional(),
  long_name: z.string().trim().max(255).optional(),
  supplier: z.string().trim().max(255).optional(),
  is_enabled: z.enum(['true', 'false']).optional(),
});

export const productNameIdSchema = z.object({ id: z.number().int(), name: z.string() });

/** GET /product/ on the resource engine; DELETE /product/{id}/ and the 'disable' action (issue 13). */
export const productContract = defineContract({
  path: '/product/',
  resource: 'product',
  entity: productSummarySchema,
  write: z.never(),
  filters: {
    id: EXACT,
    long_name: CONTAINS,
    supplier: CONTAINS,
    product_type: CONTAINS,
    is_enabled: { kind: 'switch', default: 'all' },
  },
  // Issue 40: Categoría and Proveedor by their names, Habilitado too.
  ordering: ['id', 'short_name', 'long_name', 'product_type_name', 'supplier_name', 'is_enabled'] as const,
  defaultOrdering: 'long_name',
});
