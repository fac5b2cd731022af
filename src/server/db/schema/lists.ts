/**
 * Issue 32 'Lists': a staff user's choices for a list, kept per user and list (migration 0033).
 * `columns` are the list's column keys in order; a saved view's `query` is the list's URL query
 * (filters, tab, ordering) as the contract src/contracts/listPreferences.ts shapes it.
 */
import {
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

export const listPreferences = pgTable(
  'list_preferences',
  {
    userId: integer('user_id').notNull(),
    listKey: varchar('list_key', { length: 60 }).notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'list_preferences_user_id_fkey',
      columns: [table.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    primaryKey({ name: 'list_preferences_pkey', columns: [table.userId, table.listKey] }),
  ],
);

export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    listKey: varchar('list_key', { length: 60 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'saved_views_user_id_fkey',
      columns: [table.userId],
      foreignColumns: [users.id],
    }).onDelete('cascade'),
    uniqueIndex('saved_views_user_list_name_idx').on(table.userId, table.listKey, table.name),
  ],
);
