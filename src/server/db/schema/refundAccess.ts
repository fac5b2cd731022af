/**
 * The version of a refund-portal login subject (issue 28 §6; migration 0026): a voucher and the
 * document that opened it. A refund access token carries the version it was issued with and is
 * honoured only while it is still the subject's version (src/server/auth/refundAccess.ts).
 */
import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

export const refundAccessVersions = pgTable(
  'refund_access_versions',
  {
    voucherId: integer('voucher_id').notNull(),
    /** The passenger's document as stored (what the token carries). */
    docNumber: varchar('doc_number', { length: 30 }).notNull(),
    /** Raised by a new login, a submitted refund and 'Salir'. */
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'refund_access_versions_pkey', columns: [table.voucherId, table.docNumber] }),
  ],
);
