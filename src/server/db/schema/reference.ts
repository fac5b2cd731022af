import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { businessUnits } from './masterData';

/**
 * A GIN pg_trgm index, so that case-insensitive contains filters (ILIKE '%term%') stay fast.
 * fastupdate off: PGlite has no autovacuum, and GIN's pending list would otherwise grow to
 * gin_pending_list_limit and be scanned linearly by every query.
 */
export function trigramIndex(name: string, column: AnyPgColumn) {
  return index(name).using('gin', sql`${column} gin_trgm_ops`).with({ fastupdate: false });
}

/**
 * The Spanish sort key of a text (migration 0020, issue 18): lower case without accents, 'ñ'
 * after 'n', compared byte-wise. The list engine orders text by it, and an index that serves such
 * an order is built on the same expression.
 */
export function spanishSortKey(text: AnyPgColumn | SQL): SQL {
  return sql`(es_sort_key(${text}) collate "C")`;
}

/**
 * A stored sort key (a copy of `es_sort_key(name)`, migration 0038) in the order its index is built
 * on: byte order, as `spanishSortKey` sorts.
 */
export function sortKeyOrder(key: AnyPgColumn): SQL {
  return sql`(${key} collate "C")`;
}

/** A voucher's duration in days from its copied reservation dates (the expression of its index, 0038). */
export function reservationDuration(dateIn: AnyPgColumn, dateOut: AnyPgColumn): SQL {
  return sql`(${dateOut} - ${dateIn})`;
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

/**
 * An office (SPEC §3 'Office'): datos generales, comercial and facturación live here; the
 * sub-records (payments, Sperta invoice address, Karing, additional offices) and the tags are in
 * ./offices.ts (issue 12). The business unit's foreign key is declared in the migration (0010):
 * business_units lives in ./masterData.ts, which imports this file.
 */
export const offices = pgTable(
  'offices',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 50 }).notNull(),
    longName: varchar('long_name', { length: 255 }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    parentId: integer('parent_id').references((): AnyPgColumn => offices.id, { onDelete: 'set null' }),
    // Migration 0010's foreign key (businessUnits is in masterData.ts, which imports this file:
    // the reference is read lazily, after both modules are evaluated).
    bussinesUnitId: integer('bussines_unit_id').references((): AnyPgColumn => businessUnits.id, {
      onDelete: 'set null',
    }),
    // Datos generales
    site: varchar('site', { length: 255 }).notNull().default(''),
    executive: varchar('executive', { length: 150 }).notNull().default(''),
    legalName: varchar('legal_name', { length: 255 }).notNull().default(''),
    responsible: varchar('responsible', { length: 150 }).notNull().default(''),
    responsiblePosition: varchar('responsible_position', { length: 150 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    cuit: varchar('cuit', { length: 11 }).notNull().default(''),
    schedule: varchar('schedule', { length: 255 }).notNull().default(''),
    officeKey: varchar('office_key', { length: 100 }).notNull().default(''),
    enableIssuing: boolean('enable_issuing').notNull().default(true),
    // Comercial
    commissionPercentage: numeric('commission_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    budget: numeric('budget', { precision: 12, scale: 2 }).notNull().default('0'),
    usdCredit: numeric('usd_credit', { precision: 12, scale: 2 }).notNull().default('0'),
    balance: numeric('balance', { precision: 12, scale: 2 }).notNull().default('0'),
    paymentTerm: integer('payment_term').notNull().default(0),
    payOnCredit: boolean('pay_on_credit').notNull().default(false),
    noCreditLimit: boolean('no_credit_limit').notNull().default(false),
    notifyExpiryByMail: boolean('notify_expiry_by_mail').notNull().default(false),
    // Facturación
    invoiceIssueForm: varchar('invoice_issue_form', { length: 20 }).notNull().default('automatica'),
    b2cCharging: boolean('b2c_charging').notNull().default(false),
    showUsdQuote: boolean('show_usd_quote').notNull().default(false),
    quoteOnly: boolean('quote_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('offices_short_name_key').on(table.shortName),
    index('offices_parent_idx').on(table.parentId),
    index('offices_country_idx').on(table.countryId),
    index('offices_bussines_unit_idx').on(table.bussinesUnitId),
    trigramIndex('offices_short_name_trgm', table.shortName),
    trigramIndex('offices_long_name_trgm', table.longName),
    // The office list's default order (long_name) and its exports at a million offices (issue 18).
    index('offices_long_name_es_idx').on(spanishSortKey(table.longName), table.id),
    check(
      'offices_commission_percentage_range',
      sql`${table.commissionPercentage} >= 0 AND ${table.commissionPercentage} <= 100`,
    ),
    check(
      'offices_money_not_negative',
      sql`${table.budget} >= 0 AND ${table.usdCredit} >= 0 AND ${table.balance} >= 0`,
    ),
  ],
);
