/**
 * The engine's extension points and history (issue 9): a probe module declared in this file on
 * the real zones table exercises scope (404 outside), a predicate permission, separate create and
 * update schemas, authorizeWrite with the section 6 field rules (assertEditableFields), afterWrite
 * in the same transaction, row and bulk actions (a savepoint per id) and allowed_actions. The
 * real modules show the audit entry of every write kind, secrets never stored, and that a
 * rolled-back write leaves no entry; GET /history/ pages newest first for whoever may read.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BULK_MAX_IDS,
  type HistoryEntry,
  historyPageSchema,
  SECRET_CHANGED,
} from '../../src/contracts/engine';
import { messages } from '../../src/contracts/messages';
import { can } from '../../src/contracts/permissions';
import { CONTAINS, defineContract } from '../../src/contracts/resources/fields';
import { assertEditableFields } from '../../src/server/auth/fieldRules';
import { auditLog, users, zones } from '../../src/server/db/schema';
import { HttpError } from '../../src/server/http/errors';
import { defineResource, registerResource } from '../../src/server/resources/engine';
import { as, createTestApp, type TestApp } from './support';

const probeWrite = z.strictObject({ status: z.string().min(1).max(50), observations: z.string().max(255) });
const probeContract = defineContract({
  path: '/engine_probe/',
  resource: 'zone',
  entity: z.object({ id: z.number(), status: z.string(), observations: z.string() }),
  write: probeWrite,
  // Observations required on create only.
  create: probeWrite.extend({ observations: z.string().min(1).max(255) }),
  filters: { status: CONTAINS },
  ordering: ['status'] as const,
  defaultOrdering: 'status',
});
const AFTER_WRITE_FAILS = 'falla-despues';

const probeResource = defineResource({
  contract: probeContract,
  table: zones,
  serialize: (row) => ({ id: row.id, status: row.shortName, observations: row.longName }),
  values: (input) => ({ shortName: input.status, longName: input.observations }),
  filters: { status: { kind: 'contains', on: [zones.shortName] } },
  ordering: { status: zones.shortName },
  permissions: {
    list: 'authenticated',
    detail: 'authenticated',
    create: 'authenticated',
    update: 'authenticated',
    remove: (principal) => can(principal, 'zone', 'add'),
  },
  // Office-scoped users (Agencia) own the probe rows only; the superuser reads every row.
  ownership: { rows: () => like(zones.shortName, 'PROBE%') },
  // The section 6 role rules plug in as they will for vouchers: 'status' and 'observations' are
  // voucher fields; Agencia (16) may edit status only.
  authorizeWrite({ principal, operation, input, current }) {
    if (operation === 'update' && input)
      assertEditableFields(principal, 'voucher', 'edit', input, current ?? undefined);
  },
  async afterWrite(tx, id, input) {
    await tx.update(zones).set({ updatedAt: new Date() }).where(eq(zones.id, id));
    if (input.observations === AFTER_WRITE_FAILS) throw new HttpError(409, 'afterWrite refused');
  },
  actions: {
    purge: {
      input: z.strictObject({}),
      permission: { resource: 'zone', action: 'add' },
      async run(tx, { id }) {
        await tx.delete(zones).where(eq(zones.id, id));
      },
    },
    archive: {
      input: z.strictObject({ reason: z.string().min(1).max(20) }),
      // Not for rows already archived.
      permission: (_principal, row) => !row?.longName.startsWith('archivado'),
      async run(tx, { id, input }) {
        if (input.reason === 'boom') throw new HttpError(409, 'refused by the action');
        await tx
          .update(zones)
          .set({ longName: `archivado: ${input.reason}` })
          .where(eq(zones.id, id));
      },
    },
  },
});

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let agency: ReturnType<typeof as>;
type Probe = { id: number; status: string; observations: string; allowed_actions: string[] };

beforeAll(async () => {
  testApp = await createTestApp({
    rootRouteModules: [(app, context) => registerResource(app, context, probeResource)],
  });
  admin = as(testApp, await testApp.login('admin'));
  agency = as(testApp, await testApp.login('agencia'));
}, 60_000);
afterAll(async () => testApp.close());

async function history(entity: string, record: number | string, query = '', caller = admin) {
  return caller({ method: 'GET', url: `/api/history/?entity=${entity}&record=${record}${query}` });
}
async function entries(entity: string, record: number | string): Promise<HistoryEntry[]> {
  const response = await history(entity, record, '&limit=100');
  expect(response.statusCode, response.body).toBe(200);
  return historyPageSchema.parse(response.json()).results;
}
const auditCount = async () => (await testApp.context.db.select().from(auditLog)).length;

async function createProbe(status: string, caller = admin): Promise<Probe> {
  const response = await caller({
    method: 'POST',
    url: '/engine_probe/',
    payload: { status, observations: 'inicial' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Probe>();
}

describe('audit history of the real modules', () => {
  it('records create, update and delete with before and after values, newest first', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/zone/',
      payload: { short_name: 'HIST1', long_name: 'Zona historial' },
    });
    const zone = created.json<{ id: number }>();
    await admin({
      method: 'PUT',
      url: `/api/zone/${zone.id}/`,
      payload: { short_name: 'HIST1', long_name: 'Zona editada' },
    });
    await admin({ method: 'DELETE', url: `/api/zone/${zone.id}/` });
    const [removal, update, creation] = await entries('zone', zone.id);
    expect(creation).toMatchObject({
      action: 'create',
      user: { username: 'admin' },
      changes: {
        short_name: { before: null, after: 'HIST1' },
        long_name: { before: null, after: 'Zona historial' },
      },
    });
    expect(update.action).toBe('update');
    expect(update.changes).toEqual({ long_name: { before: 'Zona historial', after: 'Zona editada' } });
    expect(removal).toMatchObject({
      action: 'remove',
      changes: {
        short_name: { before: 'HIST1', after: null },
        long_name: { before: 'Zona editada', after: null },
      },
    });
    // The history of a deleted record stays readable.
    expect(Date.parse(removal.at)).toBeGreaterThanOrEqual(Date.parse(creation.at));
  });

  it('pages the history with offset and limit', async () => {
    const zone = (
      await admin({ method: 'POST', url: '/api/zone/', payload: { short_name: 'HIST2', long_name: 'v0' } })
    ).json<{ id: number }>();
    for (const name of ['v1', 'v2', 'v3'])
      await admin({
        method: 'PUT',
        url: `/api/zone/${zone.id}/`,
        payload: { short_name: 'HIST2', long_name: name },
      });
    const first = historyPageSchema.parse((await history('zone', zone.id, '&limit=2')).json());
    expect(first.count).toBe(4);
    expect(first.results.map((entry) => entry.changes.long_name.after)).toEqual(['v3', 'v2']);
    expect(first.next).toContain('offset=2');
    const second = historyPageSchema.parse((await history('zone', zone.id, '&limit=2&offset=2')).json());
    expect(second.results.map((entry) => entry.action)).toEqual(['update', 'create']);
    expect(second.next).toBeNull();
  });

  it('records a password change as changed, never a password or its hash', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/profile/',
      payload: {
        username: 'historial',
        email: 'historial@example.com',
        password: 'Viaje-Seguro-2026x',
        groups: [13],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<{ id: number }>();
    await admin({
      method: 'PUT',
      url: `/api/profile/${user.id}/`,
      payload: { username: 'historial', email: 'historial@example.com', password: 'Otra-Ruta-Larga-77' },
    });
    const [update, creation] = await entries('profile', user.id);
    expect(creation.changes.password).toEqual({ before: SECRET_CHANGED, after: SECRET_CHANGED });
    // The groups by name, once (issue 32 'History people can read': groups with group_names).
    expect(creation.changes.groups).toEqual({ before: null, after: ['Ejecutivo'] });
    expect(creation.changes.group_names).toBeUndefined();
    expect(update.changes).toEqual({ password: { before: SECRET_CHANGED, after: SECRET_CHANGED } });
    const [{ hash }] = await testApp.context.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id));
    const stored = JSON.stringify(await testApp.context.db.select().from(auditLog));
    for (const secret of [hash, 'Viaje-Seguro-2026x', 'Otra-Ruta-Larga-77'])
      expect(stored).not.toContain(secret);
  });

  it('records a group write with its permissions, and a refused write leaves no entry', async () => {
    const group = (
      await admin({
        method: 'POST',
        url: '/api/groups/',
        payload: { name: 'Historial', all_permissions: ['zone/view'] },
      })
    ).json<{ id: number }>();
    const [creation] = await entries('groups', group.id);
    expect(creation.changes.all_permissions).toEqual({ before: null, after: ['zone/view'] });
    const before = await auditCount();
    const duplicate = await admin({
      method: 'POST',
      url: '/api/zone/',
      payload: { short_name: 'nac', long_name: 'X' },
    });
    expect(duplicate.statusCode).toBe(400);
    const refused = await admin({ method: 'DELETE', url: '/api/groups/13/' });
    expect(refused.statusCode).toBe(409);
    expect(await auditCount()).toBe(before);
  });

  it('lets only who may read the record read its history', async () => {
    const [zone] = (await admin({ method: 'GET', url: '/api/zone/?limit=1' })).json<{
      results: { id: number }[];
    }>().results;
    const noView = as(testApp, await testApp.login('ejecutivo'));
    expect((await history('zone', zone.id, '', noView)).statusCode).toBe(403);
    expect((await history('zona', zone.id)).statusCode).toBe(400);
    expect((await history('zone', 'abc')).statusCode).toBe(404);
    expect((await history('zone', zone.id, '&limit=101')).statusCode).toBe(400);
    expect((await history('zone', zone.id)).statusCode).toBe(200);
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: `/api/history/?entity=zone&record=${zone.id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('scope, permission predicates, schemas and authorizeWrite', () => {
  it('answers 404 outside the scope on detail, update, delete, actions and history', async () => {
    const [outside] = (await admin({ method: 'GET', url: '/api/zone/?short_name=NAC' })).json<{
      results: { id: number }[];
    }>().results;
    expect((await admin({ method: 'GET', url: `/engine_probe/${outside.id}/` })).statusCode).toBe(200);
    const calls = [
      { method: 'GET' as const, url: `/engine_probe/${outside.id}/` },
      {
        method: 'PUT' as const,
        url: `/engine_probe/${outside.id}/`,
        payload: { status: 'NAC', observations: 'x' },
      },
      { method: 'DELETE' as const, url: `/engine_probe/${outside.id}/` },
      {
        method: 'POST' as const,
        url: `/engine_probe/${outside.id}/actions/archive/`,
        payload: { reason: 'r' },
      },
    ];
    for (const call of calls) expect((await agency(call)).statusCode, call.method).toBe(404);
    expect((await history('engine_probe', outside.id, '', agency)).statusCode).toBe(404);
    const mine = await createProbe('PROBE-SCOPE', agency);
    const listed = (await agency({ method: 'GET', url: '/engine_probe/?limit=100' })).json<{
      results: Probe[];
    }>();
    expect(listed.results.length).toBeGreaterThan(0);
    expect(listed.results.every((row) => row.status.startsWith('PROBE'))).toBe(true);
    expect(listed.results.map((row) => row.id)).toContain(mine.id);
  });

  it('asks observations on create only (separate create and update schemas)', async () => {
    const missing = await admin({
      method: 'POST',
      url: '/engine_probe/',
      payload: { status: 'PROBE-S', observations: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['observations']);
    const created = await createProbe('PROBE-S');
    const emptied = await admin({
      method: 'PUT',
      url: `/engine_probe/${created.id}/`,
      payload: { status: 'PROBE-S', observations: '' },
    });
    expect(emptied.statusCode).toBe(200);
  });

  it('plugs the section 6 field rules into authorizeWrite: Agencia edits status, not observations', async () => {
    const probe = await createProbe('PROBE-FIELDS', agency);
    const observations = await agency({
      method: 'PUT',
      url: `/engine_probe/${probe.id}/`,
      payload: { status: 'PROBE-FIELDS', observations: 'cambiada' },
    });
    expect(observations.statusCode).toBe(403);
    expect(observations.json()).toEqual({
      detail: messages.permissions.fieldNotEditable('observaciones', 'del voucher'),
    });
    const status = await agency({
      method: 'PUT',
      url: `/engine_probe/${probe.id}/`,
      payload: { status: 'PROBE-FIELDS-2', observations: 'inicial' },
    });
    expect(status.statusCode, status.body).toBe(200);
    // A predicate permission: Agencia has no zone/add, so it may not delete.
    expect((await agency({ method: 'DELETE', url: `/engine_probe/${probe.id}/` })).statusCode).toBe(403);
  });

  it('rolls the row, its child writes and its audit entry back together when afterWrite fails', async () => {
    const before = await auditCount();
    const response = await admin({
      method: 'POST',
      url: '/engine_probe/',
      payload: { status: 'PROBE-ROLLBACK', observations: AFTER_WRITE_FAILS },
    });
    expect(response.statusCode).toBe(409);
    const rows = await testApp.context.db.select().from(zones).where(eq(zones.shortName, 'PROBE-ROLLBACK'));
    expect(rows).toEqual([]);
    expect(await auditCount()).toBe(before);
  });
});

describe('row and bulk actions', () => {
  it('runs a row action, audits it under its name and updates allowed_actions', async () => {
    const probe = await createProbe('PROBE-ACT', agency);
    expect(probe.allowed_actions).toEqual(['update', 'archive']);
    // purge needs zone/add, which Agencia lacks.
    const adminView = (await admin({ method: 'GET', url: `/engine_probe/${probe.id}/` })).json<Probe>();
    expect(adminView.allowed_actions).toEqual(['update', 'remove', 'purge', 'archive']);
    const bad = await agency({
      method: 'POST',
      url: `/engine_probe/${probe.id}/actions/archive/`,
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['reason']);
    const unknown = await agency({
      method: 'POST',
      url: `/engine_probe/${probe.id}/actions/borrar/`,
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
    const done = await agency({
      method: 'POST',
      url: `/engine_probe/${probe.id}/actions/archive/`,
      payload: { reason: 'fin' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ observations: 'archivado: fin', allowed_actions: ['update'] });
    const [entry] = await entries('engine_probe', probe.id);
    expect(entry).toMatchObject({
      action: 'archive',
      user: { username: 'agencia' },
      changes: { observations: { before: 'inicial', after: 'archivado: fin' } },
    });
    const again = await agency({
      method: 'POST',
      url: `/engine_probe/${probe.id}/actions/archive/`,
      payload: { reason: 'otra' },
    });
    expect(again.statusCode).toBe(403);
    const listed = (await agency({ method: 'GET', url: '/engine_probe/?status=PROBE-ACT' })).json<{
      results: Probe[];
    }>();
    expect(listed.results.find((row) => row.id === probe.id)?.allowed_actions).toEqual(['update']);
  });

  it('answers 204 for an action that removes its record, and audits it with no after values', async () => {
    const probe = await createProbe('PROBE-PURGE');
    const refused = await agency({
      method: 'POST',
      url: `/engine_probe/${probe.id}/actions/purge/`,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    const purged = await admin({
      method: 'POST',
      url: `/engine_probe/${probe.id}/actions/purge/`,
      payload: {},
    });
    expect(purged.statusCode).toBe(204);
    expect((await admin({ method: 'GET', url: `/engine_probe/${probe.id}/` })).statusCode).toBe(404);
    const [entry] = await entries('engine_probe', probe.id);
    expect(entry).toMatchObject({
      action: 'purge',
      changes: { status: { before: 'PROBE-PURGE', after: null } },
    });
  });

  it('runs a bulk action id by id in savepoints and reports each id', async () => {
    const first = await createProbe('PROBE-BULK-1', agency);
    const second = await createProbe('PROBE-BULK-2', agency);
    const [outside] = (await admin({ method: 'GET', url: '/api/zone/?short_name=NAC' })).json<{
      results: { id: number }[];
    }>().results;
    await agency({
      method: 'POST',
      url: `/engine_probe/${second.id}/actions/archive/`,
      payload: { reason: 'ya' },
    });
    const before = await auditCount();
    const response = await agency({
      method: 'POST',
      url: '/engine_probe/bulk/archive/',
      payload: { ids: [first.id, second.id, outside.id, 999_999], reason: 'lote' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { id: first.id, ok: true },
        { id: second.id, ok: false, detail: messages.common.forbidden },
        { id: outside.id, ok: false, detail: messages.common.notFound },
        { id: 999_999, ok: false, detail: messages.common.notFound },
      ],
    });
    expect(await auditCount()).toBe(before + 1);
    const firstNow = (await agency({ method: 'GET', url: `/engine_probe/${first.id}/` })).json<Probe>();
    expect(firstNow.observations).toBe('archivado: lote');
  });

  it('undoes only the refused id when the action itself fails on one of them', async () => {
    const first = await createProbe('PROBE-BOOM-1');
    const second = await createProbe('PROBE-BOOM-2');
    const response = await admin({
      method: 'POST',
      url: '/engine_probe/bulk/archive/',
      payload: { ids: [first.id, second.id], reason: 'boom' },
    });
    expect(response.json()).toEqual({
      results: [
        { id: first.id, ok: false, detail: 'refused by the action' },
        { id: second.id, ok: false, detail: 'refused by the action' },
      ],
    });
    const good = await admin({
      method: 'POST',
      url: '/engine_probe/bulk/archive/',
      payload: { ids: [first.id, second.id], reason: 'bien' },
    });
    expect(good.json()).toEqual({
      results: [
        { id: first.id, ok: true },
        { id: second.id, ok: true },
      ],
    });
  });

  it('refuses a bulk request without ids, with too many, or with a bad payload (400)', async () => {
    const bodies = [
      { reason: 'x' },
      { ids: [], reason: 'x' },
      { ids: Array.from({ length: BULK_MAX_IDS + 1 }, (_, index) => index + 1), reason: 'x' },
      { ids: ['uno'], reason: 'x' },
      { ids: [1], reason: '' },
      { ids: [1], reason: 'x', extra: true },
    ];
    for (const payload of bodies) {
      const response = await admin({ method: 'POST', url: '/engine_probe/bulk/archive/', payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/engine_probe/bulk/archive/',
      payload: { ids: [1], reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('leaves modules without actions unchanged: no allowed_actions in their rows', async () => {
    const page = (await admin({ method: 'GET', url: '/api/zone/?limit=1' })).json<{ results: object[] }>();
    expect(page.results[0]).not.toHaveProperty('allowed_actions');
    expect(
      (await admin({ method: 'POST', url: '/api/zone/bulk/archive/', payload: { ids: [1] } })).statusCode,
    ).toBe(404);
  });
});
