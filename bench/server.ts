/**
 * Shared by the HTTP benchmarks (issue 11): a prepared database with generated passengers
 * (PGlite in a kept temporary directory, or a database `extranet_bench` on a PostgreSQL server),
 * the product started by package.json's start script as `npm start` does, and autocannon runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import pg from 'pg';
import { startCommand } from '../scripts/startCommand';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { seed } from '../src/server/db/seed';
import { generatePassengers } from './paxData';

export const ADMIN_PASSWORD = 'Bench-Admin-Password-1';
export const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

export interface BenchTarget {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the bench database's URL; PGlite: undefined. */
  databaseUrl?: string;
  dataDir: string;
}

export function argument(name: string, fallback: string): string {
  const prefix = `--${name}=`;
  return process.argv.find((value) => value.startsWith(prefix))?.slice(prefix.length) ?? fallback;
}

/**
 * A migrated, seeded bench database named `name` (a PGlite directory or a PostgreSQL database of
 * BENCH_DATABASE_URL, made once and kept between runs), handed to `fill` to generate its rows.
 */
export async function prepareBenchDatabase(
  kind: 'pglite' | 'postgres',
  name: string,
  fill: (db: Database) => Promise<void>,
  options: { demo?: boolean } = {},
): Promise<BenchTarget> {
  const dataDir = path.join(tmpdir(), `extranet-bench-${name.replace(/_/g, '-')}-${kind}`);
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
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET,
    ADMIN_USERNAME: 'admin',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD,
    SEED_DEMO: options.demo ? 'true' : 'false',
    LOG_LEVEL: 'silent',
  } as NodeJS.ProcessEnv);
  const handle = await openDatabase({
    databaseUrl,
    pgliteDir: databaseUrl ? undefined : path.join(dataDir, 'pgdata'),
  });
  try {
    await handle.migrate();
    await seed(handle.db, config);
    await fill(handle.db);
  } finally {
    await handle.close();
  }
  return { kind, databaseUrl, dataDir };
}

/** A database holding `rows` generated passengers (made once, kept between runs). */
export function prepareDatabase(
  kind: 'pglite' | 'postgres',
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
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(child, url, started, 180_000);
  return {
    url,
    process: child,
    startedInMs: performance.now() - started,
    async stop() {
      if (child.exitCode !== null) return;
      process.kill(-child.pid!, 'SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
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
 * dist/<folder>/ inside the checkout (so that its external imports find node_modules), beside the
 * PGlite worker and template it opens the embedded database with. Answers the bundle's path.
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
  for (const file of ['pgliteWorker.mjs', 'pglite-template.tgz'])
    copyFileSync(path.join(repository, 'src/server/db', file), path.join(dir, file));
  return outfile;
}
