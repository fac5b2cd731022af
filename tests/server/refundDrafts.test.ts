/**
 * Issue 30 §1: the refund wizard's server-side draft: saved and read back by the same voucher and
 * document only, stale versions refused with 409, bad input 400, files of another voucher refused,
 * the draft's files kept from the orphan collector, the draft deleted with the submission and
 * after 30 days untouched.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FieldCodes, type MessageKey, translate } from '../../src/contracts/i18n';
import { messages } from '../../src/contracts/messages';
import {
  emptyMultiCause,
  emptyRefundPayment,
  jsonBytes,
  localTodayIso,
  MAX_DRAFT_BYTES,
  type RefundDraftData,
  type RefundLoginResponse,
  refundDraftResponseSchema,
  refundLoginResponseSchema,
  uploadImageResponseSchema,
} from '../../src/contracts/refund';
import { passengers, refundDrafts, storedFiles, voucherPassengers } from '../../src/server/db/schema';
import { runMaintenance } from '../../src/server/services/maintenance';
import { createTestApp, type TestApp } from './support';

const text = messages.refund;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
let testApp: TestApp;
let ip = 1;
const nextIp = () => `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

async function loginOk(doc: string): Promise<RefundLoginResponse> {
  const [row] = await testApp.context.db
    .select({ voucherId: voucherPassengers.voucherId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(eq(passengers.docNumber, doc));
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${row.voucherId}&document=${encodeURIComponent(doc)}`,
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return refundLoginResponseSchema.parse(response.json());
}

async function uploadPng(access: string) {
  const boundary = `----draft${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="recibo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/images/upload-image',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${access}`,
    },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return uploadImageResponseSchema.parse(response.json()).files[0];
}

const draftCall = (
  method: 'GET' | 'PUT' | 'DELETE',
  access: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  testApp.app.inject({
    method,
    url: '/api/refund_data/draft/',
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...headers, ...(access ? { authorization: `Bearer ${access}` } : {}) },
    remoteAddress: nextIp(),
  });

function draftData(file: { id: string; name: string } | null, step: RefundDraftData['step'] = 'claims') {
  return {
    step,
    applicant: { email: 'nuevo@example.com', phone_contact: '+54 11 4567 8901' },
    claims: file
      ? [
          {
            coverage: 'Asistencia médica',
            sinister_country: 'ITA',
            sinister_date: localTodayIso(),
            currency: 'EUR',
            amount: '100.50',
            // Issue 30 §3: the checklist item a receipt was added under is kept with it.
            coverage_files: [{ ...file, item: 'Factura o recibo de pago' }],
          },
        ]
      : [],
    comment: 'Borrador',
    payment: { owner: 'Titular', authorization_letter: [], authorized_document: [] },
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

describe('refund draft (issue 30 §1)', () => {
  it('needs the refund access token', async () => {
    expect((await draftCall('GET', null)).statusCode).toBe(401);
    expect((await draftCall('PUT', null, { version: 0, data: draftData(null) })).statusCode).toBe(401);
    const staff = await testApp.login('admin');
    expect((await draftCall('GET', staff)).statusCode).toBe(401);
  });

  it('saves, reads back after a new login, refuses stale versions and another voucher', async () => {
    const first = await loginOk('30123456');
    const file = await uploadPng(first.access);
    expect((await draftCall('GET', first.access)).json()).toEqual({ draft: null });

    const created = await draftCall('PUT', first.access, { version: 0, data: draftData(file) });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ version: 1 });

    // A login from another browser revokes the first token and reads the same draft.
    const second = await loginOk('30123456');
    const read = refundDraftResponseSchema.parse((await draftCall('GET', second.access)).json());
    expect(read.draft?.version).toBe(1);
    expect(read.draft?.data.claims[0].coverage_files).toEqual([
      { id: file.id, name: file.name, item: 'Factura o recibo de pago' },
    ]);
    expect(read.draft?.data.applicant.email).toBe('nuevo@example.com');
    expect(read.draft?.data.payment.owner).toBe('Titular');
    expect(read.draft?.data.step).toBe('claims');

    const updated = await draftCall('PUT', second.access, { version: 1, data: draftData(file, 'payment') });
    expect(updated.json()).toEqual({ version: 2 });
    // A stale write (another tab that read version 1) is refused and changes nothing.
    const stale = await draftCall('PUT', second.access, { version: 1, data: draftData(null, 'applicant') });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail ?? stale.json().message).toBe(text.draftStale);
    const again = await draftCall('PUT', second.access, { version: 0, data: draftData(null) });
    expect(again.statusCode).toBe(409);
    const after = refundDraftResponseSchema.parse((await draftCall('GET', second.access)).json());
    expect(after.draft?.data.step).toBe('payment');
    expect(after.draft?.version).toBe(2);

    // Another voucher sees nothing of it and cannot reference its files.
    const other = await loginOk('16789012');
    expect((await draftCall('GET', other.access)).json()).toEqual({ draft: null });
    const foreign = await draftCall('PUT', other.access, { version: 0, data: draftData(file) });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain(text.fileUnknown);
    expect((await draftCall('GET', other.access)).json()).toEqual({ draft: null });

    // The audit records the saves as the traveller's voucher.
    const audit = await testApp.context.db.execute(
      sql`select username, action from audit_log where entity = 'refund_drafts' order by id`,
    );
    const rows = (audit as unknown as { rows: { username: string; action: string }[] }).rows;
    expect(rows.map((row) => row.action)).toEqual(['create', 'update']);
    expect(rows[0].username).toBe(`public:voucher:${first.refunds.voucher}`);
  });

  it('answers 400 with a Spanish message to bad input', async () => {
    const { access } = await loginOk('1020304050');
    for (const body of [
      {},
      { version: -1, data: draftData(null) },
      { version: 0, data: { ...draftData(null), step: 'sent' } },
      {
        version: 0,
        data: { ...draftData(null), claims: [{ coverage: 'x', coverage_files: [{ id: 'nope' }] }] },
      },
      { version: 0, data: { ...draftData(null), comment: 'x'.repeat(5000) } },
      [],
    ]) {
      const response = await draftCall('PUT', access, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatch(/[a-záéíóúñ]/i);
    }
  });

  it('issue 39: refuses unknown keys at any depth and drafts over 64 KB, keeps what the wizard sends', async () => {
    const login = await loginOk('30123456');
    const { access } = login;
    await draftCall('DELETE', access);
    const file = await uploadPng(access);
    // A claim exactly as the wizard holds it (machines/claimForm.ts LoadedClaim), the payment
    // form whole (every text field), as draftDataOf sends them.
    const ref = { id: file.id, name: file.name };
    const wizardClaim = {
      ...draftData(ref).claims[0],
      missing_items: [{ item: 'Historia clínica', reason: 'La pidió el hospital' }],
      multi_cause: emptyMultiCause(),
      receiptCount: 1,
    };
    const wizardData = {
      ...draftData(ref),
      claims: [wizardClaim],
      payment: { ...emptyRefundPayment(), owner: 'Titular', authorization_letter: [ref] },
    };
    const huge = 'x'.repeat(1_900_000);
    const refusals: [unknown, Record<string, string[]>][] = [
      // The probe's body: 1.9 MB under an unknown key of a claim (the size bound answers first).
      [
        { ...wizardData, claims: [{ ...wizardClaim, notes: huge }] },
        { data: [text.draftTooLarge(MAX_DRAFT_BYTES / 1024)] },
      ],
      [
        { ...wizardData, claims: [{ ...wizardClaim, notes: 'x' }] },
        { 'data.claims.0.notes': [messages.common.unknownField] },
      ],
      [{ ...wizardData, extra: 1 }, { 'data.extra': [messages.common.unknownField] }],
      [
        { ...wizardData, applicant: { ...wizardData.applicant, name: 'Otro' } },
        { 'data.applicant.name': [messages.common.unknownField] },
      ],
      [
        { ...wizardData, payment: { ...wizardData.payment, pin: '1234' } },
        { 'data.payment.pin': [messages.common.unknownField] },
      ],
      [
        {
          ...wizardData,
          payment: { ...wizardData.payment, authorization_letter: [{ ...file, url: 'x' }] },
        },
        { 'data.payment.authorization_letter.0.url': [messages.common.unknownField] },
      ],
      [
        {
          ...wizardData,
          claims: [
            {
              ...wizardClaim,
              multi_cause: { ...emptyMultiCause(), otro: { ...emptyMultiCause().otro, x: 1 } },
            },
          ],
        },
        { 'data.claims.0.multi_cause.otro.x': [messages.common.unknownField] },
      ],
      // Known keys only, but past 64 KB: 30 claims of 60 receipts with long names.
      [
        {
          ...wizardData,
          claims: Array.from({ length: 30 }, () => ({
            ...wizardClaim,
            coverage_files: Array.from({ length: 60 }, () => ({ ...ref, name: 'n'.repeat(200) })),
          })),
        },
        { data: [text.draftTooLarge(64)] },
      ],
    ];
    for (const [data, errors] of refusals) {
      const refused = await draftCall('PUT', access, { version: 0, data });
      expect(refused.statusCode, JSON.stringify(errors)).toBe(400);
      expect(refused.json()).toEqual(errors);
      // Issue 42: asked as the portal asks, the same messages with each one's code and values
      // beside it (`codes`), whose Spanish is exactly the message.
      const coded = await draftCall('PUT', access, { version: 0, data }, { 'X-Message-Codes': '1' });
      expect(coded.statusCode).toBe(400);
      const { codes, ...fields } = coded.json() as { codes: FieldCodes } & Record<string, string[]>;
      expect(fields).toEqual(errors);
      expect(Object.keys(codes).sort()).toEqual(Object.keys(errors).sort());
      for (const [field, texts] of Object.entries(errors as Record<string, string[]>))
        expect(
          codes[field].map((entry) => entry && translate('es', entry.code as MessageKey, entry.values)),
        ).toEqual(texts);
    }
    const extraKey = await draftCall('PUT', access, { version: 0, data: wizardData, extra: true });
    expect(extraKey.json()).toEqual({ extra: [messages.common.unknownField] });
    expect((await draftCall('GET', access)).json()).toEqual({ draft: null });

    // What the wizard sends is kept whole, also a large but real draft (5 claims of 20 receipts).
    const saved = await draftCall('PUT', access, { version: 0, data: wizardData });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = refundDraftResponseSchema.parse((await draftCall('GET', access)).json());
    expect(read.draft?.data).toEqual(wizardData);
    const large = {
      ...wizardData,
      claims: Array.from({ length: 5 }, () => ({
        ...wizardClaim,
        coverage_files: Array.from({ length: 20 }, (_, index) => ({
          ...ref,
          name: `IMG_20261120_1030${index}.jpg`,
          item: 'Factura o recibo de pago',
        })),
      })),
    };
    expect(jsonBytes(large)).toBeLessThan(MAX_DRAFT_BYTES / 2);
    const largeSaved = await draftCall('PUT', access, { version: 1, data: large });
    expect(largeSaved.statusCode, largeSaved.body).toBe(200);
    await draftCall('DELETE', access);
  });

  it("keeps the draft's files from the orphan collector and collects both after 30 days", async () => {
    const { access, refunds } = await loginOk('HEDD850101');
    const kept = await uploadPng(access);
    const orphan = await uploadPng(access);
    expect((await draftCall('PUT', access, { version: 0, data: draftData(kept) })).statusCode).toBe(200);
    const store = { remove: async () => {} };
    const twoDaysLater = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await runMaintenance(testApp.context.db, store, twoDaysLater);
    const ids = async () =>
      (
        await testApp.context.db
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(sql`${storedFiles.id} in (${kept.id}, ${orphan.id})`)
      ).map((row) => row.id);
    expect(await ids()).toEqual([kept.id]);
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    const result = await runMaintenance(testApp.context.db, store, later);
    expect(result.staleDrafts).toBeGreaterThanOrEqual(1);
    expect(await ids()).toEqual([]);
    const left = await testApp.context.db
      .select()
      .from(refundDrafts)
      .where(eq(refundDrafts.voucherId, Number(refunds.voucher)));
    expect(left).toEqual([]);
  });

  it('is deleted in the same transaction as the submission', async () => {
    const login = await loginOk('45678912');
    const file = await uploadPng(login.access);
    expect((await draftCall('PUT', login.access, { version: 0, data: draftData(file) })).statusCode).toBe(
      200,
    );
    const data = login.refunds;
    const coverage = data.coverages.find((name) => !data.multi_cause_coverages.includes(name))!;
    const today = localTodayIso();
    const submission = {
      idempotency_key: randomUUID(),
      refund: {
        name: data.name,
        surname: data.surname,
        doc_number: data.doc_number,
        voucher: data.voucher,
        email: 'viajero@example.com',
        phone_contact: '1145678901',
        client_comment: '',
      },
      refund_coverage: {
        claims: [
          {
            coverage,
            sinister_country: 'ITA',
            sinister_date: data.date_out && data.date_out < today ? data.date_out : today,
            currency: 'EUR',
            amount: '10.00',
            coverage_files: [file],
          },
        ],
        comment: '',
      },
      refund_payment: {
        payment_method: 'Transferencia',
        refund_method: 'Cuenta propia',
        owner: 'Titular Demo',
        bank: 'BCP',
        account_type: 'Caja de ahorro',
        account_number: '123456789',
        swift: 'BCPLPEPL',
        doc_number: '45678912',
        bank_adress: '00219300123456789013',
      },
    };
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/api/refund_data/',
      payload: { data: submission, files: [file] },
      headers: { authorization: `Bearer ${login.access}` },
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const left = await testApp.context.db
      .select()
      .from(refundDrafts)
      .where(eq(refundDrafts.voucherId, Number(data.voucher)));
    expect(left).toEqual([]);
  });
});
