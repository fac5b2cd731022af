/**
 * Master data of spec section 3: zones, suppliers, product types (categories), tags, business
 * units, coverages, passengers, the passenger blacklist, products (core) and Sperta products.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { countries, currencies, offices, spanishSortKey, trigramIndex } from './reference';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 50 }).notNull().unique(),
    longName: varchar('long_name', { length: 255 }).notNull(),
    ...timestamps,
  },
  (table) => [
    trigramIndex('zones_short_name_trgm', table.shortName),
    trigramIndex('zones_long_name_trgm', table.longName),
  ],
);

export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 50 }).notNull().unique(),
    longName: varchar('long_name', { length: 255 }).notNull(),
    phoneContact: varchar('phone_contact', { length: 50 }).notNull().default(''),
    emailContact: varchar('email_contact', { length: 254 }).notNull().default(''),
    ...timestamps,
  },
  (table) => [
    trigramIndex('suppliers_short_name_trgm', table.shortName),
    trigramIndex('suppliers_long_name_trgm', table.longName),
  ],
);

export const productTypes = pgTable(
  'product_types',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 50 }).notNull().unique(),
    longName: varchar('long_name', { length: 255 }).notNull(),
    ...timestamps,
  },
  (table) => [
    trigramIndex('product_types_short_name_trgm', table.shortName),
    trigramIndex('product_types_long_name_trgm', table.longName),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 50 }).notNull().unique(),
    longName: varchar('long_name', { length: 255 }).notNull(),
    ...timestamps,
  },
  (table) => [
    trigramIndex('tags_short_name_trgm', table.shortName),
    trigramIndex('tags_long_name_trgm', table.longName),
  ],
);

export const businessUnits = pgTable(
  'business_units',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 50 }).notNull().unique(),
    longName: varchar('long_name', { length: 255 }).notNull(),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps,
  },
  (table) => [
    trigramIndex('business_units_short_name_trgm', table.shortName),
    trigramIndex('business_units_long_name_trgm', table.longName),
  ],
);

export const coverages = pgTable(
  'coverages',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 50 }).notNull().unique(),
    longNameEs: varchar('long_name_es', { length: 255 }).notNull(),
    longNameEn: varchar('long_name_en', { length: 255 }).notNull().default(''),
    longNamePo: varchar('long_name_po', { length: 255 }).notNull().default(''),
    description: text('description').notNull().default(''),
    /** The multi-cause cancellation coverage shows the penalty-letter section in the refund portal. */
    isMultiCause: boolean('is_multi_cause').notNull().default(false),
    /** Receipt names a refund claim for this coverage needs (required_items of the refund login). */
    requiredItems: text('required_items').array().notNull().default([]),
    ...timestamps,
  },
  (table) => [
    trigramIndex('coverages_short_name_trgm', table.shortName),
    trigramIndex('coverages_long_name_es_trgm', table.longNameEs),
    trigramIndex('coverages_long_name_en_trgm', table.longNameEn),
    trigramIndex('coverages_long_name_po_trgm', table.longNamePo),
    trigramIndex('coverages_description_trgm', table.description),
  ],
);

export const passengers = pgTable(
  'pax',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
    surname: varchar('surname', { length: 150 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    docType: varchar('doc_type', { length: 20 }).notNull().default('DNI'),
    docNumber: varchar('doc_number', { length: 30 }).notNull(),
    birthDate: date('birth_date'),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    email: varchar('email', { length: 254 }).notNull().default(''),
    nationalityId: integer('nationality_id').references(() => countries.id, { onDelete: 'set null' }),
    /** 'name surname' in lower case, kept by PostgreSQL: the name filter is one LIKE on it. */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`lower(name::text || ' ' || surname::text)`),
    /**
     * The office of the staff user who created the passenger (issue 28 §2, migration 0026): the
     * owner of a passenger no voucher carries yet. A passenger on vouchers belongs to their offices.
     */
    createdOfficeId: integer('created_office_id'),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'pax_created_office_id_fkey',
      columns: [table.createdOfficeId],
      foreignColumns: [offices.id],
    }).onDelete('set null'),
    index('pax_doc_number_idx').on(table.docNumber),
    index('pax_created_office_idx').on(table.createdOfficeId),
    // Sorted screens over a million passengers (issue 11): the order the list engine asks for
    // (the column's Spanish sort key, then id; issue 18, migration 0020), walked from an index
    // instead of sorting every row.
    index('pax_name_es_idx').on(spanishSortKey(table.name), table.id),
    index('pax_surname_es_idx').on(spanishSortKey(table.surname), table.id),
    index('pax_doc_number_es_idx').on(spanishSortKey(table.docNumber), table.id),
    // The other orderable columns of Pasajeros (migration 0023).
    index('pax_email_es_idx').on(spanishSortKey(table.email), table.id),
    index('pax_doc_type_es_idx').on(spanishSortKey(table.docType), table.id),
    index('pax_birth_date_id_idx').on(table.birthDate, table.id),
    trigramIndex('pax_search_name_trgm', table.searchName),
    trigramIndex('pax_surname_trgm', table.surname),
    trigramIndex('pax_email_trgm', table.email),
  ],
);

export const paxBlackList = pgTable(
  'pax_black_list',
  {
    id: serial('id').primaryKey(),
    docNumber: varchar('doc_number', { length: 30 }).notNull(),
    name: varchar('name', { length: 150 }).notNull(),
    surname: varchar('surname', { length: 150 }).notNull(),
    dateFrom: date('date_from').notNull(),
    dateTo: date('date_to'),
    ...timestamps,
  },
  (table) => [
    index('pax_black_list_doc_number_idx').on(table.docNumber),
    trigramIndex('pax_black_list_name_trgm', table.name),
    trigramIndex('pax_black_list_surname_trgm', table.surname),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    shortName: varchar('short_name', { length: 50 }).notNull(),
    longName: varchar('long_name', { length: 255 }).notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    urlImage: varchar('url_image', { length: 500 }).notNull().default(''),
    productTypeId: integer('product_type_id').references(() => productTypes.id, { onDelete: 'restrict' }),
    supplierId: integer('supplier_id').references(() => suppliers.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (table) => [trigramIndex('products_long_name_trgm', table.longName)],
);

export const productZones = pgTable(
  'product_zones',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'restrict' }),
  },
  (table) => [primaryKey({ columns: [table.productId, table.zoneId] })],
);

/** A product's coverages with their limits (the product wizard's step 1). */
export const productCoverages = pgTable(
  'product_coverages',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    coverageId: integer('coverage_id')
      .notNull()
      .references(() => coverages.id, { onDelete: 'restrict' }),
    limitAmount: numeric('limit_amount', { precision: 14, scale: 2 }),
    currencyId: integer('currency_id').references(() => currencies.id, { onDelete: 'set null' }),
  },
  (table) => [uniqueIndex('product_coverages_product_coverage_key').on(table.productId, table.coverageId)],
);

export const productSperta = pgTable(
  'product_sperta',
  {
    id: serial('id').primaryKey(),
    spertaCode: varchar('sperta_code', { length: 50 }).notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    countryId: integer('country_id').references(() => countries.id, { onDelete: 'set null' }),
    spertaGravado: numeric('sperta_gravado', { precision: 14, scale: 2 }).notNull().default('0'),
    spertaNoGravado: numeric('sperta_no_gravado', { precision: 14, scale: 2 }).notNull().default('0'),
    ...timestamps,
  },
  (table) => [trigramIndex('product_sperta_sperta_code_trgm', table.spertaCode)],
);
