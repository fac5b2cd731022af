/**
 * The principal cache (issue 11): a request validates its cached principal with one small query
 * and reloads it only when the user, its token version or the global principal epoch changed, so
 * a group or user permission change is seen on the next request, also when another instance made
 * it (the epoch lives in the database).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bumpTokenVersion } from '../../src/server/auth/guard';
import {
  bumpPrincipalEpoch,
  clearPrincipalCache,
  PRINCIPAL_CHANNEL,
  principalAnnouncements,
  principalLoads,
  principalValidityReads,
  watchPrincipalChanges,
} from '../../src/server/auth/principal';
import type { ChannelListener } from '../../src/server/db/client';
import { groupPermissions, permissions } from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let member: ReturnType<typeof as>;
let groupId: number;
let userId: number;

const PASSWORD = 'Viaje-Seguro-2026';

beforeAll(async () => {
  testApp = await createTestApp({ seedDemo: false });
  admin = as(testApp, await testApp.login('admin'));
  const group = await admin({
    method: 'POST',
    url: '/api/groups/',
    payload: { name: 'Lectores de pasajeros', all_permissions: ['pax/view'] },
  });
  expect(group.statusCode, group.body).toBe(201);
  groupId = group.json<{ id: number }>().id;
  const user = await admin({
    method: 'POST',
    url: '/api/profile/',
    payload: {
      email: 'lector@example.com',
      username: 'lector',
      password: PASSWORD,
      first_name: 'Lec',
      last_name: 'Tor',
      groups: [groupId],
    },
  });
  expect(user.statusCode, user.body).toBe(201);
  userId = user.json<{ id: number }>().id;
  member = as(testApp, await testApp.login('lector', PASSWORD));
}, 60_000);
afterAll(() => testApp.close());

const paxStatus = async () => (await member({ method: 'GET', url: '/api/pax/' })).statusCode;
const tagStatus = async () => (await member({ method: 'GET', url: '/api/zone/' })).statusCode;

describe('principal cache', () => {
  it('loads a principal once and serves the next requests from the cache', async () => {
    clearPrincipalCache();
    const before = principalLoads();
    for (let index = 0; index < 5; index++) expect(await paxStatus()).toBe(200);
    expect(principalLoads() - before).toBe(1);
  });

  it("sees a group's new permissions on the next request", async () => {
    expect(await tagStatus()).toBe(403);
    const response = await admin({
      method: 'PUT',
      url: `/api/groups/${groupId}/`,
      payload: { name: 'Lectores de pasajeros', all_permissions: ['pax/view', 'zone/view'] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await tagStatus()).toBe(200);
  });

  it("sees a user's own permission change on the next request", async () => {
    expect(await paxStatus()).toBe(200);
    const response = await admin({
      method: 'PUT',
      url: `/api/profile/${userId}/`,
      payload: {
        email: 'lector@example.com',
        username: 'lector',
        first_name: 'Lec',
        last_name: 'Tor',
        groups: [],
        user_permissions: ['zone/view'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await paxStatus()).toBe(403);
    expect(await tagStatus()).toBe(200);
  });

  it('sees a change made elsewhere (another instance) once the epoch is bumped in the database', async () => {
    // Give the group back and warm the cache.
    const restored = await admin({
      method: 'PUT',
      url: `/api/profile/${userId}/`,
      payload: {
        email: 'lector@example.com',
        username: 'lector',
        first_name: 'Lec',
        last_name: 'Tor',
        groups: [groupId],
        user_permissions: [],
      },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await paxStatus()).toBe(200);
    // Another instance removes pax/view from the group in its own transaction, bumping the epoch.
    await testApp.handle.db.transaction(async (tx) => {
      const [permission] = await tx
        .select({ id: permissions.id })
        .from(permissions)
        .where(eq(permissions.codename, 'pax/view'));
      await tx
        .delete(groupPermissions)
        .where(
          sql`${groupPermissions.groupId} = ${groupId} and ${groupPermissions.permissionId} = ${permission.id}`,
        );
      await bumpPrincipalEpoch(tx);
    });
    expect(await paxStatus()).toBe(403);
  });

  it("keeps a user's validity while the database's announcements are heard: no query per request", async () => {
    clearPrincipalCache();
    expect(await tagStatus()).toBe(200);
    const reads = principalValidityReads();
    for (let index = 0; index < 5; index++) expect(await tagStatus()).toBe(200);
    expect(principalValidityReads() - reads).toBe(0);
  });

  it('refuses the tokens of a user another writer deactivated, once the database announces it', async () => {
    expect(await tagStatus()).toBe(200);
    const heard = principalAnnouncements();
    // Plain SQL on the database, as an administrator or another instance would write it: only
    // migration 0024's trigger tells this instance.
    await testApp.handle.db.execute(
      sql`update users set is_active = false, updated_at = now() where id = ${userId}`,
    );
    await vi.waitFor(() => expect(principalAnnouncements()).toBeGreaterThan(heard), { timeout: 5_000 });
    expect(await tagStatus()).toBe(401);
    await testApp.handle.db.execute(sql`update users set is_active = true where id = ${userId}`);
  });
});

describe('principal validity kept between requests, against a feed the test controls', () => {
  let announce: ChannelListener = { message() {}, listening() {} };
  let stopWatching: () => Promise<void> = async () => {};
  let reader: ReturnType<typeof as>;
  const readsOf = async (work: () => Promise<unknown>) => {
    const before = principalValidityReads();
    await work();
    return principalValidityReads() - before;
  };
  const zone = async () => (await reader({ method: 'GET', url: '/api/zone/' })).statusCode;

  beforeAll(async () => {
    // Replaces the app's watch of its database with one fed by the test: announcements arrive
    // only when the test says, as a slow delivery would.
    stopWatching = watchPrincipalChanges(testApp.handle.db, (channel, listener) => {
      expect(channel).toBe(PRINCIPAL_CHANNEL);
      announce = listener;
      return async () => {};
    });
    reader = as(testApp, await testApp.login('lector', PASSWORD));
  });
  afterAll(() => stopWatching());

  it('reads the database on every request while the feed is not heard', async () => {
    announce.listening(false);
    expect(await readsOf(zone)).toBe(1);
    expect(await readsOf(zone)).toBe(1);
  });

  it('keeps the validity once the feed is heard, and forgets what an announcement names', async () => {
    announce.listening(true);
    expect(await readsOf(zone)).toBe(1);
    expect(await readsOf(zone)).toBe(0);
    announce.message(String(userId));
    expect(await readsOf(zone)).toBe(1);
    expect(await readsOf(zone)).toBe(0);
    announce.message('*');
    expect(await readsOf(zone)).toBe(1);
    announce.message('not a user');
    expect(await readsOf(zone)).toBe(0);
  });

  it("ends a session this instance ended at the next request, before the change's announcement arrives", async () => {
    expect(await readsOf(zone)).toBe(0);
    await testApp.handle.db.transaction((tx) => bumpTokenVersion(tx, userId));
    // No announcement yet: the kept validity is not trusted.
    expect(await zone()).toBe(401);
    reader = as(testApp, await testApp.login('lector', PASSWORD));
    expect(await readsOf(zone)).toBe(1);
    expect(await readsOf(zone)).toBe(1);
    announce.message(String(userId));
    expect(await readsOf(zone)).toBe(1);
    expect(await readsOf(zone)).toBe(0);
  });

  it('reads every user from the database after this instance moved the epoch, until that announcement', async () => {
    await testApp.handle.db.transaction((tx) => bumpPrincipalEpoch(tx));
    expect(await readsOf(zone)).toBe(1);
    expect(await readsOf(zone)).toBe(1);
    announce.message('*');
    expect(await readsOf(zone)).toBe(1);
    expect(await readsOf(zone)).toBe(0);
  });

  it('forgets everything it kept when the feed is lost and heard again', async () => {
    expect(await readsOf(zone)).toBe(0);
    announce.listening(false);
    announce.listening(true);
    expect(await readsOf(zone)).toBe(1);
  });
});
