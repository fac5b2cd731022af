/**
 * Security and history tables shared by every module (issues 9 and 10):
 * - `attempt_counters`: failed-attempt counters for sign-in, refund login and password reset,
 *   in the database so every server instance sees them and they survive a restart;
 * - `rate_limit_counters`: the per-route request limits of the public calls (@fastify/rate-limit's
 *   store, issue 11), shared by every instance on the database;
 * - `audit_log`: the engine's history of every write (who, when, which record, which fields
 *   changed from what to what), written in the same transaction as the change.
 */
import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const attemptCounters = pgTable(
  'attempt_counters',
  {
    /** The counter's key space and key, e.g. `staff-login-account|admin`. */
    key: varchar('key', { length: 300 }).primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    /** While in the future, further attempts are refused (a growing delay, never a long lockout). */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('attempt_counters_updated_idx').on(table.updatedAt)],
);

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** `<method> <route>|<hash of the client key>` (src/server/http/rateLimitStore.ts). */
    key: varchar('key', { length: 200 }).primaryKey(),
    /** Requests counted in the current window. */
    hits: integer('hits').notNull().default(0),
    /** When the current window ends; the next request after it starts a new one. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_counters_window_ends_idx').on(table.windowEndsAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff user who acted; null for the system or a traveller (public refund calls). */
    userId: integer('user_id'),
    /** The username at the time, kept when the user is later deleted. */
    username: varchar('username', { length: 150 }).notNull().default(''),
    /** The engine resource path or entity name, e.g. `zone`, `profile`, `refund`. */
    entity: varchar('entity', { length: 60 }).notNull(),
    recordId: varchar('record_id', { length: 60 }).notNull(),
    /** create, update, remove, or a custom action's name. */
    action: varchar('action', { length: 60 }).notNull(),
    /** `{field: {before, after}}`; secrets (password hashes) are never stored. */
    changes: jsonb('changes').notNull().default({}),
  },
  (table) => [index('audit_log_record_idx').on(table.entity, table.recordId, table.id)],
);
