/**
 * The decision told and mailed (issue 30 §2) and the staff-side defects of §4: a mail per
 * approval, payment and rejection through the outbox (right amounts, reason, reference and
 * recipient; nothing for a failed transition; a failed send retried), the status page's endpoint
 * and timeline from the refund's history, a link closed by a decision saying so, the state's
 * refusal (409) before the body's problems (400), and the bank fields of the refund's country only.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { bankFieldsFor } from '../../src/contracts/refund/lifecycle';
import type { RefundLoginResponse, SubmittedRefund } from '../../src/contracts/refund/login';
import { totalsByCurrency } from '../../src/contracts/refund/status';
import {
  coverages,
  passengers,
  refundClaims,
  refundDecisionMails,
  refundPayments,
  refunds,
  voucherPassengers,
} from '../../src/server/db/schema';
import { settleRefundMails } from '../../src/server/routes/refundLinks';
import { settleDecisionMails } from '../../src/server/routes/refundReview';
import { mailPendingDecisions } from '../../src/server/services/refundDecisions';
import { as, createTestApp, type TestApp } from './support';

const text = messages.refundDecisions;
let testApp: TestApp;
let admin: ReturnType<typeof as>;
let consulta: ReturnType<typeof as>;
let ipCounter = 1;
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** The mail's text: quoted-printable undone (soft breaks, =XX bytes as UTF-8). */
function decoded(mail: string): string {
  const body = mail.replace(/=\r?\n/g, '');
  return Buffer.from(
    body.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** A refund of the traveller with document 30123456 (ARG), two claims: EUR 100.00 and USD 50.50. */
async function insertRefund(options: { country?: string; email?: string; status?: string } = {}) {
  const { db } = testApp.context;
  const [pax] = await db
    .select({ voucherId: voucherPassengers.voucherId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(eq(passengers.docNumber, '30123456'));
  const [coverage] = await db.select({ id: coverages.id }).from(coverages).limit(1);
  const [refund] = await db
    .insert(refunds)
    .values({
      voucherId: pax.voucherId,
      docNumber: '30123456',
      name: 'Lucía',
      surname: 'Decisión',
      email: options.email ?? `decision-${randomUUID().slice(0, 8)}@example.com`,
      phoneContact: '+5491130123456',
      idempotencyKey: randomUUID(),
      countryResidence: options.country ?? 'ARG',
      status: options.status ?? 'EN_REVISION',
    })
    .returning();
  await db.insert(refundClaims).values([
    {
      refundId: refund.id,
      position: 0,
      coverageId: coverage.id,
      coverageName: 'Asistencia médica',
      sinisterCountry: 'ITA',
      sinisterDate: '2026-03-14',
      currencyCode: 'EUR',
      amount: '1100.00',
    },
    {
      refundId: refund.id,
      position: 1,
      coverageId: coverage.id,
      coverageName: 'Equipaje',
      sinisterCountry: 'ESP',
      sinisterDate: '2026-03-15',
      currencyCode: 'USD',
      amount: '50.50',
    },
  ]);
  await db.insert(refundPayments).values({
    refundId: refund.id,
    paymentMethod: 'Transferencia',
    refundMethod: 'Cuenta propia',
    owner: 'Lucía Decisión',
    bank: 'Banco',
    accountType: 'Caja de ahorro',
    accountNumber: '4009041813520',
  });
  return { id: refund.id, email: refund.email };
}

const act = (id: number, action: string, payload: object = {}) =>
  admin({ method: 'POST', url: `/api/refund/${id}/actions/${action}/`, payload });

async function claimIds(id: number): Promise<number[]> {
  const rows = await testApp.context.db
    .select({ id: refundClaims.id })
    .from(refundClaims)
    .where(eq(refundClaims.refundId, id))
    .orderBy(refundClaims.position);
  return rows.map((row) => row.id);
}

/** The mails a step sent, decoded. */
async function mailsOf(step: () => Promise<unknown>): Promise<string[]> {
  const before = testApp.outbox().length;
  await step();
  await settleDecisionMails();
  await settleRefundMails();
  return testApp.outbox().slice(before).map(decoded);
}

async function loginAccess(): Promise<RefundLoginResponse> {
  const [pax] = await testApp.context.db
    .select({ voucherId: voucherPassengers.voucherId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(eq(passengers.docNumber, '30123456'));
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${pax.voucherId}&document=30123456`,
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function statusPage(access: string, query = ''): Promise<SubmittedRefund[]> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/status/${query}`,
    headers: { authorization: `Bearer ${access}` },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ submitted_refunds: SubmittedRefund[] }>().submitted_refunds;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  consulta = as(testApp, await testApp.login('ejecutivo'));
});
afterAll(async () => testApp.close());

describe('decision mails', () => {
  it('mails the approved amount per claim and the totals, then the payment, to the refund only', async () => {
    const { id, email } = await insertRefund();
    const [eur, usd] = await claimIds(id);
    const approved = await mailsOf(async () => {
      const response = await act(id, 'approve', {
        amounts: [
          { claim: eur, amount: '1090,5' },
          { claim: usd, amount: '50.50' },
        ],
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(approved).toHaveLength(1);
    expect(approved[0]).toContain(`To: ${email}`);
    expect(approved[0]).toContain(`Aprobamos tu solicitud de reintegro N° ${id}.`);
    expect(approved[0]).toContain('- Asistencia médica: EUR 1.090,50 (reclamado EUR 1.100,00)');
    expect(approved[0]).toContain('- Equipaje: USD 50,50 (reclamado USD 50,50)');
    expect(approved[0]).toContain('Total aprobado: EUR 1.090,50');
    expect(approved[0]).toContain('Total aprobado: USD 50,50');
    expect(approved[0]).toContain(`${testApp.context.config.publicUrl}/refund`);

    const paid = await mailsOf(async () => {
      const response = await act(id, 'pay', { reference: 'TRF-2026-0042' });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(paid).toHaveLength(1);
    expect(paid[0]).toContain(`To: ${email}`);
    expect(paid[0]).toContain('Monto pagado: EUR 1.090,50');
    expect(paid[0]).toContain('Monto pagado: USD 50,50');
    const today = new Date().toISOString().slice(0, 10).split('-').reverse().join('/');
    expect(paid[0]).toContain(`Fecha de pago: ${today}`);
    expect(paid[0]).toContain('Referencia del pago: TRF-2026-0042');
    const rows = await testApp.context.db
      .select()
      .from(refundDecisionMails)
      .where(eq(refundDecisionMails.refundId, id));
    expect(rows.map((row) => [row.decision, row.mailedAt !== null])).toEqual([
      ['approve', true],
      ['pay', true],
    ]);
  });

  it('mails the recorded reason of a rejection', async () => {
    const { id, email } = await insertRefund({ status: 'RECIBIDO' });
    const mails = await mailsOf(async () => {
      const response = await act(id, 'reject', { reason: 'La póliza no cubre equipaje de mano.' });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`To: ${email}`);
    expect(mails[0]).toContain('Motivo: La póliza no cubre equipaje de mano.');
  });

  it('mails nothing for a refused or invalid transition', async () => {
    const { id } = await insertRefund();
    const [eur, usd] = await claimIds(id);
    const mails = await mailsOf(async () => {
      // Over the claimed amount: refused after the status moved, so the whole transaction rolls back.
      const over = await act(id, 'approve', {
        amounts: [
          { claim: eur, amount: '5000' },
          { claim: usd, amount: '1' },
        ],
      });
      expect(over.statusCode).toBe(400);
      // Not allowed from EN_REVISION.
      expect((await act(id, 'pay')).statusCode).toBe(409);
      // A role that may only read.
      expect(
        (
          await consulta({
            method: 'POST',
            url: `/api/refund/${id}/actions/reject/`,
            payload: { reason: 'x' },
          })
        ).statusCode,
      ).toBe(403);
    });
    expect(mails).toEqual([]);
    expect(
      await testApp.context.db.select().from(refundDecisionMails).where(eq(refundDecisionMails.refundId, id)),
    ).toEqual([]);
  });

  it('frees a decision whose mail failed, and mails it on the next round', async () => {
    const { id } = await insertRefund({ status: 'RECIBIDO' });
    const { db } = testApp.context;
    await db.insert(refundDecisionMails).values({ refundId: id, decision: 'reject' });
    const failing = {
      ...testApp.context,
      mailer: {
        send: async () => {
          throw new Error('SMTP caído');
        },
      },
    };
    await expect(mailPendingDecisions(failing)).rejects.toThrow('SMTP caído');
    const [row] = await db.select().from(refundDecisionMails).where(eq(refundDecisionMails.refundId, id));
    expect(row.mailedAt).toBeNull();
    const sent: string[] = [];
    await mailPendingDecisions({
      ...testApp.context,
      mailer: { send: async (mail) => void sent.push(mail.to) },
    });
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const [after] = await db.select().from(refundDecisionMails).where(eq(refundDecisionMails.refundId, id));
    expect(after.mailedAt).not.toBeNull();
  });

  it('sums the totals per currency exactly', () => {
    expect(
      totalsByCurrency([
        { currency: 'USD', amount: '0.10' },
        { currency: 'EUR', amount: '1.00' },
        { currency: 'USD', amount: '0.20' },
        { currency: 'ARS', amount: null },
      ]),
    ).toEqual(['USD 0,30', 'EUR 1,00']);
  });
});

describe('the state refusal comes before the body problems (issue 30 §4)', () => {
  it('answers 409 for an action the status does not allow, whatever the body', async () => {
    const { id } = await insertRefund({ status: 'RECIBIDO' });
    const approve = await act(id, 'approve', { amounts: 'nada' });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().detail).toBe(messages.refundReview.transitionNotAllowed('Recibido', 'Aprobado'));
    const put = await admin({ method: 'PUT', url: `/api/refund/${id}/`, payload: { status: 'APROBADO' } });
    expect(put.statusCode).toBe(409);
    // Allowed status, bad body: the body's field errors.
    const reject = await admin({
      method: 'PUT',
      url: `/api/refund/${id}/`,
      payload: { status: 'RECHAZADO' },
    });
    expect(reject.statusCode).toBe(400);
    expect(reject.json().reason).toEqual([messages.refundReview.reasonRequired]);
    const unknown = await admin({ method: 'PUT', url: `/api/refund/${id}/`, payload: { status: 'OTRO' } });
    expect(unknown.statusCode).toBe(400);
  });
});

describe("bank data asked only with the refund's country's fields (issue 30 §4)", () => {
  it('refuses an IBAN or a CLABE for a Peruvian and accepts the CCI', async () => {
    expect(bankFieldsFor('PER')).not.toContain('iban');
    expect(bankFieldsFor('PER')).not.toContain('cable');
    expect(bankFieldsFor('ARG')).toContain('cbu');
    const { id } = await insertRefund({ country: 'PER' });
    const refused = await act(id, 'request_bank_data', { fields: ['iban', 'cable'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([text.bankFieldNotForCountry('Perú')]);
    const [row] = await testApp.context.db.select().from(refunds).where(eq(refunds.id, id));
    expect(row.status).toBe('EN_REVISION');
    const accepted = await act(id, 'request_bank_data', { fields: ['bank_adress', 'swift'] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await settleRefundMails();
  });
});

describe('the status page (issue 30 §2)', () => {
  it("answers the session's refunds with their timeline, reason and amounts", async () => {
    const { id } = await insertRefund({ status: 'RECIBIDO' });
    const requested = await act(id, 'request_documents', { documents: ['Factura'], max_files: 2 });
    expect(requested.statusCode, requested.body).toBe(200);
    expect((await act(id, 'review')).statusCode).toBe(200);
    expect((await act(id, 'reject', { reason: 'Fuera de cobertura.' })).statusCode).toBe(200);
    await settleDecisionMails();
    await settleRefundMails();
    const login = await loginAccess();
    const fromLogin = login.submitted_refunds?.find((refund) => refund.id === id);
    const [shown] = (await statusPage(login.access)).filter((refund) => refund.id === id);
    expect(shown).toEqual(fromLogin);
    expect(shown.status).toBe('RECHAZADO');
    expect(shown.rejection_reason).toBe('Fuera de cobertura.');
    expect(shown.timeline.map((step) => step.event)).toEqual([
      'received',
      'documents_requested',
      'in_review',
      'rejected',
    ]);
    expect(shown.claims.map((claim) => [claim.coverage, claim.approved_amount])).toEqual([
      ['Asistencia médica', null],
      ['Equipaje', null],
    ]);
    expect(shown.requests).toEqual([]);
  });

  it('refuses a call without the session, with a revoked one, or with a query', async () => {
    const noToken = await testApp.app.inject({ method: 'GET', url: '/api/refund_data/status/' });
    expect(noToken.statusCode).toBe(401);
    const first = await loginAccess();
    await loginAccess();
    const revoked = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/status/',
      headers: { authorization: `Bearer ${first.access}` },
    });
    expect(revoked.statusCode).toBe(401);
    const current = await loginAccess();
    const withQuery = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/status/?voucher_id=1',
      headers: { authorization: `Bearer ${current.access}` },
    });
    expect(withQuery.statusCode).toBe(400);
  });
});

describe('a link closed by a decision (issue 30 §2)', () => {
  it("says 'La solicitud ya fue resuelta: Rechazado', not that a newer link was sent", async () => {
    const { id } = await insertRefund({ status: 'EN_REVISION' });
    const mails = await mailsOf(() => act(id, 'request_documents', { documents: ['Factura'], max_files: 1 }));
    const link = /\/upload_data\?refund_id=\d+&hash=([A-Za-z0-9._-]+)/.exec(mails[0].replace(/=3D/g, '='));
    expect(link).not.toBeNull();
    expect((await act(id, 'reject', { reason: 'Duplicado.' })).statusCode).toBe(200);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/authentication_pending_doc/?refund_id=${id}&hash=${encodeURIComponent(link![1])}`,
      remoteAddress: nextIp(),
    });
    // Issue 42: with its catalogue code and values for the traveller's language.
    expect([response.statusCode, response.json()]).toEqual([
      403,
      {
        detail: text.linkDecided('Rechazado'),
        code: 'decisions.linkDecided',
        values: { outcome: 'Rechazado' },
      },
    ]);
    await settleDecisionMails();
  });
});
