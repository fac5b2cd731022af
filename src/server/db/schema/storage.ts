import { customType, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files' bytes when the storage is the database (issue 11, the default): every instance
 * behind a load balancer reads what any of them stored. Keyed like the files directory.
 */
export const fileBlobs = pgTable('file_blobs', {
  key: varchar('key', { length: 500 }).primaryKey(),
  data: bytea('data').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
