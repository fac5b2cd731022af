/**
 * Promotions (issue 14; SPEC §3 'Promotion': short_name, long_name, description, the reservation
 * and travel windows, total_days, promotion_type 'venta' | 'proveedor'; promotion_product
 * {promotion, product}; promotion_product_office {promotion_product, office}).
 * Migration 0015_promotions.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { products } from './masterData';
import { offices } from './reference';

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 50 }).notNull(),
    longName: varchar('long_name', { length: 255 }).notNull(),
    description: text('description').notNull().default(''),
    reservationDateFrom: date('reservation_date_from').notNull(),
    reservationDateTo: date('reservation_date_to').notNull(),
    travelDateFrom: date('travel_date_from').notNull(),
    travelDateTo: date('travel_date_to').notNull(),
    totalDays: integer('total_days').notNull(),
    promotionType: varchar('promotion_type', { length: 20 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Migration 0015 made these two with GIN's default fastupdate (on), unlike trigramIndex's.
    index('promotions_long_name_trgm').using('gin', sql`${table.longName} gin_trgm_ops`),
    index('promotions_description_trgm').using('gin', sql`${table.description} gin_trgm_ops`),
    check('promotions_type_check', sql`${table.promotionType} IN ('venta', 'proveedor')`),
    check(
      'promotions_dates_check',
      sql`${table.reservationDateTo} >= ${table.reservationDateFrom} AND ${table.travelDateTo} >= ${table.travelDateFrom} AND ${table.travelDateTo} >= ${table.reservationDateFrom}`,
    ),
    check('promotions_total_days_check', sql`${table.totalDays} >= 1`),
  ],
);

export const promotionProducts = pgTable(
  'promotion_product',
  {
    id: serial('id').primaryKey(),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
  },
  (table) => [
    unique('promotion_product_promotion_product_unique').on(table.promotionId, table.productId),
    index('promotion_product_product_idx').on(table.productId),
  ],
);

export const promotionProductOffices = pgTable(
  'promotion_product_office',
  {
    id: serial('id').primaryKey(),
    promotionProductId: integer('promotion_product_id')
      .notNull()
      .references(() => promotionProducts.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
  },
  (table) => [
    unique('promotion_product_office_unique').on(table.promotionProductId, table.officeId),
    index('promotion_product_office_office_idx').on(table.officeId),
  ],
);
