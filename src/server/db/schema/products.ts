/**
 * The product module's own tables (issue 13; SPEC §3 Product and the product wizard): a product's
 * offices and rate rows, the wizard's drafts kept by hash (POST /step/), checked rate files
 * waiting for a draft (POST /csv_upload/) and uploaded product images (POST /upload_image/).
 * Migration 0012_products_wizard.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { products } from './masterData';
import { currencies, offices } from './reference';

export const productOffices = pgTable(
  'product_offices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.officeId] }),
    index('product_offices_office_idx').on(table.officeId),
  ],
);

/** One row of a rate table: a price per trip-length band (days) and age band. Office null: general. */
export const productRates = pgTable(
  'product_rates',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    officeId: integer('office_id').references(() => offices.id, { onDelete: 'cascade' }),
    daysFrom: integer('days_from').notNull(),
    daysTo: integer('days_to').notNull(),
    ageFrom: integer('age_from').notNull(),
    ageTo: integer('age_to').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'restrict' }),
  },
  (table) => [
    index('product_rates_product_office_idx').on(table.productId, table.officeId),
    check(
      'product_rates_bands_check',
      sql`${table.daysFrom} >= 1 AND ${table.daysTo} >= ${table.daysFrom} AND ${table.ageFrom} >= 0 AND ${table.ageTo} >= ${table.ageFrom} AND ${table.price} >= 0`,
    ),
  ],
);

/** The wizard's steps as saved by POST /step/, under a random hash owned by one user. */
export const productDrafts = pgTable(
  'product_drafts',
  {
    hash: varchar('hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: varchar('mode', { length: 10 }).notNull(),
    sourceProductId: integer('source_product_id').references(() => products.id, { onDelete: 'cascade' }),
    steps: jsonb('steps').notNull().default({}),
    /** Set by the final call in its transaction: a retry answers this product, never a second one. */
    resultProductId: integer('result_product_id').references(() => products.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('product_drafts_expires_idx').on(table.expiresAt)],
);

/** A rate file that passed every check, its rows kept until a draft uses them. */
export const rateUploads = pgTable(
  'rate_uploads',
  {
    hash: varchar('hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    rows: jsonb('rows').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_uploads_expires_idx').on(table.expiresAt)],
);

export const productImages = pgTable('product_images', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  contentType: varchar('content_type', { length: 50 }).notNull(),
  size: integer('size').notNull(),
  path: varchar('path', { length: 500 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
