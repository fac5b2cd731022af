/**
 * The plans of the voucher list at volume (issue 15): 100,000 generated vouchers over 33,334
 * reservations (bench/voucherData.ts, as `npm run seed:volume` makes them), and the statements the
 * engine issues for each shape the benchmark measures — first page, status filter, product
 * contains, a deep offset — and for an agency's office scope: the page's ids (one statement on
 * vouchers), its rows by id (names by joins, travellers from the copy on the voucher, for the page's rows only),
 * the one-statement page exports read, and the capped count. None may read a
 * large table (vouchers, reservations, passengers, voucher_passengers) by a sequential scan.
 */
import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVouchers } from '../../bench/voucherData';
import { listRowScopeOf } from '../../src/server/auth/officeScope';
import type { Principal } from '../../src/server/auth/principal';
import { offices, products, refunds, reservations, vouchers } from '../../src/server/db/schema';
import {
  reservationResource,
  voucherExtra,
  voucherResource,
  voucherScope,
} from '../../src/server/resources/bookings';
import {
  countStatement,
  idsStatement,
  pageStatement,
  parseOrdering,
  rowsByIdStatement,
} from '../../src/server/resources/listQuery';
import { refundReviewResource } from '../../src/server/resources/refundReview';
import { isComputedKey } from '../../src/server/resources/sortKeys';
import { createTestApp, type TestApp } from './support';

/** The ids of a page read in order from an index: the Limit's input is the index scan itself. */
const INDEX_UNDER_LIMIT = /Limit [^\n]*\n\s*->\s+Index (Only )?Scan (Backward )?using/;
const LARGE_TABLE_SCAN = /Seq Scan on (vouchers|reservations|pax|voucher_passengers|refunds)\b/;

let testApp: TestApp;
let agencyOffice: number;
/** The list's scopes (the office tree's ids as values): the busiest agency, and a new one with no vouchers. */
let agencyScope: SQL | undefined;
let emptyAgencyScope: SQL | undefined;

beforeAll(async () => {
  testApp = await createTestApp({ seedDemo: false });
  await generateVouchers(testApp.handle.db, 100_000);
  const result = (await testApp.handle.db.execute(
    sql`select office_id as id from vouchers group by office_id order by count(*) desc limit 1`,
  )) as unknown as { rows: { id: number }[] };
  agencyOffice = result.rows[0].id;
  const [empty] = await testApp.handle.db
    .insert(offices)
    .values({ shortName: 'NUEVA-AG', longName: 'Agencia nueva sin vouchers' })
    .returning({ id: offices.id });
  // A product sold 30 times among 100,000 vouchers.
  const [rare] = await testApp.handle.db
    .insert(products)
    .values({ shortName: 'RARO', longName: 'Asistencia Rara de Prueba' })
    .returning({ id: products.id });
  await testApp.handle.db.execute(
    sql`update vouchers set product_id = ${rare.id} where id in (select id from vouchers order by id limit 30)`,
  );
  // Issue 40: Reintegros sorts by every column; 25,000 refunds over the vouchers.
  await testApp.handle.db.execute(sql`
    insert into refunds (voucher_id, doc_number, name, surname, email, phone_contact, idempotency_key, country_residence, status)
    select v.id, 'D' || (v.id::bigint * 7919 % 100000), 'Nombre ' || (v.id::bigint * 104729 % 5000), 'Apellido', 'r' || v.id || '@example.com',
      '1100000000', gen_random_uuid(), 'ARG',
      (array['RECIBIDO', 'EN_REVISION', 'APROBADO', 'PAGADO', 'RECHAZADO'])[1 + v.id % 5]
    from vouchers v where v.id % 4 = 0`);
  await testApp.handle.db.execute(sql`analyze vouchers`);
  await testApp.handle.db.execute(sql`analyze refunds`);
  const { ownership } = voucherResource;
  agencyScope = await listRowScopeOf(testApp.handle.db, ownership, agency(agencyOffice));
  emptyAgencyScope = await listRowScopeOf(testApp.handle.db, ownership, agency(empty.id));
}, 300_000);
afterAll(() => testApp?.close());

async function plan(statement: SQL): Promise<string> {
  const result = (await testApp.handle.db.execute(sql`explain ${statement}`)) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

const filter = async (name: 'status' | 'product_long_name', value: string): Promise<SQL> => {
  const declared = voucherResource.filters[name];
  if (declared.kind !== 'custom') throw new Error(`${name} is not a custom filter`);
  return declared.build(value, testApp.handle.db);
};

/** An Agencia user (group 16) of an office: the office scope of §6. */
const agency = (officeId = agencyOffice): Principal =>
  ({ groupIds: [16], isSuperuser: false, officeId }) as Principal;

const order = parseOrdering('-id', '-id', voucherResource.ordering, vouchers.id);
const selection = { ...getTableColumns(vouchers), ...voucherExtra };
/** The tables a voucher's travellers were built from before migration 0025 copied them. */
const TRAVELLER_TABLES = /voucher_passengers|\bpax\b/;
const joins = voucherResource.joins;

const shapes: { name: string; where: () => Promise<SQL | undefined>; offset: number }[] = [
  { name: 'first page', where: async () => undefined, offset: 0 },
  { name: 'status filter', where: () => filter('status', '6'), offset: 0 },
  { name: 'product contains', where: () => filter('product_long_name', 'europa'), offset: 0 },
  { name: 'deep offset', where: async () => undefined, offset: 20_000 },
  { name: 'office scope (by id)', where: async () => voucherScope(agency()), offset: 0 },
  { name: 'office scope (list)', where: async () => agencyScope, offset: 0 },
  {
    name: 'office scope and status',
    where: async () => sql`${agencyScope} and ${await filter('status', '6')}`,
    offset: 0,
  },
  { name: 'a new office without vouchers', where: async () => emptyAgencyScope, offset: 0 },
];

describe('voucher list plans over 100,000 vouchers', () => {
  for (const shape of shapes) {
    it(`${shape.name}: the page's ids never scan a large table`, async () => {
      // The list reads the page's ids and keys first (no columns: one statement on vouchers).
      const { statement } = idsStatement({
        table: vouchers,
        selection: {},
        where: await shape.where(),
        order,
        offset: shape.offset,
        limit: 25,
      });
      const page = await plan(statement);
      expect(page, page).not.toMatch(LARGE_TABLE_SCAN);
      expect(page, page).toMatch(/vouchers/);
      expect(page, page).not.toMatch(/reservations|voucher_passengers/);
    });

    it(`${shape.name}: the one-statement page (exports) names its rows by key`, async () => {
      const { query } = pageStatement(testApp.handle.db, {
        table: vouchers,
        selection,
        joins,
        where: await shape.where(),
        order,
        offset: shape.offset,
        limit: 25,
      });
      const page = await plan(query.getSQL());
      expect(page, page).not.toMatch(LARGE_TABLE_SCAN);
      expect(page).toMatch(/reservations_pkey/);
      // The travellers come with the voucher row (pax_list, migration 0025).
      expect(page).not.toMatch(TRAVELLER_TABLES);
    });

    it(`${shape.name}: the capped count never scans a large table`, async () => {
      const counted = await plan(countStatement(vouchers, await shape.where(), 10_000));
      expect(counted, counted).not.toMatch(LARGE_TABLE_SCAN);
    });
  }

  it("a product contains filter names the matching products' ids: a rare product's vouchers by their index", async () => {
    const { statement } = idsStatement({
      table: vouchers,
      selection: {},
      where: await filter('product_long_name', 'rara de prueba'),
      order,
      offset: 0,
      limit: 25,
    });
    const page = await plan(statement);
    expect(page, page).toMatch(/vouchers_product_idx/);
    expect(page, page).not.toMatch(LARGE_TABLE_SCAN);
  });

  it('a product contains filter that matches no product reads no voucher', async () => {
    const where = await filter('product_long_name', 'ningún producto así');
    for (const statement of [
      idsStatement({ table: vouchers, selection: {}, where, order, offset: 0, limit: 25 }).statement,
      countStatement(vouchers, where, 10_000),
    ]) {
      const planned = await plan(statement);
      expect(planned, planned).toMatch(/One-Time Filter: false/);
      expect(planned, planned).not.toMatch(/on vouchers/);
    }
  });

  it("the page's rows, by id, name their reservation, office and product by key, and read no traveller table", async () => {
    const ids = sql`array[1, 2, 3, 50000, 99999, 100000]::int[]`;
    const rows = await plan(
      rowsByIdStatement(testApp.handle.db, { table: vouchers, selection, joins }, ids).getSQL(),
    );
    expect(rows, rows).not.toMatch(LARGE_TABLE_SCAN);
    expect(rows, rows).toMatch(/vouchers_pkey/);
    expect(rows, rows).toMatch(/reservations_pkey/);
    expect(rows, rows).not.toMatch(TRAVELLER_TABLES);
  });

  it('the office scope is read through the voucher copy of the office (vouchers_office_id_idx)', async () => {
    const counted = await plan(countStatement(vouchers, voucherScope(agency()), 10_000));
    expect(counted).toMatch(/vouchers_office_id_idx/);
    expect(counted).not.toMatch(/reservations/);
  });

  it('a new office without vouchers reads its empty list through the office index, not every voucher', async () => {
    const { statement } = idsStatement({
      table: vouchers,
      selection: {},
      where: emptyAgencyScope,
      order,
      offset: 0,
      limit: 25,
    });
    const page = await plan(statement);
    expect(page, page).toMatch(/vouchers_office_id_idx/);
    expect(page, page).not.toMatch(/Scan Backward using vouchers_pkey/);
  });

  it('a deep offset walks the primary key for ids only (the deferred join)', async () => {
    const { statement } = idsStatement({
      table: vouchers,
      selection: {},
      where: undefined,
      order,
      offset: 20_000,
      limit: 25,
    });
    expect(await plan(statement)).toMatch(/Index Only Scan Backward using vouchers_pkey/);
  });

  // Issue 11: a sorted screen never sorts a large table. Every ordering a user may ask of Vouchers
  // and Reservas, both directions: the ids come from an index in that order (a Sort may only
  // order the page's own rows).
  // Issue 40: Reintegros too; an ordering computed from another table (a related name: sortKeys.ts
  // `computedKey`) is measured below instead.
  const orderings = [
    { table: vouchers, resource: voucherResource, selection: { id: vouchers.id } },
    { table: reservations, resource: reservationResource, selection: { id: reservations.id } },
    { table: refunds, resource: refundReviewResource, selection: { id: refunds.id } },
  ] as const;
  const ownColumns = (ordering: Record<string, unknown>) =>
    Object.keys(ordering).filter((field) => !isComputedKey(ordering[field]));
  for (const { table, resource, selection: columns } of orderings)
    for (const field of ownColumns(resource.ordering))
      for (const ordering of [field, `-${field}`])
        it(`${getTableName(table)} ordered by ${ordering}: an index in that order, no sort of the table`, async () => {
          const { query } = pageStatement(testApp.handle.db, {
            table,
            selection: columns,
            where: undefined,
            order: parseOrdering(ordering, '-id', resource.ordering, table.id),
            offset: 0,
            limit: 25,
          });
          const page = await plan(query.getSQL());
          // The page's ids: a Limit straight over an index scan, no sort below it.
          expect(page, page).toMatch(INDEX_UNDER_LIMIT);
          expect(page, page).not.toMatch(LARGE_TABLE_SCAN);
        });

  // Issue 40: the columns showing a related row's name or a reservation's date sort by a key
  // computed per row: the first page is a bounded top-N sort of the filtered rows, never a sort
  // of the whole result spilled to disk. Its time at 100,000 vouchers is logged (docs/lists.md).
  for (const { table, resource } of orderings.slice(0, 2))
    for (const field of Object.keys(resource.ordering).filter((key) =>
      isComputedKey((resource.ordering as Record<string, unknown>)[key]),
    ))
      it(`${getTableName(table)} ordered by ${field} (computed): a top-N sort under the page's limit`, async () => {
        const { statement } = idsStatement({
          table,
          selection: {},
          where: undefined,
          order: parseOrdering(field, '-id', resource.ordering, table.id),
          offset: 0,
          limit: 25,
        });
        const result = (await testApp.handle.db.execute(
          sql`explain (analyze, timing off) ${statement}`,
        )) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        const analyzed = result.rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(analyzed, analyzed).toMatch(/Limit[^\n]*\n(\s*Buffers:[^\n]*\n)?\s*->\s+Sort/);
        expect(analyzed, analyzed).toMatch(/Sort Method: top-N heapsort/);
        const time = /Execution Time: ([\d.]+) ms/.exec(analyzed)?.[1];
        console.info(`${getTableName(table)} ordered by ${field}: ${time} ms over 100,000 vouchers`);
        expect(Number(time)).toBeGreaterThan(0);
      });
});
