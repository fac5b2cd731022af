/**
 * Budget (issue 3): a master-data list page with a contains filter, 100,000 rows in the table,
 * median server time under 20 ms on the embedded PostgreSQL (issue 44; PGlite before).
 *
 * Seeds 100,000 passengers (realistic Spanish/Argentine names) into the embedded PostgreSQL of a
 * temporary DATA_DIR, then times 200 `GET /api/pax/?name=<term>` pages (contains over name or
 * surname, with the count) through `app.inject`, with varied terms. Prints median and p95 and
 * exits 1 when the median is over budget.
 *
 *   npx tsx bench/masterDataList.bench.ts [rows] [requests]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { createTokenService } from '../src/server/auth/tokens';
import { loadConfig } from '../src/server/config';
import { openProductDatabase } from '../src/server/db/productDatabase';
import { passengers } from '../src/server/db/schema';
import { seed } from '../src/server/db/seed';
import { DEMO_FIRST_NAMES, DEMO_SURNAMES, seededRandom } from '../src/server/db/seed/masterData';
import { createMailer } from '../src/server/services/mail';
import { benchDataDir } from './server';

const ROWS = Number(process.argv[2] ?? 100_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const BUDGET_MEDIAN_MS = 20;
const BATCH = 5_000;

const FIRST = DEMO_FIRST_NAMES;
const LAST = DEMO_SURNAMES;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const dataDir = benchDataDir(mkdtempSync(path.join(tmpdir(), 'extranet-bench-')));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    ADMIN_USERNAME: 'admin',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Bench-Admin-Password-1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  } as NodeJS.ProcessEnv);
  const database = await openProductDatabase(config);
  const { handle } = database;
  try {
    await handle.migrate();
    await seed(handle.db, config);

    const random = seededRandom(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
    const seedStarted = performance.now();
    // Bulk load as one would: trigram indexes dropped during the load and built afterwards.
    const indexes = (
      (await handle.db.execute(
        sql`select indexname, indexdef from pg_indexes where tablename = 'pax' and indexdef like '%gin%'`,
      )) as unknown as { rows: { indexname: string; indexdef: string }[] }
    ).rows;
    for (const index of indexes) await handle.db.execute(sql.raw(`drop index "${index.indexname}"`));
    for (let start = 0; start < ROWS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, index) => {
        const name = random() < 0.2 ? `${pick(FIRST)} ${pick(FIRST)}` : pick(FIRST);
        const surname = random() < 0.15 ? `${pick(LAST)} ${pick(LAST)}` : pick(LAST);
        return {
          name,
          surname,
          docType: 'DNI',
          docNumber: String(10_000_000 + start + index),
          email: `pasajero${start + index}@correo.example.com`,
          birthDate: `19${50 + Math.floor(random() * 50)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
        };
      });
      await handle.db.insert(passengers).values(rows);
    }
    for (const index of indexes) await handle.db.execute(sql.raw(index.indexdef));
    await handle.db.execute(sql`analyze`);
    const seedSeconds = ((performance.now() - seedStarted) / 1000).toFixed(1);

    const app = await buildApp({
      config,
      db: handle.db,
      databaseKind: handle.kind,
      tokens: createTokenService(config.jwtSecret, { accessMinutes: 60, refreshDays: 1 }),
      mailer: createMailer({ outboxDir: config.outboxDir, from: config.mailFrom }),
    });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'admin', password: 'Bench-Admin-Password-1' },
    });
    const authorization = `Bearer ${login.json<{ access: string }>().access}`;

    // Varied terms: 3 to 6 letter pieces of names and surnames, as a user types them.
    const words = [...FIRST, ...LAST];
    const terms = Array.from({ length: REQUESTS }, () => {
      const word = pick(words).toLowerCase();
      const length = 3 + Math.floor(random() * 4);
      const from = Math.floor(random() * Math.max(1, word.length - length + 1));
      return word.slice(from, from + length);
    });
    const page = (term: string) =>
      app.inject({
        method: 'GET',
        url: `/api/pax/?name=${encodeURIComponent(term)}&offset=0&limit=20`,
        headers: { authorization },
      });
    for (const term of terms.slice(0, 20)) await page(term); // warm-up

    // The fixed cost of a call (authentication, routing, serialization): an exact, indexed filter.
    const baseline: number[] = [];
    for (let index = 0; index < 50; index++) {
      const started = performance.now();
      await app.inject({
        method: 'GET',
        url: `/api/pax/?doc_number=${10_000_000 + index * 997}`,
        headers: { authorization },
      });
      baseline.push(performance.now() - started);
    }
    baseline.sort((a, b) => a - b);

    const timings: number[] = [];
    let matched = 0;
    for (const term of terms) {
      const started = performance.now();
      const response = await page(term);
      timings.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`GET failed: ${response.statusCode} ${response.body}`);
      matched += response.json<{ count: number }>().count;
    }
    timings.sort((a, b) => a - b);
    const median = percentile(timings, 50);
    const p95 = percentile(timings, 95);
    console.log(
      [
        `masterDataList: ${ROWS.toLocaleString('en')} passengers (seeded in ${seedSeconds} s), ${REQUESTS} pages of GET /api/pax/?name=<term>&limit=20`,
        `  average matches per term: ${Math.round(matched / REQUESTS).toLocaleString('en')}`,
        `  fixed cost of a call (exact doc_number filter): median ${percentile(baseline, 50).toFixed(2)} ms`,
        `  median ${median.toFixed(2)} ms   p95 ${p95.toFixed(2)} ms   max ${timings[timings.length - 1].toFixed(2)} ms`,
        `  budget: median under ${BUDGET_MEDIAN_MS} ms -> ${median < BUDGET_MEDIAN_MS ? 'OK' : 'OVER BUDGET'}`,
      ].join('\n'),
    );
    await app.close();
    if (median >= BUDGET_MEDIAN_MS) process.exitCode = 1;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
