/**
 * Privilege escalation (issue 10, critical): every user write (create, update, password,
 * activation, deletion) and every group write is refused unless the editor holds every effective
 * permission the target has before the change and will have after it; superusers act on anyone;
 * only a superuser acts on a superuser. A changed password or a deactivation bumps token_version.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { users } from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

const text = messages.permissions;
let testApp: TestApp;
let admin: ReturnType<typeof as>;
const PASSWORD = 'Escalada-Segura-26';

type Profile = { id: number; username: string; permissions: string[]; groups: number[]; is_active: boolean };

async function userNamed(username: string): Promise<Profile> {
  const page = await admin({ method: 'GET', url: `/api/profile/?username=${username}&limit=50` });
  return page.json<{ results: Profile[] }>().results.find((user) => user.username === username)!;
}

async function createUser(username: string, extra: Record<string, unknown>) {
  const response = await admin({
    method: 'POST',
    url: '/api/profile/',
    payload: { username, email: `${username}@example.com`, password: PASSWORD, groups: [], ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Profile>();
}

async function tokenVersionOf(id: number): Promise<number> {
  const [row] = await testApp.context.db
    .select({ version: users.tokenVersion })
    .from(users)
    .where(eq(users.id, id));
  return row.version;
}

let manager: ReturnType<typeof as>;
let managerId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  // The attacker of the issue: user/add and user/view, as a central user (Ejecutivo Supervisor, 33,
  // a central role: it reads every office). Without a central group it would read its own office
  // tree only (issue 28 §2); the office-scope escapes are tests/server/officeScope.test.ts.
  managerId = (
    await createUser('solo_usuarios', { groups: [33], user_permissions: ['user/add', 'user/view'] })
  ).id;
  manager = as(testApp, await testApp.login('solo_usuarios', PASSWORD));
}, 60_000);
afterAll(async () => testApp.close());

describe('user writes', () => {
  it("refuses resetting super_administrador's password (the attack of the issue) and the sign-in still fails", async () => {
    const target = await userNamed('super_administrador');
    const before = await tokenVersionOf(target.id);
    const reset = await manager({
      method: 'PUT',
      url: `/api/profile/${target.id}/`,
      payload: {
        username: 'super_administrador',
        email: 'x@example.com',
        password: 'Tomada-Por-Atacante-1',
        groups: target.groups,
      },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json<{ detail: string }>().detail).toMatch(/No puede modificar ni eliminar un usuario/);
    await expect(testApp.login('super_administrador', 'Tomada-Por-Atacante-1')).rejects.toThrow();
    await testApp.login('super_administrador');
    expect(await tokenVersionOf(target.id)).toBe(before);
  });

  it('refuses deactivating or deleting a user who holds more than the editor', async () => {
    const target = await userNamed('ejecutivo');
    const deactivate = await manager({
      method: 'PUT',
      url: `/api/profile/${target.id}/`,
      payload: { username: 'ejecutivo', email: 'ejecutivo@example.com', is_active: false },
    });
    expect(deactivate.statusCode).toBe(403);
    const removal = await manager({ method: 'DELETE', url: `/api/profile/${target.id}/` });
    expect(removal.statusCode).toBe(403);
    expect((await userNamed('ejecutivo')).is_active).toBe(true);
  });

  it('refuses adding a group the editor does not fully hold, or a permission it lacks, on edit', async () => {
    const target = await createUser('objetivo_menor', { user_permissions: ['user/view'] });
    const byGroup = await manager({
      method: 'PUT',
      url: `/api/profile/${target.id}/`,
      payload: { username: 'objetivo_menor', email: 'objetivo_menor@example.com', groups: [13] },
    });
    expect(byGroup.statusCode).toBe(403);
    expect(byGroup.json<{ detail: string }>().detail).toMatch(/No puede otorgar un permiso/);
    const byPermission = await manager({
      method: 'PUT',
      url: `/api/profile/${target.id}/`,
      payload: {
        username: 'objetivo_menor',
        email: 'objetivo_menor@example.com',
        user_permissions: ['zone/view'],
      },
    });
    expect(byPermission.statusCode).toBe(403);
    expect(byPermission.json()).toEqual({ detail: text.cannotGrantPermission('zone/view') });
    expect((await userNamed('objetivo_menor')).permissions).toEqual(['user/view']);
  });

  it('refuses editing oneself into more than one holds', async () => {
    const self = await manager({
      method: 'PUT',
      url: `/api/profile/${managerId}/`,
      payload: {
        username: 'solo_usuarios',
        email: 'solo_usuarios@example.com',
        user_permissions: ['user/add', 'user/view', 'group/add'],
      },
    });
    expect(self.statusCode).toBe(403);
  });

  it('acts on a user within its own permissions: edits, resets the password (token version bumps), deletes', async () => {
    const target = await createUser('objetivo_igual', { user_permissions: ['user/view'] });
    const version = await tokenVersionOf(target.id);
    const edited = await manager({
      method: 'PUT',
      url: `/api/profile/${target.id}/`,
      payload: { username: 'objetivo_igual', email: 'objetivo_igual@example.com', first_name: 'Igual' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await tokenVersionOf(target.id)).toBe(version);
    const reset = await manager({
      method: 'PUT',
      url: `/api/profile/${target.id}/`,
      payload: {
        username: 'objetivo_igual',
        email: 'objetivo_igual@example.com',
        password: 'Nueva-Clave-Igual-9',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect(await tokenVersionOf(target.id)).toBe(version + 1);
    await testApp.login('objetivo_igual', 'Nueva-Clave-Igual-9');
    const deactivated = await manager({
      method: 'PUT',
      url: `/api/profile/${target.id}/`,
      payload: { username: 'objetivo_igual', email: 'objetivo_igual@example.com', is_active: false },
    });
    expect(deactivated.statusCode).toBe(200);
    expect(await tokenVersionOf(target.id)).toBe(version + 2);
    expect((await manager({ method: 'DELETE', url: `/api/profile/${target.id}/` })).statusCode).toBe(204);
  });

  it('lets a superuser act on anyone, and only a superuser grant the flag', async () => {
    const target = await userNamed('super_administrador');
    const flag = await manager({
      method: 'POST',
      url: '/api/profile/',
      payload: {
        username: 'nuevo_super',
        email: 'nuevo_super@example.com',
        password: PASSWORD,
        is_superuser: true,
      },
    });
    expect(flag.statusCode).toBe(403);
    expect(flag.json()).toEqual({ detail: text.cannotGrantSuperuser });
    const edited = await admin({
      method: 'PUT',
      url: `/api/profile/${target.id}/`,
      payload: {
        username: 'super_administrador',
        email: 'super_administrador@example.com',
        first_name: 'Súper',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('group writes', () => {
  it('refuses emptying group 21 with only group/add (the attack of the issue)', async () => {
    await createUser('solo_grupos', { user_permissions: ['group/add'] });
    const groupManager = as(testApp, await testApp.login('solo_grupos', PASSWORD));
    const before = await admin({ method: 'GET', url: '/api/groups/21/' });
    const emptied = await groupManager({
      method: 'PUT',
      url: '/api/groups/21/',
      payload: { name: 'Super Administrador', all_permissions: [] },
    });
    expect(emptied.statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: '/api/groups/21/' })).json()).toEqual(before.json());
    const deletion = await groupManager({ method: 'DELETE', url: '/api/groups/21/' });
    expect(deletion.statusCode).toBe(403);
  });
});
