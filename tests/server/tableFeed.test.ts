/**
 * Caches that hold across instances (issue 29): migration 0028's triggers announce every change of
 * a listed table on 'table_changed', and bump the principal epoch on every change of groups,
 * permissions and their join tables. A write made outside this instance's engine (plain SQL, as
 * another instance or an administrator would make it) changes a deep page, a capped count and a
 * principal's permissions as soon as the announcement arrives; with the feed not heard, after
 * `UNHEARD_BOUND_MS` at most. Also `?count=exact`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is, SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { principalAnnouncements } from '../../src/server/auth/principal';
import {
  ANNOUNCED_TABLES,
  parseAnnouncement,
  TABLE_CHANNEL,
  tableAnnouncements,
  tableChanged,
  UNHEARD_BOUND_MS,
  watchTableChanges,
} from '../../src/server/cache/tableMemory';
import type { ChannelListener } from '../../src/server/db/client';
import { auditLog, passengers, storedFiles } from '../../src/server/db/schema';
import {
  clearCountCache,
  countMarginOf,
  countRows,
  EXACT_COUNT,
  rowsRemovedIn,
} from '../../src/server/resources/listQuery';
import { as, createTestApp, type TestApp } from './support';

const PASSWORD = 'Viaje-Seguro-2026';
let testApp: TestApp;
let admin: ReturnType<typeof as>;
let member: ReturnType<typeof as>;
let groupId: number;

interface Page {
  count: number;
  count_kind: string;
  results: { id: number }[];
}

beforeAll(async () => {
  testApp = await createTestApp({ seedDemo: false });
  admin = as(testApp, await testApp.login('admin'));
  const group = await admin({
    method: 'POST',
    url: '/api/groups/',
    payload: { name: 'Lectores del feed', all_permissions: ['pax/view'] },
  });
  expect(group.statusCode, group.body).toBe(201);
  groupId = group.json<{ id: number }>().id;
  const user = await admin({
    method: 'POST',
    url: '/api/profile/',
    payload: {
      email: 'feed@example.com',
      username: 'feed',
      password: PASSWORD,
      first_name: 'Fe',
      last_name: 'Ed',
      groups: [groupId],
    },
  });
  expect(user.statusCode, user.body).toBe(201);
  member = as(testApp, await testApp.login('feed', PASSWORD));
  testApp.context.config.listExactCountLimit = 30;
  // Deep offsets start from anchors past 10,000 rows.
  await testApp.handle.db.execute(sql`
    insert into pax (name, surname, doc_type, doc_number)
    select 'Fondo', 'Hondo', 'DNI', 'FEED' || g from generate_series(1, 10100) as g`);
  await testApp.handle.db.execute(sql`
    insert into pax (name, surname, doc_type, doc_number)
    select 'Tope', 'Capado', 'DNI', 'CAP' || g from generate_series(1, 31) as g`);
  await testApp.handle.db.execute(sql`analyze pax`);
}, 120_000);
afterAll(() => testApp.close());

const list = async (query: string): Promise<Page> => {
  const response = await admin({ method: 'GET', url: `/api/pax/?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};
/** What PostgreSQL answers for the same deep page, walking every row before it. */
const truth = async (offset: number, limit: number) =>
  (
    (await testApp.handle.db.execute(
      sql`select id from pax order by id desc offset ${offset} limit ${limit}`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((row) => Number(row.id));
const pgDialect = new PgDialect();
/** A statement's text, as the spy of `execute` saw it. */
const dialectSql = (statement: unknown) =>
  is(statement, SQL) ? pgDialect.sqlToQuery(statement).sql : String(statement);
/** Spies on the database's statements; answers how many capped counts ran since. */
function spyCounts(): () => number {
  const statements = vi.spyOn(testApp.handle.db, 'execute');
  return () =>
    statements.mock.calls.filter(([statement]) => dialectSql(statement).includes('count(*)')).length;
}
/** Runs plain SQL (another writer) and waits until this instance hears its announcement. */
async function elsewhere(statement: ReturnType<typeof sql>) {
  const heard = tableAnnouncements();
  await testApp.handle.db.execute(statement);
  await vi.waitFor(() => expect(tableAnnouncements()).toBeGreaterThan(heard), { timeout: UNHEARD_BOUND_MS });
}

describe('the table change feed', () => {
  it('is sent by a trigger on every table a registered module lists, and the cache knows exactly those tables', async () => {
    // Every module declaration exported by src/server/resources (derived, not listed here).
    const directory = path.resolve('src/server/resources');
    const listed = new Set<string>();
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.ts'))) {
      const exported: Record<string, unknown> = await import(path.join(directory, file));
      for (const value of Object.values(exported)) {
        const table = (value as { table?: unknown } | null)?.table;
        if (value && typeof value === 'object' && 'contract' in value && is(table, PgTable))
          listed.add(getTableName(table));
      }
    }
    expect(listed.size).toBeGreaterThan(20);
    const triggered = (
      (await testApp.handle.db.execute(sql`
        select distinct c.relname as name from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'announce_table_change' and not t.tgisinternal`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows.map((row) => row.name);
    for (const table of listed) expect(triggered, `${table} announces its changes`).toContain(table);
    expect([...ANNOUNCED_TABLES].sort()).toEqual([...triggered].sort());
    // Migration 0040: the same tables count their updated and deleted rows, one trigger each.
    const counting = (
      (await testApp.handle.db.execute(sql`
        select c.relname as name, count(*)::int as events from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where p.proname = 'announce_table_removals' and not t.tgisinternal and t.tgoldtable is not null
        group by c.relname`)) as unknown as { rows: { name: string; events: number }[] }
    ).rows;
    expect(counting.map((row) => row.name).sort()).toEqual([...ANNOUNCED_TABLES].sort());
    expect(new Set(counting.map((row) => row.events))).toEqual(new Set([2]));
  });

  it("changes a deep page at once after another writer's insert", async () => {
    const offset = 10_050;
    const before = await list(`ordering=-id&offset=${offset}&limit=5`);
    expect(before.results.map((row) => row.id)).toEqual(await truth(offset, 5));
    // The anchors are kept: the same page again is served from them...
    expect((await list(`ordering=-id&offset=${offset}&limit=5`)).results).toEqual(before.results);
    // ...until a row lands first in '-id' through plain SQL: every later row moves one down.
    await elsewhere(
      sql`insert into pax (name, surname, doc_type, doc_number) values ('Nueva', 'Fila', 'DNI', 'FEED-NEW')`,
    );
    const after = await list(`ordering=-id&offset=${offset}&limit=5`);
    expect(after.results.map((row) => row.id)).toEqual(await truth(offset, 5));
    expect(after.results[1].id).toBe(before.results[0].id);
  });

  it("changes a capped count at once after another writer's delete", async () => {
    expect(await list('surname=Capado&limit=5')).toMatchObject({ count: 30, count_kind: 'capped' });
    await elsewhere(
      sql`delete from pax where id in (select id from pax where surname = 'Capado' order by id limit 2)`,
    );
    expect(await list('surname=Capado&limit=5')).toMatchObject({ count: 29, count_kind: 'exact' });
  });

  it("keeps a capped count through another writer's removals its margin covers, and counts again past them", async () => {
    // Cap 30, margin 3: 34 rows are counted 34, three past 'more than 30'.
    await testApp.handle.db.execute(sql`
      insert into pax (name, surname, doc_type, doc_number)
      select 'Con', 'Margen', 'DNI', 'MARGIN' || g from generate_series(1, 34) as g`);
    expect(countMarginOf(30)).toBe(3);
    clearCountCache();
    const countsRun = spyCounts();
    try {
      const margin = () => list('surname=Margen&limit=5');
      expect(await margin()).toMatchObject({ count: 30, count_kind: 'capped' });
      expect(countsRun()).toBe(1);
      // Rows added never make 'more than 30' false: kept, not counted again.
      await elsewhere(
        sql`insert into pax (name, surname, doc_type, doc_number) values ('Otra', 'Margen', 'DNI', 'MARGIN-NEW')`,
      );
      // Two deleted and one moved out of the filter: three removals, the margin.
      await elsewhere(
        sql`delete from pax where id in (select id from pax where surname = 'Margen' order by id limit 2)`,
      );
      await elsewhere(
        sql`update pax set surname = 'Fuera' where id = (select min(id) from pax where surname = 'Margen')`,
      );
      expect(await margin()).toMatchObject({ count: 30, count_kind: 'capped' });
      expect(countsRun()).toBe(1);
      // One more removal than it counted past the cap: counted again (31 rows: still capped).
      await elsewhere(sql`delete from pax where id = (select min(id) from pax where surname = 'Margen')`);
      expect(await margin()).toMatchObject({ count: 30, count_kind: 'capped' });
      expect(countsRun()).toBe(2);
      // Counted 31, nothing past 'more than 30': one removal makes it exact at once.
      await elsewhere(sql`delete from pax where id = (select min(id) from pax where surname = 'Margen')`);
      expect(await margin()).toMatchObject({ count: 30, count_kind: 'exact' });
      // The payloads (migration 0040): an insert's, an update's or delete's, a truncate's (its
      // removals not counted: everything of the table is dropped).
      expect(parseAnnouncement('pax')).toEqual({ table: 'pax', removed: undefined });
      expect(parseAnnouncement('pax 0')).toEqual({ table: 'pax', removed: 0 });
      expect(parseAnnouncement('pax 2 5')).toEqual({ table: 'pax', removed: 2 });
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('runs one count for the requests asking it meanwhile, and not one a change since has made false', async () => {
    clearCountCache();
    const countsRun = spyCounts();
    const count = (surname: string) =>
      countRows(testApp.handle.db, passengers, sql`surname = ${surname}`, 30);
    try {
      // Five at once: one statement, five answers.
      expect(await Promise.all(Array.from({ length: 5 }, () => count('Hondo')))).toEqual(
        Array.from({ length: 5 }, () => ({ count: 30, kind: 'capped' })),
      );
      expect(countsRun()).toBe(1);
      // An exact count (30 'Margen' rows left) started before a change is not taken by a request
      // after it: an inserted row may match.
      const before = count('Margen');
      tableChanged('pax', 'local', 0);
      const after = count('Margen');
      expect(await Promise.all([before, after])).toEqual([
        { count: 30, kind: 'exact' },
        { count: 30, kind: 'exact' },
      ]);
      expect(countsRun()).toBe(3);
      // A capped one is, through removals it has slack for (34 'Hondo' rows counted, 3 past 30).
      clearCountCache();
      const capped = count('Hondo');
      tableChanged('pax', 'local', 2);
      const joined = count('Hondo');
      expect(await Promise.all([capped, joined])).toEqual([
        { count: 30, kind: 'capped' },
        { count: 30, kind: 'capped' },
      ]);
      expect(countsRun()).toBe(4);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("answers exact at once on this instance after its own delete leaves the cap's count", async () => {
    await testApp.handle.db.execute(sql`
      insert into pax (name, surname, doc_type, doc_number)
      select 'Al', 'Borde', 'DNI', 'EDGE' || g from generate_series(1, 31) as g`);
    expect(await list('surname=Borde&limit=5')).toMatchObject({ count: 30, count_kind: 'capped' });
    const edge = await list('surname=Borde&limit=1');
    const removed = await admin({ method: 'DELETE', url: `/api/pax/${edge.results[0].id}/` });
    expect(removed.statusCode, removed.body).toBe(204);
    // No wait for the announcement: the engine counted its removal before committing.
    expect(await list('surname=Borde&limit=5')).toMatchObject({ count: 30, count_kind: 'exact' });
  });

  it("counts the engine's own removals before its commit, by the triggers' running total", async () => {
    const [first, second] = (
      (await testApp.handle.db.execute(
        sql`select id from pax where surname = 'Hondo' order by id limit 2`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const removed: (number | undefined)[] = [];
    const rolledBack = new Error('rolled back: the other tests keep their rows');
    const transaction = testApp.handle.db.transaction(async (tx) => {
      removed.push(await rowsRemovedIn(tx, passengers));
      await tx.execute(sql`update pax set name = 'Fondo' where id in (${first.id}, ${second.id})`);
      await tx.execute(
        sql`insert into pax (name, surname, doc_type, doc_number) values ('A', 'B', 'DNI', 'RUN-1')`,
      );
      removed.push(await rowsRemovedIn(tx, passengers));
      await tx.execute(sql`delete from pax where doc_number = 'RUN-1'`);
      removed.push(await rowsRemovedIn(tx, passengers), await rowsRemovedIn(tx, auditLog));
      throw rolledBack;
    });
    await expect(transaction).rejects.toBe(rolledBack);
    // Updates and deletes count, inserts do not; each table has its own total.
    expect(removed).toEqual([0, 2, 3, 0]);
    // A table without the triggers: not counted (every answer of it is dropped on its changes).
    expect(await rowsRemovedIn(testApp.handle.db, storedFiles)).toBeUndefined();
  });

  it("reaches a principal at once when plain SQL changes its group's permissions (the epoch by trigger)", async () => {
    const zone = async () => (await member({ method: 'GET', url: '/api/zone/' })).statusCode;
    expect(await zone()).toBe(403);
    expect(await zone()).toBe(403);
    const grant = async (statement: ReturnType<typeof sql>) => {
      const heard = principalAnnouncements();
      await testApp.handle.db.execute(statement);
      await vi.waitFor(() => expect(principalAnnouncements()).toBeGreaterThan(heard), { timeout: 2_000 });
    };
    await grant(sql`insert into group_permissions (group_id, permission_id)
      select ${groupId}, id from permissions where codename = 'zone/view'`);
    expect(await zone()).toBe(200);
    await grant(sql`delete from group_permissions where group_id = ${groupId}
      and permission_id = (select id from permissions where codename = 'zone/view')`);
    expect(await zone()).toBe(403);
  });

  it('keeps an answer at most UNHEARD_BOUND_MS while the feed is not heard', async () => {
    let feed: ChannelListener = { message() {}, listening() {} };
    // Replaces the app's watch with one the test controls (announcements never arrive).
    const stop = watchTableChanges(testApp.handle.db, (channel, listener) => {
      expect(channel).toBe(TABLE_CHANNEL);
      feed = listener;
      return async () => {};
    });
    try {
      feed.listening(false);
      const capped = () => countRows(testApp.handle.db, passengers, sql`surname = 'Capado'`, 20);
      expect(await capped()).toEqual({ count: 20, kind: 'capped' });
      await testApp.handle.db.execute(sql`delete from pax where surname = 'Capado' and id in
        (select id from pax where surname = 'Capado' order by id limit 10)`);
      // Not heard: the remembered answer is served within the bound...
      expect(await capped()).toEqual({ count: 20, kind: 'capped' });
      // ...and never after it.
      await new Promise((resolve) => setTimeout(resolve, UNHEARD_BOUND_MS + 50));
      expect(await capped()).toEqual({ count: 19, kind: 'exact' });
    } finally {
      await stop();
      // The app's own watch again (heard).
      watchTableChanges(testApp.handle.db, testApp.handle.listen);
    }
  });
});

describe('?count=exact', () => {
  it('answers the exact count of any list, past the cap', async () => {
    clearCountCache();
    expect(await list('surname=Hondo&limit=5')).toMatchObject({ count: 30, count_kind: 'capped' });
    expect(await list('surname=Hondo&limit=5&count=exact')).toMatchObject({
      count: 10_100,
      count_kind: 'exact',
    });
    const whole = (
      (await testApp.handle.db.execute(sql`select count(*)::int as n from pax`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0].n;
    expect(await list('limit=5&count=exact')).toMatchObject({ count: whole, count_kind: 'exact' });
  });

  it('refuses any other value of the parameter in Spanish', async () => {
    const response = await admin({ method: 'GET', url: '/api/pax/?count=todo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ count: [messages.resources.invalidCountParam] });
  });

  it('answers 503 in Spanish when the exact count outlives its statement timeout', async () => {
    const slow = sql`(select pg_sleep(0.5)) is not null`;
    await expect(countRows(testApp.handle.db, passengers, slow, EXACT_COUNT, 50)).rejects.toMatchObject({
      statusCode: 503,
      detail: messages.resources.exactCountTimeout,
    });
    // With time enough it counts.
    expect(await countRows(testApp.handle.db, passengers, slow, EXACT_COUNT, 5_000)).toMatchObject({
      kind: 'exact',
    });
  });
});
