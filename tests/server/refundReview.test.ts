/**
 * Staff review of refunds (issue 17 'Staff review (Reintegros)'; SPEC §7 GET /refund/, PUT
 * /refund/{id}/): the lifecycle of src/contracts/refund/lifecycle.ts through the engine's row and
 * bulk actions and PUT, each transition allowed and refused (wrong status, missing permission,
 * bad input answered with Spanish field errors), every change and the bank-data reveal in the
 * history, and the list filters.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/contracts/engine';
import { formatMoney } from '../../src/contracts/format';
import { messages } from '../../src/contracts/messages';
import {
  mayTransition,
  REFUND_STATUSES,
  REFUND_TRANSITION_NAMES,
  REFUND_TRANSITIONS,
  refundStatusLabel,
  transitionsFrom,
} from '../../src/contracts/refund/lifecycle';
import type { RefundDetail } from '../../src/contracts/refund/review';
import {
  auditLog,
  coverages,
  refundClaims,
  refundPayments,
  refunds,
  vouchers,
} from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

const text = messages.refundReview;
type Request = ReturnType<typeof as>;

let testApp: TestApp;
let admin: Request;
let supervisor: Request;
let ejecutivo: Request;
const CBU = '2850590940090418135201';

/** A submitted refund with two claims (EUR 100.00 and USD 50.50) and ARG bank data. */
async function insertRefund(docNumber: string, status = 'RECIBIDO'): Promise<number> {
  const { db } = testApp.context;
  const [voucher] = await db.select({ id: vouchers.id }).from(vouchers).limit(1);
  const [coverage] = await db.select({ id: coverages.id }).from(coverages).limit(1);
  const [refund] = await db
    .insert(refunds)
    .values({
      voucherId: voucher.id,
      docNumber,
      name: 'Lucía',
      surname: 'Revisión',
      email: 'lucia@example.com',
      phoneContact: '+5491130123456',
      idempotencyKey: randomUUID(),
      countryResidence: 'ARG',
      status,
    })
    .returning({ id: refunds.id });
  await db.insert(refundClaims).values([
    {
      refundId: refund.id,
      position: 0,
      coverageId: coverage.id,
      coverageName: 'Asistencia médica',
      sinisterCountry: 'ITA',
      sinisterDate: '2026-03-14',
      currencyCode: 'EUR',
      amount: '100.00',
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
    paymentMethod: 'transferencia',
    refundMethod: 'titular',
    owner: 'Lucía Revisión',
    bank: '285',
    bankName: 'Banco Macro',
    accountType: 'Caja de ahorro',
    accountNumber: '4009041813520',
    cbu: CBU,
    cuitCuil: '27301234564',
  });
  return refund.id;
}

async function detail(id: number): Promise<RefundDetail & { allowed_actions?: string[] }> {
  const response = await admin({ method: 'GET', url: `/api/refund/${id}/` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function history(id: number): Promise<HistoryEntry[]> {
  const response = await admin({ method: 'GET', url: `/api/history/?entity=refund&record=${id}&limit=100` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: HistoryEntry[] }>().results;
}

const act = (request: Request, id: number, action: string, payload: object = {}) =>
  request({ method: 'POST', url: `/api/refund/${id}/actions/${action}/`, payload });

async function claimIds(id: number): Promise<number[]> {
  return (await detail(id)).claims.map((claim) => claim.id);
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  supervisor = as(testApp, await testApp.login('supervisor'));
  ejecutivo = as(testApp, await testApp.login('ejecutivo'));
});
afterAll(async () => testApp.close());

describe('the transition table', () => {
  it('opens every transition from some status and none from PAGADO or RECHAZADO', () => {
    for (const name of REFUND_TRANSITION_NAMES)
      expect(
        ['RECIBIDO', 'EN_REVISION', 'APROBADO', 'DOCUMENTACION_SOLICITADA'].some((status) =>
          transitionsFrom(status).includes(name),
        ),
      ).toBe(true);
    expect(transitionsFrom('PAGADO')).toEqual([]);
    expect(transitionsFrom('RECHAZADO')).toEqual([]);
  });
});

describe('every transition from every status', () => {
  it('is applied exactly where the table allows it, and refused with the reason elsewhere', async () => {
    let doc = 41_000_000;
    for (const status of REFUND_STATUSES)
      for (const transition of REFUND_TRANSITION_NAMES) {
        const id = await insertRefund(String(++doc), status);
        const claims = await claimIds(id);
        const payloads: Record<string, object> = {
          review: {},
          pay: {},
          reject: { reason: 'Sin cobertura.' },
          approve: { amounts: claims.map((claim) => ({ claim, amount: '10' })) },
          request_documents: { documents: ['Factura'] },
          request_bank_data: { fields: ['cbu'] },
        };
        const response = await act(supervisor, id, transition, payloads[transition]);
        const to = REFUND_TRANSITIONS[transition].to;
        if (mayTransition(status, transition)) {
          expect(response.statusCode, `${transition} from ${status}: ${response.body}`).toBe(200);
          expect(response.json().status).toBe(to);
          expect((await history(id)).map((entry) => entry.action)).toEqual([transition]);
        } else {
          expect(response.statusCode, `${transition} from ${status}`).toBe(409);
          expect(response.json()).toEqual({
            detail: text.transitionNotAllowed(refundStatusLabel(status), refundStatusLabel(to)),
          });
          expect((await detail(id)).status).toBe(status);
          expect(await history(id)).toEqual([]);
        }
      }
  });
});

describe('row actions', () => {
  it('offers only the transitions the status allows, and none without refund/change', async () => {
    const id = await insertRefund('40000001');
    expect((await detail(id)).allowed_actions).toEqual(['update', ...transitionsFrom('RECIBIDO')]);
    const asSupervisor = (await supervisor({ method: 'GET', url: `/api/refund/${id}/` })).json();
    expect(asSupervisor.allowed_actions).toEqual([
      'update',
      'review',
      'request_documents',
      'request_bank_data',
      'reject',
    ]);
    const asEjecutivo = await ejecutivo({ method: 'GET', url: `/api/refund/?doc_number=40000001` });
    expect(asEjecutivo.statusCode).toBe(200);
    expect(asEjecutivo.json().results[0].allowed_actions).toEqual([]);
  });

  it('walks received -> in review -> approved (amounts per claim) -> paid, each change in the history', async () => {
    const id = await insertRefund('40000002');
    expect((await act(supervisor, id, 'review')).statusCode).toBe(200);
    const [medical, luggage] = await claimIds(id);

    // Approving needs an amount for every claim, at most what was claimed.
    const none = await act(supervisor, id, 'approve', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ amounts: [text.amountsRequired] });
    const partial = await act(supervisor, id, 'approve', { amounts: [{ claim: medical, amount: '80' }] });
    expect(partial.json()).toEqual({ amounts: [text.amountsRequired] });
    const over = await act(supervisor, id, 'approve', {
      amounts: [
        { claim: medical, amount: '100.01' },
        { claim: luggage, amount: '10' },
      ],
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ amounts: [text.amountOverClaim(formatMoney('100.00', 'EUR'))] });
    // Issue 40: read by the one parser ('1.234' is a thousand and more: over the claim).
    const thousands = await act(supervisor, id, 'approve', {
      amounts: [
        { claim: medical, amount: '1.234' },
        { claim: luggage, amount: '10' },
      ],
    });
    expect(thousands.json()).toEqual({ amounts: [text.amountOverClaim(formatMoney('100.00', 'EUR'))] });
    const badAmount = await act(supervisor, id, 'approve', {
      amounts: [
        { claim: medical, amount: '1,2345' },
        { claim: luggage, amount: '10' },
      ],
    });
    expect(badAmount.statusCode).toBe(400);
    expect(Object.values(badAmount.json()).flat()).toContain(messages.amounts.tooManyDecimals(2, null));
    const stranger = await act(supervisor, id, 'approve', {
      amounts: [
        { claim: medical, amount: '1' },
        { claim: luggage, amount: '1' },
        { claim: 999999, amount: '1' },
      ],
    });
    expect(stranger.json()).toEqual({ amounts: [text.unknownClaim] });

    const approved = await act(supervisor, id, 'approve', {
      amounts: [
        { claim: medical, amount: '80,5' },
        { claim: luggage, amount: '50.50' },
      ],
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('APROBADO');
    expect(
      approved
        .json()
        .claims.map((claim: { approved_amount: string; currency: string }) => [
          claim.currency,
          claim.approved_amount,
        ]),
    ).toEqual([
      ['EUR', '80.50'],
      ['USD', '50.50'],
    ]);
    expect(approved.json().allowed_actions).toEqual(['update', 'request_bank_data', 'pay']);

    const paid = await act(supervisor, id, 'pay');
    expect(paid.json().status).toBe('PAGADO');
    // Nothing leaves PAGADO: a second payment is refused with the reason, not a 500.
    const again = await act(supervisor, id, 'pay');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: text.transitionNotAllowed('Pagado', 'Pagado') });

    const entries = await history(id);
    expect(entries.map((entry) => entry.action)).toEqual(['pay', 'approve', 'review']);
    expect(entries[0].changes.status).toEqual({ before: 'APROBADO', after: 'PAGADO' });
    expect(entries[0].user).toMatchObject({ username: 'supervisor' });
    expect(entries[2].changes.status).toEqual({ before: 'RECIBIDO', after: 'EN_REVISION' });
    // Each claim's approved amount is its own change (issue 32 'History people can read').
    expect(
      ['claims.1.approved_amount', 'claims.2.approved_amount'].map((key) => entries[1].changes[key]?.after),
    ).toEqual(['80.50', '50.50']);
  });

  it('rejects with a reason only, from open statuses only', async () => {
    const id = await insertRefund('40000003');
    const blank = await act(supervisor, id, 'reject', { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ reason: [text.reasonRequired] });
    const missing = await act(supervisor, id, 'reject', {});
    expect(missing.json()).toEqual({ reason: [text.reasonRequired] });
    const rejected = await act(supervisor, id, 'reject', {
      reason: 'La fecha del siniestro no está cubierta.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'RECHAZADO',
      rejection_reason: 'La fecha del siniestro no está cubierta.',
    });
    const twice = await act(supervisor, id, 'review');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: text.transitionNotAllowed('Rechazado', 'En revisión') });
    // A refusal writes nothing to the history.
    expect((await history(id)).map((entry) => entry.action)).toEqual(['reject']);
  });

  it('refuses a transition without refund/change (ejecutivo holds only refund/view)', async () => {
    const id = await insertRefund('40000004');
    const refused = await act(ejecutivo, id, 'review');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: messages.common.forbidden });
    const put = await ejecutivo({
      method: 'PUT',
      url: `/api/refund/${id}/`,
      payload: { status: 'EN_REVISION' },
    });
    expect(put.statusCode).toBe(403);
    expect((await detail(id)).status).toBe('RECIBIDO');
    expect(await history(id)).toEqual([]);
  });

  it('records the documents and bank data asked of the traveller; back in review closes them', async () => {
    const id = await insertRefund('40000005');
    const empty = await act(supervisor, id, 'request_documents', { documents: [] });
    expect(empty.json()).toEqual({ documents: [text.documentsRequired] });
    const tooMany = await act(supervisor, id, 'request_documents', { documents: ['Factura'], max_files: 50 });
    expect(tooMany.json()).toEqual({ max_files: [text.maxFilesInvalid] });
    const asked = await act(supervisor, id, 'request_documents', {
      documents: ['Factura original', 'Informe médico'],
      max_files: 3,
      observations: 'La factura enviada es ilegible.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().status).toBe('DOCUMENTACION_SOLICITADA');
    expect(asked.json().requests).toEqual([
      expect.objectContaining({
        kind: 'documents',
        items: ['Factura original', 'Informe médico'],
        max_files: 3,
        observations: 'La factura enviada es ilegible.',
        open: true,
      }),
    ]);
    // From DOCUMENTACION_SOLICITADA only review or reject are open.
    expect(asked.json().allowed_actions).toEqual(['update', 'review', 'reject']);
    const reviewed = await act(supervisor, id, 'review');
    expect(reviewed.json().requests[0].open).toBe(false);

    const badField = await act(supervisor, id, 'request_bank_data', { fields: ['password'] });
    expect(badField.statusCode).toBe(400);
    expect(Object.values(badField.json()).flat()).toContain(text.bankFieldInvalid);
    const bank = await act(supervisor, id, 'request_bank_data', {
      fields: ['cbu', 'cuit_cuil'],
      observations: 'El CBU no corresponde al titular.',
    });
    expect(bank.json()).toMatchObject({ status: 'DATOS_BANCARIOS_SOLICITADOS' });
    expect(bank.json().requests[1]).toMatchObject({
      kind: 'bank_data',
      items: ['cbu', 'cuit_cuil'],
      open: true,
    });
  });
});

describe('PUT /refund/{id}/ (§7)', () => {
  it('applies the same table: the status to reach with its payload', async () => {
    const id = await insertRefund('40000006');
    const bad = await supervisor({
      method: 'PUT',
      url: `/api/refund/${id}/`,
      payload: { status: 'CERRADO' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: [text.statusInvalid] });
    const initial = await supervisor({
      method: 'PUT',
      url: `/api/refund/${id}/`,
      payload: { status: 'RECIBIDO' },
    });
    expect(initial.json()).toEqual({ status: [text.statusInvalid] });
    const skip = await supervisor({
      method: 'PUT',
      url: `/api/refund/${id}/`,
      payload: { status: 'PAGADO' },
    });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ detail: text.transitionNotAllowed('Recibido', 'Pagado') });
    const noReason = await supervisor({
      method: 'PUT',
      url: `/api/refund/${id}/`,
      payload: { status: 'RECHAZADO' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: [text.reasonRequired] });
    const review = await supervisor({
      method: 'PUT',
      url: `/api/refund/${id}/`,
      payload: { status: 'EN_REVISION' },
    });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().status).toBe('EN_REVISION');
    const [entry] = await history(id);
    expect(entry).toMatchObject({
      action: 'update',
      changes: { status: { before: 'RECIBIDO', after: 'EN_REVISION' } },
    });
    expect(await history(id)).toHaveLength(1);
  });
});

describe('bulk', () => {
  it("moves the selected refunds to 'En revisión', each refusal reported with its reason", async () => {
    const first = await insertRefund('40000007');
    const second = await insertRefund('40000008');
    const paid = await insertRefund('40000009', 'PAGADO');
    const response = await supervisor({
      method: 'POST',
      url: '/api/refund/bulk/review/',
      payload: { ids: [first, second, paid] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([
      { id: first, ok: true },
      { id: second, ok: true },
      { id: paid, ok: false, detail: text.transitionNotAllowed('Pagado', 'En revisión') },
    ]);
    expect((await detail(first)).status).toBe('EN_REVISION');
    expect((await detail(paid)).status).toBe('PAGADO');
    expect(await history(paid)).toEqual([]);
  });
});

describe('bank data', () => {
  it('is masked in the detail and its history; the reveal needs refund/change and is recorded', async () => {
    const id = await insertRefund('40000010');
    const shown = await detail(id);
    expect(shown.payment?.masked).toBe(true);
    expect(shown.payment?.fields).toContainEqual({ field: 'cbu', value: '••••5201' });
    expect(shown.payment?.fields).toContainEqual({ field: 'owner', value: 'Lucía Revisión' });
    expect(JSON.stringify(shown)).not.toContain(CBU);

    const refused = await ejecutivo({ method: 'POST', url: `/api/refund/${id}/bank_data/` });
    expect(refused.statusCode).toBe(403);
    const revealed = await supervisor({ method: 'POST', url: `/api/refund/${id}/bank_data/` });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().masked).toBe(false);
    expect(revealed.json().fields).toContainEqual({ field: 'cbu', value: CBU });
    const [entry] = await history(id);
    expect(entry).toMatchObject({ action: 'reveal_bank_data', user: { username: 'supervisor' } });
    // The history stores no full account number, whatever happened to the refund.
    await act(supervisor, id, 'review');
    const stored = await testApp.context.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(id)));
    expect(JSON.stringify(stored)).not.toContain(CBU);
    expect((await supervisor({ method: 'POST', url: '/api/refund/999999/bank_data/' })).statusCode).toBe(404);
  });
});

describe('list filters', () => {
  it('filters by status, submission dates, the claims country and coverage; bad values are field errors', async () => {
    const id = await insertRefund('40000011', 'APROBADO');
    const ids = async (query: string) => {
      const response = await admin({ method: 'GET', url: `/api/refund/?limit=100&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ results: { id: number; status: string }[] }>().results;
    };
    const approved = await ids('status=APROBADO');
    expect(approved.map((row) => row.id)).toContain(id);
    expect(approved.every((row) => row.status === 'APROBADO')).toBe(true);
    const today = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    const local = `${pad(today.getDate())}/${pad(today.getMonth() + 1)}/${today.getFullYear()}`;
    expect((await ids(`created_from=${local}&doc_number=40000011`)).map((row) => row.id)).toEqual([id]);
    expect(await ids('created_to=01/01/2020&doc_number=40000011')).toEqual([]);
    expect((await ids('country=ita&doc_number=40000011')).map((row) => row.id)).toEqual([id]);
    expect(await ids('country=BRA&doc_number=40000011')).toEqual([]);
    expect((await ids('coverage=equipa&doc_number=40000011')).map((row) => row.id)).toEqual([id]);
    const badDate = await admin({ method: 'GET', url: '/api/refund/?created_from=31/02/2026' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json()).toEqual({ created_from: [text.dateInvalid] });
    const badStatus = await admin({ method: 'GET', url: '/api/refund/?status=PENDIENTE' });
    expect(badStatus.json()).toEqual({ status: [text.statusInvalid] });
  });
});
