/**
 * Issue 10 hardening: revocable tokens (version claim, required exp, logout, password reset),
 * strict Bearer, no-store answers, HSTS only over HTTPS, and no 500 for any input class (NUL
 * bytes, integers out of range, malformed multipart, what the database refuses, empty JSON bodies).
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { buildApp } from '../../src/server/app';
import { openRefundAccess } from '../../src/server/auth/refundAccess';
import { trustProxyOf } from '../../src/server/config';
import { passwordResets, users, zones } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { sha256 } from '../../src/server/routes/auth';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

const invalidToken = { detail: messages.auth.invalidToken };

async function signIn(username: string, password = DEMO_PASSWORD) {
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ access: string; refresh: string }>();
}

const profileWith = (access: string) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/profile/?queryType=LOGIN',
    headers: { authorization: `Bearer ${access}` },
  });
const refreshWith = (refresh: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });

describe('revocable tokens', () => {
  it('logout ends every session of the user: access and refresh tokens of all its sign-ins', async () => {
    const first = await signIn('soporte');
    const second = await signIn('soporte');
    expect((await profileWith(first.access)).statusCode).toBe(200);
    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/logout/',
      headers: { authorization: `Bearer ${first.access}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ status: 'OK' });
    expect(logout.headers['cache-control']).toBe('no-store');
    for (const tokens of [first, second]) {
      const profile = await profileWith(tokens.access);
      expect(profile.statusCode).toBe(401);
      expect(profile.json()).toEqual(invalidToken);
      const refreshed = await refreshWith(tokens.refresh);
      expect(refreshed.statusCode).toBe(401);
      expect(refreshed.json()).toEqual(invalidToken);
    }
    // A new sign-in works again, and other users were not touched.
    expect((await profileWith((await signIn('soporte')).access)).statusCode).toBe(200);
  });

  it('logout needs a valid access token', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/token/logout/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidToken);
  });

  it('a password reset ends the sessions opened with the old password', async () => {
    const before = await signIn('supervisor');
    const [user] = await testApp.context.db
      .select({ id: users.id, version: users.tokenVersion })
      .from(users)
      .where(eq(users.username, 'supervisor'));
    const token = randomBytes(16).toString('hex');
    await testApp.context.db
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 60_000) });
    const confirm = await testApp.app.inject({
      method: 'POST',
      url: '/api/password_reset/confirm/',
      payload: { token, password: 'Otra-Clave-Segura-9', password_confirmation: 'Otra-Clave-Segura-9' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [after] = await testApp.context.db
      .select({ version: users.tokenVersion })
      .from(users)
      .where(eq(users.id, user.id));
    expect(after.version).toBe(user.version + 1);
    expect((await profileWith(before.access)).statusCode).toBe(401);
    expect((await refreshWith(before.refresh)).statusCode).toBe(401);
    expect((await profileWith((await signIn('supervisor', 'Otra-Clave-Segura-9')).access)).statusCode).toBe(
      200,
    );
  });

  it('a refreshed access token carries the version and is refused once the version moves', async () => {
    const tokens = await signIn('agencia');
    const refreshed = await refreshWith(tokens.refresh);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
    const { access } = refreshed.json<{ access: string }>();
    expect((await profileWith(access)).statusCode).toBe(200);
    // Moved by plain SQL, as another instance would: this one hears it from the database's
    // announcement (migration 0024), milliseconds after the commit.
    await testApp.context.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.username, 'agencia'));
    await vi.waitFor(async () => expect((await profileWith(access)).statusCode).toBe(401), {
      timeout: 2_000,
      interval: 20,
    });
  });

  it('refuses a token without exp, without ver, or with a ver that is not a whole number', async () => {
    const key = new TextEncoder().encode(testApp.context.config.jwtSecret);
    const [admin] = await testApp.context.db
      .select({ id: users.id, version: users.tokenVersion })
      .from(users)
      .where(eq(users.username, 'admin'));
    const sign = (claims: Record<string, unknown>, withExp: boolean) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
      if (withExp) jwt.setExpirationTime('5 minutes');
      return jwt.sign(key);
    };
    const valid = await sign({ user_id: admin.id, token_type: 'access', ver: admin.version }, true);
    expect((await profileWith(valid)).statusCode).toBe(200);
    for (const token of [
      await sign({ user_id: admin.id, token_type: 'access', ver: admin.version }, false),
      await sign({ user_id: admin.id, token_type: 'access' }, true),
      await sign({ user_id: admin.id, token_type: 'access', ver: '0' }, true),
      await sign({ user_id: 2 ** 40, token_type: 'access', ver: 0 }, true),
    ]) {
      const response = await profileWith(token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(invalidToken);
    }
  });

  it('refuses the tokens of a deactivated user', async () => {
    const tokens = await signIn('proveedor');
    await testApp.context.db.update(users).set({ isActive: false }).where(eq(users.username, 'proveedor'));
    expect((await profileWith(tokens.access)).statusCode).toBe(401);
    expect((await refreshWith(tokens.refresh)).statusCode).toBe(401);
  });
});

describe('strict Bearer', () => {
  it('accepts exactly "Bearer <token>" and refuses anything around it', async () => {
    const { access } = await signIn('administracion');
    const ok = await testApp.app.inject({
      method: 'GET',
      url: '/api/profile/?queryType=LOGIN',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(ok.statusCode).toBe(200);
    for (const authorization of [
      `Bearer ${access} extra`,
      `Bearer  ${access}`,
      ` Bearer ${access}`,
      `Bearer ${access} `,
      `Bearer\t${access}`,
      `Token ${access}`,
      `Basic ${Buffer.from('admin:x').toString('base64')}`,
      'Bearer',
      `Bearer ${access}.x`,
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/profile/?queryType=LOGIN',
        headers: { authorization },
      });
      expect(response.statusCode, JSON.stringify(authorization)).toBe(401);
      expect(response.json()).toEqual(invalidToken);
    }
  });

  it('applies to the refund access token too', async () => {
    const access = await openRefundAccess(testApp.context.db, testApp.context.config.jwtSecret, {
      voucherId: 1,
      docNumber: '1',
    });
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/images/upload-image',
      headers: { authorization: `Bearer ${access} extra`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: messages.refund.accessExpired });
  });
});

describe('headers', () => {
  it('token answers, failed ones included, carry Cache-Control: no-store', async () => {
    const ok = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'ejecutivo', password: DEMO_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const failed = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'ejecutivo', password: 'mal-mal-mal' },
    });
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['cache-control']).toBe('no-store');
    const letter = await testApp.app.inject({ method: 'GET', url: '/api/refund_data/authorization-letter/' });
    expect(letter.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the security headers (helmet) on every answer, an unknown route included', async () => {
    for (const url of ['/api/health/', '/api/no-such-route/']) {
      const answer = await testApp.app.inject({ method: 'GET', url });
      expect(String(answer.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(answer.headers['content-security-policy'])).toContain(
        "script-src 'self' 'wasm-unsafe-eval'",
      );
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('sends HSTS and upgrade-insecure-requests only over HTTPS', async () => {
    const plain = await testApp.app.inject({ method: 'GET', url: '/api/health/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(String(plain.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    // Without TRUST_PROXY a forwarded protocol is not believed.
    const spoofed = await testApp.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const behindProxy = await buildApp({
      ...testApp.context,
      config: { ...testApp.context.config, trustProxy: trustProxyOf('true') },
    });
    try {
      const secure = await behindProxy.inject({
        method: 'GET',
        url: '/api/health/',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(secure.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
      const insecure = await behindProxy.inject({ method: 'GET', url: '/api/health/' });
      expect(insecure.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxies', () => {
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('')).toBe(false);
    expect(trustProxyOf('true')).toBe(true);
    expect(trustProxyOf('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
    const hops = trustProxyOf('1');
    expect(typeof hops).toBe('function');
    if (typeof hops !== 'function') throw new Error('a hop count is a function');
    expect([hops('1.2.3.4', 0), hops('1.2.3.4', 1)]).toEqual([true, false]);
  });
});

describe('no 500 on any input', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await testApp.login('admin');
  });

  it('refuses NUL bytes before authentication, with a Spanish field error', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'ad\u0000min', password: 'x\u0000' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      username: [messages.common.invalidCharacters],
      password: [messages.common.invalidCharacters],
    });
  });

  it('refuses NUL bytes and lone surrogates in master data, queries and nested bodies', async () => {
    const call = as(testApp, admin);
    const created = await call({
      method: 'POST',
      url: '/api/zone/',
      payload: { short_name: 'Z\u0000', long_name: 'Zona' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ short_name: [messages.common.invalidCharacters] });
    const surrogate = await call({
      method: 'POST',
      url: '/api/zone/',
      headers: { 'content-type': 'application/json' },
      payload: '{"short_name":"Z","long_name":"\\ud800x"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json()).toEqual({ long_name: [messages.common.invalidCharacters] });
    const listed = await call({ method: 'GET', url: '/api/zone/?short_name=%00' });
    expect(listed.statusCode).toBe(400);
    expect(listed.json()).toEqual({ short_name: [messages.common.invalidCharacters] });
    const nested = await call({
      method: 'POST',
      url: '/api/permission/check/',
      payload: { entity: 'voucher', view: 'edit', body: { 'k\u0000': 1 } },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ body: [messages.common.invalidCharacters] });
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/password_reset/confirm/',
      payload: { token: 'a\u0000', password: 'x' },
    });
    expect(reset.statusCode).toBe(400);
    const refundLogin = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/?voucher_id=1&document=%00',
    });
    expect(refundLogin.statusCode).toBe(400);
  });

  it('refuses integers beyond the column range with a field error', async () => {
    const response = await as(
      testApp,
      admin,
    )({
      method: 'POST',
      url: '/api/country/',
      payload: { short_name: 'XX', long_name: 'Tierra', currency: 2_147_483_648 },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['currency']);
    const users = await as(
      testApp,
      admin,
    )({
      method: 'GET',
      url: '/api/refund/?voucher=99999999999',
    });
    expect(users.statusCode).toBe(400);
  });

  it('maps what the database refuses to 4xx in the one error handler', async () => {
    const probe = await buildApp(testApp.context, {
      rootRouteModules: [
        (app, context) => {
          app.post('/probe/:kind', async (request) => {
            const { kind } = request.params as { kind: string };
            if (kind === 'nul') return context.db.execute(sql`select ${'a\u0000b'}::text`);
            if (kind === 'range') return context.db.execute(sql`select ${'3000000000'}::integer`);
            if (kind === 'syntax') return context.db.execute(sql`select ${'abc'}::integer`);
            if (kind === 'date') return context.db.execute(sql`select ${'2024-02-30'}::date`);
            if (kind === 'unique') {
              const [zone] = await context.db.select().from(zones).limit(1);
              return context.db.insert(zones).values({ shortName: zone.shortName, longName: zone.longName });
            }
            return context.db.execute(sql`select 1 from no_such_table`);
          });
        },
      ],
    });
    try {
      const answer = async (kind: string) => {
        const response = await probe.inject({ method: 'POST', url: `/probe/${kind}` });
        return [response.statusCode, response.json()];
      };
      expect(await answer('nul')).toEqual([400, { detail: messages.common.invalidCharacters }]);
      expect(await answer('range')).toEqual([400, { detail: messages.resources.outOfRange }]);
      expect(await answer('syntax')).toEqual([400, { detail: messages.common.invalidValue }]);
      expect((await answer('date'))[0]).toBe(400);
      const [zone] = await testApp.context.db.select().from(zones).limit(1);
      expect(zone).toBeDefined();
      const unique = await answer('unique');
      expect(unique[0]).toBe(400);
      // A programming error stays a 500, without details.
      expect(await answer('bug')).toEqual([500, { detail: messages.common.genericError }]);
    } finally {
      await probe.close();
    }
  });

  it.each([
    ['no boundary', 'multipart/form-data', 'abc'],
    [
      'a truncated body',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
    ['a boundary too long to search', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'abc'],
    [
      'a malformed part header',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nno header here\r\n\r\nvalue\r\n--XyZ--\r\n',
    ],
  ])(
    'answers 400 for a multipart body with %s (upload and refund submission)',
    async (_case, contentType, body) => {
      const access = await openRefundAccess(testApp.context.db, testApp.context.config.jwtSecret, {
        voucherId: 1,
        docNumber: '1',
      });
      for (const url of ['/images/upload-image', '/api/refund_data/']) {
        const response = await testApp.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${access}`, 'content-type': contentType },
          payload: body,
        });
        expect(response.statusCode, `${url}: ${response.body}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(500);
      }
    },
  );

  it('stores an upload whose file name holds a NUL byte under a cleaned name (no 500)', async () => {
    const access = await openRefundAccess(testApp.context.db, testApp.context.config.jwtSecret, {
      voucherId: 1,
      docNumber: '1',
    });
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const payload = Buffer.concat([
      Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\n'),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      png,
      Buffer.from('\r\n--B--\r\n'),
    ]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/images/upload-image',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'multipart/form-data; boundary=B' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [file] = response.json<{ files: { name: string }[] }>().files;
    expect(file.name).not.toContain('\u0000');
  });

  it('accepts a DELETE or GET with a JSON content type and an empty body, as DRF does', async () => {
    const call = as(testApp, admin);
    const created = await call({
      method: 'POST',
      url: '/api/zone/',
      payload: { short_name: 'VACIO', long_name: 'Zona vacía' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: number }>();
    const read = await call({
      method: 'GET',
      url: `/api/zone/${id}/`,
      headers: { 'content-type': 'application/json' },
    });
    expect(read.statusCode).toBe(200);
    const removed = await call({
      method: 'DELETE',
      url: `/api/zone/${id}/`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(removed.statusCode).toBe(204);
    const malformed = await call({
      method: 'DELETE',
      url: `/api/zone/${id}/`,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ detail: messages.common.malformedRequest });
  });
});

describe('Lista Negra hasta is optional (form, contract and server agree)', () => {
  it.each([
    ['absent', {}],
    ['null', { hasta: null }],
    ['empty', { hasta: '' }],
    ['blank', { hasta: '  ' }],
  ])('stores an %s hasta as an open-ended listing', async (_case, extra) => {
    const admin = await testApp.login('admin');
    const docnumber = String(40_000_000 + Math.floor(Math.random() * 1_000_000));
    const response = await as(
      testApp,
      admin,
    )({
      method: 'POST',
      url: '/api/pax_black_list/',
      payload: { docnumber, first_name: 'Ana', last_name: 'Paz', desde: '01/01/2024', ...extra },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ doc_number: docnumber, date_from: '2024-01-01', date_to: null });
  });
});
