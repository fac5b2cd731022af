/**
 * Issue 30 §3, the claim's document checklist on the server: each receipt keeps the item (one of
 * the coverage's required documents) it was added under, 'No lo tengo' items keep their reason,
 * unknown items are refused with a Spanish 400, old-style claims (no items) still submit, and
 * staff read the grouping in the refund's detail.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import {
  MAX_MISSING_REASON_LENGTH,
  type RefundLoginResponse,
  refundLoginResponseSchema,
  type StoredFile,
  uploadImageResponseSchema,
} from '../../src/contracts/refund';
import type { RefundDetail } from '../../src/contracts/refund/review';
import { chileanBanks } from '../../src/contracts/static';
import {
  passengers,
  refundClaimMissingItems,
  refundClaims,
  refundFiles,
  voucherPassengers,
} from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

const text = messages.refundChecklist;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const DOC = '16789012';

let testApp: TestApp;
let ip = 1;
const nextIp = () => `10.3.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

async function loginOk(): Promise<RefundLoginResponse> {
  const [row] = await testApp.context.db
    .select({ voucherId: voucherPassengers.voucherId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(eq(passengers.docNumber, DOC));
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${row.voucherId}&document=${DOC}`,
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return refundLoginResponseSchema.parse(response.json());
}

function multipart(parts: { name: string; data: Buffer | string; filename?: string }[]) {
  const boundary = `----checklist${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = part.filename ? `; filename="${part.filename}"\r\nContent-Type: image/png` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`),
    );
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadOk(access: string, names: string[]): Promise<StoredFile[]> {
  const body = multipart(names.map((filename) => ({ name: 'file', filename, data: PNG })));
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/images/upload-image',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${access}` },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return uploadImageResponseSchema.parse(response.json()).files;
}

function submit(access: string, data: unknown, files: StoredFile[]) {
  const body = multipart([
    { name: 'data', data: JSON.stringify(data) },
    { name: 'files', data: JSON.stringify(files) },
  ]);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/refund_data/',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${access}` },
    remoteAddress: nextIp(),
  });
}

/** The login's first ordinary coverage that has at least two required documents. */
function checklistCoverage(login: RefundLoginResponse): { coverage: string; items: string[] } {
  const data = login.refunds;
  const coverage = data.coverages.find(
    (name) => !data.multi_cause_coverages.includes(name) && (data.required_items[name] ?? []).length >= 2,
  );
  expect(coverage, 'a seeded coverage with two required documents').toBeDefined();
  return { coverage: coverage!, items: data.required_items[coverage!] };
}

function submissionOf(login: RefundLoginResponse, claim: Record<string, unknown>) {
  const data = login.refunds;
  return {
    idempotency_key: randomUUID(),
    refund: {
      name: data.name,
      surname: data.surname,
      doc_number: data.doc_number,
      voucher: data.voucher,
      email: 'viajero@example.com',
      phone_contact: '56961234567',
      client_comment: '',
    },
    refund_coverage: {
      claims: [
        {
          sinister_country: 'ESP',
          sinister_date: data.date_out,
          currency: 'EUR',
          amount: '80.00',
          ...claim,
        },
      ],
      comment: '',
    },
    refund_payment: {
      payment_method: 'Transferencia',
      refund_method: 'Cuenta propia',
      owner: 'Titular Demo',
      bank: chileanBanks[0].code,
      account_type: 'Caja de ahorro en pesos',
      account_number: '123456789',
      rut: '76086428-5',
    },
  };
}

const claimRows = async () =>
  (await testApp.context.db.select({ n: sql<number>`count(*)::int` }).from(refundClaims))[0].n;

beforeAll(async () => {
  testApp = await createTestApp();
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/refund_data/ with the checklist (issue 30 §3)', () => {
  it('stores each receipt under its item and the "No lo tengo" reasons; staff read them in the detail', async () => {
    const login = await loginOk();
    const { coverage, items } = checklistCoverage(login);
    const [first, second, other] = await uploadOk(login.access, ['factura.png', 'factura-2.png', 'otro.png']);
    const data = submissionOf(login, {
      coverage,
      coverage_files: [
        { ...first, item: items[0] },
        { ...second, item: items[0] },
        { ...other, item: null },
      ],
      missing_items: items.slice(1).map((item) => ({ item, reason: '  Se perdió en el viaje  ' })),
    });
    const response = await submit(login.access, data, [first, second, other]);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().refund.id as number;

    const db = testApp.context.db;
    const links = await db
      .select({ fileId: refundFiles.fileId, item: refundFiles.item })
      .from(refundFiles)
      .where(eq(refundFiles.refundId, id));
    expect(new Map(links.map((link) => [link.fileId, link.item]))).toEqual(
      new Map([
        [first.id, items[0]],
        [second.id, items[0]],
        [other.id, null],
      ]),
    );
    const claims = await db
      .select({ id: refundClaims.id })
      .from(refundClaims)
      .where(eq(refundClaims.refundId, id));
    const missing = await db
      .select({ item: refundClaimMissingItems.item, reason: refundClaimMissingItems.reason })
      .from(refundClaimMissingItems)
      .where(
        inArray(
          refundClaimMissingItems.claimId,
          claims.map((claim) => claim.id),
        ),
      )
      .orderBy(asc(refundClaimMissingItems.id));
    expect(missing).toEqual(items.slice(1).map((item) => ({ item, reason: 'Se perdió en el viaje' })));

    const admin = as(testApp, await testApp.login('admin'));
    const detail = (await admin({ method: 'GET', url: `/api/refund/${id}/` })).json() as RefundDetail;
    expect(detail.claims[0].checklist).toEqual(items);
    expect(detail.claims[0].missing_items).toEqual(
      items.slice(1).map((item) => ({ item, reason: 'Se perdió en el viaje' })),
    );
    expect(
      detail.files.filter((file) => file.kind === 'claim').map((file) => [file.name, file.item]),
    ).toEqual([
      ['factura.png', items[0]],
      ['factura-2.png', items[0]],
      ['otro.png', null],
    ]);
  });

  it('still takes a claim without items (before the checklist): its files are "Otros documentos"', async () => {
    const login = await loginOk();
    const { coverage } = checklistCoverage(login);
    const files = await uploadOk(login.access, ['viejo.png']);
    const response = await submit(
      login.access,
      submissionOf(login, { coverage, coverage_files: files }),
      files,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [link] = await testApp.context.db
      .select({ item: refundFiles.item })
      .from(refundFiles)
      .where(eq(refundFiles.refundId, response.json().refund.id));
    expect(link.item).toBeNull();
  });

  it('refuses an unknown item, a missing item without reason, a repeated one and one that also has files (400, nothing stored)', async () => {
    const login = await loginOk();
    const { coverage, items } = checklistCoverage(login);
    const files = await uploadOk(login.access, ['a.png']);
    const before = await claimRows();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { coverage_files: [{ ...files[0], item: 'Pasaporte inventado' }] },
        { 'refund_coverage.claims.0.coverage_files.0.item': [text.itemUnknown('Pasaporte inventado')] },
      ],
      [
        { coverage_files: files, missing_items: [{ item: 'Otra cosa', reason: 'No' }] },
        { 'refund_coverage.claims.0.missing_items.0.item': [text.itemUnknown('Otra cosa')] },
      ],
      [
        { coverage_files: files, missing_items: [{ item: items[1], reason: '   ' }] },
        { 'refund_coverage.claims.0.missing_items.0.reason': [text.reasonRequired] },
      ],
      [
        {
          coverage_files: files,
          missing_items: [{ item: items[1], reason: 'x'.repeat(MAX_MISSING_REASON_LENGTH + 1) }],
        },
        {
          'refund_coverage.claims.0.missing_items.0.reason': [text.reasonTooLong(MAX_MISSING_REASON_LENGTH)],
        },
      ],
      [
        {
          coverage_files: files,
          missing_items: [
            { item: items[1], reason: 'No' },
            { item: items[1], reason: 'Tampoco' },
          ],
        },
        { 'refund_coverage.claims.0.missing_items.1.item': [text.itemRepeated(items[1])] },
      ],
      [
        {
          coverage_files: [{ ...files[0], item: items[0] }],
          missing_items: [{ item: items[0], reason: 'No' }],
        },
        { 'refund_coverage.claims.0.missing_items.0.item': [text.itemMissingWithFiles(items[0])] },
      ],
      [
        { coverage_files: files, missing_items: 'ninguno' },
        { 'refund_coverage.claims.0.missing_items': [expect.any(String)] as unknown as string[] },
      ],
    ];
    for (const [claim, errors] of cases) {
      const response = await submit(login.access, submissionOf(login, { coverage, ...claim }), files);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual(errors);
    }
    expect(await claimRows()).toBe(before);
  });
});
