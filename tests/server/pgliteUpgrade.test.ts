/**
 * A data directory written by the previous version (PGlite in DATA_DIR/pgdata) moves to the
 * embedded PostgreSQL on the first start of this one (issue 44): every row, stored file, password
 * and the session secret; verified per table before it is used; the PGlite folder kept under a new
 * name; and a copy that does not verify stops the start with the old data untouched.
 *
 * The old directory is made the way the previous version made it: PGlite with pg_trgm, drizzle's
 * PGlite migrator over the same migrations, and the same seed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/freePort';
import { startCommand } from '../../scripts/startCommand';
import { type Database, migrationsFolder } from '../../src/server/db/client';
import { removeCluster } from '../../src/server/db/embeddedPostgres';
import * as schema from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { reachableTempDir } from './postgresAdmin';
import { ADMIN_PASSWORD, testConfig } from './testConfig';

const FILE_BYTES = Buffer.from([0, 1, 2, 253, 254, 255, 92, 120, 39, 34, ...Buffer.from('comprobante')]);
/** Tables a sign-in writes to (its audit entry, request counter and session). */
const SIGN_IN_WRITES = [
  'audit_log',
  'rate_limit_counters',
  'attempt_counters',
  'refresh_tokens',
  'sessions',
  'user_sessions',
];
const JWT_SECRET_TEXT = 'a-session-secret-of-the-previous-version-0123456789';

interface OldDirectory {
  dataDir: string;
  counts: Record<string, number>;
}

/** A DATA_DIR as the previous version left it: PGlite migrated and seeded, a stored file, a secret. */
async function previousVersionDirectory(extra?: (db: PGlite) => Promise<void>): Promise<OldDirectory> {
  const dataDir = reachableTempDir('extranet-upgrade-');
  const pgdata = path.join(dataDir, 'pgdata');
  const db = await PGlite.create(pgdata, { extensions: { pg_trgm } });
  const orm = drizzle(db, { schema });
  await migrate(orm, { migrationsFolder });
  await seed(orm as unknown as Database, testConfig(dataDir));
  await db.query('insert into file_blobs (key, data, size) values ($1, $2, $3)', [
    'refunds/upgrade/receipt.jpg',
    FILE_BYTES,
    FILE_BYTES.length,
  ]);
  await extra?.(db);
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows)
    counts[name] =
      (await db.query<{ n: number }>(`select count(*)::int as n from "${name}"`)).rows[0]?.n ?? 0;
  await db.close();
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(dataDir, 'jwt-secret'), JWT_SECRET_TEXT);
  return { dataDir, counts };
}

function startServer(dataDir: string, port: number) {
  const command = startCommand();
  let output = '';
  const environment = { ...process.env };
  delete environment.DATABASE_URL; // the embedded default
  const child = spawn(command.executable, command.args, {
    cwd: command.cwd,
    env: {
      ...environment,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_CLIENT_BUILD: 'true',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'a-different-password-the-upgrade-must-not-set',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function ready(port: number, child: ChildProcess, output: () => string) {
  const began = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output()}`);
    if (Date.now() - began > 120_000) throw new Error(`no answer in 120 s: ${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a PGlite data directory of the previous version', () => {
  let old: OldDirectory;
  beforeAll(async () => {
    old = await previousVersionDirectory();
  }, 180_000);
  afterAll(() => {
    removeCluster(old.dataDir);
    rmSync(old.dataDir, { recursive: true, force: true });
  });

  it('starts on PostgreSQL with every row, file, password and the session secret', async () => {
    const port = await freePort();
    const server = startServer(old.dataDir, port);
    try {
      await ready(port, server.child, server.output);
      const base = `http://127.0.0.1:${port}/api`;
      // The previous superuser password still signs in (ADMIN_PASSWORD of this start is ignored).
      const login = await fetch(`${base}/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const health = (await (await fetch(`${base}/health/`)).json()) as { database: string };
      expect(health.database).toBe('embedded');
    } finally {
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
    }
    const text = server.output();
    expect(text).toMatch(/Actualización terminada en [\d.]+ s: \d+ tablas, \d+ filas, cada una verificada/);
    // The PGlite folder is kept, renamed; the secret file is as it was.
    expect(existsSync(path.join(old.dataDir, 'pgdata'))).toBe(false);
    const kept = readdirSync(old.dataDir).filter((name) => name.startsWith('pgdata-pglite-'));
    expect(kept).toHaveLength(1);
    expect(readFileSync(path.join(old.dataDir, 'jwt-secret'), 'utf8')).toBe(JWT_SECRET_TEXT);
    // Every table's rows, counted on the new cluster, and the stored file's bytes.
    const { startEmbeddedPostgres } = await import('../../src/server/db/embeddedPostgres');
    const cluster = await startEmbeddedPostgres({ dataDir: old.dataDir });
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      // Equal everywhere but where this start's own sign-in wrote (its request counter and session).
      const changed: string[] = [];
      for (const [table, count] of Object.entries(old.counts)) {
        const now =
          (await client.query<{ n: number }>(`select count(*)::int as n from "${table}"`)).rows[0]?.n ?? 0;
        expect([table, now >= count]).toEqual([table, true]);
        if (now !== count) changed.push(table);
      }
      expect(changed.filter((table) => !SIGN_IN_WRITES.includes(table))).toEqual([]);
      expect(old.counts.vouchers).toBeGreaterThan(100);
      const blob = await client.query<{ data: Buffer }>(`select data from file_blobs where key = $1`, [
        'refunds/upgrade/receipt.jpg',
      ]);
      expect(createHash('sha256').update(blob.rows[0]!.data).digest('hex')).toBe(
        createHash('sha256').update(FILE_BYTES).digest('hex'),
      );
      // Sequences continue after the copied ids.
      const next = await client.query<{ id: number }>(
        `insert into zones (short_name, long_name) values ('ZTA', 'Zona tras la actualización') returning id`,
      );
      const highest = await client.query<{ id: number }>(`select max(id)::int as id from zones`);
      expect(next.rows[0]!.id).toBe(highest.rows[0]!.id);
      expect(next.rows[0]!.id).toBeGreaterThan(old.counts.zones);
    } finally {
      await client.end();
      await cluster.stop();
    }
  }, 240_000);
});

describe('a PGlite data directory that does not verify', () => {
  let old: OldDirectory;
  beforeAll(async () => {
    // A table this version does not know: the copy cannot be complete.
    old = await previousVersionDirectory(async (db) => {
      await db.exec(`create table stray_rows (id int primary key); insert into stray_rows values (1), (2)`);
    });
  }, 180_000);
  afterAll(() => {
    removeCluster(old.dataDir);
    rmSync(old.dataDir, { recursive: true, force: true });
  });

  it('stops the start in Spanish and leaves the old data as it was', async () => {
    const port = await freePort();
    const server = startServer(old.dataDir, port);
    const code = await server.exited;
    expect(code).not.toBe(0);
    expect(server.output()).toContain(
      'No se pudo pasar la base de datos de la versión anterior a PostgreSQL',
    );
    expect(server.output()).toContain('stray_rows');
    expect(server.output()).not.toMatch(/\n\s+at /); // one sentence, no stack
    expect(existsSync(path.join(old.dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(old.dataDir, 'pg'))).toBe(false);
    expect(existsSync(path.join(old.dataDir, 'pg-upgrade-pending'))).toBe(false);
  }, 240_000);
});
