/**
 * Signed links to a refund request (issue 17 'Links'; SPEC §7 'Refund (public)', §4 'Pending docs'
 * and 'Payment update', §8): the staff request mails a signed link; the link's calls accept only
 * that refund, purpose and request, before expiry, once; tampering, a newer request, a used link
 * and an expired one answer the access reasons; an answer puts the refund back in review with a
 * history entry; the file limit is the request's.
 */
import { randomUUID } from 'node:crypto';
import { desc, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/contracts/engine';
import { translate } from '../../src/contracts/i18n';
import { messages } from '../../src/contracts/messages';
import type { RefundDetail } from '../../src/contracts/refund/review';
import {
  coverages,
  refundPayments,
  refundRequests,
  refunds,
  storedFiles,
  vouchers,
} from '../../src/server/db/schema';
import { entryName } from '../../src/server/routes/refundDownload';
import { settleRefundMails } from '../../src/server/routes/refundLinks';
import { resolveLink, signLinkHash, verifyLinkHash } from '../../src/server/services/refundLinks';
import { as, createTestApp, type TestApp } from './support';

const text = messages.refundLinks;
let testApp: TestApp;
let admin: ReturnType<typeof as>;
const CBU = '2850590940090418135201';
const PNG = await sharp({ create: { width: 12, height: 12, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();

async function insertRefund(docNumber: string, voucherId?: number): Promise<number> {
  const { db } = testApp.context;
  const [first] = await db.select({ id: vouchers.id }).from(vouchers).limit(1);
  const voucher = { id: voucherId ?? first.id };
  await db.select({ id: coverages.id }).from(coverages).limit(1);
  const [refund] = await db
    .insert(refunds)
    .values({
      voucherId: voucher.id,
      docNumber,
      name: 'Lucía',
      surname: 'Enlace',
      email: `viajero-${docNumber}@example.com`,
      phoneContact: '+5491130123456',
      idempotencyKey: randomUUID(),
      countryResidence: 'ARG',
    })
    .returning({ id: refunds.id });
  await db.insert(refundPayments).values({
    refundId: refund.id,
    paymentMethod: 'Transferencia',
    refundMethod: 'Cuenta propia',
    owner: 'Lucía Enlace',
    bank: '285',
    bankName: 'Banco Macro',
    accountType: 'Caja de ahorro en pesos',
    accountNumber: '4009041813520',
    cbu: CBU,
    cuitCuil: '27301234564',
  });
  return refund.id;
}

/** Staff make the request; the link is read from the mail in the outbox. */
async function requestLink(id: number, action: string, payload: object): Promise<{ url: URL; mail: string }> {
  const before = testApp.outbox().length;
  const response = await admin({ method: 'POST', url: `/api/refund/${id}/actions/${action}/`, payload });
  expect(response.statusCode, response.body).toBe(200);
  await settleRefundMails();
  const mails = testApp.outbox().slice(before);
  expect(mails).toHaveLength(1);
  const mail = mails[0].replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(http:\/\/\S+\?refund_id=\d+&hash=[A-Za-z0-9._-]+)/.exec(mail);
  expect(match).not.toBeNull();
  return { url: new URL(match![1]), mail };
}

const hashOf = (url: URL) => url.searchParams.get('hash')!;

function uploadPendingDoc(data: object, files: { filename: string; data: Buffer }[]) {
  const boundary = `----links${randomUUID()}`;
  const chunks: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
    ),
  ];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return testApp.app.inject({
    method: 'POST',
    url: '/api/upload_pending_doc/',
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const authenticate = (refundId: number | string, hash: string) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/authentication_pending_doc/?refund_id=${refundId}&hash=${encodeURIComponent(hash)}`,
  });

async function statusOf(id: number): Promise<string> {
  const response = await admin({ method: 'GET', url: `/api/refund/${id}/` });
  return response.json<RefundDetail>().status;
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
});
afterAll(async () => testApp.close());

describe('signing', () => {
  const claims = { refundId: 7, purpose: 'documents' as const, requestId: 3, expires: 2_000_000_000 };
  it('verifies its own hash and refuses any change of refund, purpose, request, expiry or MAC', () => {
    const hash = signLinkHash('s'.repeat(40), claims);
    expect(verifyLinkHash('s'.repeat(40), 7, 'documents', hash)).toEqual({
      requestId: 3,
      expires: 2_000_000_000,
    });
    expect(verifyLinkHash('s'.repeat(40), 8, 'documents', hash)).toBeNull();
    expect(verifyLinkHash('s'.repeat(40), 7, 'bank_data', hash)).toBeNull();
    expect(verifyLinkHash('t'.repeat(40), 7, 'documents', hash)).toBeNull();
    expect(verifyLinkHash('s'.repeat(40), 7, 'documents', hash.replace(/^3\./, '4.'))).toBeNull();
    expect(
      verifyLinkHash('s'.repeat(40), 7, 'documents', hash.replace('.2000000000.', '.2000000001.')),
    ).toBeNull();
    // Every other last character, including those that decode to the same bytes (unused bits).
    for (const last of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.replace(
      hash.at(-1)!,
      '',
    ))
      expect(verifyLinkHash('s'.repeat(40), 7, 'documents', hash.slice(0, -1) + last)).toBeNull();
    expect(verifyLinkHash('s'.repeat(40), 7, 'documents', `${hash}x`)).toBeNull();
  });
});

describe('documents link', () => {
  it('is mailed to the traveller, opens the request, takes the files and puts the refund back in review', async () => {
    const id = await insertRefund('51000001');
    const { url, mail } = await requestLink(id, 'request_documents', {
      documents: ['Factura original', 'Informe médico'],
      max_files: 2,
      observations: 'Legibles, por favor',
    });
    expect(mail).toContain(`viajero-51000001@example.com`);
    expect(mail).toContain('Informe m');
    expect(url.pathname).toBe('/upload_data');
    expect(url.searchParams.get('refund_id')).toBe(String(id));
    expect(await statusOf(id)).toBe('DOCUMENTACION_SOLICITADA');

    const opened = await authenticate(id, hashOf(url));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      refund_id: id,
      documents: ['Factura original', 'Informe médico'],
      max_files: 2,
      remaining_files: 2,
      observations: 'Legibles, por favor',
      // Issue 42: the refund's language (the link page speaks it).
      language: 'es',
    });

    // The request's limit: three files when two are allowed are refused, nothing is stored.
    const tooMany = await uploadPendingDoc(
      { refund_id: id, voucher_hash: hashOf(url), pending_doc_files: [] },
      [
        { filename: 'a.png', data: PNG },
        { filename: 'b.png', data: PNG },
        { filename: 'c.png', data: PNG },
      ],
    );
    expect(tooMany.statusCode).toBe(413);
    // Issue 42: with its catalogue code and values for the traveller's language.
    expect(tooMany.json()).toEqual({
      detail: text.filesTooMany(2),
      code: 'links.filesTooMany',
      values: { max: 2 },
    });

    const uploaded = await uploadPendingDoc({ refund_id: id, voucher_hash: hashOf(url) }, [
      { filename: 'factura.png', data: PNG },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const files = uploaded.json<{ status: string; files: { file_id: string; content_type: string }[] }>();
    expect(files.status).toBe('ok');
    expect(files.files).toHaveLength(1);

    const patch = (fileIds: string[], hash = hashOf(url)) =>
      testApp.app.inject({
        method: 'PATCH',
        url: '/api/refund_data/',
        payload: {
          refund: {
            id,
            hash,
            pending_documentation: {
              client_pending_documents: { comment: 'Adjunto factura', file_ids: fileIds },
            },
          },
        },
      });
    const foreign = await patch([randomUUID()]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ file_ids: [text.fileUnknown] });

    const done = await patch([files.files[0].file_id]);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ status: 'ok' });
    const detail = (await admin({ method: 'GET', url: `/api/refund/${id}/` })).json<RefundDetail>();
    expect(detail.status).toBe('EN_REVISION');
    expect(detail.files.filter((file) => file.kind === 'pending_doc').map((file) => file.id)).toEqual([
      files.files[0].file_id,
    ]);
    const history = (
      await admin({ method: 'GET', url: `/api/history/?entity=refund&record=${id}&limit=100` })
    ).json<{ results: HistoryEntry[] }>().results;
    expect(history[0]).toMatchObject({
      action: 'traveller_documents',
      changes: { status: { before: 'DOCUMENTACION_SOLICITADA', after: 'EN_REVISION' } },
    });

    // Used: the same link answers the reason, whatever the call.
    expect((await authenticate(id, hashOf(url))).json()).toEqual({ detail: text.linkUsed });
    const again = await patch([files.files[0].file_id]);
    expect([again.statusCode, again.json()]).toEqual([403, { detail: text.linkUsed }]);
  });

  it('refuses a tampered hash, another refund, the other purpose, a replaced and an expired link', async () => {
    const id = await insertRefund('51000002');
    const other = await insertRefund('51000003');
    const first = await requestLink(id, 'request_documents', { documents: ['Factura'] });
    const hash = hashOf(first.url);
    const tampered = hash.slice(0, -2) + (hash.endsWith('AA') ? 'BB' : 'AA');
    for (const [refundId, candidate] of [
      [id, tampered],
      [other, hash],
      [id, 'nada'],
      ['x', hash],
    ] as const) {
      const response = await authenticate(refundId, candidate);
      expect([response.statusCode, response.json()]).toEqual([403, { detail: text.linkInvalid }]);
    }
    const otherPurpose = await testApp.app.inject({
      method: 'GET',
      url: `/api/refund_data/pending-update-fields/?refund_id=${id}&hash=${encodeURIComponent(hash)}`,
    });
    expect([otherPurpose.statusCode, otherPurpose.json()]).toEqual([403, { detail: text.linkInvalid }]);

    // A new request revokes the old link (back in review, asked again).
    expect(
      (await admin({ method: 'POST', url: `/api/refund/${id}/actions/review/`, payload: {} })).statusCode,
    ).toBe(200);
    const second = await requestLink(id, 'request_documents', { documents: ['Factura'], max_files: 1 });
    expect((await authenticate(id, hash)).json()).toEqual({ detail: text.linkReplaced });
    expect((await authenticate(id, hashOf(second.url))).statusCode).toBe(200);

    // Expired: the same link a second past its expiry (the expiry is in the signed hash too).
    const [row] = await testApp.context.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.refundId, id))
      .orderBy(desc(refundRequests.id));
    const later = new Date(row.expiresAt!.getTime() + 1000);
    await expect(
      resolveLink(testApp.context.db, testApp.context.config, 'documents', id, hashOf(second.url), {
        now: later,
      }),
    ).rejects.toMatchObject({
      statusCode: 403,
      detail: text.linkExpired(testApp.context.config.refundSupportEmail),
    });
    // A later expiry written into the hash breaks its MAC.
    const extended = hashOf(second.url).replace(/\.(\d+)\./, (_, exp: string) => `.${Number(exp) + 86_400}.`);
    expect((await authenticate(id, extended)).json()).toEqual({ detail: text.linkInvalid });
    // Correctly signed for this request with an expiry already past: expired (the signed expiry
    // alone says so), on the page's call and on the answer's.
    const [requestId] = hashOf(second.url).split('.').map(Number);
    const lapsed = signLinkHash(testApp.context.config.refundLinkSecret, {
      refundId: id,
      purpose: 'documents',
      requestId,
      expires: Math.floor(Date.now() / 1000) - 60,
    });
    const email = testApp.context.config.refundSupportEmail;
    const expiredAnswer = { detail: text.linkExpired(email), code: 'links.linkExpired', values: { email } };
    const opened = await authenticate(id, lapsed);
    expect([opened.statusCode, opened.json()]).toEqual([403, expiredAnswer]);
    const answered = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/refund_data/',
      payload: {
        refund: {
          id,
          hash: lapsed,
          pending_documentation: { client_pending_documents: { comment: '', file_ids: [randomUUID()] } },
        },
      },
    });
    expect([answered.statusCode, answered.json()]).toEqual([403, expiredAnswer]);
  });

  it('expires after REFUND_LINK_DAYS (14 by default)', async () => {
    const id = await insertRefund('51000004');
    await requestLink(id, 'request_documents', { documents: ['Factura'] });
    const [row] = await testApp.context.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.refundId, id));
    const days = (row.expiresAt!.getTime() - row.mailedAt!.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(14);
    expect(testApp.context.config.refundLinkDays).toBe(14);
  });
});

describe('bank data link', () => {
  it('asks only the listed fields with the payment rules, stores them and goes back to review', async () => {
    const id = await insertRefund('51000005');
    const { url } = await requestLink(id, 'request_bank_data', {
      fields: ['cbu', 'cuit_cuil'],
      observations: 'El CBU no corresponde al titular',
    });
    expect(url.pathname).toBe('/update_payment_data');
    const hash = hashOf(url);
    const opened = await testApp.app.inject({
      method: 'GET',
      url: `/api/refund_data/pending-update-fields/?refund_id=${id}&hash=${encodeURIComponent(hash)}`,
    });
    expect(opened.json()).toEqual({
      refund_id: id,
      update_fields: ['cbu', 'cuit_cuil'],
      observations: 'El CBU no corresponde al titular',
      country_residence: 'ARG',
      language: 'es',
    });
    const send = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      testApp.app.inject({
        method: 'PATCH',
        url: '/api/refund_data/update-fields/',
        payload: { refund_id: id, voucher_hash: hash, fields },
        headers,
      });
    const bad = await send({ cbu: '123', cuit_cuil: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['cbu', 'cuit_cuil']);
    expect(bad.json().cuit_cuil).toEqual([messages.refund.fieldRequired]);
    // Issue 42: asked as the portal asks, the same field errors and beside them (`codes`) each
    // message's catalogue code, whose Spanish is exactly the message.
    const coded = await send({ cbu: '123', cuit_cuil: '' }, { 'X-Message-Codes': '1' });
    expect(coded.statusCode).toBe(400);
    const { codes, ...fields } = coded.json();
    expect(fields).toEqual(bad.json());
    expect(codes).toEqual({
      cbu: [{ code: expect.stringMatching(/^banking\./), values: {} }],
      cuit_cuil: [{ code: 'refund.fieldRequired', values: {} }],
    });
    expect(translate('es', codes.cbu[0].code)).toBe(fields.cbu[0]);
    expect(translate('pt', codes.cbu[0].code)).not.toBe(fields.cbu[0]);

    const newCbu = '2850590940090418135201';
    const wrongDigit = await send({ cbu: newCbu, cuit_cuil: '20301234564' });
    expect(Object.keys(wrongDigit.json())).toEqual(['cuit_cuil']);
    const good = await send({ cbu: newCbu, cuit_cuil: '20301234563' });
    expect(good.statusCode, good.body).toBe(200);
    const [payment] = await testApp.context.db
      .select()
      .from(refundPayments)
      .where(eq(refundPayments.refundId, id));
    expect(payment.cbu).toBe(newCbu);
    expect(await statusOf(id)).toBe('EN_REVISION');
    const history = (
      await admin({ method: 'GET', url: `/api/history/?entity=refund&record=${id}&limit=100` })
    ).json<{ results: HistoryEntry[] }>().results;
    expect(history[0].action).toBe('traveller_bank_data');
    // Which fields changed, never their values.
    expect(JSON.stringify(history[0].changes)).not.toContain(newCbu);
    expect(Object.keys(history[0].changes).sort()).toEqual(['cbu', 'cuit_cuil', 'status']);
    expect((await send({ cbu: newCbu, cuit_cuil: '27301234564' })).json()).toEqual({ detail: text.linkUsed });
  });
});

describe('POST /refund_download_file/', () => {
  it('names every zip entry once: repeated names numbered, a numbered name never overwritten', () => {
    const taken: Record<string, true> = {};
    for (const name of ['factura.png', 'factura (2).png', 'factura.png', 'informe', 'informe'])
      taken[entryName(name, taken)] = true;
    expect(Object.keys(taken)).toEqual([
      'factura.png',
      'factura (2).png',
      'factura (3).png',
      'informe',
      'informe (2)',
    ]);
  });

  it('answers one receipt as itself and several as one zip, for refund/view only', async () => {
    const id = await insertRefund('51000006');
    const { url } = await requestLink(id, 'request_documents', { documents: ['Factura'], max_files: 2 });
    const uploaded = await uploadPendingDoc({ refund_id: id, voucher_hash: hashOf(url) }, [
      { filename: 'factura.png', data: PNG },
      { filename: 'factura.png', data: PNG },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const ids = uploaded.json<{ files: { file_id: string }[] }>().files.map((file) => file.file_id);
    // Not yet part of the refund: not downloadable.
    const early = await admin({
      method: 'POST',
      url: '/api/refund_download_file/',
      payload: { refund_files_ids: ids },
    });
    expect([early.statusCode, early.json()]).toEqual([404, { detail: text.fileNotFound }]);
    const done = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/refund_data/',
      payload: {
        refund: {
          id,
          hash: hashOf(url),
          pending_documentation: { client_pending_documents: { comment: '', file_ids: ids } },
        },
      },
    });
    expect(done.statusCode, done.body).toBe(200);

    const one = await admin({
      method: 'POST',
      url: '/api/refund_download_file/',
      payload: { refund_files_ids: [ids[0]] },
    });
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toBe('image/png');
    expect(one.headers['content-disposition']).toContain('factura.png');

    const both = await admin({
      method: 'POST',
      url: '/api/refund_download_file/',
      payload: { refund_files_ids: ids },
    });
    expect(both.statusCode).toBe(200);
    expect(both.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(both.rawPayload));
    // Two files named 'factura.png': the second is numbered.
    expect(Object.keys(entries).sort()).toEqual(['factura (2).png', 'factura.png']);
    expect(Buffer.from(entries['factura.png']).subarray(0, 4).toString('hex')).toBe('89504e47');

    // Issue 39: several files over 100 MB in all are refused before any is read (413, Spanish).
    const sizes = await testApp.context.db
      .select({ id: storedFiles.id, size: storedFiles.size })
      .from(storedFiles)
      .where(inArray(storedFiles.id, ids));
    await testApp.context.db
      .update(storedFiles)
      .set({ size: 60 * 1024 * 1024 })
      .where(inArray(storedFiles.id, ids));
    const large = await admin({
      method: 'POST',
      url: '/api/refund_download_file/',
      payload: { refund_files_ids: ids },
    });
    expect([large.statusCode, large.json()]).toEqual([413, { detail: text.downloadTooLarge(100) }]);
    for (const row of sizes)
      await testApp.context.db.update(storedFiles).set({ size: row.size }).where(eq(storedFiles.id, row.id));

    const empty = await admin({
      method: 'POST',
      url: '/api/refund_download_file/',
      payload: { refund_files_ids: [] },
    });
    expect([empty.statusCode, empty.json()]).toEqual([400, { refund_files_ids: [text.downloadNothing] }]);
    const unknown = await admin({
      method: 'POST',
      url: '/api/refund_download_file/',
      payload: { refund_files_ids: [randomUUID()] },
    });
    expect(unknown.statusCode).toBe(404);
    const agencia = as(testApp, await testApp.login('agencia'));
    const refused = await agencia({
      method: 'POST',
      url: '/api/refund_download_file/',
      payload: { refund_files_ids: ids },
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await testApp.app.inject({
      method: 'POST',
      url: '/api/refund_download_file/',
      payload: { refund_files_ids: ids },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('logging in again (issue 17)', () => {
  it('answers the submitted refunds with their status and the open requests with their links', async () => {
    const login = async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/refund_data/?voucher_id=1&document=30123456',
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        refunds: { doc_number: string };
        submitted_refunds: { id: number; status: string; requests: { kind: string; link: string }[] }[];
      }>();
    };
    const first = await login();
    const id = await insertRefund(first.refunds.doc_number, 1);
    await requestLink(id, 'request_documents', { documents: ['Factura'] });
    const again = await login();
    const mine = again.submitted_refunds.find((refund) => refund.id === id);
    expect(mine).toMatchObject({ status: 'DOCUMENTACION_SOLICITADA', requests: [{ kind: 'documents' }] });
    const link = new URL(mine!.requests[0].link, 'http://localhost');
    expect(link.pathname).toBe('/upload_data');
    expect((await authenticate(id, link.searchParams.get('hash')!)).statusCode).toBe(200);
    // Another traveller's refunds are never listed.
    const other = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/?voucher_id=2&document=16789012',
    });
    expect(
      other.json<{ submitted_refunds: { id: number }[] }>().submitted_refunds.map((r) => r.id),
    ).not.toContain(id);
  });
});
