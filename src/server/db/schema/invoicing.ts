/**
 * Invoicing state of each reservation and how it was paid (issue 16; SPEC §3 'Invoicing row', §7
 * GET /payment_detail/). Kept beside the reservation, keyed by it: a reservation without an
 * invoicing row is NO FACTURADO and not billed. Migration 0017 also indexes reservations'
 * created_at, date_in and office_id for the month filters of Facturación.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { reservations } from './bookings';

export const reservationInvoicing = pgTable(
  'reservation_invoicing',
  {
    reservationId: integer('reservation_id')
      .primaryKey()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    billed: smallint('billed').notNull().default(2),
    documentType: varchar('document_type', { length: 3 }),
    documentNumber: varchar('document_number', { length: 30 }).notNull().default(''),
    dateFact: date('date_fact'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reservation_invoicing_status_idx').on(table.status),
    index('reservation_invoicing_date_fact_idx').on(table.dateFact),
    check('reservation_invoicing_status_check', sql`${table.status} in (1, 2, 3, 4)`),
    check('reservation_invoicing_billed_check', sql`${table.billed} in (1, 2)`),
    check(
      'reservation_invoicing_document_type_check',
      sql`${table.documentType} is null or ${table.documentType} in ('PED', 'FCC', 'FCO')`,
    ),
  ],
);

export const reservationPayments = pgTable(
  'reservation_payments',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    method: varchar('method', { length: 20 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
    currency: varchar('currency', { length: 10 }).notNull().default(''),
    instalments: smallint('instalments').notNull().default(1),
    paidAt: date('paid_at').notNull(),
    reference: varchar('reference', { length: 100 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('reservation_payments_reservation_idx').on(table.reservationId),
    check(
      'reservation_payments_method_check',
      sql`${table.method} in ('card', 'transfer', 'credit', 'gds', 'wallet', 'web_payment')`,
    ),
    check('reservation_payments_amount_check', sql`${table.amount} >= 0`),
    check('reservation_payments_instalments_check', sql`${table.instalments} between 1 and 36`),
  ],
);
