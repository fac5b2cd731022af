import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Export jobs (issue 12, SPEC §4 'Export notifications', §7 /office_report/ and /report/{hash}/):
 * one row per requested export. Workers claim pending rows with `FOR UPDATE SKIP LOCKED`, keep a
 * heartbeat while they write, and store the file in the shared storage under `file_key`
 * (`file_parts` chunks), so any instance on the same database can serve it.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    id: serial('id').primaryKey(),
    hash: varchar('hash', { length: 64 }).notNull().unique(),
    kind: varchar('kind', { length: 40 }).notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The list query the export was requested with (its filters and ordering). */
    filters: jsonb('filters').$type<Record<string, string>>().notNull().default({}),
    rowLimit: integer('row_limit').notNull(),
    /** pending, running, ok, error or consumed. */
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    rowsTotal: integer('rows_total'),
    rowsWritten: integer('rows_written').notNull().default(0),
    fileKey: varchar('file_key', { length: 400 }),
    filePartCount: integer('file_parts').notNull().default(0),
    fileSize: bigint('file_size', { mode: 'number' }),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: varchar('locked_by', { length: 64 }),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    check(
      'export_jobs_status_check',
      sql`${table.status} in ('pending', 'running', 'ok', 'error', 'consumed')`,
    ),
    index('export_jobs_claim_idx').on(table.status, table.createdAt),
    index('export_jobs_owner_idx').on(table.ownerId, table.status),
  ],
);
