/**
 * Reservations and vouchers (spec section 3). Status ids are those of the static list
 * (1 PEDIDO DE CANCELACION .. 6 PENDIENTE DE PAGO). Amounts are exact decimals.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { Pax } from '../../../contracts/resources/passengers';
import { users } from './auth';
import { passengers, products } from './masterData';
import { promotions } from './promotions';
import { offices, reservationDuration, sortKeyOrder, spanishSortKey } from './reference';

export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    /** The staff user who issued the reservation. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The user the reservation was made for (user_reservation). */
    userReservationId: integer('user_reservation_id').references(() => users.id, { onDelete: 'set null' }),
    officeId: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    paymentMethod: varchar('payment_method', { length: 50 }).notNull().default(''),
    dateEmision: timestamp('date_emision', { withTimezone: true }).notNull().defaultNow(),
    status: smallint('status').notNull().default(4),
    totalPrice: numeric('total_price', { precision: 14, scale: 2 }).notNull().default('0'),
    autoCancel: boolean('auto_cancel').notNull().default(false),
    contactEmergencyName: varchar('contact_emergency_name', { length: 150 }).notNull().default(''),
    contactEmergencySurname: varchar('contact_emergency_surname', { length: 150 }).notNull().default(''),
    contactEmergencyPhone: varchar('contact_emergency_phone', { length: 30 }).notNull().default(''),
    dateIn: date('date_in').notNull(),
    dateOut: date('date_out').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 40: the Spanish sort keys (es_sort_key) of the issuing user's and the reservation
     * user's usernames and of the office's name, copied so Reservas and Facturación sort by them
     * with an index (migration 0038). Written only by its triggers (on this table and on
     * users/offices renames).
     */
    userSortKey: text('user_sort_key'),
    userReservationSortKey: text('user_reservation_sort_key'),
    officeSortKey: text('office_sort_key'),
    /**
     * Issue 40: Facturación's computed columns copied so it sorts by an index (migration 0038):
     * the invoicing row's status (1 without one) and date, kept by reservation_invoicing's trigger,
     * and the sums of the vouchers' amounts (null without vouchers), kept by vouchers' trigger.
     */
    invoicingStatus: smallint('invoicing_status').notNull().default(1),
    invoicingDateFact: date('invoicing_date_fact'),
    vouchersFinalPrice: numeric('vouchers_final_price', { precision: 14, scale: 2 }),
    vouchersCommission: numeric('vouchers_commission', { precision: 14, scale: 2 }),
    vouchersNetPrice: numeric('vouchers_net_price', { precision: 14, scale: 2 }),
  },
  (table) => [
    index('reservations_office_idx').on(table.officeId),
    // Facturación's date filters (issue 16; migration 0017).
    index('reservations_created_at_idx').on(table.createdAt, table.id),
    // Every ordering of the Reservas list walks one of these (migration 0023).
    index('reservations_status_id_idx').on(table.status, table.id),
    index('reservations_date_in_id_idx').on(table.dateIn, table.id),
    index('reservations_date_emision_id_idx').on(table.dateEmision, table.id),
    index('reservations_total_price_id_idx').on(table.totalPrice, table.id),
    // Issue 40: Reservas sorts by every column (migration 0037).
    index('reservations_payment_method_es_idx').on(spanishSortKey(table.paymentMethod), table.id),
    // Issue 40: the related names' copies (migration 0038), and a user's reservations (renames).
    index('reservations_user_id_idx').on(table.userId),
    index('reservations_user_reservation_id_idx').on(table.userReservationId),
    index('reservations_user_sort_key_idx').on(sortKeyOrder(table.userSortKey), table.id),
    index('reservations_user_reservation_sort_key_idx').on(
      sortKeyOrder(table.userReservationSortKey),
      table.id,
    ),
    index('reservations_office_sort_key_idx').on(sortKeyOrder(table.officeSortKey), table.id),
    // Facturación's copies (migration 0038).
    index('reservations_invoicing_status_id_idx').on(table.invoicingStatus, table.id),
    index('reservations_invoicing_date_fact_id_idx').on(table.invoicingDateFact, table.id),
    index('reservations_vouchers_final_price_id_idx').on(table.vouchersFinalPrice, table.id),
    index('reservations_vouchers_commission_id_idx').on(table.vouchersCommission, table.id),
    index('reservations_vouchers_net_price_id_idx').on(table.vouchersNetPrice, table.id),
  ],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /**
     * The reservation's office, copied so the office scope filters and counts vouchers by one
     * index (issue 15, migration 0021): triggers keep it in step with reservations.office_id.
     */
    officeId: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(3),
    statusAdministracion: smallint('status_administracion'),
    observations: text('observations').notNull().default(''),
    pvp: numeric('pvp', { precision: 14, scale: 2 }).notNull().default('0'),
    finalPrice: numeric('final_price', { precision: 14, scale: 2 }).notNull().default('0'),
    commission: numeric('commission', { precision: 14, scale: 2 }).notNull().default('0'),
    netPrice: numeric('net_price', { precision: 14, scale: 2 }).notNull().default('0'),
    rateLongName: varchar('rate_long_name', { length: 255 }).notNull().default(''),
    promotionLongName: varchar('promotion_long_name', { length: 255 }).notNull().default(''),
    /**
     * The promotion the voucher was sold under (issue 14, SPEC §7 'Promotions' exports; migration
     * 0018): nullable, no default, so adding it rewrites no row.
     */
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    /** SPEC §6: Agencia's provider filter (migration 0016). */
    voucherFilterProveedor: varchar('voucher_filter_proveedor', { length: 150 }).notNull().default(''),
    /** When the traveller accepted the terms through GET /sendAcceptConditions/{data} (0016). */
    conditionsAcceptedAt: timestamp('conditions_accepted_at', { withTimezone: true }),
    /**
     * The voucher's travellers as its answers show them (id, names, document, contact), a copy
     * kept by migration 0025's triggers on voucher_passengers and pax: a list page reads 25 of
     * them with its rows instead of building them from two more tables (issue 15). Written only by
     * those triggers.
     */
    paxList: jsonb('pax_list').$type<Pax[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Issue 40: copies the Vouchers list sorts by with an index (migration 0038): the Spanish sort
     * keys (es_sort_key) of the product's, its supplier's and the office's names and of the
     * reservation's payment method, and the reservation's dates (the duration is an expression
     * index on them). Written only by triggers: this table's insert or change of product_id,
     * office_id or reservation_id, and the related tables' renames.
     */
    productSortKey: text('product_sort_key'),
    supplierSortKey: text('supplier_sort_key'),
    officeSortKey: text('office_sort_key'),
    paymentMethodSortKey: text('payment_method_sort_key'),
    reservationDateIn: date('reservation_date_in'),
    reservationDateOut: date('reservation_date_out'),
  },
  (table) => [
    // A reservation's vouchers, and Vouchers sorted by reservation (issue 40, migration 0037).
    index('vouchers_reservation_id_idx').on(table.reservationId, table.id),
    index('vouchers_status_idx').on(table.status),
    index('vouchers_status_id_idx').on(table.status, table.id),
    index('vouchers_product_idx').on(table.productId),
    // A promotion's vouchers read by keyset on id (the promotion export; migration 0018).
    index('vouchers_promotion_id_idx').on(table.promotionId, table.id),
    index('vouchers_office_id_idx').on(table.officeId, table.id),
    index('vouchers_final_price_id_idx').on(table.finalPrice, table.id),
    // Issue 40: the related names and the reservation's dates (migration 0038).
    index('vouchers_product_sort_key_idx').on(sortKeyOrder(table.productSortKey), table.id),
    index('vouchers_supplier_sort_key_idx').on(sortKeyOrder(table.supplierSortKey), table.id),
    index('vouchers_office_sort_key_idx').on(sortKeyOrder(table.officeSortKey), table.id),
    index('vouchers_payment_method_sort_key_idx').on(sortKeyOrder(table.paymentMethodSortKey), table.id),
    index('vouchers_reservation_date_in_idx').on(table.reservationDateIn, table.id),
    index('vouchers_reservation_date_out_idx').on(table.reservationDateOut, table.id),
    index('vouchers_reservation_duration_idx').on(
      reservationDuration(table.reservationDateIn, table.reservationDateOut),
      table.id,
    ),
  ],
);

export const voucherPassengers = pgTable(
  'voucher_passengers',
  {
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    paxId: integer('pax_id')
      .notNull()
      .references(() => passengers.id, { onDelete: 'restrict' }),
  },
  (table) => [
    primaryKey({ columns: [table.voucherId, table.paxId] }),
    index('voucher_passengers_pax_idx').on(table.paxId),
  ],
);
