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
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { principalAnnouncements } from '../../src/server/auth/principal';
import {
  ANNOUNCED_TABLES,
  TABLE_CHANNEL,
  tableAnnouncements,
  UNHEARD_BOUND_MS,
  watchTableChanges,
} from '../../src/server/cache/tableMemory';
import type { ChannelListener } from '../../src/server/db/client';
import { passengers } from '../../src/server/db/schema';
import { clearCountCache, countRows, EXACT_COUNT } from '../../src/server/resources/listQuery';
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
