/**
 * Issue 28 §6, the smaller holes: a group's status record is guarded by its group's subset rule
 * and audited; only canonical ids match a route (generated over every `:id` route of the app);
 * the Authorization scheme is case-insensitive (RFC 7235). Refund token revocation is covered in
 * refunds.test.ts ('refund token revocation').
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/contracts/engine';
import { messages } from '../../src/contracts/messages';
import { as, createTestApp, type TestApp } from './support';

const PASSWORD = 'Huecos-Chicos-28';
let testApp: TestApp;
let admin: ReturnType<typeof as>;
let adminToken = '';
/** Every route with an `:id` parameter, as the app added it. */
const idRoutes: { method: string; url: string }[] = [];

beforeAll(async () => {
  testApp = await createTestApp({
    onRoute: (route) => {
      if (!/^\/(api|images)\/.*:id\b/.test(route.url)) return;
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        if (method !== 'HEAD') idRoutes.push({ method, url: route.url });
      }
    },
  });
  adminToken = await testApp.login('admin');
  admin = as(testApp, adminToken);
}, 60_000);
afterAll(() => testApp?.close());

async function createUser(username: string, userPermissions: string[]) {
  const response = await admin({
    method: 'POST',
    url: '/api/profile/',
    payload: {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      groups: [],
      user_permissions: userPermissions,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return as(testApp, await testApp.login(username, PASSWORD));
}

async function historyOf(groupId: number): Promise<HistoryEntry[]> {
  const response = await admin({
    method: 'GET',
    url: `/api/history/?entity=groups&record=${groupId}&limit=100`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: HistoryEntry[] }>().results;
}

/** One md5 per table over all its rows, except the request and failure counters. */
async function digest(): Promise<string> {
  const result = await testApp.context.db.execute(sql`
    select string_agg(table_name, ',' order by table_name) as names from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
      and table_name not in ('attempt_counters', 'rate_limit_counters')`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { names: string }[];
  const parts = rows[0].names
    .split(',')
    .map(
      (name) =>
        sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
    );
  // A union's rows come in no promised order (PostgreSQL may run its branches in parallel).
  const hashes = await testApp.context.db.execute(
    sql`select name, hash from (${sql.join(parts, sql` union all `)}) as tables order by name`,
  );
  return JSON.stringify(Array.isArray(hashes) ? hashes : (hashes as { rows: unknown[] }).rows);
}

describe("a group's status record", () => {
  it('is refused to a group/add holder who lacks a permission of the group (Super Administrador, 21)', async () => {
    const groupManager = await createUser('solo_grupos_estado', ['group/add', 'group/view']);
    // The role groups have no status record in the seed: the superuser gives 21 one.
    const given = await admin({ method: 'PUT', url: '/api/status_group/21/', payload: { is_active: true } });
    expect(given.statusCode, given.body).toBe(200);
    const before = await admin({ method: 'GET', url: '/api/status_group/21/' });
    expect(before.statusCode, before.body).toBe(200);
    const historyBefore = await historyOf(21);

    const changed = await groupManager({
      method: 'PUT',
      url: '/api/status_group/21/',
      payload: { is_active: !before.json<{ is_active: boolean }>().is_active },
    });
    expect(changed.statusCode, changed.body).toBe(403);
    expect(changed.json<{ detail: string }>().detail).toMatch(/^No puede/);
    const deleted = await groupManager({ method: 'DELETE', url: '/api/status_group/21/' });
    expect(deleted.statusCode, deleted.body).toBe(403);
    expect((await admin({ method: 'GET', url: '/api/status_group/21/' })).json()).toEqual(before.json());

    // Nor may it create the record of a role group that has none (16 has none in the seed).
    expect((await admin({ method: 'GET', url: '/api/status_group/16/' })).statusCode).toBe(404);
    const created = await groupManager({ method: 'POST', url: '/api/status_group/', payload: { group: 16 } });
    expect(created.statusCode, created.body).toBe(403);
    const upserted = await groupManager({
      method: 'PUT',
      url: '/api/status_group/16/',
      payload: { is_active: false },
    });
    expect(upserted.statusCode, upserted.body).toBe(403);
    expect((await admin({ method: 'GET', url: '/api/status_group/16/' })).statusCode).toBe(404);
    expect(await historyOf(21)).toEqual(historyBefore);
  });

  it("lets a holder of every permission of the group write it, audited in the group's history", async () => {
    const groupManager = await createUser('gestor_grupo_estado', ['group/add', 'group/view', 'zone/view']);
    const group = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Solo zonas (estado)', all_permissions: ['zone/view'] },
    });
    expect(group.statusCode, group.body).toBe(201);
    const id = group.json<{ id: number }>().id;

    const off = await groupManager({
      method: 'PUT',
      url: `/api/status_group/${id}/`,
      payload: { is_active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ group: id, is_active: false });
    const removed = await groupManager({ method: 'DELETE', url: `/api/status_group/${id}/` });
    expect(removed.statusCode, removed.body).toBe(204);
    const again = await groupManager({
      method: 'POST',
      url: '/api/status_group/',
      payload: { group: id, is_active: true },
    });
    expect(again.statusCode, again.body).toBe(201);

    const entries = (await historyOf(id)).filter((entry) => entry.action.startsWith('status_'));
    // Newest first.
    expect(entries.map((entry) => [entry.action, entry.user.username, entry.changes])).toEqual([
      ['status_create', 'gestor_grupo_estado', { is_active: { before: null, after: true } }],
      ['status_remove', 'gestor_grupo_estado', { is_active: { before: false, after: null } }],
      ['status_update', 'gestor_grupo_estado', { is_active: { before: true, after: false } }],
    ]);
    expect(messages.history.actions.status_update).toBe('Cambio de estado');
  });

  it('writes the status and its history in one transaction: a failed history write leaves the status as it was', async () => {
    const id = 16;
    expect((await admin({ method: 'GET', url: `/api/status_group/${id}/` })).statusCode).toBe(404);
    await testApp.context.db.execute(
      sql`alter table audit_log add constraint refuse_status_history check (action not like 'status%') not valid`,
    );
    try {
      const before = await digest();
      const created = await admin({
        method: 'PUT',
        url: `/api/status_group/${id}/`,
        payload: { is_active: false },
      });
      expect(created.statusCode).toBe(400);
      expect(await digest()).toBe(before);
    } finally {
      await testApp.context.db.execute(sql`alter table audit_log drop constraint refuse_status_history`);
    }
    expect((await admin({ method: 'GET', url: `/api/status_group/${id}/` })).statusCode).toBe(404);
  });
});

describe('canonical ids', () => {
  const NON_CANONICAL = ['01', '00001', '+1', '1.0', '1e0', '%201', '0x1', '1%20'];

  it('DELETE /api/zone/00001/ deletes nothing; /api/zone/1/ is still there', async () => {
    const zone = await admin({ method: 'GET', url: '/api/zone/1/' });
    expect(zone.statusCode).toBe(200);
    const deleted = await admin({ method: 'DELETE', url: '/api/zone/00001/' });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json()).toEqual({ detail: messages.common.notFound });
    expect((await admin({ method: 'GET', url: '/api/zone/1/' })).json()).toEqual(zone.json());
  });

  it('answers 404 for a non-canonical id on every :id route and changes no row', async () => {
    expect(idRoutes.length).toBeGreaterThanOrEqual(40);
    const before = await digest();
    let sent = 0;
    const wrong: string[] = [];
    for (const route of idRoutes) {
      for (const id of NON_CANONICAL) {
        const url = route.url.replace(/:id\b/g, id).replace(/:[A-Za-z_]+/g, 'x');
        const options: InjectOptions = { method: route.method as InjectOptions['method'], url };
        // The canonical twin of a write would pass its contract: send it the record's own shape.
        if (route.method !== 'GET' && route.method !== 'DELETE') options.payload = {};
        const response = await admin(options);
        sent++;
        if (response.statusCode !== 404) wrong.push(`${route.method} ${url}: ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBe(idRoutes.length * NON_CANONICAL.length);
    expect(await digest()).toBe(before);
  });
});

describe('the Authorization scheme (RFC 7235: case-insensitive)', () => {
  it.each(['bearer', 'BEARER', 'BeArEr', 'Bearer'])(
    'accepts "%s <token>" for a staff token',
    async (scheme) => {
      const token = adminToken.slice('Bearer '.length);
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/zone/1/',
        headers: { authorization: `${scheme} ${token}` },
      });
      expect(response.statusCode).toBe(200);
    },
  );

  it('still refuses another scheme and anything around the token', async () => {
    const token = adminToken.slice('Bearer '.length);
    for (const authorization of [
      `Token ${token}`,
      `bearerx ${token}`,
      `bearer  ${token}`,
      `bearer ${token} x`,
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/zone/1/',
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
    }
  });
});
