/**
 * Budget (issue 16): Facturación's totals for a month filter over many reservations, under 300 ms
 * on PostgreSQL (the figure is 1,000,000 reservations with their vouchers).
 *
 * Generates the reservations and their vouchers in SQL with generate_series (24 months, offices in
 * several countries and so currencies, one to three vouchers each, a tenth invoiced) in a scratch
 * database: PostgreSQL when DATABASE_URL names a server (a database `extranet_bench_<pid>` is
 * created there and dropped afterwards), otherwise the embedded PostgreSQL of a temporary DATA_DIR.
 * Then times `GET /api/facturacion/summary/?date_created_from&date_created_to` (one month) and the
 * first list page with the same filter through `app.inject`, and prints median and p95.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/invoicingTotals.bench.ts [reservations] [requests]
 *   npx tsx bench/invoicingTotals.bench.ts 200000 20      # embedded
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { createTokenService } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { openProductDatabase } from '../src/server/db/productDatabase';
import { seed } from '../src/server/db/seed';
import { createMailer } from '../src/server/services/mail';
import { benchDataDir } from './server';

const serverUrl = process.env.DATABASE_URL;
const RESERVATIONS = Number(process.argv[2] ?? (serverUrl ? 1_000_000 : 200_000));
const REQUESTS = Number(process.argv[3] ?? 20);
const BUDGET_MS = 300;
const MONTHS = 24;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function scratchDatabase(): Promise<{ databaseUrl?: string; drop: () => Promise<void> }> {
  if (!serverUrl) return { drop: async () => {} };
  const name = `extranet_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function main() {
  const dataDir = benchDataDir(mkdtempSync(path.join(tmpdir(), 'extranet-bench-')));
  const scratch = await scratchDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    ADMIN_USERNAME: 'admin',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Bench-Admin-Password-1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...(scratch.databaseUrl ? { DATABASE_URL: scratch.databaseUrl } : {}),
  } as NodeJS.ProcessEnv);
  const database = await openProductDatabase(config);
  const { handle } = database;
  try {
    await handle.migrate();
    await seed(handle.db, config);
    const db = handle.db;
    const started = performance.now();
    // Offices in every country that has a currency (two each).
    await db.execute(sql`
      insert into offices (short_name, long_name, country_id)
      select 'BENCH-' || c.id || '-' || n, 'Oficina bench ' || c.short_name || ' ' || n, c.id
      from countries c cross join generate_series(1, 2) n where c.currency_id is not null`);
    await db.execute(sql`
      insert into reservations (office_id, status, date_in, date_out, created_at, date_emision)
      select o.ids[1 + (g % array_length(o.ids, 1))], 3,
        (timestamp '2024-01-01' + (g % ${MONTHS * 30}) * interval '1 day' + interval '20 days')::date,
        (timestamp '2024-01-01' + (g % ${MONTHS * 30}) * interval '1 day' + interval '30 days')::date,
        timestamp '2024-01-01' + (g % ${MONTHS * 30}) * interval '1 day' + (g % 86400) * interval '1 second',
        timestamp '2024-01-01' + (g % ${MONTHS * 30}) * interval '1 day'
      from generate_series(1, ${RESERVATIONS}) g,
        (select array_agg(id order by id) as ids from offices where short_name like 'BENCH-%') o`);
    await db.execute(sql`
      insert into vouchers (reservation_id, status, pvp, final_price, commission, net_price)
      select r.id, case when r.id % 17 = 0 then 2 else 3 end, 100 + (r.id % 900), 100 + (r.id % 900),
        (100 + (r.id % 900)) * 0.15, (100 + (r.id % 900)) * 0.85
      from reservations r cross join generate_series(1, 1 + (r.id % 3)) v`);
    await db.execute(sql`
      insert into reservation_invoicing (reservation_id, status, billed, document_type, document_number, date_fact)
      select id, 2, 1, 'FCC', 'B-' || id, created_at::date + 5 from reservations where id % 10 = 0`);
    await db.execute(sql`analyze`);
    const counts = (await db.execute(
      sql`select (select count(*) from reservations)::int as reservations, (select count(*) from vouchers)::int as vouchers`,
    )) as unknown as { rows: { reservations: number; vouchers: number }[] };
    console.log(
      `${handle.kind}: ${counts.rows[0].reservations} reservations, ${counts.rows[0].vouchers} vouchers generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const app = await buildApp({
      config,
      db,
      databaseKind: handle.kind,
      tokens: createTokenService(config.jwtSecret, { accessMinutes: 60, refreshDays: 7 }),
      mailer: createMailer({ outboxDir: config.outboxDir, from: config.mailFrom }),
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'admin', password: 'Bench-Admin-Password-1' },
    });
    const authorization = `Bearer ${login.json<{ access: string }>().access}`;
    const time = async (url: string) => {
      const times: number[] = [];
      let answer = '';
      for (let index = 0; index < REQUESTS; index += 1) {
        // A different month each time (the first 12 of the 24 generated).
        const month = String(1 + (index % 12)).padStart(2, '0');
        const target = url.replaceAll('{m}', month);
        const t0 = performance.now();
        const response = await app.inject({ method: 'GET', url: target, headers: { authorization } });
        times.push(performance.now() - t0);
        if (response.statusCode !== 200)
          throw new Error(`${target}: ${response.statusCode} ${response.body}`);
        answer = response.body;
      }
      const sorted = [...times].sort((a, b) => a - b);
      return { median: percentile(sorted, 50), p95: percentile(sorted, 95), answer };
    };
    const month = 'date_created_from=01/{m}/2024&date_created_to=28/{m}/2024';
    const totals = await time(`/api/facturacion/summary/?${month}`);
    const filtered = await time(`/api/facturacion/summary/?${month}&invoicing_status=2`);
    const list = await time(`/api/facturacion/?${month}&limit=20`);
    console.log(
      `totals, one month:              median ${totals.median.toFixed(1)} ms, p95 ${totals.p95.toFixed(1)} ms`,
    );
    console.log(
      `totals, one month, FACTURADO:   median ${filtered.median.toFixed(1)} ms, p95 ${filtered.p95.toFixed(1)} ms`,
    );
    console.log(
      `list page, one month:           median ${list.median.toFixed(1)} ms, p95 ${list.p95.toFixed(1)} ms`,
    );
    console.log(`last totals answer: ${totals.answer.slice(0, 300)}`);
    await app.close();
    if (handle.kind === 'postgres' && totals.median > BUDGET_MS) {
      console.error(`over budget: median ${totals.median.toFixed(1)} ms > ${BUDGET_MS} ms`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
