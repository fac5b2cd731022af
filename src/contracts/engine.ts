/**
 * What the resource engine adds to every module's API (issue 9), shared by the server engine and
 * the client engine:
 *
 * - Row actions: a list row and a detail answer may carry `allowed_actions`, the names of what
 *   the signed-in user may do to that record right now (`update`, `remove`, and the module's
 *   custom actions such as `cancel_all` or a status transition), so the client shows only what the
 *   server would accept.
 *     POST {path}{id}/actions/{action}/   body: the action's own payload -> the updated entity
 * - Bulk actions on selected ids, each id in its own savepoint so one refusal does not undo the
 *   others; the answer reports every id:
 *     POST {path}bulk/{action}/           body: {ids: [...], ...payload} -> BulkActionResult
 * - History (Django admin's 'Historial'): every write through the engine, newest first, paged.
 *     GET  /history/?entity={entity}&record={id}&offset&limit -> Paginated<HistoryEntry>
 *   Readable by whoever may view the record.
 * - Counts past a threshold: `count` stays a number, and `count_kind` says whether it is exact,
 *   capped (`count` is the cap and more rows exist) or the planner's estimate.
 */
import { z } from 'zod';
import { paginatedSchema } from './http';

/** The most ids one bulk action accepts. */
export const BULK_MAX_IDS = 500;

export const allowedActionsSchema = z.array(z.string());

export const bulkActionRequestSchema = z.looseObject({
  ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(BULK_MAX_IDS),
});
export type BulkActionRequest = z.infer<typeof bulkActionRequestSchema>;

export const bulkItemResultSchema = z.discriminatedUnion('ok', [
  z.object({ id: z.number().int(), ok: z.literal(true) }),
  z.object({ id: z.number().int(), ok: z.literal(false), detail: z.string() }),
]);
export const bulkActionResultSchema = z.object({ results: z.array(bulkItemResultSchema) });
export type BulkActionResult = z.infer<typeof bulkActionResultSchema>;

export const historyChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const historyEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** `name`: the user's full name as it is now ('' when the user has none or was deleted). */
  user: z.object({ id: z.number().int().nullable(), username: z.string(), name: z.string().default('') }),
  action: z.string(),
  changes: z.record(z.string(), historyChangeSchema),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyPageSchema = paginatedSchema(historyEntrySchema);

export const historyQuerySchema = z.object({
  entity: z.string().min(1).max(60),
  record: z.string().min(1).max(60),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** How a list's `count` was obtained (`count_kind` beside `count`). */
export const COUNT_KINDS = ['exact', 'capped', 'estimate'] as const;
export type CountKind = (typeof COUNT_KINDS)[number];

/** What a history entry shows for a secret (a password) that changed: never its value. */
export const SECRET_CHANGED = '********';

/** The built-in write actions a row's `allowed_actions` may name beside the custom ones. */
export const BUILTIN_ROW_ACTIONS = ['update', 'remove'] as const;

/** The `entity` of a module's history entries: its API path without slashes ('/zone/' -> 'zone'). */
export const historyEntityOf = (path: string): string => path.replace(/^\/+|\/+$/g, '');

/**
 * The query parameter and value that ask a list for its exact count whatever the table's size
 * (`?count=exact`): slower on a large filtered table, for the staff list's 'contar exactamente'
 * action and for clients of the original API that need the exact figure (issue 29 §counts).
 */
export const EXACT_COUNT_PARAM = 'count';
export const EXACT_COUNT_VALUE = 'exact';
