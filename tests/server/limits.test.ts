/**
 * Issue 10 'Limits that stop attackers and not travellers': counters in the database with growing
 * delays, shared by instances and kept across restarts; guessers never lock the right document or
 * the right password out; successes never count; the password reset answers before it mails.
 */
import { rmSync } from 'node:fs';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { removeCluster, startEmbeddedPostgres } from '../../src/server/db/embeddedPostgres';
import { attemptCounters, passengers, voucherPassengers } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import {
  type AttemptPolicy,
  clientAddressKey,
  createAttemptCounters,
  delayAfter,
} from '../../src/server/http/attempts';
import { refundLoginAddress, staffLoginAccount, staffLoginTurn } from '../../src/server/http/limits';
import { settleBackgroundWork } from '../../src/server/services/background';
import type { OutgoingMail } from '../../src/server/services/mail';
import { reachableTempDir } from './postgresAdmin';
import { createTestApp, type TestApp } from './support';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

let ipCounter = 1;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function voucherOf(docNumber: string): Promise<string> {
  const [row] = await testApp.context.db
    .select({ voucherId: voucherPassengers.voucherId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(eq(passengers.docNumber, docNumber));
  return String(row.voucherId);
}

const refundLogin = (voucher: string, document: string, ip: string, app = testApp.app) =>
  app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${encodeURIComponent(voucher)}&document=${encodeURIComponent(document)}`,
    remoteAddress: ip,
  });

const signIn = (username: string, password: string, ip: string, app = testApp.app) =>
  app.inject({ method: 'POST', url: '/api/token/', payload: { username, password }, remoteAddress: ip });

/** Lets every block under `prefix` run out, as if its delay had passed. */
async function expireBlocks(prefix: string) {
  await testApp.context.db
    .update(attemptCounters)
    .set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(like(attemptCounters.key, `${prefix}%`));
}

describe('attempt counters (the service)', () => {
  const policy: AttemptPolicy = {
    name: 'test-policy',
    freeFailures: 2,
    firstDelayMs: 1000,
    maxDelayMs: 10_000,
    forgetAfterMs: 60_000,
  };

  it('grows the delay by doubling after the free failures, up to the cap, and forgets when idle', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50, 5000].map((n) => delayAfter(policy, n))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000,
    ]);
    const counters = createAttemptCounters(testApp.context.db);
    const key = { policy, key: 'growing' };
    const start = new Date('2030-01-01T00:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    const blocks: number[] = [];
    for (let i = 0; i < 7; i++) blocks.push((await counters.recordFailure(key, at(i))).blockedForMs);
    expect(blocks).toEqual([0, 0, 1000 - 0, 2000, 4000, 8000, 10_000]);
    expect(await counters.blockedFor([key], at(6))).toBe(10_000);
    expect(await counters.blockedFor([key], at(6 + 10_000))).toBe(0);
    // Idle for longer than forgetAfterMs: the count starts again (the first failure is free).
    const later = await counters.recordFailure(key, at(6 + 61_000));
    expect(later).toEqual({ failures: 1, blockedForMs: 0 });
  });

  it('keys IPv4 addresses as they are and IPv6 addresses by their /64 network', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts concurrent failures exactly once each (atomic upsert)', async () => {
    const counters = createAttemptCounters(testApp.context.db);
    const key = { policy, key: 'concurrent' };
    const now = new Date('2030-02-01T00:00:00Z');
    await Promise.all(Array.from({ length: 12 }, () => counters.recordFailure(key, now)));
    const [row] = await testApp.context.db
      .select()
      .from(attemptCounters)
      .where(eq(attemptCounters.key, 'test-policy|concurrent'));
    expect(row.failures).toBe(12);
    expect(row.blockedUntil?.getTime()).toBe(now.getTime() + 10_000);
  });

  it('keeps its counters across a restart of the database and the process', async () => {
    // The embedded PostgreSQL of a data directory, stopped and started again (issue 44).
    const dir = reachableTempDir('attempts-restart-');
    const firstCluster = await startEmbeddedPostgres({ dataDir: dir });
    const first = await openDatabase({ databaseUrl: firstCluster.url });
    await first.migrate();
    const key = { policy: refundLoginAddress, key: '198.51.100.1' };
    const now = new Date();
    for (let i = 0; i < 7; i++) await createAttemptCounters(first.db).recordFailure(key, now);
    await first.close();
    await firstCluster.stop();
    const secondCluster = await startEmbeddedPostgres({ dataDir: dir });
    const second = await openDatabase({ databaseUrl: secondCluster.url });
    const remaining = await createAttemptCounters(second.db).blockedFor([key], now);
    await second.close();
    await secondCluster.stop();
    removeCluster(dir);
    rmSync(dir, { recursive: true, force: true });
    expect(remaining).toBe(delayAfter(refundLoginAddress, 7));
  }, 60_000);
});

describe('refund login limits', () => {
  it('never refuses the right document from a clean address, whatever guessers did to the voucher', async () => {
    const voucher = await voucherOf('30123456');
    // 40 wrong documents from 8 addresses (5 each, the free ones), then more from one address.
    for (let i = 0; i < 40; i++) {
      const response = await refundLogin(voucher, `99${1000 + i}`, `172.16.0.${Math.floor(i / 5) + 1}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: messages.refund.loginFailed });
    }
    const right = await refundLogin(voucher, '30123456', nextIp());
    expect(right.statusCode).toBe(200);
    // The guesser that keeps going from one address is slowed down (and only it).
    expect((await refundLogin(voucher, '991', '172.16.0.1')).statusCode).toBe(400);
    const slowed = await refundLogin(voucher, '992', '172.16.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toEqual({ detail: messages.refund.tooManyAttempts });
    expect(Number(slowed.headers['retry-after'])).toBe(2);
    expect((await refundLogin(voucher, '30123456', nextIp())).statusCode).toBe(200);
  }, 60_000);

  it('grows the delay per address and per voucher+document pair', async () => {
    const expired = await voucherOf('30999888'); // its own pair fails (past the 30 days)
    const retryAfters: number[] = [];
    for (let i = 0; i < 7; i++) {
      const response = await refundLogin(expired, '30999888', nextIp());
      if (response.statusCode === 429) {
        retryAfters.push(Number(response.headers['retry-after']));
        await expireBlocks('refund-login-pair|');
        continue;
      }
      expect(response.statusCode).toBe(400);
    }
    // Three free failures, then 5 s, then 10 s for the pair.
    expect(retryAfters).toEqual([5, 10]);
    // Spelling variants of the pair are the same pair: one more failure, then a 20 s block.
    expect((await refundLogin(`0${expired}`, '30999888', nextIp())).statusCode).toBe(400);
    const blocked = await refundLogin(`00${expired}`, '30.999.888', nextIp());
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(20);

    const ip = nextIp();
    const addressWaits: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await refundLogin('777777', `1${i}`, ip);
      if (response.statusCode === 429) {
        addressWaits.push(Number(response.headers['retry-after']));
        await expireBlocks('refund-login-address|');
      }
    }
    expect(addressWaits).toEqual([2, 4]);
  }, 60_000);

  it('never counts successful logins', async () => {
    const voucher = await voucherOf('1020304050');
    const ip = nextIp();
    for (let i = 0; i < 25; i++) expect((await refundLogin(voucher, '1020304050', ip)).statusCode).toBe(200);
    const rows = await testApp.context.db
      .select()
      .from(attemptCounters)
      .where(like(attemptCounters.key, `%${ip}%`));
    expect(rows).toEqual([]);
  }, 60_000);

  it('shares counters between two app instances on one database, and keeps them when an app restarts', async () => {
    const second = await buildApp(testApp.context);
    const ip = nextIp();
    for (let i = 0; i < 3; i++) expect((await refundLogin('888888', `5${i}`, ip)).statusCode).toBe(400);
    for (let i = 3; i < 6; i++) {
      expect((await refundLogin('888888', `5${i}`, ip, second)).statusCode).toBe(400);
    }
    // Six failures from one address across two instances: the first instance refuses it now.
    expect((await refundLogin('888888', '59', ip)).statusCode).toBe(429);
    await second.close();
    // A longer block (as later failures would set) so the restart's own time does not matter.
    await testApp.context.db
      .update(attemptCounters)
      .set({ blockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(attemptCounters.key, `refund-login-address|${ip}`));
    const restarted = await buildApp(testApp.context);
    expect((await refundLogin('888888', '59', ip, restarted)).statusCode).toBe(429);
    await restarted.close();
  }, 60_000);
});

describe('staff sign-in limits', () => {
  it('stops a guesser spread over 40 addresses but not the real user on a device that signed in before', async () => {
    const home = await signIn('administracion', DEMO_PASSWORD, nextIp());
    expect(home.statusCode).toBe(200);
    const cookie = String(home.headers['set-cookie']).split(';')[0];
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) {
      answers.push((await signIn('administracion', `adivino-${i}`, nextIp())).statusCode);
    }
    // Five free failures, the sixth blocks for 1 s: most of the 40 are refused without a check.
    expect(answers.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);
    const refused = await signIn('administracion', DEMO_PASSWORD, nextIp());
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(staffLoginTurn.maxDelayMs / 1000);
    expect(refused.json()).toEqual({ detail: messages.auth.accountThrottled(wait) });
    // The real user's device (its cookie), from any address, is not delayed at all.
    const withCookie = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'administracion', password: DEMO_PASSWORD },
      remoteAddress: nextIp(),
      headers: { cookie },
    });
    expect(withCookie.statusCode).toBe(200);
    // From a new address they wait at most the cap (here: the block runs out).
    await expireBlocks('staff-login-account|');
    expect((await signIn('administracion', DEMO_PASSWORD, nextIp())).statusCode).toBe(200);
  }, 60_000);

  it('grows the per-account delay up to 15 minutes (what new devices wait is capped elsewhere)', async () => {
    const counters = createAttemptCounters(testApp.context.db);
    const now = new Date('2031-01-01T00:00:00Z');
    const blocks: number[] = [];
    for (let i = 0; i < 30; i++) {
      blocks.push(
        (await counters.recordFailure({ policy: staffLoginAccount, key: 'cap' }, now)).blockedForMs,
      );
    }
    expect(blocks.slice(4, 9)).toEqual([0, 1000, 2000, 4000, 8000]);
    expect(blocks[29]).toBe(15 * 60_000);
  });

  it('keeps the per-address limit across accounts, with growing delays', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await signIn(`nadie-${i}`, 'x', ip)).statusCode).toBe(401);
    }
    expect((await signIn('nadie-20', 'x', ip)).statusCode).toBe(401);
    const blocked = await signIn('supervisor', DEMO_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: messages.auth.addressThrottled(1) });
    await expireBlocks('staff-login-address|');
    expect((await signIn('nadie-21', 'x', ip)).statusCode).toBe(401);
    expect((await signIn('supervisor', DEMO_PASSWORD, ip)).headers['retry-after']).toBe('2');
  }, 60_000);

  it('never counts successful sign-ins', async () => {
    const ip = nextIp();
    for (let i = 0; i < 25; i++) expect((await signIn('ejecutivo', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    const failures = await testApp.context.db
      .select()
      .from(attemptCounters)
      .where(like(attemptCounters.key, `staff-login-address|${ip}`));
    expect(failures).toEqual([]);
  }, 60_000);
});

describe('password reset limits and timing', () => {
  const requestReset = (email: string, ip: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/password_reset/',
      payload: { email },
      remoteAddress: ip,
    });

  it('counts requests per address across all emails, and keeps the spec message for unknown ones', async () => {
    const ip = nextIp();
    for (let i = 0; i < 6; i++) {
      const response = await requestReset(`nadie-${i}@example.com`, ip);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: messages.auth.resetFailed });
    }
    const blocked = await requestReset('otra@example.com', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: messages.auth.resetThrottled(60) });
    expect(blocked.headers['retry-after']).toBe('60');
  });

  it('answers before the mail is made and sent; a failing mailer is logged, not answered', async () => {
    const original = testApp.context.mailer;
    const sent: OutgoingMail[] = [];
    let answeredAt = 0;
    let sendStartedAt = 0;
    testApp.context.mailer = {
      async send(mail) {
        sendStartedAt = performance.now();
        await new Promise((resolve) => setTimeout(resolve, 600));
        sent.push(mail);
      },
    };
    try {
      const response = await requestReset('ejecutivo@demo.extranet.local', nextIp());
      answeredAt = performance.now();
      expect(response.statusCode).toBe(200);
      expect(sent).toEqual([]);
      await settleBackgroundWork();
      expect(sent.map((mail) => mail.to)).toEqual(['ejecutivo@demo.extranet.local']);
      expect(sendStartedAt).toBeGreaterThanOrEqual(answeredAt - 1);

      testApp.context.mailer = {
        async send() {
          throw new Error('SMTP caído');
        },
      };
      const failing = await requestReset('ejecutivo@demo.extranet.local', nextIp());
      expect(failing.statusCode).toBe(200);
      await settleBackgroundWork();
    } finally {
      testApp.context.mailer = original;
    }
  });
});
