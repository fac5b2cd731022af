/**
 * What `npm run import` brought across from the original system (issue 43; migration 0036): the
 * id map every foreign key resolves through, the per-entity checkpoints of an interrupted run, and
 * the quarantined records with their reasons. Written only by src/server/import.
 */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

export const importIdMap = pgTable(
  'import_id_map',
  {
    /** The source path of the entity: `voucher`, `office`, `pax`... */
    entity: varchar('entity', { length: 40 }).notNull(),
    legacyId: bigint('legacy_id', { mode: 'number' }).notNull(),
    newId: bigint('new_id', { mode: 'number' }).notNull(),
    /** sha256 of the source fields the row was written from. */
    sourceHash: varchar('source_hash', { length: 64 }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'import_id_map_pk', columns: [table.entity, table.legacyId] }),
    index('import_id_map_new_idx').on(table.entity, table.newId),
  ],
);

export const importCheckpoints = pgTable('import_checkpoints', {
  entity: varchar('entity', { length: 40 }).primaryKey(),
  /** The base URL the checkpoint was taken from. */
  source: varchar('source', { length: 500 }).notNull().default(''),
  nextOffset: integer('next_offset').notNull().default(0),
  lastLegacyId: bigint('last_legacy_id', { mode: 'number' }),
  done: boolean('done').notNull().default(false),
  /** What the walk counted so far (records, created, updated..., the source's money totals). */
  progress: jsonb('progress').notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const importQuarantine = pgTable(
  'import_quarantine',
  {
    entity: varchar('entity', { length: 40 }).notNull(),
    legacyId: bigint('legacy_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    record: jsonb('record').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'import_quarantine_pk', columns: [table.entity, table.legacyId] })],
);
