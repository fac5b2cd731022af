/**
 * Issue 28 §5 'Staff sign-in that a stranger cannot lock' (OWASP device cookies): a device that
 * signed in before skips the account's lock; a new device with the right password waits at most
 * a minute however the guessing goes on; a forged or another account's cookie gives nothing; a
 * stolen cookie cannot brute-force; the owner gets one mail an hour; the per-address limit still
 * stops a spray; everything lives in the database (two instances agree).
 *
 * Time: the counters' timestamps are moved back (`timePasses`), as if that much time had gone by
 * for every instance; the route reads the database's state and the real clock.
 */
import { eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { buildApp } from '../../src/server/app';
import { createDeviceCookies, DEVICE_COOKIE_DAYS } from '../../src/server/auth/deviceCookies';
import { attemptCounters, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD } from '../../src/server/db/seed';
import { createAttemptCounters } from '../../src/server/http/attempts';
import { staffLoginAccount, staffLoginDevice, staffLoginTurn } from '../../src/server/http/limits';
import { settleBackgroundWork } from '../../src/server/services/background';
import type { OutgoingMail } from '../../src/server/services/mail';
import { createTestApp, type TestApp } from './support';

const SECRET = 'test-secret-test-secret-test-secret-0123456789'; // tests/server/support.ts
const MAX_WAIT_S = 60;

let testApp: TestApp;
const mails: OutgoingMail[] = [];
beforeAll(async () => {
  testApp = await createTestApp();
  testApp.context.mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
});
afterAll(async () => testApp.close());
beforeEach(() => {
  mails.length = 0;
});

let ipCounter = 1;
const nextIp = () => `10.28.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const signIn = (username: string, password: string, ip: string, cookie?: string, app = testApp.app) =>
  app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** The `name=value` of the device cookie a successful sign-in set. */
function deviceCookieOf(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(200);
  const header = response.headers['set-cookie'];
  expect(typeof header).toBe('string');
  return String(header).split(';')[0];
}

/** Every counter, turn and claim ages by `ms`, as if that much time had passed. */
async function timePasses(ms: number) {
  const shift = sql`make_interval(secs => ${ms / 1000}::float8)`;
  await testApp.context.db.update(attemptCounters).set({
    windowStartedAt: sql`${attemptCounters.windowStartedAt} - ${shift}`,
    blockedUntil: sql`${attemptCounters.blockedUntil} - ${shift}`,
    updatedAt: sql`${attemptCounters.updatedAt} - ${shift}`,
  });
}

async function userId(username: string): Promise<number> {
  const [row] = await testApp.context.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  return row.id;
}

const accountLock = async (username: string) =>
  createAttemptCounters(testApp.context.db).blockedFor([
    { policy: staffLoginAccount, key: `#${await userId(username)}` },
  ]);

/** The account locked for long, as twenty guesses from elsewhere leave it. */
async function lockHard(username: string) {
  const counters = createAttemptCounters(testApp.context.db);
  const account = { policy: staffLoginAccount, key: `#${await userId(username)}` };
  for (let i = 0; i < 20; i++) await counters.recordFailure(account);
  expect(await accountLock(username)).toBeGreaterThan(10 * 60_000);
}

async function accountFailures(username: string): Promise<number> {
  const [row] = await testApp.context.db
    .select({ failures: attemptCounters.failures })
    .from(attemptCounters)
    .where(eq(attemptCounters.key, `staff-login-account|#${await userId(username)}`));
  return row.failures;
}

/**
 * Guessers at `addresses` that each send a wrong password the moment their Retry-After ends (the
 * fastest anyone can be checked); `advance` moves the time on, `round` lets the ready ones guess.
 */
function guessers(username: string, addresses: string[]) {
  const readyAt = new Map(addresses.map((ip) => [ip, 0]));
  let now = 0;
  let guesses = 0;
  const statuses: number[] = [];
  return {
    statuses,
    /** One round of guesses from every address whose wait is over. */
    async round() {
      for (const ip of addresses) {
        if ((readyAt.get(ip) ?? 0) > now) continue;
        const response = await signIn(username, `adivino-${guesses++}`, ip);
        statuses.push(response.statusCode);
        expect([401, 429]).toContain(response.statusCode);
        readyAt.set(ip, now + (response.statusCode === 429 ? Number(response.headers['retry-after']) : 0));
      }
    },
    async advance(seconds: number) {
      await timePasses(seconds * 1000);
      now += seconds;
    },
  };
}

describe('staff sign-in under attack (issue 28 §5)', () => {
  it('sets a signed, HttpOnly, SameSite=Strict, long-lived device cookie on success, Secure over https', async () => {
    const response = await signIn('ejecutivo', DEMO_PASSWORD, nextIp());
    const header = String(response.headers['set-cookie']);
    const cookies = createDeviceCookies(SECRET);
    const [pair, ...attributes] = header.split('; ');
    const [name, value] = pair.split('=');
    expect(name).toBe(cookies.nameFor('ejecutivo'));
    expect(name).not.toContain('ejecutivo');
    expect(cookies.verify(value, 'ejecutivo')).toMatchObject({ username: 'ejecutivo' });
    expect(cookies.verify(value, 'soporte')).toBeNull();
    expect(attributes).toEqual([
      `Max-Age=${DEVICE_COOKIE_DAYS * 24 * 60 * 60}`,
      'Path=/api/token/',
      'HttpOnly',
      'SameSite=Strict',
    ]);
    // Behind a trusted proxy that terminated TLS, the cookie is Secure.
    const behindProxy = await buildApp({
      ...testApp.context,
      config: { ...testApp.context.config, trustProxy: true },
    });
    try {
      const https = await behindProxy.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { username: 'ejecutivo', password: DEMO_PASSWORD },
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': nextIp() },
      });
      expect(String(https.headers['set-cookie']).split('; ')).toContain('Secure');
    } finally {
      await behindProxy.close();
    }
    // A failed sign-in sets no cookie.
    const failed = await signIn('ejecutivo', 'incorrecta-1', nextIp());
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['set-cookie']).toBeUndefined();
  });

  it('40 guesses from 40 addresses: the cookie signs in at once, a new device within a minute while guessing goes on', async () => {
    const homeCookie = deviceCookieOf(await signIn('soporte', DEMO_PASSWORD, nextIp()));
    const attack = guessers(
      'soporte',
      Array.from({ length: 40 }, () => nextIp()),
    );
    // The 40 first guesses: five free, then the account is locked and most are not checked.
    await attack.round();
    expect(attack.statuses).toHaveLength(40);
    expect(attack.statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(attack.statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30);
    // Two minutes of guessing, every address as fast as it is let.
    for (let step = 0; step < 24; step++) {
      await attack.advance(5);
      await attack.round();
    }
    expect(await accountLock('soporte')).toBeGreaterThan(MAX_WAIT_S * 1000);

    // The real user's usual device, even from another address: in at once.
    expect((await signIn('soporte', DEMO_PASSWORD, nextIp(), homeCookie)).statusCode).toBe(200);

    // The real user on a new device: refused for at most a minute, while the guessing goes on.
    const newDevice = nextIp();
    let waited = 0;
    let answer = await signIn('soporte', DEMO_PASSWORD, newDevice);
    while (answer.statusCode === 429 && waited <= MAX_WAIT_S) {
      const wait = Number(answer.headers['retry-after']);
      expect(answer.json()).toEqual({ detail: messages.auth.accountThrottled(wait) });
      for (let passed = 0; passed < wait; passed += 5) {
        await attack.advance(Math.min(5, wait - passed));
        await attack.round();
      }
      waited += wait;
      answer = await signIn('soporte', DEMO_PASSWORD, newDevice);
    }
    expect(answer.statusCode).toBe(200);
    expect(waited).toBeGreaterThan(0);
    expect(waited).toBeLessThanOrEqual(MAX_WAIT_S);
    // The account was locked all along: the new device got its turn, not the end of the lock.
    expect(await accountLock('soporte')).toBeGreaterThan(0);
    // That device now has its own cookie and is trusted from then on.
    const newCookie = deviceCookieOf(answer);
    expect(newCookie).not.toBe(homeCookie);
    expect((await signIn('soporte', DEMO_PASSWORD, newDevice, newCookie)).statusCode).toBe(200);

    // Each guessing address was checked about once a minute at most: over ~3 minutes of
    // guessing from 40 addresses, far fewer checked guesses than requests.
    const checked = attack.statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(40 * 4 + 6);
    expect(attack.statuses.length).toBeGreaterThan(checked);

    // The owner was told once, although the lock started over and over.
    await settleBackgroundWork();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'soporte@demo.extranet.local',
      subject: messages.auth.attackMailSubject,
    });
    expect(mails[0].text).toMatch(/^Hola Soporte:\n\nDetectamos \d+ intentos fallidos seguidos/);
  }, 180_000);

  it('an address that itself keeps failing on a locked account waits its own growing delays too', async () => {
    await lockHard('agencia');
    const guesser = nextIp();
    const answers: string[] = [];
    for (let checked = 0; checked < 13; ) {
      const answer = await signIn('agencia', `propio-${answers.length}`, guesser);
      if (answer.statusCode === 429) {
        const wait = Number(answer.headers['retry-after']);
        answers.push(`429:${wait}`);
        await timePasses(wait * 1000);
      } else {
        expect(answer.statusCode).toBe(401);
        answers.push('401');
        checked++;
      }
    }
    // A turn (a minute: the account's lock is long) before each checked guess…
    expect(answers.slice(0, 12)).toEqual(Array.from({ length: 6 }, () => ['429:60', '401']).flat());
    answers.forEach((answer, index) => {
      if (answer === '401') expect(answers[index - 1]).toBe('429:60');
    });
    // …and past its fifth failure its own delays too (1 s, 2 s … doubling): after the 13th,
    // 128 s, longer than any turn.
    const next = await signIn('agencia', DEMO_PASSWORD, guesser);
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(MAX_WAIT_S);
    expect(Number(next.headers['retry-after'])).toBeLessThanOrEqual(128);
    // Another address is not held by them: its own turn, at most a minute, then in.
    const owner = nextIp();
    const turn = await signIn('agencia', DEMO_PASSWORD, owner);
    expect(turn.statusCode).toBe(429);
    expect(Number(turn.headers['retry-after'])).toBe(MAX_WAIT_S);
    await timePasses(MAX_WAIT_S * 1000);
    expect((await signIn('agencia', DEMO_PASSWORD, owner)).statusCode).toBe(200);
  }, 120_000);

  it('a forged, tampered, foreign or other-account cookie gives no bypass', async () => {
    const realCookie = deviceCookieOf(await signIn('supervisor', DEMO_PASSWORD, nextIp()));
    const otherAccountCookie = deviceCookieOf(await signIn('proveedor', DEMO_PASSWORD, nextIp()));
    await lockHard('supervisor');

    const cookies = createDeviceCookies(SECRET);
    const name = cookies.nameFor('supervisor');
    const [, realValue] = realCookie.split('=');
    const [, otherValue] = otherAccountCookie.split('=');
    const [version, login, nonce, signature] = realValue.split('.');
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('A') ? 'B' : 'A'}`;
    const foreign = createDeviceCookies('another-secret-another-secret-another-secret').issue('supervisor');
    const attempts: [string, string][] = [
      ['another account’s cookie under its own name', otherAccountCookie],
      ['another account’s cookie renamed to this account', `${name}=${otherValue}`],
      ['a tampered nonce', `${name}=${version}.${login}.${flip(nonce)}.${signature}`],
      ['a tampered signature', `${name}=${version}.${login}.${nonce}.${flip(signature)}`],
      [
        'another username in it',
        `${name}=${version}.${Buffer.from('proveedor').toString('base64url')}.${nonce}.${signature}`,
      ],
      ['a cookie signed with another secret', `${name}=${foreign.value}`],
      ['garbage', `${name}=v1....; ${name}=%00%ff; x=${'a'.repeat(5000)}`],
      ['a huge header', `${name}=${'b'.repeat(20_000)}`],
    ];
    for (const [what, cookie] of attempts) {
      const answer = await signIn('supervisor', DEMO_PASSWORD, nextIp(), cookie);
      expect(answer.statusCode, what).toBe(429);
      expect(answer.json(), what).toEqual({
        detail: messages.auth.accountThrottled(Number(answer.headers['retry-after'])),
      });
    }
    // The real one still works.
    expect((await signIn('supervisor', DEMO_PASSWORD, nextIp(), realCookie)).statusCode).toBe(200);
  }, 60_000);

  it('a stolen cookie cannot brute-force: its fifth failure makes it worthless for an hour', async () => {
    const stolen = deviceCookieOf(await signIn('gerente_pais', DEMO_PASSWORD, nextIp()));
    await lockHard('gerente_pais');
    const thief = nextIp();
    // Checked (the account's lock does not hold a trusted device), but only five times.
    for (let i = 0; i < staffLoginDevice.freeFailures + 1; i++) {
      expect((await signIn('gerente_pais', `robado-${i}`, thief, stolen)).statusCode).toBe(401);
    }
    const refused = await signIn('gerente_pais', DEMO_PASSWORD, thief, stolen);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(MAX_WAIT_S);
    // Its failures counted for the device, not for the account (the owner's new devices do not
    // wait longer for them).
    const [device] = await testApp.context.db
      .select({ failures: attemptCounters.failures })
      .from(attemptCounters)
      .where(like(attemptCounters.key, 'staff-login-device|%'))
      .orderBy(sql`${attemptCounters.updatedAt} desc`)
      .limit(1);
    expect(device.failures).toBe(staffLoginDevice.freeFailures + 1);
    expect(await accountFailures('gerente_pais')).toBe(20);
    // An hour later the cookie is trusted again.
    await timePasses(61 * 60 * 1000);
    expect((await signIn('gerente_pais', DEMO_PASSWORD, thief, stolen)).statusCode).toBe(200);
  }, 60_000);

  it('mails the owner when the lock starts, once an hour at most, and never for unknown or free failures', async () => {
    const account = 'ejecutivo_supervisor';
    // Five free failures: no lock, no mail.
    for (let i = 0; i < 5; i++) expect((await signIn(account, `casi-${i}`, nextIp())).statusCode).toBe(401);
    // Unknown accounts are locked too, but nobody is mailed.
    for (let i = 0; i < 10; i++) await signIn('no-existe', `x-${i}`, nextIp());
    await settleBackgroundWork();
    expect(mails).toEqual([]);
    // The sixth failure starts the lock: one mail; more failures and new locks in the hour: none.
    expect((await signIn(account, 'casi-6', nextIp())).statusCode).toBe(401);
    for (let round = 0; round < 3; round++) {
      await timePasses(10 * 60 * 1000);
      for (let i = 0; i < 7; i++) await signIn(account, `mas-${round}-${i}`, nextIp());
    }
    await settleBackgroundWork();
    expect(mails.map((mail) => mail.to)).toEqual(['ejecutivo.supervisor@demo.extranet.local']);
    expect(mails[0].text).toBe(messages.auth.attackMailBody('Ejecutivo', 6));
    // An hour after the mail, a lock that starts again is mailed again.
    await timePasses(61 * 60 * 1000);
    for (let i = 0; i < 6; i++) await signIn(account, `otra-hora-${i}`, nextIp());
    await settleBackgroundWork();
    expect(mails).toHaveLength(2);
  }, 60_000);

  it('still stops one address spraying many accounts, whatever the accounts', async () => {
    const sprayer = nextIp();
    const cookie = deviceCookieOf(await signIn('administracion_proveedor', DEMO_PASSWORD, nextIp()));
    // One guess per name, as a spray does (names nobody holds count like accounts); the sprayer
    // waits out every delay of the address, as fast as it is let.
    const statuses: number[] = [];
    for (let i = 0, checked = 0; checked < 28; i++) {
      const answer = await signIn(`rociado-${i}`, `spray-${i}`, sprayer);
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) {
        const wait = Number(answer.headers['retry-after']);
        expect(answer.json()).toEqual({ detail: messages.auth.addressThrottled(wait) });
        await timePasses(wait * 1000);
      } else {
        expect(answer.statusCode).toBe(401);
        checked++;
      }
    }
    // 20 free failures from the address, then growing delays: the 28th leaves it locked for 2 min.
    expect(statuses.slice(0, 21)).toEqual(Array.from({ length: 21 }, () => 401));
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    // Not even the right password of an account gets checked from there…
    const right = await signIn('ejecutivo', DEMO_PASSWORD, sprayer);
    expect(right.statusCode).toBe(429);
    const wait = Number(right.headers['retry-after']);
    expect(wait).toBeGreaterThan(MAX_WAIT_S);
    expect(right.json()).toEqual({ detail: messages.auth.addressThrottled(wait) });
    // …except from a device that signed in to that very account before (its own limit holds).
    expect((await signIn('administracion_proveedor', DEMO_PASSWORD, sprayer, cookie)).statusCode).toBe(200);
    expect((await signIn('ejecutivo', DEMO_PASSWORD, sprayer, cookie)).statusCode).toBe(429);
  }, 60_000);

  it('keeps cookies, turns and counters in the database: two instances agree', async () => {
    const second = await buildApp(testApp.context);
    try {
      const cookie = deviceCookieOf(
        await signIn('administracion_central', DEMO_PASSWORD, nextIp(), undefined, second),
      );
      for (let i = 0; i < 8; i++) {
        const app = i % 2 === 0 ? testApp.app : second;
        await signIn('administracion_central', `adivino-${i}`, nextIp(), undefined, app);
      }
      await lockHard('administracion_central');
      // A cookie set by one instance is honoured by the other.
      expect((await signIn('administracion_central', DEMO_PASSWORD, nextIp(), cookie)).statusCode).toBe(200);
      // A turn opened on one instance is taken on the other, once.
      const newDevice = nextIp();
      const first = await signIn('administracion_central', DEMO_PASSWORD, newDevice, undefined, testApp.app);
      expect(first.statusCode).toBe(429);
      await timePasses(Number(first.headers['retry-after']) * 1000);
      expect(Number(first.headers['retry-after'])).toBe(MAX_WAIT_S);
      expect(
        (await signIn('administracion_central', DEMO_PASSWORD, newDevice, undefined, second)).statusCode,
      ).toBe(200);
      const turns = await testApp.context.db
        .select()
        .from(attemptCounters)
        .where(
          like(
            attemptCounters.key,
            `staff-login-turn|#${await userId('administracion_central')}|${newDevice}`,
          ),
        );
      expect(turns).toEqual([]);
    } finally {
      await second.close();
    }
  }, 60_000);

  it('gives a ready turn to exactly one of concurrent attempts', async () => {
    const counters = createAttemptCounters(testApp.context.db);
    const turn = { policy: staffLoginTurn, key: 'concurrent-turn' };
    const now = new Date('2032-01-01T00:00:00Z');
    expect(await counters.takeTurn(turn, 10 * 60_000, now)).toBe(staffLoginTurn.maxDelayMs);
    expect(await counters.takeTurn(turn, 5_000, new Date(now.getTime() + 20_000))).toBe(40_000);
    const ready = new Date(now.getTime() + staffLoginTurn.maxDelayMs);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => counters.takeTurn(turn, 30_000, ready)),
    );
    expect(answers.filter((wait) => wait === 0)).toHaveLength(1);
    // A turn left unused past its lifetime lapses: the next call opens a new one.
    await counters.takeTurn(turn, 30_000, ready);
    const lapsed = new Date(ready.getTime() + 30_000 + staffLoginTurn.forgetAfterMs + 1);
    expect(await counters.takeTurn(turn, 30_000, lapsed)).toBe(30_000);
    const rows = await testApp.context.db
      .select()
      .from(attemptCounters)
      .where(eq(attemptCounters.key, 'staff-login-turn|concurrent-turn'));
    expect(rows).toHaveLength(1);
  });
});
