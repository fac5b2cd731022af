/** Grupos on /groups/ and /status_group/ (SPEC §2 grupos, §3 Group, §7 Groups). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { as, createTestApp, type TestApp } from './support';

const text = messages.permissions;
let testApp: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
}, 60_000);
afterAll(async () => testApp.close());

interface Group {
  id: number;
  name: string;
  all_permissions: string[];
}

describe('GET /groups/', () => {
  it('lists the twelve role groups with name and all_permissions', async () => {
    const response = await admin({ method: 'GET', url: '/api/groups/?offset=0&limit=50' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ count: number; results: Group[] }>();
    expect(body.count).toBe(12);
    const ejecutivo = body.results.find((group) => group.id === 13)!;
    expect(ejecutivo.name).toBe('Ejecutivo');
    expect(ejecutivo.all_permissions).toContain('voucher/add');
  });

  it('filters by a search term, case-insensitively', async () => {
    const response = await admin({ method: 'GET', url: '/api/groups/?search=SOPORTE' });
    const names = response.json<{ results: Group[] }>().results.map((group) => group.name);
    expect(names.sort()).toEqual(['Soporte', 'Soporte Pais']);
  });

  it('pages with offset and limit', async () => {
    const response = await admin({ method: 'GET', url: '/api/groups/?offset=10&limit=5' });
    const body = response.json<{
      count: number;
      results: Group[];
      previous: string | null;
      next: string | null;
    }>();
    expect(body.results).toHaveLength(2);
    expect(body.previous).toContain('offset=5');
    expect(body.next).toBeNull();
  });

  it('refuses a role without group/view', async () => {
    const ejecutivo = as(testApp, await testApp.login('ejecutivo'));
    for (const url of ['/api/groups/', '/api/groups/13/', '/api/status_group/13/']) {
      const response = await ejecutivo({ method: 'GET', url });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: messages.common.forbidden });
    }
  });
});

describe('create, edit and delete as the client does them', () => {
  let id: number;

  it('creates: POST /groups/ writes the status record in the same transaction', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Auditores', all_permissions: ['voucher/view', 'reservation/view'] },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json<Group>();
    expect(group).toEqual({
      id: group.id,
      name: 'Auditores',
      all_permissions: ['reservation/view', 'voucher/view'],
    });
    id = group.id;
    expect(id).toBeGreaterThanOrEqual(100);
    const status = await admin({ method: 'GET', url: `/api/status_group/${id}/` });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ group: id, is_active: true });
    // The client no longer posts it: a second one is refused.
    const again = await admin({ method: 'POST', url: '/api/status_group/', payload: { group: id } });
    expect(again.json()).toEqual({ group: [text.groupStatusExists] });
  });

  it('creates an inactive group with is_active: false, and PUT changes the status only when given', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Inactivos', all_permissions: [], is_active: false },
    });
    expect(created.statusCode).toBe(201);
    const groupId = created.json<Group>().id;
    const statusOf = async () =>
      (await admin({ method: 'GET', url: `/api/status_group/${groupId}/` })).json();
    expect(await statusOf()).toEqual({ group: groupId, is_active: false });
    await admin({ method: 'PUT', url: `/api/groups/${groupId}/`, payload: { name: 'Inactivos 2' } });
    expect(await statusOf()).toEqual({ group: groupId, is_active: false });
    await admin({
      method: 'PUT',
      url: `/api/groups/${groupId}/`,
      payload: { name: 'Inactivos 2', is_active: true },
    });
    expect(await statusOf()).toEqual({ group: groupId, is_active: true });
    const bad = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Mal', is_active: 'si' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ is_active: [text.mustBeBoolean] });
  });

  it('a refused write leaves neither the group nor its status record', async () => {
    const before = (await admin({ method: 'GET', url: '/api/groups/?limit=1' })).json<{ count: number }>()
      .count;
    const clash = await admin({ method: 'POST', url: '/api/groups/', payload: { name: 'auditores' } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json()).toEqual({ name: [text.groupNameTaken] });
    const after = (await admin({ method: 'GET', url: '/api/groups/?limit=1' })).json<{ count: number }>()
      .count;
    expect(after).toBe(before);
  });

  it('edits: PUT /groups/{id}/ then GET and PUT /status_group/{id}/', async () => {
    const edited = await admin({
      method: 'PUT',
      url: `/api/groups/${id}/`,
      payload: { name: 'Auditoría', all_permissions: ['voucher/view'] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id, name: 'Auditoría', all_permissions: ['voucher/view'] });
    const status = await admin({ method: 'GET', url: `/api/status_group/${id}/` });
    expect(status.json()).toEqual({ group: id, is_active: true });
    const saved = await admin({
      method: 'PUT',
      url: `/api/status_group/${id}/`,
      payload: { ...status.json<object>(), is_active: false },
    });
    expect(saved.json()).toEqual({ group: id, is_active: false });
  });

  it('a permission change reaches the group members at their next sign-in', async () => {
    await admin({
      method: 'POST',
      url: '/api/profile/',
      payload: {
        username: 'auditor',
        email: 'auditor@example.com',
        password: 'Auditar-Todo-2026',
        groups: [id],
      },
    });
    const before = as(testApp, await testApp.login('auditor', 'Auditar-Todo-2026'));
    const first = await before({ method: 'GET', url: '/api/profile/?queryType=LOGIN' });
    expect(first.json<{ permissions: string[] }>().permissions).toEqual(['voucher/view']);
    await admin({
      method: 'PUT',
      url: `/api/groups/${id}/`,
      payload: { name: 'Auditoría', all_permissions: ['voucher/view', 'zone/view'] },
    });
    const after = as(testApp, await testApp.login('auditor', 'Auditar-Todo-2026'));
    const second = await after({ method: 'GET', url: '/api/profile/?queryType=LOGIN' });
    expect(second.json<{ permissions: string[] }>().permissions).toEqual(['voucher/view', 'zone/view']);
  });

  it('deletes the status record, then the group, in one call (204)', async () => {
    expect((await admin({ method: 'GET', url: `/api/status_group/${id}/` })).statusCode).toBe(200);
    expect((await admin({ method: 'DELETE', url: `/api/groups/${id}/` })).statusCode).toBe(204);
    expect((await admin({ method: 'GET', url: `/api/groups/${id}/` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `/api/status_group/${id}/` })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: `/api/groups/${id}/` })).statusCode).toBe(404);
    // Its members stay, without the group.
    const members = await admin({ method: 'GET', url: '/api/profile/?username=auditor' });
    expect(members.json<{ results: { groups: number[] }[] }>().results[0].groups).toEqual([]);
  });

  it('never deletes the role groups of section 6', async () => {
    const response = await admin({ method: 'DELETE', url: '/api/groups/13/' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: text.roleGroupProtected });
  });

  it('PUT /status_group/{id}/ creates a missing status record (role groups have none)', async () => {
    expect((await admin({ method: 'GET', url: '/api/status_group/16/' })).statusCode).toBe(404);
    const saved = await admin({ method: 'PUT', url: '/api/status_group/16/', payload: { is_active: true } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ group: 16, is_active: true });
  });
});

describe('bad input for every write', () => {
  it.each([
    ['a missing name', {}, 'name', text.nameRequired],
    ['a blank name', { name: '   ' }, 'name', text.nameRequired],
    ['a name of the wrong type', { name: 5 }, 'name', messages.resources.mustBeText],
    ['a too long name', { name: 'g'.repeat(151) }, 'name', messages.common.tooLong(150)],
    [
      'permissions not a list',
      { name: 'X', all_permissions: 'voucher/view' },
      'all_permissions',
      text.mustBeList,
    ],
    [
      'an unknown permission',
      { name: 'X', all_permissions: ['voucher/delete'] },
      'all_permissions.0',
      text.unknownPermission,
    ],
    ['an unknown field', { name: 'X', status: true }, 'status', messages.common.unknownField],
    ['a taken name (any case)', { name: 'ejecutivo' }, 'name', text.groupNameTaken],
  ])('POST /groups/ refuses %s', async (_case, payload, field, message) => {
    const response = await admin({ method: 'POST', url: '/api/groups/', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<Record<string, string[]>>()[field]).toContain(message);
  });

  it('PUT /groups/{id}/ validates the same way and answers 404 for unknown ids', async () => {
    const bad = await admin({ method: 'PUT', url: '/api/groups/14/', payload: { name: 'Soporte' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ name: [text.groupNameTaken] });
    const missing = await admin({ method: 'PUT', url: '/api/groups/9999/', payload: { name: 'Nadie' } });
    expect(missing.statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: '/api/groups/abc/' })).statusCode).toBe(404);
  });

  it.each([
    ['a missing group', {}, 'group'],
    ['a group of the wrong type', { group: '13' }, 'group'],
    ['an unknown group', { group: 9999 }, 'group'],
    ['a flag of the wrong type', { group: 13, is_active: 'si' }, 'is_active'],
    ['an unknown field', { group: 13, name: 'x' }, 'name'],
  ])('POST /status_group/ refuses %s', async (_case, payload, field) => {
    const response = await admin({ method: 'POST', url: '/api/status_group/', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty(field);
  });

  it('POST /status_group/ refuses a second status record; PUT refuses another group', async () => {
    expect(
      (await admin({ method: 'POST', url: '/api/status_group/', payload: { group: 17 } })).statusCode,
    ).toBe(201);
    const again = await admin({ method: 'POST', url: '/api/status_group/', payload: { group: 17 } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ group: [text.groupStatusExists] });
    const other = await admin({ method: 'PUT', url: '/api/status_group/17/', payload: { group: 18 } });
    expect(other.statusCode).toBe(400);
    const unknown = await admin({ method: 'PUT', url: '/api/status_group/9999/', payload: {} });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('permission refusals', () => {
  let manager: ReturnType<typeof as>;

  beforeAll(async () => {
    const group = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Gestores de grupos', all_permissions: ['group/view', 'group/add', 'voucher/view'] },
    });
    await admin({
      method: 'POST',
      url: '/api/profile/',
      payload: {
        username: 'gestor_grupos',
        email: 'gg@example.com',
        password: 'Gestion-Grupos-26',
        groups: [group.json<Group>().id],
      },
    });
    manager = as(testApp, await testApp.login('gestor_grupos', 'Gestion-Grupos-26'));
  }, 60_000);

  it('a role without group/add cannot write', async () => {
    const proveedor = as(testApp, await testApp.login('proveedor'));
    const calls = [
      { method: 'POST' as const, url: '/api/groups/', payload: { name: 'X' } },
      { method: 'PUT' as const, url: '/api/groups/13/', payload: { name: 'X' } },
      { method: 'DELETE' as const, url: '/api/groups/13/' },
      { method: 'POST' as const, url: '/api/status_group/', payload: { group: 13 } },
      { method: 'PUT' as const, url: '/api/status_group/13/', payload: {} },
      { method: 'DELETE' as const, url: '/api/status_group/13/' },
    ];
    for (const call of calls) expect((await proveedor(call)).statusCode, call.url).toBe(403);
  });

  it('a group manager cannot put into a group a permission it does not hold', async () => {
    const held = await manager({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Lectores', all_permissions: ['voucher/view'] },
    });
    expect(held.statusCode).toBe(201);
    const escalated = await manager({
      method: 'PUT',
      url: `/api/groups/${held.json<Group>().id}/`,
      payload: { name: 'Lectores', all_permissions: ['voucher/view', 'user/add'] },
    });
    expect(escalated.statusCode).toBe(403);
    expect(escalated.json()).toEqual({ detail: text.cannotGrantPermission('user/add') });
    const created = await manager({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Escalada', all_permissions: ['user/add'] },
    });
    expect(created.statusCode).toBe(403);
  });

  it('cannot empty a group holding permissions it does not hold (the Super Administrador attack)', async () => {
    const attacker = await admin({
      method: 'POST',
      url: '/api/profile/',
      payload: {
        username: 'solo_grupos',
        email: 'solo_grupos@example.com',
        password: 'Solo-Grupos-2026',
        user_permissions: ['group/add'],
      },
    });
    expect(attacker.statusCode).toBe(201);
    const onlyGroupAdd = as(testApp, await testApp.login('solo_grupos', 'Solo-Grupos-2026'));
    const before = (await admin({ method: 'GET', url: '/api/groups/21/' })).json<Group>();
    const emptied = await onlyGroupAdd({
      method: 'PUT',
      url: '/api/groups/21/',
      payload: { name: 'Super Administrador' },
    });
    expect(emptied.statusCode).toBe(403);
    expect(emptied.json<{ detail: string }>().detail).toMatch(/No puede modificar ni eliminar un grupo/);
    expect((await admin({ method: 'GET', url: '/api/groups/21/' })).json()).toEqual(before);
  });

  it('cannot remove from a group, nor delete a group, holding a permission it does not hold', async () => {
    const group = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Con usuarios', all_permissions: ['voucher/view', 'user/add'] },
    });
    const groupId = group.json<Group>().id;
    const removal = await manager({
      method: 'PUT',
      url: `/api/groups/${groupId}/`,
      payload: { name: 'Con usuarios', all_permissions: ['voucher/view'] },
    });
    expect(removal.statusCode).toBe(403);
    expect(removal.json()).toEqual({ detail: text.cannotTouchGroupWith('user/add') });
    const deletion = await manager({ method: 'DELETE', url: `/api/groups/${groupId}/` });
    expect(deletion.statusCode).toBe(403);
    expect(
      (await admin({ method: 'GET', url: `/api/groups/${groupId}/` })).json<Group>().all_permissions,
    ).toEqual(['user/add', 'voucher/view']);
    expect((await admin({ method: 'GET', url: `/api/status_group/${groupId}/` })).statusCode).toBe(200);
  });

  it('edits and deletes a group whose permissions it holds', async () => {
    const group = await manager({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Propio', all_permissions: ['voucher/view'] },
    });
    const groupId = group.json<Group>().id;
    const edited = await manager({
      method: 'PUT',
      url: `/api/groups/${groupId}/`,
      payload: { name: 'Propio', all_permissions: ['voucher/view', 'group/view'] },
    });
    expect(edited.statusCode).toBe(200);
    expect((await manager({ method: 'DELETE', url: `/api/groups/${groupId}/` })).statusCode).toBe(204);
  });
});
