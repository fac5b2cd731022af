/**
 * Generated passengers for the list benchmarks and the plan tests (issue 11): `rows` rows made by
 * one `insert ... select from generate_series` (no client round trip per row), names and surnames
 * spread by a hash of the row number over the demo lists (each first name on about 2% of the rows:
 * a 'common' fragment), and one rare surname on every 65,536th row (about 15 rows in a million).
 * Indexes are dropped during the load and built afterwards, then VACUUM ANALYZE (visibility map
 * for index-only scans, statistics for the planner).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { DEMO_FIRST_NAMES, DEMO_SURNAMES } from '../src/server/db/seed/masterData';

/** On about 1 row in 65,536. */
export const RARE_SURNAME = 'Ybarguengoitia';
/** A first name of the demo list: about 2% of the rows (plus double names). */
export const COMMON_FRAGMENT = 'sofía';
export const RARE_FRAGMENT = 'barguen';
/** doc_number of generated row i (1-based). */
export const docNumberOf = (i: number) => String(20_000_000 + i);

const literalArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(',')}]::text[]`;

type Rows<T> = { rows: T[] };

export async function generatePassengers(db: Database, rows: number, log = false): Promise<number> {
  const started = performance.now();
  const indexes = (
    (await db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'pax' and indexname <> 'pax_pkey'`,
    )) as unknown as Rows<{ indexname: string; indexdef: string }>
  ).rows;
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  const first = literalArray(DEMO_FIRST_NAMES);
  const last = literalArray(DEMO_SURNAMES);
  const n = DEMO_FIRST_NAMES.length;
  const m = DEMO_SURNAMES.length;
  const chunk = 250_000;
  for (let from = 1; from <= rows; from += chunk) {
    const to = Math.min(rows, from + chunk - 1);
    await db.execute(
      sql.raw(`
      insert into pax (name, surname, doc_type, doc_number, email, birth_date)
      select
        case when abs(hashint4(i + 7)) % 5 = 0
          then (${first})[1 + abs(hashint4(i)) % ${n}] || ' ' || (${first})[1 + abs(hashint4(i + 1)) % ${n}]
          else (${first})[1 + abs(hashint4(i)) % ${n}] end,
        case when i % 65536 = 7 then '${RARE_SURNAME}'
          else (${last})[1 + abs(hashint4(i + 3)) % ${m}] end,
        'DNI',
        (20000000 + i)::text,
        'pasajero' || i || '@correo.example.com',
        date '1950-01-01' + (abs(hashint4(i + 11)) % 18000)
      from generate_series(${from}, ${to}) as i`),
    );
    if (log) process.stdout.write(`  ${to.toLocaleString('en')} rows\n`);
  }
  for (const index of indexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`vacuum analyze pax`);
  return performance.now() - started;
}
