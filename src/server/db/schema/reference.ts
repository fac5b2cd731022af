import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A GIN pg_trgm index, so that case-insensitive contains filters (ILIKE '%term%') stay fast.
 * fastupdate off: PGlite has no autovacuum, and GIN's pending list would otherwise grow to
 * gin_pending_list_limit and be scanned linearly by every query.
 */
export function trigramIndex(name: string, column: AnyPgColumn) {
  return index(name).using('gin', sql`${column} gin_trgm_ops`).with({ fastupdate: false });
}

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 10 }).notNull().unique(),
    longName: varchar('long_name', { length: 150 }).notNull(),
    countryId: integer('country_id').references((): AnyPgColumn => countries.id, { onDelete: 'set null' }),
    value: numeric('value', { precision: 18, scale: 6 }).notNull().default('1'),
    symbol: varchar('symbol', { length: 10 }).notNull().default(''),
    isEnabled: boolean('is_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    trigramIndex('currencies_short_name_trgm', table.shortName),
    trigramIndex('currencies_long_name_trgm', table.longName),
  ],
);

/** `ident` is the numeric country id of spec section 3 (Argentina 5, Brasil 12, España 28, ...). */
export const countries = pgTable(
  'countries',
  {
    id: serial('id').primaryKey(),
    ident: integer('ident').notNull().unique(),
    shortName: varchar('short_name', { length: 10 }).notNull().unique(),
    longName: varchar('long_name', { length: 150 }).notNull(),
    urlRedirect: varchar('url_redirect', { length: 500 }),
    currencyId: integer('currency_id').references((): AnyPgColumn => currencies.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    trigramIndex('countries_short_name_trgm', table.shortName),
    trigramIndex('countries_long_name_trgm', table.longName),
  ],
);

/** The office core; the full office record (payments, Sperta, Karing, ...) extends it in a later issue. */
export const offices = pgTable('offices', {
  id: serial('id').primaryKey(),
  shortName: varchar('short_name', { length: 50 }).notNull(),
  longName: varchar('long_name', { length: 255 }).notNull(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
  parentId: integer('parent_id').references((): AnyPgColumn => offices.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
