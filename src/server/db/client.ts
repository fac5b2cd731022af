/**
 * One database API on one driver (issue 44): node-postgres, whether the server is the embedded
 * PostgreSQL in DATA_DIR/pg (./embeddedPostgres.ts, the default) or a `DATABASE_URL` server.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query API as Database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** 'embedded': the PostgreSQL this server started and alone uses; 'postgres': a DATABASE_URL server. */
export type DatabaseKind = 'embedded' | 'postgres';

/**
 * Told of a channel's announcements (NOTIFY payloads), and of whether it is listening: while it
 * is not (before the first connection, after losing one) announcements may be missed.
 */
export interface ChannelListener {
  message(payload: string): void;
  listening(live: boolean): void;
}

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies the migrations of `folder` (the product's by default). */
  migrate(folder?: string): Promise<void>;
  /** LISTEN on `channel` until the answered function is called. */
  listen(channel: string, listener: ChannelListener): () => Promise<void>;
  close(): Promise<void>;
}

/** Waits this long before listening again on a lost PostgreSQL connection. */
const RELISTEN_MS = 1_000;

/**
 * LISTEN on PostgreSQL from a connection of its own (a pooled one would be handed to other
 * queries), opened again after it is lost.
 */
function listenOnPostgres(databaseUrl: string, channel: string, listener: ChannelListener) {
  let current: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    current = client;
    const lost = () => {
      if (current !== client) return;
      current = null;
      listener.listening(false);
      client.end().catch(() => {});
      if (!stopped) retry = setTimeout(connect, RELISTEN_MS).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (notification) => {
      if (notification.channel === channel) listener.message(notification.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      if (current === client) listener.listening(true);
    } catch {
      lost();
    }
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    listener.listening(false);
    await client?.end().catch(() => {});
  };
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  /** node-postgres connection string. */
  databaseUrl: string;
  kind?: DatabaseKind;
  /** Connections in the pool (10). */
  maxConnections?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const { databaseUrl } = options;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.maxConnections ?? 10 });
  // An idle connection the server ends (a restart, a failover, an administrator) is an 'error'
  // on the pool; unhandled it would crash the process. The pool drops that client and opens a
  // new connection for the next query.
  pool.on('error', () => {});
  const db = drizzlePostgres(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: options.kind ?? 'postgres',
    migrate: (folder = migrationsFolder) =>
      migratePostgres(drizzlePostgres(pool, { schema }), { migrationsFolder: folder }),
    listen: (channel, listener) => listenOnPostgres(databaseUrl, channel, listener),
    close: () => pool.end(),
  };
}

/**
 * PostgreSQL types drizzle's drivers read as their text, for its columns to parse: dates,
 * timestamps, intervals and their arrays (the same list its node-postgres and PGlite sessions use).
 */
const TEXT_READ_TYPES = [1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231];
const textReadTypes = new Set(TEXT_READ_TYPES);
const readAsText = (value: unknown) => value;
const postgresTypes = {
  getTypeParser: (typeId: number, format?: 'text' | 'binary') =>
    textReadTypes.has(typeId) ? readAsText : pg.types.getTypeParser(typeId, format as 'text'),
};

/**
 * The rows of `text` as arrays of driver values, read as drizzle's drivers read them (so a
 * column's own `mapFromDriverValue` decodes them). On PostgreSQL it runs as the named statement
 * `name`, parsed and planned once per connection. For a
 * caller that maps rows itself (the list's rows by id: drizzle's generic row mapping cost about a
 * tenth of a list's node time, issue 15). `db` is a database handle, not a transaction.
 */
export async function arrayRows(
  db: Pick<Database, 'execute'>,
  name: string,
  text: string,
  params: unknown[],
): Promise<unknown[][]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query<unknown[]>({
      name,
      text,
      values: params,
      rowMode: 'array',
      types: postgresTypes,
    });
    return result.rows;
  }
  throw new Error('arrayRows needs a database handle (not a transaction)');
}

/** The newest applied migration, as drizzle records it. */
export async function appliedMigration(db: Database): Promise<string | null> {
  try {
    const result = await db.execute<{ hash: string; created_at: string }>(
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const row = (result as unknown as { rows: { created_at: string }[] }).rows[0];
    return row ? migrationTagFor(Number(row.created_at)) : null;
  } catch {
    return null;
  }
}

function migrationTagFor(createdAt: number): string {
  const journal = readJournal();
  return journal.find((entry) => entry.when === createdAt)?.tag ?? String(createdAt);
}

import { readFileSync } from 'node:fs';

/** The migrations this version ships, oldest first (drizzle-kit's journal). */
export function readJournal(): { tag: string; when: number }[] {
  try {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: { tag: string; when: number }[];
    };
    return journal.entries;
  } catch {
    return [];
  }
}
