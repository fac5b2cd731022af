/**
 * Issue 28 §3 'The product is not a mail relay': /sendEmailCCGG/ and /sendMultiVoucher/ mail the
 * voucher's passengers, or the office's own email when none has one; another address only for a
 * voucher/add holder; every send in the history of its vouchers (the recipients); at most
 * `voucherMailsPerUser.max` sends per user per window, counted in the database.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/contracts/engine';
import { messages } from '../../src/contracts/messages';
import { ROLES } from '../../src/contracts/roles';
import { buildApp } from '../../src/server/app';
import {
  offices,
  passengers,
  products,
  reservations,
  users,
  voucherPassengers,
  vouchers,
} from '../../src/server/db/schema';
import { voucherMailsPerUser } from '../../src/server/http/limits';
import { as, createTestApp, type TestApp } from './support';

const text = messages.bookings;
let testApp: TestApp;
let productId: number;
let run = 0;

async function officeOf(username: string): Promise<number> {
  const [user] = await testApp.handle.db
    .select({ officeId: users.officeId })
    .from(users)
    .where(eq(users.username, username));
  if (user.officeId === null) throw new Error(`${username} has no office`);
  return user.officeId;
}

/** A reservation of `officeId` with `count` vouchers, each carrying one traveller per email. */
async function booking(officeId: number, emails: string[], count = 1) {
  const db = testApp.handle.db;
  const [reservation] = await db
    .insert(reservations)
    .values({ officeId, status: 3, dateIn: '2027-03-01', dateOut: '2027-03-10' })
    .returning({ id: reservations.id });
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const [voucher] = await db
      .insert(vouchers)
      .values({ reservationId: reservation.id, productId, status: 3 })
      .returning({ id: vouchers.id });
    ids.push(voucher.id);
    for (const email of emails) {
      run += 1;
      const [pax] = await db
        .insert(passengers)
        .values({
          name: `Viajero${run}`,
          surname: 'Mail',
          docNumber: `4${String(run).padStart(7, '0')}`,
          email,
        })
        .returning({ id: passengers.id });
      await db.insert(voucherPassengers).values({ voucherId: voucher.id, paxId: pax.id });
    }
  }
  return { reservation: reservation.id, vouchers: ids };
}

/** The recipients of the mails written to the outbox since `before` (its length then). */
function recipientsSince(before: number): string[] {
  return testApp
    .outbox()
    .slice(before)
    .map((mail) => /^To: (.+)$/m.exec(mail)?.[1]?.trim() ?? '')
    .sort();
}

async function historyOf(voucherId: number): Promise<HistoryEntry[]> {
  const admin = as(testApp, await testApp.login('admin'));
  const answer = await admin({ method: 'GET', url: `/api/history/?entity=voucher&record=${voucherId}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ results: HistoryEntry[] }>().results;
}

beforeAll(async () => {
  testApp = await createTestApp();
  const [product] = await testApp.handle.db.select({ id: products.id }).from(products).limit(1);
  productId = product.id;
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('who may be mailed', () => {
  it('proveedor holds voucher/view without voucher/add; agencia holds both (the rule reads voucher/add)', () => {
    const proveedor = ROLES.find((role) => role.key === 'proveedor')?.permissions ?? [];
    const agencia = ROLES.find((role) => role.key === 'agencia')?.permissions ?? [];
    expect([proveedor.includes('voucher/view'), proveedor.includes('voucher/add')]).toEqual([true, false]);
    expect([agencia.includes('voucher/view'), agencia.includes('voucher/add')]).toEqual([true, true]);
  });

  it('by default: every passenger with an email, one mail each; the send is in the history', async () => {
    const proveedor = as(testApp, await testApp.login('proveedor'));
    const trip = await booking(await officeOf('proveedor'), [
      'ana@example.com',
      'ANA@example.com',
      'beto@example.com',
    ]);
    const before = testApp.outbox().length;
    const answer = await proveedor({
      method: 'POST',
      url: '/api/sendEmailCCGG/',
      payload: { voucher_id: trip.vouchers[0] },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ status: 'OK', message: text.mailSent });
    expect(recipientsSince(before)).toEqual(['ana@example.com', 'beto@example.com']);
    const [entry] = await historyOf(trip.vouchers[0]);
    expect(entry.action).toBe('send_terms');
    expect(entry.user.username).toBe('proveedor');
    expect(entry.changes.recipients).toEqual({
      before: null,
      after: ['ana@example.com', 'beto@example.com'],
    });
  });

  it("without a passenger email: the office's own email", async () => {
    const officeId = await officeOf('proveedor');
    const [office] = await testApp.handle.db
      .select({ email: offices.email })
      .from(offices)
      .where(eq(offices.id, officeId));
    expect(office.email).toContain('@');
    const proveedor = as(testApp, await testApp.login('proveedor'));
    const trip = await booking(officeId, [''], 2);
    const before = testApp.outbox().length;
    const answer = await proveedor({
      method: 'POST',
      url: '/api/sendMultiVoucher/',
      payload: { id_reservation: trip.reservation },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(recipientsSince(before)).toEqual([office.email]);
    // The multivoucher is in the history of every voucher of the reservation.
    for (const voucherId of trip.vouchers) {
      const [entry] = await historyOf(voucherId);
      expect([entry.action, entry.changes.recipients.after, entry.changes.reservation.after]).toEqual([
        'send_multivoucher',
        [office.email],
        trip.reservation,
      ]);
    }
  });

  it('refuses an arbitrary address to a plain voucher/view role (403, nothing sent, nothing recorded)', async () => {
    const proveedor = as(testApp, await testApp.login('proveedor'));
    const trip = await booking(await officeOf('proveedor'), ['carla@example.com'], 2);
    const before = testApp.outbox().length;
    for (const [url, payload] of [
      ['/api/sendEmailCCGG/', { voucher_id: trip.vouchers[0], email: 'atacante@evil.example' }],
      ['/api/sendMultiVoucher/', { id_reservation: trip.reservation, email: 'atacante@evil.example' }],
    ] as const) {
      const answer = await proveedor({ method: 'POST', url, payload });
      expect([url, answer.statusCode, answer.json()]).toEqual([
        url,
        403,
        { status: 'Error', detail: text.recipientForbidden },
      ]);
    }
    expect(testApp.outbox().length).toBe(before);
    expect(await historyOf(trip.vouchers[0])).toEqual([]);
  });

  it("lets a plain voucher/view role name a passenger's or the office's address", async () => {
    const officeId = await officeOf('proveedor');
    const [office] = await testApp.handle.db
      .select({ email: offices.email })
      .from(offices)
      .where(eq(offices.id, officeId));
    const proveedor = as(testApp, await testApp.login('proveedor'));
    const trip = await booking(officeId, ['dario@example.com', 'elena@example.com']);
    for (const email of ['Elena@Example.com', office.email]) {
      const before = testApp.outbox().length;
      const answer = await proveedor({
        method: 'POST',
        url: '/api/sendEmailCCGG/',
        payload: { voucher_id: trip.vouchers[0], email },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(recipientsSince(before)).toEqual([email === office.email ? office.email : 'elena@example.com']);
    }
  });

  it('allows another address to a voucher/add holder, and records it', async () => {
    const agencia = as(testApp, await testApp.login('agencia'));
    const trip = await booking(await officeOf('agencia'), ['fede@example.com']);
    const before = testApp.outbox().length;
    const answer = await agencia({
      method: 'POST',
      url: '/api/sendMultiVoucher/',
      payload: { id_reservation: trip.reservation, email: 'otra.direccion@example.com' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(recipientsSince(before)).toEqual(['otra.direccion@example.com']);
    expect(testApp.outbox().at(-1)).toContain(`multivoucher_${trip.reservation}.pdf`);
    const [entry] = await historyOf(trip.vouchers[0]);
    expect([entry.action, entry.user.username, entry.changes.recipients.after]).toEqual([
      'send_multivoucher',
      'agencia',
      ['otra.direccion@example.com'],
    ]);
  });

  // Generated over the seeded roles: a new role is covered without writing a test.
  it.each(ROLES.filter((role) => role.permissions.includes('voucher/view')).map((role) => [role.key, role]))(
    '%s: the passengers always; an arbitrary address only with voucher/add',
    async (_key, role) => {
      const who = as(testApp, await testApp.login(role.key));
      const [user] = await testApp.handle.db
        .select({ officeId: users.officeId })
        .from(users)
        .where(eq(users.username, role.key));
      const trip = await booking(user.officeId ?? (await officeOf('agencia')), [
        `${role.key}.pax@example.com`,
      ]);
      const send = (email?: string) =>
        who({ method: 'POST', url: '/api/sendEmailCCGG/', payload: { voucher_id: trip.vouchers[0], email } });
      let before = testApp.outbox().length;
      expect((await send()).statusCode).toBe(200);
      expect(recipientsSince(before)).toEqual([`${role.key}.pax@example.com`]);
      before = testApp.outbox().length;
      const other = await send('alguien.mas@example.org');
      const allowed = role.permissions.includes('voucher/add');
      expect(other.statusCode).toBe(allowed ? 200 : 403);
      expect(recipientsSince(before)).toEqual(allowed ? ['alguien.mas@example.org'] : []);
      const recorded = (await historyOf(trip.vouchers[0])).map((entry) => entry.changes.recipients?.after);
      expect(recorded).toEqual(
        allowed
          ? [['alguien.mas@example.org'], [`${role.key}.pax@example.com`]]
          : [[`${role.key}.pax@example.com`]],
      );
    },
  );

  it('answers 400 with the message when nobody can be mailed', async () => {
    const admin = as(testApp, await testApp.login('admin'));
    const [reservation] = await testApp.handle.db
      .insert(reservations)
      .values({ officeId: null, status: 3, dateIn: '2027-03-01', dateOut: '2027-03-10' })
      .returning({ id: reservations.id });
    const [voucher] = await testApp.handle.db
      .insert(vouchers)
      .values({ reservationId: reservation.id, productId, status: 3 })
      .returning({ id: vouchers.id });
    const answer = await admin({
      method: 'POST',
      url: '/api/sendEmailCCGG/',
      payload: { voucher_id: voucher.id },
    });
    expect([answer.statusCode, answer.json()]).toEqual([400, { status: 'Error', detail: text.noRecipient }]);
  });
});

describe('per-user limit', () => {
  it(`refuses the send after ${voucherMailsPerUser.max}, counted across instances, with 429 and Retry-After; another user still sends`, async () => {
    // A second instance on the same database: the count is the database's, not a process's.
    const second = await buildApp(testApp.context);
    await second.ready();
    try {
      // The superuser: no other test here counts a send of theirs.
      const token = await testApp.login('admin');
      const trip = await booking(await officeOf('agencia'), ['gaby@example.com']);
      const send = (instance: FastifyInstance, authorization = token) =>
        instance.inject({
          method: 'POST',
          url: '/api/sendEmailCCGG/',
          headers: { authorization },
          payload: { voucher_id: trip.vouchers[0] },
        });
      // Refused sends do not count against the limit.
      const refused = await as(
        testApp,
        token,
      )({
        method: 'POST',
        url: '/api/sendEmailCCGG/',
        payload: { voucher_id: 0 },
      });
      expect(refused.statusCode).toBe(400);
      const codes: number[] = [];
      for (let index = 0; index < voucherMailsPerUser.max; index++)
        codes.push((await send(index % 2 ? second : testApp.app)).statusCode);
      expect(codes).toEqual(Array(voucherMailsPerUser.max).fill(200));
      const before = testApp.outbox().length;
      for (const instance of [testApp.app, second]) {
        const limited = await send(instance);
        expect(limited.statusCode).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
        expect(limited.json()).toEqual({ status: 'Error', detail: text.mailLimited(60) });
      }
      expect(testApp.outbox().length).toBe(before);
      // The limit is the user's, not everyone's.
      expect((await send(second, await testApp.login('supervisor'))).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});
