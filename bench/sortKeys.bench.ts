/**
 * Issue 40: the first page of the list orderings migration 0038 made index-backed, before and
 * after, on one `npm run seed:volume` database (DATA_DIR or DATABASE_URL, the server stopped):
 * 'before' orders by the expression the list used until then (the related row's name read per
 * row, the reservation's dates, the vouchers' sums), 'after' by the resource's ordering now (the
 * copy on the row and its index). Each is the median of 5 `EXPLAIN (ANALYZE)` execution times of
 * the page's ids statement (25 rows, no filter).
 *
 *   DATA_DIR=/tmp/sortkeys-vol EMBEDDED_PG_PORT=3461 npx tsx bench/sortKeys.bench.ts
 */
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { loadConfig } from '../src/server/config';
import { openProductDatabase } from '../src/server/db/productDatabase';
import { reservations, vouchers } from '../src/server/db/schema';
import { reservationResource, voucherResource } from '../src/server/resources/bookings';
import { invoicingResource } from '../src/server/resources/invoicing';
import { idsStatement, parseOrdering } from '../src/server/resources/listQuery';
import { relatedNameKey } from '../src/server/resources/sortKeys';

const R = sql.raw('"reservations"');
const voucherSum = (column: string) =>
  sql`(select sum(v.${sql.raw(column)}) from vouchers v where v.reservation_id = ${R}."id")`;
const invoicingOf = (column: string) =>
  sql.raw(
    `(select ri.${column} from reservation_invoicing ri where ri.reservation_id = "reservations"."id")`,
  );

/** The orderings as main declared them before migration 0038. */
const before = {
  Vouchers: {
    reservation_date_in: sql`(select r.date_in from reservations r where r.id = ${vouchers.reservationId})`,
    reservation_date_out: sql`(select r.date_out from reservations r where r.id = ${vouchers.reservationId})`,
    duration: sql`(select r.date_out - r.date_in from reservations r where r.id = ${vouchers.reservationId})`,
    payment_method: relatedNameKey('reservations', 'payment_method', vouchers.reservationId),
    office_name: relatedNameKey('offices', 'long_name', vouchers.officeId),
    product_long_name: relatedNameKey('products', 'long_name', vouchers.productId),
    supplier_name: relatedNameKey(
      'suppliers',
      'long_name',
      sql`(select p.supplier_id from products p where p.id = ${vouchers.productId})`,
    ),
  },
  Reservas: {
    user_detail: relatedNameKey('users', 'username', reservations.userId),
    user_reservation_detail: relatedNameKey('users', 'username', reservations.userReservationId),
    office: relatedNameKey('offices', 'long_name', reservations.officeId),
  },
  Facturación: {
    office: relatedNameKey('offices', 'long_name', reservations.officeId),
    date_fact: sql`${invoicingOf('date_fact')}`,
    invoicing_status: sql`coalesce(${invoicingOf('status')}, 1)`,
    final_price: voucherSum('final_price'),
    commission: voucherSum('commission'),
    net_price: voucherSum('net_price'),
  },
} as Record<string, Record<string, SQL>>;
const lists = {
  Vouchers: { table: vouchers, ordering: voucherResource.ordering },
  Reservas: { table: reservations, ordering: reservationResource.ordering },
  Facturación: { table: reservations, ordering: invoicingResource.ordering },
} as Record<
  string,
  { table: typeof vouchers | typeof reservations; ordering: Record<string, PgColumn | SQL> }
>;

const database = await openProductDatabase(loadConfig(process.env));
const { db } = database.handle;
try {
  const counted = (await db.execute(sql`select count(*)::int as n from vouchers`)) as unknown as {
    rows: { n: number }[];
  };
  console.log(`${counted.rows[0].n.toLocaleString('en')} vouchers; median of 5, ms`);
  console.log('| List | Ordering | Before | After |\n| --- | --- | ---: | ---: |');
  for (const [list, fields] of Object.entries(before))
    for (const [field, old] of Object.entries(fields))
      for (const term of [field, `-${field}`]) {
        const { table, ordering } = lists[list];
        const time = async (known: Record<string, PgColumn | SQL>): Promise<number> => {
          const { statement } = idsStatement({
            table,
            selection: {},
            where: undefined,
            order: parseOrdering(term, '-id', known, table.id),
            offset: 0,
            limit: 25,
          });
          const runs: number[] = [];
          for (let run = 0; run < 5; run++) {
            const result = (await db.execute(sql`explain (analyze, timing off) ${statement}`)) as unknown as {
              rows: { 'QUERY PLAN': string }[];
            };
            const line = result.rows.map((row) => row['QUERY PLAN']).join('\n');
            runs.push(Number(/Execution Time: ([\d.]+) ms/.exec(line)?.[1]));
          }
          return runs.sort((a, b) => a - b)[2];
        };
        const was = await time({ ...ordering, [field]: old });
        const now = await time(ordering);
        console.log(`| ${list} | ${term} | ${was.toFixed(1)} | ${now.toFixed(2)} |`);
      }
} finally {
  await database.close();
}
