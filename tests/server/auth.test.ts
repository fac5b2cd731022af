import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { createTokenService } from '../../src/server/auth/tokens';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { ADMIN_PASSWORD, as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

describe('POST /api/token/', () => {
  it('signs in with the username and answers access and refresh tokens', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ access: string; refresh: string }>();
    expect(body.access.split('.')).toHaveLength(3);
    expect(body.refresh).not.toBe(body.access);
  });

  it('signs in with the email, case-insensitively', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'ADMIN@example.com', password: ADMIN_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', { username: 'admin', password: 'nope-nope-nope' }],
    ['an unknown user', { username: 'nobody', password: ADMIN_PASSWORD }],
  ])('refuses %s with the spec message', async (_case, payload) => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/token/', payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: messages.auth.loginFailed });
  });

  it('answers field errors for missing fields and unknown types', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: '', password: 3 },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<Record<string, string[]>>();
    expect(body.username).toEqual([messages.auth.usernameRequired]);
    expect(body.password).toHaveLength(1);
  });

  it('answers 400 {detail} for malformed JSON, without a stack trace', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: messages.common.malformedRequest });
  });
});

describe('tokens', () => {
  it('answers the profile of the signed-in user with queryType=LOGIN', async () => {
    const authorization = await testApp.login('ejecutivo');
    const response = await as(
      testApp,
      authorization,
    )({ method: 'GET', url: '/api/profile/?queryType=LOGIN' });
    expect(response.statusCode).toBe(200);
    const profile = response.json<{
      username: string;
      groups: number[];
      permissions: string[];
      modules: string[];
    }>();
    expect(profile.username).toBe('ejecutivo');
    expect(profile.groups).toEqual([13]);
    expect(profile.permissions).toContain('voucher/add');
    expect(profile.permissions).not.toContain('user/view');
    expect(profile.modules).toContain('vouchers');
    expect(JSON.stringify(profile)).not.toContain('scrypt');
  });

  it('refuses a missing, forged or expired token with 401 {detail}', async () => {
    const expired = createTokenService(testApp.context.config.jwtSecret, {
      accessMinutes: -1,
      refreshDays: 1,
    });
    const forged = createTokenService('another-secret-another-secret-another-secret', {
      accessMinutes: 5,
      refreshDays: 1,
    });
    for (const authorization of [
      undefined,
      'Bearer not-a-token',
      `Bearer ${await expired.issue(1, 'access', 0)}`,
      `Bearer ${await forged.issue(1, 'access', 0)}`,
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/profile/?queryType=LOGIN',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: messages.auth.invalidToken });
    }
  });

  it('refuses a refresh token used as an access token, and refreshes with it', async () => {
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'admin', password: ADMIN_PASSWORD },
    });
    const { refresh } = login.json<{ refresh: string }>();
    const misuse = await as(
      testApp,
      `Bearer ${refresh}`,
    )({ method: 'GET', url: '/api/profile/?queryType=LOGIN' });
    expect(misuse.statusCode).toBe(401);
    const renewed = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<{ access: string }>().access).toBeTruthy();
  });
});

describe('permissions', () => {
  it('refuses the user list to a role without user/view, and serves it to a superuser', async () => {
    const executive = await testApp.login('ejecutivo');
    const refused = await as(testApp, executive)({ method: 'GET', url: '/api/profile/' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: messages.common.forbidden });
    const admin = await testApp.login('admin');
    const served = await as(testApp, admin)({ method: 'GET', url: '/api/profile/?limit=5&email=demo' });
    expect(served.statusCode).toBe(200);
    const page = served.json<{ count: number; next: string | null; results: { email: string }[] }>();
    expect(page.count).toBe(12);
    expect(page.results).toHaveLength(5);
    expect(page.next).toContain('offset=5');
    expect(page.results.every((user) => user.email.includes('demo'))).toBe(true);
  });

  it('lets a user read its own profile by id but not another one', async () => {
    const executive = await testApp.login('ejecutivo');
    const me = await as(testApp, executive)({ method: 'GET', url: '/api/profile/?queryType=LOGIN' });
    const { id } = me.json<{ id: number }>();
    expect((await as(testApp, executive)({ method: 'GET', url: `/api/profile/${id}/` })).statusCode).toBe(
      200,
    );
    expect((await as(testApp, executive)({ method: 'GET', url: `/api/profile/${id + 1}/` })).statusCode).toBe(
      403,
    );
  });
});

describe('system', () => {
  it('reports health with the database kind and the applied migration', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.statusCode).toBe(200);
    const health = response.json<{ status: string; database: string; migration: string }>();
    expect(health.status).toBe('ok');
    expect(health.database).toBe('postgres');
    expect(health.migration).toMatch(/^\d{4}_/);
  });

  it('answers unknown API routes with 404 {detail}', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nothing-here/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: messages.common.notFound });
  });
});

describe('sign-in attempts', () => {
  const signIn = (username: string, password: string) =>
    testApp.app.inject({ method: 'POST', url: '/api/token/', payload: { username, password } });

  it('never counts successful sign-ins', async () => {
    for (let attempt = 0; attempt < 15; attempt++) {
      expect((await signIn('supervisor', DEMO_PASSWORD)).statusCode).toBe(200);
    }
  });

  it('delays one account after five failures, with the Spanish message saying when to retry', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn('gerente_pais', 'adivinando-123')).statusCode).toBe(401);
    }
    // The sixth failure blocks the account for 1 s (from an address it never signed in from).
    expect((await signIn('gerente_pais', 'adivinando-123')).statusCode).toBe(401);
    const blocked = await signIn('gerente_pais', DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: messages.auth.accountThrottled(1) });
    expect(blocked.headers['retry-after']).toBe('1');
    // Other accounts are not affected, and the wait is short.
    expect((await signIn('soporte_pais', DEMO_PASSWORD)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await signIn('gerente_pais', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});
