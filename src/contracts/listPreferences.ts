/**
 * Issue 32 'Lists': a staff user's columns per list and their saved views, kept on the server
 * per user (migration 0033), read and written only by that user.
 *
 *   GET    /list_preferences/{list}/  -> ListPreferences (the columns, null when never chosen; the views)
 *   PUT    /list_preferences/{list}/  {columns}              -> ListPreferences
 *   POST   /saved_views/              {list_key, name, query, columns} -> 201 SavedView
 *   DELETE /saved_views/{id}/                                 -> 204 (404 for another user's view)
 *
 * `list` is a back-office section's routing ('vouchers'); `query` is the list's URL query (the
 * filters, tab and ordering as URL parameters; never the page or its cursor).
 */
import { z } from 'zod';
import { listsMessages } from './messages/lists';
import { SECTIONS } from './modules';

const text = listsMessages;

/** The most saved views a user keeps per list, and the most columns a list has. */
export const MAX_SAVED_VIEWS = 30;
const MAX_COLUMNS = 40;

const listKeys = new Set<string>(SECTIONS.map((section) => section.routing));
export const listKeySchema = z
  .string({ error: text.listKeyInvalid })
  .max(60, { error: text.listKeyInvalid })
  .refine((key) => listKeys.has(key), { error: text.listKeyInvalid });

const columnKeySchema = z
  .string({ error: text.columnInvalid })
  .regex(/^[A-Za-z0-9_.]{1,60}$/, { error: text.columnInvalid });
export const columnListSchema = z
  .array(columnKeySchema, { error: text.columnInvalid })
  .max(MAX_COLUMNS, { error: text.columnInvalid })
  .refine((columns) => new Set(columns).size === columns.length, { error: text.columnInvalid });

export const listPreferencesWriteSchema = z.strictObject({ columns: columnListSchema });
export type ListPreferencesWrite = z.infer<typeof listPreferencesWriteSchema>;

/** The list's URL query as parameters: names and values are short texts. */
export const viewQuerySchema = z
  .record(
    z.string().regex(/^[A-Za-z0-9_.-]{1,60}$/, { error: text.viewFailed }),
    z.string().max(500, { error: text.viewFailed }),
    { error: text.viewFailed },
  )
  .refine((query) => Object.keys(query).length <= 40, { error: text.viewFailed })
  .refine((query) => !('offset' in query) && !('cursor' in query), { error: text.viewFailed });

export const savedViewWriteSchema = z.strictObject({
  list_key: listKeySchema,
  name: z.string({ error: text.viewNameRequired }).trim().min(1, { error: text.viewNameRequired }).max(80),
  query: viewQuerySchema,
  columns: columnListSchema,
});
export type SavedViewWrite = z.infer<typeof savedViewWriteSchema>;

export const savedViewSchema = z.object({
  id: z.number().int(),
  list_key: z.string(),
  name: z.string(),
  query: z.record(z.string(), z.string()),
  columns: z.array(z.string()),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const listPreferencesSchema = z.object({
  list_key: z.string(),
  columns: z.array(z.string()).nullable(),
  views: z.array(savedViewSchema),
});
export type ListPreferences = z.infer<typeof listPreferencesSchema>;
