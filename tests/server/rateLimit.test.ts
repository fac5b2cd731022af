/**
 * Issue 11 'Several instances': the per-route request limits of the public calls count in the
 * database (src/server/http/rateLimitStore.ts), so two instances on one database share them; the
 * window restarts when it has ended; the refusal is the product's Spanish 429; keys of any length
 * or content never answer 500; a failing counter write lets the request through.
 */
import { like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { buildApp } from '../../src/server/app';
import { rateLimitCounters } from '../../src/server/db/schema';
import { rateLimited } from '../../src/server/http/rateLimit';
import {
  createRateLimitCounters,
  databaseRateLimitStore,
  RATE_LIMIT_PRUNE_BATCH,
  rateLimitKey,
} from '../../src/server/http/rateLimitStore';
import type { RouteModule } from '../../src/server/routes';
import { createTestApp, type TestApp } from './support';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ seedDemo: false });
});
afterAll(async () => testApp.close());

const REFRESH = 'POST /api/token/refresh/';
// The refresh route's limit (src/server/routes/auth.ts): 60 requests per 5 minutes per address.
const REFRESH_MAX = 60;

const refresh = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/token/refresh/',
    payload: { refresh: 'not-a-token' },
    remoteAddress: ip,
  });

const rowsOf = (scope: string) =>
  testApp.context.db
    .select()
    .from(rateLimitCounters)
    .where(like(rateLimitCounters.key, `${scope}|%`));

describe('the request limits of the public calls, in the database', () => {
  it('counts one limit across two app instances on one database, per route and per address', async () => {
    const second = await buildApp(testApp.context);
    try {
      const ip = '10.31.0.1';
      for (let i = 0; i < REFRESH_MAX / 2; i++) {
        expect((await refresh(testApp.app, ip)).statusCode).toBe(401);
        expect((await refresh(second, ip)).statusCode).toBe(401);
      }
      // 60 counted, 30 on each: each instance alone would allow 30 more; together they refuse.
      for (const app of [testApp.app, second]) {
        const refused = await refresh(app, ip);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ detail: messages.common.tooManyRequests });
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(0);
        expect(retryAfter).toBeLessThanOrEqual(5 * 60);
      }
      // Another address, and another route for the same address, have buckets of their own.
      expect((await refresh(second, '10.31.0.2')).statusCode).toBe(401);
      const letter = await second.inject({
        method: 'GET',
        url: '/api/refund_data/authorization-letter/',
        remoteAddress: ip,
      });
      expect(letter.statusCode).toBe(200);
      const [row] = await testApp.context.db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(sql`${rateLimitCounters.key} = ${rateLimitKey(REFRESH, ip)}`);
      expect(row.hits).toBe(REFRESH_MAX + 2);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('starts a new window once the window has ended', async () => {
    const ip = '10.31.1.1';
    for (let i = 0; i < REFRESH_MAX; i++) expect((await refresh(testApp.app, ip)).statusCode).toBe(401);
    expect((await refresh(testApp.app, ip)).statusCode).toBe(429);
    // As if the five minutes had passed.
    await testApp.context.db
      .update(rateLimitCounters)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimitCounters.key} = ${rateLimitKey(REFRESH, ip)}`);
    const again = await refresh(testApp.app, ip);
    expect(again.statusCode).toBe(401);
    expect(again.headers['x-ratelimit-remaining']).toBe(String(REFRESH_MAX - 1));
  }, 60_000);

  it('keeps a fixed window: counts within it, restarts at 1 with a full window after it', async () => {
    let now = new Date('2026-03-01T10:00:00Z');
    const counters = createRateLimitCounters(testApp.context.db, () => now);
    const key = rateLimitKey('GET /probe/window/', 'client');
    expect(await counters.hit(key, 10_000)).toEqual({ current: 1, ttl: 10_000 });
    now = new Date(now.getTime() + 4_000);
    expect(await counters.hit(key, 10_000)).toEqual({ current: 2, ttl: 6_000 });
    now = new Date(now.getTime() + 5_999);
    expect(await counters.hit(key, 10_000)).toEqual({ current: 3, ttl: 1 });
    now = new Date(now.getTime() + 1);
    expect(await counters.hit(key, 10_000)).toEqual({ current: 1, ttl: 10_000 });
  });

  it('counts concurrent requests exactly once each (atomic upsert)', async () => {
    const counters = createRateLimitCounters(testApp.context.db);
    const key = rateLimitKey('GET /probe/concurrent/', 'client');
    const hits = await Promise.all(Array.from({ length: 25 }, () => counters.hit(key, 60_000)));
    expect(hits.map((hit) => hit.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('never answers 500 for keys that are very long or hold NUL bytes, and keeps them apart', async () => {
    const probe: RouteModule = async (app) => {
      app.get(
        '/probe/keyed/',
        { config: rateLimited(2, '1 minute', (request) => String((request.query as { k?: string }).k)) },
        async () => ({
          ok: true,
        }),
      );
    };
    const app = await buildApp(testApp.context, { rootRouteModules: [probe] });
    try {
      const long = 'x'.repeat(20_000);
      const keys = [`${long}a`, `${long}b`, 'nul\u0000byte', '\u0000', 'ñandú\u0007\u001f'];
      for (const k of keys) {
        const url = `/probe/keyed/?k=${encodeURIComponent(k)}`;
        for (let i = 0; i < 2; i++)
          expect((await app.inject({ url, remoteAddress: '10.31.2.1' })).statusCode).toBe(200);
        const refused = await app.inject({ url, remoteAddress: '10.31.2.1' });
        // Two keys that differ only past the 20,000th character are still two buckets.
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ detail: messages.common.tooManyRequests });
      }
      // An address that is no address at all.
      const odd = await refresh(testApp.app, `10.31.2.2\u0000${'z'.repeat(5_000)}`);
      expect(odd.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('lets the request through (fails open) when the counter cannot be written', async () => {
    const ip = '10.31.3.1';
    // Spend the address's limit first: were the store failing closed, the next answer would be 429.
    for (let i = 0; i < REFRESH_MAX; i++) expect((await refresh(testApp.app, ip)).statusCode).toBe(401);
    await testApp.context.db.execute(sql`alter table rate_limit_counters rename to rate_limit_counters_away`);
    try {
      const answered = await refresh(testApp.app, ip);
      expect(answered.statusCode).toBe(401);
      expect(answered.json()).toEqual({ detail: messages.auth.invalidToken });
    } finally {
      await testApp.context.db.execute(
        sql`alter table rate_limit_counters_away rename to rate_limit_counters`,
      );
    }
    expect((await refresh(testApp.app, ip)).statusCode).toBe(429);
  }, 60_000);

  it('deletes ended windows in bounded batches, and the store does it on its own', async () => {
    const { db } = testApp.context;
    await db.delete(rateLimitCounters);
    const ended = new Date(Date.now() - 1_000);
    const live = new Date(Date.now() + 60_000);
    await db.insert(rateLimitCounters).values([
      ...Array.from({ length: 5 }, (_, i) => ({
        key: `GET /probe/old/|${i}`,
        hits: 3,
        windowEndsAt: ended,
      })),
      { key: 'GET /probe/live/|0', hits: 3, windowEndsAt: live },
    ]);
    const counters = createRateLimitCounters(db);
    expect(await counters.pruneEnded(new Date(), 3)).toBe(3);
    expect(await counters.pruneEnded(new Date(), 3)).toBe(2);
    expect(await counters.pruneEnded(new Date(), 3)).toBe(0);
    expect(
      (await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key),
    ).toEqual(['GET /probe/live/|0']);

    // A fresh store cleans up at its first counted request, a full batch at most at a time.
    await db.insert(rateLimitCounters).values(
      Array.from({ length: RATE_LIMIT_PRUNE_BATCH + 7 }, (_, i) => ({
        key: `GET /probe/old/|${i}`,
        hits: 1,
        windowEndsAt: ended,
      })),
    );
    const Store = databaseRateLimitStore(db, { log: { warn: () => {} } });
    const store = new Store({}).child({ routeInfo: { method: 'GET', url: '/probe/store/' } } as never);
    const count = () =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(
          'client',
          (error, result) => (error || !result ? reject(error) : resolve(result)),
          60_000,
          5,
        ),
      );
    expect((await count()).current).toBe(1);
    const left = () =>
      db
        .select({ key: rateLimitCounters.key })
        .from(rateLimitCounters)
        .where(like(rateLimitCounters.key, 'GET /probe/old/|%'));
    expect((await left()).length).toBe(7);
    // That batch was full, so the next counted request cleans up again rather than a minute later.
    expect((await count()).current).toBe(2);
    expect(await left()).toEqual([]);
    expect((await rowsOf('GET /probe/store/')).map((row) => row.hits)).toEqual([2]);
  });
});
