/** Usuarios on /profile/ (SPEC §2 usuarios, §3 User, §5 password rules and admin forms, §7). */
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

const valid = (overrides: Record<string, unknown> = {}) => ({
  email: 'nuevo.usuario@example.com',
  username: 'nuevo_usuario',
  password: 'Viaje-Seguro-2026',
  first_name: 'Nuevo',
  last_name: 'Usuario',
  groups: [13],
  ...overrides,
});

async function create(body: Record<string, unknown>, caller = admin) {
  return caller({ method: 'POST', url: '/api/profile/', payload: body });
}

describe('GET /profile/ (list)', () => {
  it('answers the columns of section 2 and never a password or its hash', async () => {
    const response = await admin({ method: 'GET', url: '/api/profile/?offset=0&limit=50' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ count: number; results: Record<string, unknown>[] }>();
    expect(body.count).toBeGreaterThanOrEqual(13);
    for (const column of [
      'email',
      'username',
      'first_name',
      'last_name',
      'is_active',
      'is_superuser',
      'is_staff',
      'user_permissions',
      'groups',
      'office',
    ])
      expect(body.results[0]).toHaveProperty(column);
    expect(response.body).not.toMatch(/password|scrypt\$/i);
  });

  it('answers the names of the groups and the office beside their ids (issue 18)', async () => {
    const [office] = (await admin({ method: 'GET', url: '/api/office_name_id/?limit=1' })).json<{
      results: { id: number; long_name: string }[];
    }>().results;
    const created = await create(
      valid({ username: 'con_nombres', email: 'con.nombres@example.com', office: office.id }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json<{ id: number }>().id;
    const group = (await admin({ method: 'GET', url: '/api/groups/13/' })).json<{ name: string }>();
    const shown = (await admin({ method: 'GET', url: `/api/profile/${id}/` })).json();
    expect(shown).toMatchObject({
      groups: [13],
      group_names: [group.name],
      office: office.id,
      office_name: office.long_name,
    });
    const listed = (await admin({ method: 'GET', url: '/api/profile/?username=con_nombres' })).json<{
      results: Record<string, unknown>[];
    }>().results;
    expect(listed).toEqual([
      expect.objectContaining({ group_names: [group.name], office_name: office.long_name }),
    ]);
    expect((await admin({ method: 'DELETE', url: `/api/profile/${id}/` })).statusCode).toBe(204);
  });

  it.each([
    ['email', 'AGENCIA@demo', 'agencia'],
    ['username', 'SOPORTE', 'soporte'],
    ['first_name', 'gerente', 'gerente_pais'],
  ])('filters by %s with a case-insensitive contains', async (param, value, expected) => {
    const response = await admin({
      method: 'GET',
      url: `/api/profile/?${param}=${encodeURIComponent(value)}`,
    });
    const usernames = response.json<{ results: { username: string }[] }>().results.map((u) => u.username);
    expect(usernames).toContain(expected);
    expect(usernames.length).toBeLessThan(13);
  });

  it('refuses a role without user/view (403 {detail})', async () => {
    const ejecutivo = as(testApp, await testApp.login('ejecutivo'));
    const response = await ejecutivo({ method: 'GET', url: '/api/profile/' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: messages.common.forbidden });
  });
});

describe('POST /profile/', () => {
  it('creates a user in a group; modules follow the group; it can sign in; no hash answered', async () => {
    const response = await create(valid());
    expect(response.statusCode).toBe(201);
    const user = response.json<Record<string, unknown>>();
    expect(user).toMatchObject({
      email: 'nuevo.usuario@example.com',
      username: 'nuevo_usuario',
      groups: [13],
      is_superuser: false,
      is_active: true,
    });
    expect(user.modules).toContain('vouchers');
    expect(user.modules).not.toContain('users');
    expect(response.body).not.toMatch(/password|scrypt\$/i);
    const signedIn = as(testApp, await testApp.login('nuevo_usuario', 'Viaje-Seguro-2026'));
    const profile = await signedIn({ method: 'GET', url: '/api/profile/?queryType=LOGIN' });
    expect(profile.json<{ permissions: string[] }>().permissions).toContain('voucher/add');
  });

  it('answers the section 5 required messages for missing fields', async () => {
    const response = await create({});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      email: [text.emailRequired],
      username: [text.usernameRequired],
      password: [text.passwordRequired],
    });
  });

  it.each([
    ['a weak (short) password', { password: 'Ab1-x' }, 'password', messages.auth.passwordTooShort],
    [
      'a password similar to the username',
      { username: 'mariaperez', password: 'mariaperez1' },
      'password',
      messages.auth.passwordTooSimilar,
    ],
    ['an empty password', { password: '' }, 'password', text.passwordRequired],
    ['a bad email', { email: 'no-es-un-email' }, 'email', messages.common.emailInvalid],
    ['a too long username', { username: 'u'.repeat(151) }, 'username', messages.common.tooLong(150)],
    ['a username with spaces', { username: 'con espacios' }, 'username', text.usernameFormat],
    ['a too long first name', { first_name: 'n'.repeat(151) }, 'first_name', messages.common.tooLong(150)],
    ['a text flag', { is_active: 'si' }, 'is_active', messages.resources.mustBeBoolean],
    ['groups not a list', { groups: 13 }, 'groups', text.mustBeList],
    ['a group id of the wrong type', { groups: ['13'] }, 'groups.0', text.invalidChoice],
    ['an unknown group', { groups: [999] }, 'groups', text.unknownGroup],
    [
      'an unknown permission',
      { user_permissions: ['nada/view'] },
      'user_permissions.0',
      text.unknownPermission,
    ],
    ['an unknown module', { modules: ['casino'] }, 'modules.0', text.unknownModule],
    ['an office of the wrong type', { office: 'uno' }, 'office', messages.resources.invalidChoice],
    ['an unknown office', { office: 99999 }, 'office', text.unknownOffice],
    ['an unknown field', { password_hash: 'scrypt$x' }, 'password_hash', messages.common.unknownField],
    [
      'a taken username',
      { username: 'ejecutivo', email: 'otro@example.com' },
      'username',
      text.usernameTaken,
    ],
    ['a taken email (any case)', { username: 'otro', email: 'ADMIN@example.com' }, 'email', text.emailTaken],
  ])('refuses %s with a field error', async (_case, overrides, field, message) => {
    const response = await create(valid({ username: 'mal_usuario', email: 'mal@example.com', ...overrides }));
    expect(response.statusCode).toBe(400);
    expect(response.json<Record<string, string[]>>()[field]).toContain(message);
  });

  it('answers 400 for a body that is not an object', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/profile/',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a role without user/add', async () => {
    const soporte = as(testApp, await testApp.login('soporte'));
    const response = await create(valid({ username: 'x1', email: 'x1@example.com' }), soporte);
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT and DELETE /profile/{id}/', () => {
  let id: number;
  beforeAll(async () => {
    const response = await create(valid({ username: 'editable', email: 'editable@example.com' }));
    id = response.json<{ id: number }>().id;
  });

  it('edits without a password (kept), then with a new one', async () => {
    const kept = await admin({
      method: 'PUT',
      url: `/api/profile/${id}/`,
      payload: valid({
        username: 'editable',
        email: 'editable@example.com',
        first_name: 'Editado',
        password: '',
      }),
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ first_name: 'Editado' });
    await testApp.login('editable', 'Viaje-Seguro-2026');
    const changed = await admin({
      method: 'PUT',
      url: `/api/profile/${id}/`,
      payload: valid({ username: 'editable', email: 'editable@example.com', password: 'Otra-Clave-Larga-7' }),
    });
    expect(changed.statusCode).toBe(200);
    await testApp.login('editable', 'Otra-Clave-Larga-7');
  });

  it('keeps groups, permissions and modules when they are absent; replaces them when given', async () => {
    const base = { username: 'editable', email: 'editable@example.com' };
    const without = await admin({
      method: 'PUT',
      url: `/api/profile/${id}/`,
      payload: { ...base },
    });
    expect(without.json()).toMatchObject({ groups: [13] });
    const replaced = await admin({
      method: 'PUT',
      url: `/api/profile/${id}/`,
      payload: { ...base, groups: [16], user_permissions: ['zone/view'], modules: ['zones'] },
    });
    expect(replaced.json()).toMatchObject({
      groups: [16],
      user_permissions: ['zone/view'],
      modules: ['zones'],
    });
  });

  it('refuses a weak password on edit under `password`', async () => {
    const response = await admin({
      method: 'PUT',
      url: `/api/profile/${id}/`,
      payload: { username: 'editable', email: 'editable@example.com', password: 'corta' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ password: [messages.auth.passwordTooShort] });
  });

  it('answers 404 for unknown or malformed ids', async () => {
    for (const url of ['/api/profile/999999/', '/api/profile/abc/'])
      expect((await admin({ method: 'PUT', url, payload: valid() })).statusCode).toBe(404);
    expect((await admin({ method: 'DELETE', url: '/api/profile/999999/' })).statusCode).toBe(404);
  });

  it('deletes with 204, then 404', async () => {
    const response = await admin({ method: 'DELETE', url: `/api/profile/${id}/` });
    expect(response.statusCode).toBe(204);
    expect((await admin({ method: 'GET', url: `/api/profile/${id}/` })).statusCode).toBe(404);
  });

  it('refuses to delete or deactivate oneself', async () => {
    const me = (await admin({ method: 'GET', url: '/api/profile/?queryType=LOGIN' })).json<{ id: number }>();
    const deleted = await admin({ method: 'DELETE', url: `/api/profile/${me.id}/` });
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json()).toEqual({ detail: text.cannotDeleteSelf });
    const deactivated = await admin({
      method: 'PUT',
      url: `/api/profile/${me.id}/`,
      payload: { username: 'admin', email: 'admin@example.com', is_superuser: true, is_active: false },
    });
    expect(deactivated.statusCode).toBe(403);
  });
});

describe('a user manager who is not a superuser', () => {
  let manager: ReturnType<typeof as>;
  let adminId: number;
  let smallGroup: number;

  beforeAll(async () => {
    const group = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Gestores de usuarios', all_permissions: ['user/view', 'user/add', 'voucher/view'] },
    });
    const small = await admin({
      method: 'POST',
      url: '/api/groups/',
      payload: { name: 'Solo vouchers', all_permissions: ['voucher/view'] },
    });
    smallGroup = small.json<{ id: number }>().id;
    // A central manager (also Ejecutivo Supervisor, 33, a central role): without a central group it
    // would read its own office tree only (issue 28 §2; tests/server/officeScope.test.ts).
    await create(
      valid({
        username: 'gestor',
        email: 'gestor@example.com',
        groups: [group.json<{ id: number }>().id, 33],
      }),
    );
    manager = as(testApp, await testApp.login('gestor', 'Viaje-Seguro-2026'));
    const list = await admin({ method: 'GET', url: '/api/profile/?username=admin' });
    adminId = list
      .json<{ results: { id: number; username: string }[] }>()
      .results.find((user) => user.username === 'admin')!.id;
  }, 60_000);

  it('creates users with what it holds', async () => {
    const response = await create(
      valid({
        username: 'creado_por_gestor',
        email: 'cpg@example.com',
        groups: [smallGroup],
        user_permissions: ['voucher/view'],
      }),
      manager,
    );
    expect(response.statusCode).toBe(201);
  });

  it.each([
    ['the superuser flag', { is_superuser: true }, text.cannotGrantSuperuser],
    [
      'a permission it does not hold',
      { user_permissions: ['zone/add'] },
      text.cannotGrantPermission('zone/add'),
    ],
    ['a group granting more than it holds', { groups: [21] }, undefined],
  ])('cannot grant %s (403 {detail})', async (_case, overrides, detail) => {
    const response = await create(
      valid({ username: 'escalada', email: 'escalada@example.com', groups: [], ...overrides }),
      manager,
    );
    expect(response.statusCode).toBe(403);
    if (detail) expect(response.json()).toEqual({ detail });
    else expect(response.json<{ detail: string }>().detail).toMatch(/No puede otorgar un permiso/);
  });

  it('cannot edit or delete a superuser', async () => {
    const edit = await manager({
      method: 'PUT',
      url: `/api/profile/${adminId}/`,
      payload: { username: 'admin', email: 'admin@example.com', password: 'Tomada-Por-Gestor-1' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ detail: text.cannotTouchSuperuser });
    const removal = await manager({ method: 'DELETE', url: `/api/profile/${adminId}/` });
    expect(removal.statusCode).toBe(403);
    await testApp.login('admin');
  });
});
