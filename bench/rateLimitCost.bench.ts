/**
 * What one counted public request costs (issue 11, 'Several instances'): a few hundred sequential
 * requests through `inject` to rate-limited public routes, median and p95 in ms. No budget: it
 * prints the figures quoted in the README.
 * Run: npx tsx bench/rateLimitCost.bench.ts            (the embedded PostgreSQL, in a fresh DATA_DIR)
 *      BENCH_DATABASE_URL=postgres://… npx tsx bench/rateLimitCost.bench.ts --db=postgres
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { createTokenService } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { openProductDatabase } from '../src/server/db/productDatabase';
import { seed } from '../src/server/db/seed';
import { createMailer } from '../src/server/services/mail';
import { benchDataDir } from './server';

const usePostgres = process.argv.includes('--db=postgres');
const REQUESTS = 400;

let databaseUrl: string | undefined;
if (usePostgres) {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) throw new Error('BENCH_DATABASE_URL is needed with --db=postgres');
  const name = `extranet_bench_ratelimit_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
const dataDir = benchDataDir(mkdtempSync(path.join(tmpdir(), 'extranet-bench-')));
const config = loadConfig({
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  ADMIN_PASSWORD: 'Bench-Password-1',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
} as NodeJS.ProcessEnv);
const database = await openProductDatabase(config);
const { handle } = database;
await handle.migrate();
await seed(handle.db, config);
const app = await buildApp({
  config,
  db: handle.db,
  databaseKind: handle.kind,
  tokens: createTokenService(config.jwtSecret, { accessMinutes: 60, refreshDays: 7 }),
  mailer: createMailer({ outboxDir: config.outboxDir, from: config.mailFrom }),
});
await app.ready();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

async function measure(label: string, send: (i: number) => Promise<{ statusCode: number }>) {
  for (let i = 0; i < 30; i++) await send(-1 - i); // warm-up
  const times: number[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await send(i);
    times.push(performance.now() - started);
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  }
  const answered = [...statuses].map(([status, count]) => `${count}×${status}`).join(', ');
  console.log(
    `${label}: median ${median(times).toFixed(3)} ms, p95 ${p95(times).toFixed(3)} ms (${REQUESTS} requests: ${answered})`,
  );
}

// An address per 50 requests: every request is counted and allowed (60 per 5 minutes).
const addressOf = (i: number) => (i < 0 ? '10.250.0.1' : `10.251.${Math.floor(i / 50)}.1`);
await measure('POST /api/token/refresh/ (bad token, allowed)', (i) =>
  app.inject({
    method: 'POST',
    url: '/api/token/refresh/',
    payload: { refresh: 'x' },
    remoteAddress: addressOf(i),
  }),
);
// One address: past the first 60 every request is counted and refused (429) before the handler.
await measure('POST /api/token/refresh/ (one address, refused)', () =>
  app.inject({
    method: 'POST',
    url: '/api/token/refresh/',
    payload: { refresh: 'x' },
    remoteAddress: '10.252.0.1',
  }),
);
await measure('GET /api/health/ (not rate-limited, for reference)', () =>
  app.inject({ method: 'GET', url: '/api/health/' }),
);
console.log(`database: ${handle.kind}`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
if (usePostgres && process.env.BENCH_DATABASE_URL) {
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS extranet_bench_ratelimit_${process.pid} WITH (FORCE)`);
  await admin.end();
}
