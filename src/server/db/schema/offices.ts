/**
 * The office's relations and sub-records (SPEC §3 'Office': tags, sub-records sperta, karing,
 * payments — each with an office reference and an id — and aditional_office; §7 'Offices',
 * POST /review/ for the payment history, /karing/get_municipios/). Issue 12, migration 0010.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tags } from './masterData';
import { offices, trigramIndex } from './reference';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const officeTags = pgTable(
  'office_tags',
  {
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.officeId, table.tagId] }),
    index('office_tags_tag_idx').on(table.tagId),
  ],
);

/** Argentine municipalities (the Karing sub-record's searchable select). */
export const municipalities = pgTable(
  'municipalities',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    province: varchar('province', { length: 100 }).notNull(),
  },
  (table) => [
    unique('municipalities_name_province_key').on(table.name, table.province),
    trigramIndex('municipalities_name_trgm', table.name),
  ],
);

/** Medios de pago (one per office; §6: the office entry's 'payment' flag). */
export const officePayments = pgTable(
  'office_payments',
  {
    id: serial('id').primaryKey(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    payWithGds: boolean('pay_with_gds').notNull().default(false),
    payByCard: boolean('pay_by_card').notNull().default(false),
    instalments: integer('instalments').notNull().default(1),
    cardProvider: boolean('card_provider').notNull().default(false),
    walletProvider: boolean('wallet_provider').notNull().default(false),
    webPaymentProvider: boolean('web_payment_provider').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('office_payments_office_key').on(table.officeId),
    check('office_payments_instalments_range', sql`${table.instalments} >= 1 AND ${table.instalments} <= 24`),
  ],
);

/** The payment history (POST /review/): who reviewed the payment conditions, when, and what they were. */
export const officePaymentReviews = pgTable(
  'office_payment_reviews',
  {
    id: serial('id').primaryKey(),
    officePaymentId: integer('office_payment_id')
      .notNull()
      .references(() => officePayments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    observation: varchar('observation', { length: 500 }).notNull().default(''),
    snapshot: jsonb('snapshot').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('office_payment_reviews_payment_idx').on(table.officePaymentId, table.createdAt)],
);

/** The Sperta invoice-address block (one per office; §6: the office entry's 'sperta' flag). */
export const officeSperta = pgTable(
  'office_sperta',
  {
    id: serial('id').primaryKey(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    voucherType: varchar('voucher_type', { length: 1 }).notNull().default('B'),
    street: varchar('street', { length: 150 }).notNull().default(''),
    number: varchar('number', { length: 20 }).notNull().default(''),
    locality: varchar('locality', { length: 150 }).notNull().default(''),
    province: varchar('province', { length: 100 }).notNull().default(''),
    postalCode: varchar('postal_code', { length: 10 }).notNull().default(''),
    taxCondition: varchar('tax_condition', { length: 40 }).notNull().default(''),
    ...timestamps,
  },
  (table) => [uniqueIndex('office_sperta_office_key').on(table.officeId)],
);

/** The Karing integration (one per office), with its municipality. */
export const officeKaring = pgTable(
  'office_karing',
  {
    id: serial('id').primaryKey(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'restrict' }),
    karingCode: varchar('karing_code', { length: 50 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    isEnabled: boolean('is_enabled').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('office_karing_office_key').on(table.officeId),
    index('office_karing_municipality_idx').on(table.municipalityId),
  ],
);

/** Additional offices (points of sale) of an office: any number. */
export const aditionalOffices = pgTable(
  'aditional_office',
  {
    id: serial('id').primaryKey(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 150 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    address: varchar('address', { length: 255 }).notNull().default(''),
    ...timestamps,
  },
  (table) => [index('aditional_office_office_idx').on(table.officeId)],
);
