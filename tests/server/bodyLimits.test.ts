/**
 * Hostile JSON bodies (issue 28 §1): a body nested deeper than MAX_JSON_DEPTH or holding more than
 * MAX_JSON_ELEMENTS elements answers 400 with the catalogue's message before any other work, in
 * linear time, on public and authenticated routes and in multipart JSON fields; while such a body
 * is read, the health check keeps answering in milliseconds. Bodies within the limits are read as
 * before, and every check over a body (the storable-text walk) is linear.
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { findUnstorableText } from '../../src/contracts/text';
import { passengers, voucherPassengers } from '../../src/server/db/schema';
import { DEMO_REFUND_TRAVELLERS } from '../../src/server/db/seed/refunds';
import { assertJsonShape, MAX_JSON_DEPTH, MAX_JSON_ELEMENTS } from '../../src/server/http/jsonBody';
import { flatBody, nestedBody, wideBody } from './hostileBodies';
import { createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin = '';
let refundAccess = '';
let address = 0;
const nextIp = () => `10.28.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

const TOO_DEEP = messages.common.bodyTooDeep(MAX_JSON_DEPTH);
const TOO_MANY = messages.common.bodyTooManyElements(MAX_JSON_ELEMENTS);
const HOSTILE = [
  ['nested', nestedBody(), TOO_DEEP],
  ['wide', wideBody(), TOO_MANY],
  ['flat', flatBody(), TOO_MANY],
] as const;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await testApp.login('admin');
  const traveller = DEMO_REFUND_TRAVELLERS.find((candidate) => candidate.claimable)!;
  const [row] = await testApp.context.db
    .select({ voucherId: voucherPassengers.voucherId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(eq(passengers.docNumber, traveller.docNumber));
  const login = await testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${row.voucherId}&document=${traveller.docNumber}`,
    remoteAddress: nextIp(),
  });
  expect(login.statusCode, login.body).toBe(200);
  refundAccess = login.json<{ access: string }>().access;
}, 120_000);
afterAll(() => testApp?.close());

/**
 * Sends `options` while the health check is asked again and again; answers the response, how long
 * it took, the slowest health answer and the event loop's longest stall meanwhile.
 */
async function sendWhileHealthIsAsked(options: InjectOptions) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const healthTimes: number[] = [];
  let done = false;
  const started = performance.now();
  const hostile = testApp.app.inject({ remoteAddress: nextIp(), ...options }).finally(() => {
    done = true;
  });
  const prober = (async () => {
    while (!done) {
      const before = performance.now();
      const health = await testApp.app.inject({ method: 'GET', url: '/api/health/' });
      expect(health.statusCode).toBe(200);
      healthTimes.push(performance.now() - before);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  const response = await hostile;
  const elapsed = performance.now() - started;
  await prober;
  delay.disable();
  return { response, elapsed, slowestHealth: Math.max(0, ...healthTimes), stall: delay.max / 1e6 };
}

describe('the shape check of a JSON text', () => {
  const refusal = (text: string) => {
    try {
      assertJsonShape(text);
      return null;
    } catch (error) {
      return (error as { detail?: string }).detail ?? 'thrown';
    }
  };

  it('accepts MAX_JSON_DEPTH levels and refuses one more', () => {
    expect(refusal(`${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`)).toBeNull();
    expect(refusal(`${'{"a":'.repeat(MAX_JSON_DEPTH)}1${'}'.repeat(MAX_JSON_DEPTH)}`)).toBeNull();
    expect(refusal(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(TOO_DEEP);
    // Depth is nesting, not the number of containers: many siblings are fine.
    expect(refusal(`[${'[[]],'.repeat(1000)}[]]`)).toBeNull();
  });

  it('accepts MAX_JSON_ELEMENTS elements and refuses one more', () => {
    // An array of n items counts n (its opening and n - 1 separators).
    expect(refusal(`[${'1,'.repeat(MAX_JSON_ELEMENTS - 1)}1]`)).toBeNull();
    expect(refusal(`[${'1,'.repeat(MAX_JSON_ELEMENTS)}1]`)).toBe(TOO_MANY);
    // The largest contract bodies: 5,000 particular rates of two members, 10,000 ids.
    const rates = Array.from({ length: 5000 }, (_, index) => ({
      office_id: index + 1,
      hash: 'a'.repeat(64),
    }));
    expect(refusal(JSON.stringify({ general_rate: null, particular_rates: rates }))).toBeNull();
    const ids = Array.from({ length: 10_000 }, (_, index) => index + 1);
    expect(refusal(JSON.stringify({ offices: ids }))).toBeNull();
  });

  it('does not count brackets and commas inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: `"${'[{,'.repeat(50_000)}\\"` });
    expect(refusal(text)).toBeNull();
    expect(refusal(`["\\"", ${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}]`)).toBe(TOO_DEEP);
  });
});

describe('the storable-text walk', () => {
  it('is linear: 150,000 levels in well under a second, the path of the bad text exact', () => {
    const depth = 150_000;
    let value: unknown = { bad: 'x\u0000' };
    for (let level = 0; level < depth; level++) value = [value];
    const started = performance.now();
    const found = findUnstorableText(value);
    const elapsed = performance.now() - started;
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveLength(depth + 1);
    expect(found[0].at(-1)).toBe('bad');
    expect(found[0].slice(0, 3)).toEqual([0, 0, 0]);
    // Copying the path at every level took minutes here (quadratic).
    expect(elapsed).toBeLessThan(1000);
  });
});

describe('hostile JSON bodies', () => {
  it.each(HOSTILE)(
    '%s body to the public sign-in: 400 at once, health keeps answering',
    async (_shape, body, detail) => {
      const { response, elapsed, slowestHealth, stall } = await sendWhileHealthIsAsked({
        method: 'POST',
        url: '/api/token/',
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail });
      expect(elapsed).toBeLessThan(1000);
      expect(slowestHealth).toBeLessThan(200);
      expect(stall).toBeLessThan(200);
    },
  );

  it.each(HOSTILE)(
    '%s body to the refund login (a GET: Fastify never reads its body): answered at once',
    async (shape, body) => {
      const { response, elapsed, slowestHealth } = await sendWhileHealthIsAsked({
        method: 'GET',
        url: `/api/refund_data/?voucher_id=1&document=${shape}`,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      // The login's own answer to a wrong pair: the body played no part.
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: messages.refund.loginFailed });
      expect(elapsed).toBeLessThan(1000);
      expect(slowestHealth).toBeLessThan(200);
    },
  );

  it.each(HOSTILE)(
    '%s body to authenticated writes: 400 at once, nothing read',
    async (_shape, body, detail) => {
      for (const [method, url] of [
        ['PUT', '/api/zone/1/'],
        ['POST', '/api/groups/'],
        ['POST', '/api/token/logout/'],
      ] as const) {
        const { response, elapsed, slowestHealth, stall } = await sendWhileHealthIsAsked({
          method,
          url,
          headers: { 'content-type': 'application/json', authorization: admin },
          payload: body,
        });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json()).toEqual({ detail });
        expect(elapsed).toBeLessThan(1000);
        expect(slowestHealth).toBeLessThan(200);
        expect(stall).toBeLessThan(200);
      }
      // The session still works: the logout above was refused before it ran.
      const me = await testApp.app.inject({
        method: 'GET',
        url: '/api/zone/1/',
        headers: { authorization: admin },
      });
      expect(me.statusCode).toBe(200);
    },
  );

  it.each(HOSTILE)(
    '%s JSON in the refund submission (JSON and multipart): 400 at once',
    async (_shape, body, detail) => {
      const boundary = `----bodylimits${randomUUID()}`;
      const multipart = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${body}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="files"\r\n\r\n[]\r\n--${boundary}--\r\n`,
      );
      for (const options of [
        { headers: { 'content-type': 'application/json' }, payload: body },
        { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: multipart },
      ]) {
        const { response, elapsed, slowestHealth } = await sendWhileHealthIsAsked({
          method: 'POST',
          url: '/api/refund_data/',
          ...options,
          headers: { ...options.headers, authorization: `Bearer ${refundAccess}` },
        });
        expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
        expect(response.json()).toEqual({ detail });
        expect(elapsed).toBeLessThan(1000);
        expect(slowestHealth).toBeLessThan(200);
      }
    },
  );

  it.each(HOSTILE)(
    '%s JSON in the pending-document upload (public, multipart): 400 at once',
    async (_shape, body, detail) => {
      const boundary = `----bodylimits${randomUUID()}`;
      const payload = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${body}\r\n--${boundary}--\r\n`,
      );
      const { response, elapsed, slowestHealth } = await sendWhileHealthIsAsked({
        method: 'POST',
        url: '/api/upload_pending_doc/',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
      expect(response.json()).toEqual({ detail });
      expect(elapsed).toBeLessThan(1000);
      expect(slowestHealth).toBeLessThan(200);
    },
  );

  it('reads bodies within the limits as before', async () => {
    // 32 levels: parsed, then refused by the contract field by field (not by the shape check).
    const deep = `{"username":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)},"password":"x"}`;
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: deep,
      remoteAddress: nextIp(),
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toHaveProperty('username');
    // A wide body just under the element limit: refused by the contract (unknown fields), quickly.
    const members = Object.fromEntries(
      Array.from({ length: MAX_JSON_ELEMENTS - 10 }, (_, index) => [`k${index}`, 1]),
    );
    const { response, elapsed, slowestHealth } = await sendWhileHealthIsAsked({
      method: 'PUT',
      url: '/api/zone/1/',
      headers: { 'content-type': 'application/json', authorization: admin },
      payload: JSON.stringify(members),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Record<string, string[]>>().k0).toEqual([messages.common.unknownField]);
    expect(elapsed).toBeLessThan(2000);
    expect(slowestHealth).toBeLessThan(2000);
  });
});
