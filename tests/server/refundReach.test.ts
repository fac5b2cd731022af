/**
 * Issue 40 (traveller reach), SPEC §2 'Public refund portal', §8 'Refund login error': after the
 * 30-day window the login still opens the status page for a traveller with a refund on the
 * voucher (not closed, or closed less than REFUND_STATUS_REACH_DAYS ago), never the wizard: the
 * answer says `may_claim: false` and the submission is refused. Without such a refund the login is
 * refused with the one message, as before.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import {
  localTodayIso,
  REFUND_STATUS_REACH_DAYS,
  refundLoginResponseSchema,
} from '../../src/contracts/refund';
import { passengers, refunds, reservations, voucherPassengers, vouchers } from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

const text = messages.refund;
/** Rosa Quispe (PER): her trip is moved to have ended 31 days ago. */
const DOCUMENT = '45678912';
let testApp: TestApp;
let admin: ReturnType<typeof as>;
let voucherId: number;
let ipCounter = 1;
const nextIp = () => `10.40.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

function daysAgo(days: number): string {
  const [year, month, day] = localTodayIso().split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}

const login = () =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${voucherId}&document=${DOCUMENT}`,
    remoteAddress: nextIp(),
  });

async function insertRefund(status: string, createdAt = new Date()) {
  const [pax] = await testApp.context.db
    .select({ id: passengers.id })
    .from(passengers)
    .where(eq(passengers.docNumber, DOCUMENT));
  const [refund] = await testApp.context.db
    .insert(refunds)
    .values({
      voucherId,
      paxId: pax.id,
      docNumber: DOCUMENT,
      name: 'Rosa',
      surname: 'Quispe',
      email: 'rosa.quispe@example.com',
      phoneContact: '+51987654321',
      idempotencyKey: randomUUID(),
      countryResidence: 'PER',
      status,
      createdAt,
    })
    .returning({ id: refunds.id });
  return refund.id;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  const { db } = testApp.context;
  const [row] = await db
    .select({ voucherId: voucherPassengers.voucherId, reservationId: vouchers.reservationId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .innerJoin(vouchers, eq(vouchers.id, voucherPassengers.voucherId))
    .where(eq(passengers.docNumber, DOCUMENT));
  voucherId = row.voucherId;
  await db
    .update(reservations)
    .set({ dateIn: daysAgo(40), dateOut: daysAgo(31) })
    .where(eq(reservations.id, row.reservationId));
});
afterAll(async () => testApp.close());

describe('the status page after the 30-day window (issue 40, traveller reach)', () => {
  it('refuses the login with the one message when the traveller has no refund on the voucher', async () => {
    const response = await login();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: text.loginFailed });
  });

  it('refuses it when the only refund closed more than the reach period ago', async () => {
    const old = new Date(Date.now() - (REFUND_STATUS_REACH_DAYS + 1) * 24 * 60 * 60 * 1000);
    const id = await insertRefund('RECHAZADO', old);
    const response = await login();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: text.loginFailed });
    await testApp.context.db.delete(refunds).where(eq(refunds.id, id));
  });

  it('lets a traveller with a decided refund in, to the status only', async () => {
    const id = await insertRefund('EN_REVISION');
    const rejected = await admin({
      method: 'POST',
      url: `/api/refund/${id}/actions/reject/`,
      payload: { reason: 'Gasto fuera de la cobertura.' },
    });
    expect(rejected.statusCode, rejected.body).toBeLessThan(300);

    const response = await login();
    expect(response.statusCode, response.body).toBe(200);
    const answer = refundLoginResponseSchema.parse(response.json());
    expect(answer.may_claim).toBe(false);
    expect(answer.submitted_refunds?.map((refund) => [refund.id, refund.status])).toEqual([
      [id, 'RECHAZADO'],
    ]);
    expect(answer.submitted_refunds?.[0].rejection_reason).toBe('Gasto fuera de la cobertura.');

    // The status endpoint answers the session; a new claim is refused (only the status is reachable).
    const status = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/status/',
      headers: { authorization: `Bearer ${answer.access}` },
      remoteAddress: nextIp(),
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().submitted_refunds[0].status).toBe('RECHAZADO');
    const submission = await testApp.app.inject({
      method: 'POST',
      url: '/api/refund_data/',
      headers: { authorization: `Bearer ${answer.access}` },
      payload: { data: { idempotency_key: randomUUID() }, files: [] },
      remoteAddress: nextIp(),
    });
    expect(submission.statusCode).toBe(403);
    expect(submission.json()).toEqual({ detail: text.accessExpired });
  });

  it('keeps may_claim true inside the window', async () => {
    const { db } = testApp.context;
    const [row] = await db
      .select({ reservationId: vouchers.reservationId })
      .from(vouchers)
      .where(eq(vouchers.id, voucherId));
    await db
      .update(reservations)
      .set({ dateOut: daysAgo(29) })
      .where(eq(reservations.id, row.reservationId));
    const response = await login();
    expect(response.statusCode).toBe(200);
    expect(refundLoginResponseSchema.parse(response.json()).may_claim).toBe(true);
    await db
      .update(reservations)
      .set({ dateOut: daysAgo(31) })
      .where(eq(reservations.id, row.reservationId));
  });
});
