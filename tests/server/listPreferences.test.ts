/**
 * Issue 32 'Lists': columns per user and list, saved views per user, kept on the server;
 * user-scoped, validated (Spanish 400, never 500) and audited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { auditLog } from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let other: ReturnType<typeof as>;
const text = messages.lists;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  other = as(testApp, await testApp.login('ejecutivo'));
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('list preferences', () => {
  it('answers no columns until chosen, then the chosen ones, for that user only', async () => {
    const empty = await admin({ method: 'GET', url: '/api/list_preferences/vouchers/' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ list_key: 'vouchers', columns: null, views: [] });

    const put = await admin({
      method: 'PUT',
      url: '/api/list_preferences/vouchers/',
      payload: { columns: ['id', 'status', 'pax_email'] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().columns).toEqual(['id', 'status', 'pax_email']);
    const again = await admin({
      method: 'PUT',
      url: '/api/list_preferences/vouchers/',
      payload: { columns: ['id'] },
    });
    expect(again.json().columns).toEqual(['id']);

    const theirs = await other({ method: 'GET', url: '/api/list_preferences/vouchers/' });
    expect(theirs.json().columns).toBeNull();

    const audits = await testApp.context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'list_preferences'));
    expect(audits.map((row) => row.action).sort()).toEqual(['create', 'update']);
  });

  it('refuses an unknown list or bad columns with a Spanish 400', async () => {
    const unknown = await admin({ method: 'GET', url: '/api/list_preferences/nope/' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain(text.listKeyInvalid);
    for (const payload of [
      { columns: 'id' },
      { columns: ['id', 'id'] },
      { columns: ['<script>'] },
      { columns: ['id'], extra: 1 },
      [],
    ]) {
      const bad = await admin({ method: 'PUT', url: '/api/list_preferences/vouchers/', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('needs a signed-in user', async () => {
    const anonymous = await testApp.app.inject({ method: 'GET', url: '/api/list_preferences/vouchers/' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('saved views', () => {
  it('saves, lists, refuses a repeated name and deletes only its own', async () => {
    const body = {
      list_key: 'reservas',
      name: 'Pendientes',
      query: { status: '1', ordering: '-id' },
      columns: ['id', 'status'],
    };
    const created = await admin({ method: 'POST', url: '/api/saved_views/', payload: body });
    expect(created.statusCode).toBe(201);
    const view = created.json();
    expect(view).toMatchObject({ list_key: 'reservas', name: 'Pendientes', query: body.query });

    const repeated = await admin({ method: 'POST', url: '/api/saved_views/', payload: body });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().name).toEqual([text.viewNameTaken]);

    const listed = await admin({ method: 'GET', url: '/api/list_preferences/reservas/' });
    expect(listed.json().views.map((row: { name: string }) => row.name)).toEqual(['Pendientes']);
    const theirs = await other({ method: 'GET', url: '/api/list_preferences/reservas/' });
    expect(theirs.json().views).toEqual([]);

    const stolen = await other({ method: 'DELETE', url: `/api/saved_views/${view.id}/` });
    expect(stolen.statusCode).toBe(404);
    const removed = await admin({ method: 'DELETE', url: `/api/saved_views/${view.id}/` });
    expect(removed.statusCode).toBe(204);
    const gone = await admin({ method: 'DELETE', url: `/api/saved_views/${view.id}/` });
    expect(gone.statusCode).toBe(404);

    const audits = await testApp.context.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'saved_views'), eq(auditLog.recordId, String(view.id))));
    expect(audits.map((row) => row.action).sort()).toEqual(['create', 'delete']);
  });

  it('refuses bad input with a Spanish 400, never a 500', async () => {
    for (const payload of [
      { list_key: 'reservas', name: '  ', query: {}, columns: [] },
      { list_key: 'x', name: 'a', query: {}, columns: [] },
      { list_key: 'reservas', name: 'a', query: { offset: '20' }, columns: [] },
      { list_key: 'reservas', name: 'a', query: { status: 3 }, columns: [] },
      { list_key: 'reservas', name: 'a'.repeat(81), query: {}, columns: [] },
      [],
    ]) {
      const bad = await admin({ method: 'POST', url: '/api/saved_views/', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const blank = await admin({
      method: 'POST',
      url: '/api/saved_views/',
      payload: { list_key: 'reservas', name: '  ', query: {}, columns: [] },
    });
    expect(blank.json().name).toEqual([text.viewNameRequired]);
    for (const id of ['abc', '0', '99999999999']) {
      const bad = await admin({ method: 'DELETE', url: `/api/saved_views/${id}/` });
      expect(bad.statusCode, id).toBe(400);
    }
  });
});
