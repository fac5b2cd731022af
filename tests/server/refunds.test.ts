/**
 * Public refund portal server half (SPEC §7 'Refund (public)', §4, §5, §8): login with the 30-day
 * rule and rate limits, the image service (content checks, caps, token), the atomic and
 * idempotent submission with the per-country bank rules.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../src/contracts/format';
import { translate } from '../../src/contracts/i18n';
import { messages } from '../../src/contracts/messages';
import {
  emptyMultiCause,
  localTodayIso,
  type RefundLoginResponse,
  type RefundPaymentInput,
  refundLoginResponseSchema,
  refundSubmissionResponseSchema,
  type StoredFile,
  uploadImageResponseSchema,
} from '../../src/contracts/refund';
import { chileanBanks } from '../../src/contracts/static';
import { issueRefundAccess } from '../../src/server/auth/refundAccess';
import {
  fileBlobs,
  passengers,
  refundClaimServices,
  refundClaims,
  refundFiles,
  refundPayments,
  refunds,
  storedFiles,
  voucherPassengers,
} from '../../src/server/db/schema';
import { DEMO_REFUND_TRAVELLERS } from '../../src/server/db/seed/refunds';
import { authorizationLetterPdf } from '../../src/server/services/authorizationLetter';
import { settleBackgroundWork } from '../../src/server/services/background';
import { as, createTestApp, type TestApp } from './support';

const text = messages.refund;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } })
  .jpeg()
  .toBuffer();
const PDF = await authorizationLetterPdf({ brandName: 'Prueba' });

let testApp: TestApp;
let ipCounter = 1;
/** Each logical client gets its own address so the per-address limit only bites where tested. */
const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function voucherOf(docNumber: string): Promise<string> {
  const [row] = await testApp.context.db
    .select({ voucherId: voucherPassengers.voucherId })
    .from(voucherPassengers)
    .innerJoin(passengers, eq(passengers.id, voucherPassengers.paxId))
    .where(eq(passengers.docNumber, docNumber));
  return String(row.voucherId);
}

function login(voucherId: string, document: string, ip = nextIp()) {
  return testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${encodeURIComponent(voucherId)}&document=${encodeURIComponent(document)}`,
    remoteAddress: ip,
  });
}

async function loginOk(docNumber: string): Promise<RefundLoginResponse> {
  const response = await login(await voucherOf(docNumber), docNumber);
  expect(response.statusCode, response.body).toBe(200);
  return refundLoginResponseSchema.parse(response.json());
}

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

function multipart(parts: Part[]) {
  const boundary = `----refundtest${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(access: string | null, files: { filename: string; data: Buffer; contentType?: string }[]) {
  const body = multipart(files.map((file) => ({ name: 'file', ...file })));
  return testApp.app.inject({
    method: 'POST',
    url: '/images/upload-image',
    payload: body.payload,
    headers: { ...body.headers, ...(access ? { authorization: `Bearer ${access}` } : {}) },
    remoteAddress: nextIp(),
  });
}

async function uploadOk(access: string, files: { filename: string; data: Buffer }[]): Promise<StoredFile[]> {
  const response = await upload(access, files);
  expect(response.statusCode, response.body).toBe(201);
  return uploadImageResponseSchema.parse(response.json()).files;
}

function submit(
  access: string,
  data: unknown,
  files: StoredFile[] = [],
  headers: Record<string, string> = {},
) {
  const body = multipart([
    { name: 'data', data: JSON.stringify(data) },
    { name: 'files', data: JSON.stringify(files) },
  ]);
  return testApp.app.inject({
    method: 'POST',
    url: '/api/refund_data/',
    payload: body.payload,
    headers: { ...headers, ...body.headers, authorization: `Bearer ${access}` },
    remoteAddress: nextIp(),
  });
}

const basePayment = (accountType: string, bank: string) => ({
  payment_method: 'Transferencia',
  refund_method: 'Cuenta propia',
  owner: 'Titular Demo',
  bank,
  account_type: accountType,
  account_number: '123456789',
});

const PAYMENTS: Record<string, { doc: string; payment: RefundPaymentInput }> = {
  'ARG with CBU': {
    doc: '30123456',
    payment: {
      ...basePayment('Caja de ahorro en pesos', '285'),
      cbu: '2850590940090418135201',
      cuit_cuil: '20055361682',
    },
  },
  'ARG with alias': {
    doc: '30123456',
    payment: {
      ...basePayment('Cuenta corriente en pesos', '072'),
      alias: 'CUARTO.CENTRO.NAIPE',
      cuit_cuil: '20055361682',
    },
  },
  CHL: {
    doc: '16789012',
    payment: { ...basePayment('Caja de ahorro en pesos', chileanBanks[0].code), rut: '76086428-5' },
  },
  COL: {
    doc: '1020304050',
    payment: {
      ...basePayment('Caja de ahorro en pesos', 'Bancolombia'),
      cedula: '1020304050',
      adress: 'Calle 10 # 5-20, Bogotá',
      phone: '3001234567',
    },
  },
  MEX: {
    doc: 'HEDD850101',
    payment: {
      ...basePayment('Cuenta corriente', 'Banamex'),
      swift: 'BNMXMXMM',
      doc_number: 'HEDD850101',
      bank_adress: 'Av. Reforma 1, CDMX',
      cable: '002010077777777771',
    },
  },
  USA: {
    doc: 'X98765432',
    payment: {
      ...basePayment('Caja de ahorro', 'Chase'),
      swift: 'CHASUS33',
      doc_number: 'X98765432',
      bank_adress: '383 Madison Ave, New York',
      ba_wire: '021000021',
    },
  },
  'ESP (IBAN)': {
    doc: '12345678Z',
    payment: {
      ...basePayment('Cuenta corriente', 'CaixaBank'),
      swift: 'CAIXESBB',
      doc_number: '12345678Z',
      bank_adress: 'Calle Pintor Sorolla 2, Valencia',
      iban: 'ES91 2100 0418 4502 0005 1332',
    },
  },
  PER: {
    doc: '45678912',
    payment: {
      ...basePayment('Caja de ahorro', 'BCP'),
      swift: 'BCPLPEPL',
      doc_number: '45678912',
      // Check digits per the published rule (issue 40).
      bank_adress: '00219300123456789013',
    },
  },
  'BRA (SWIFT)': {
    doc: '12345678909',
    payment: {
      ...basePayment('Cuenta corriente', 'Banco do Brasil'),
      swift: 'BRASBRRJ',
      doc_number: '12345678909',
      bank_adress: 'SBS Quadra 1, Brasília',
    },
  },
};

/** A day of the voucher's validity (issue 17: the event happened during the trip), not after today. */
function eventDateOf(data: RefundLoginResponse['refunds']): string {
  const today = localTodayIso();
  const last = data.date_out && data.date_out < today ? data.date_out : today;
  expect(data.date_in && data.date_in <= last, `a trip already started: ${data.date_in}`).toBe(true);
  return last;
}

function submissionFor(
  login: RefundLoginResponse,
  files: StoredFile[],
  payment: RefundPaymentInput,
  overrides: { amount?: string; key?: string } = {},
) {
  const data = login.refunds;
  const ordinary = data.coverages.find((name) => !data.multi_cause_coverages.includes(name))!;
  const claims: unknown[] = [
    {
      coverage: ordinary,
      sinister_country: 'ITA',
      sinister_date: eventDateOf(data),
      currency: 'EUR',
      amount: overrides.amount ?? '1234567.89',
      coverage_files: files.slice(0, 1),
    },
  ];
  const multi = data.multi_cause_coverages[0];
  if (multi && files.length > 1) {
    const mc = emptyMultiCause();
    mc.alojamientos = { selected: true, montoPagado: '1500.5', montoRecuperado: '0' };
    mc.transporte.selected = true;
    mc.transporte.vuelos = { selected: true, montoPagado: '999999.99', montoRecuperado: '100.01' };
    mc.otro = { selected: true, montoPagado: '10', montoRecuperado: '2.5', nombreServicio: 'Espectáculo' };
    claims.push({
      coverage: multi,
      sinister_country: data.country_residence || 'ARG',
      sinister_date: data.date_in,
      currency: 'USD',
      amount: '2510.50',
      coverage_files: files.slice(1),
      multi_cause: mc,
    });
  }
  return {
    idempotency_key: overrides.key ?? randomUUID(),
    refund: {
      name: data.name,
      surname: data.surname,
      doc_number: data.doc_number,
      voucher: data.voucher,
      email: 'viajero@example.com',
      phone_contact: '1145678901',
      client_comment: '',
    },
    refund_coverage: { claims, comment: 'Gracias' },
    refund_payment: payment,
  };
}

async function counts() {
  const db = testApp.context.db;
  const one = async (
    table: typeof refunds | typeof refundClaims | typeof refundPayments | typeof refundFiles,
  ) => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row.n;
  };
  const [services] = await db.select({ n: sql<number>`count(*)::int` }).from(refundClaimServices);
  return {
    refunds: await one(refunds),
    claims: await one(refundClaims),
    payments: await one(refundPayments),
    files: await one(refundFiles),
    services: services.n,
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

describe('demo seed', () => {
  it('seeds claimable travellers of every payment family and prints their logins', async () => {
    const claimable = DEMO_REFUND_TRAVELLERS.filter((traveller) => traveller.claimable);
    expect(new Set(claimable.map((traveller) => traveller.country))).toEqual(
      new Set(['ARG', 'CHL', 'COL', 'MEX', 'USA', 'ESP', 'PER', 'BRA']),
    );
    for (const traveller of claimable) {
      const answer = await loginOk(traveller.docNumber);
      expect(answer.refunds.country_residence).toBe(traveller.country);
      expect(answer.refunds.coverages.length).toBeGreaterThanOrEqual(3);
      expect(answer.refunds.multi_cause_coverages.length).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('GET /api/refund_data/ (login)', () => {
  it('answers the login contract for the right pair, with a refund token', async () => {
    const answer = await loginOk('30123456');
    expect(answer.refunds).toMatchObject({ doc_number: '30123456', name: 'Lucía', surname: 'Fernández' });
    for (const name of answer.refunds.coverages)
      expect(Array.isArray(answer.refunds.required_items[name])).toBe(true);
    // The refund token is not a staff token.
    const profile = await testApp.app.inject({
      method: 'GET',
      url: '/api/profile/',
      headers: { authorization: `Bearer ${answer.access}` },
    });
    expect(profile.statusCode).toBe(401);
  });

  it('accepts the document with dots or lower case', async () => {
    const voucher = await voucherOf('12345678Z');
    expect((await login(voucher, '12.345.678z')).statusCode).toBe(200);
  });

  it('refuses wrong pair, unknown voucher, wrong document, expired and cancelled with one message', async () => {
    const argVoucher = await voucherOf('30123456');
    const chlVoucher = await voucherOf('16789012');
    const attempts = [
      [chlVoucher, '30123456'], // both exist, not together
      ['999999', '30123456'], // unknown voucher
      [argVoucher, '99999999'], // unknown document
      ['abc', '30123456'], // not a number
      [await voucherOf('30999888'), '30999888'], // past the 30 days after date_out
      [await voucherOf('30777666'), '30777666'], // cancelled
    ];
    const durations: number[] = [];
    for (const [voucher, document] of attempts) {
      const started = performance.now();
      const response = await login(voucher, document);
      durations.push(performance.now() - started);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: text.loginFailed });
    }
    // A floor keeps every failure at similar timing, whatever failed.
    for (const duration of durations) expect(duration).toBeGreaterThanOrEqual(240);
  });

  it('asks for both fields with the SPEC §5 messages', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      voucher_id: [text.voucherIdRequired],
      document: [text.documentRequired],
    });
  });

  // The limits (per address and per voucher+document pair, growing delays) are in limits.test.ts.
});

describe('POST /images/upload-image', () => {
  let access: string;
  beforeAll(async () => {
    access = (await loginOk('30123456')).access;
  });

  it('needs the refund access token', async () => {
    expect((await upload(null, [{ filename: 'a.png', data: PNG }])).statusCode).toBe(401);
    const staff = await testApp.login('admin');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/images/upload-image',
      ...(() => {
        const body = multipart([{ name: 'file', filename: 'a.png', data: PNG }]);
        return { payload: body.payload, headers: { ...body.headers, authorization: staff } };
      })(),
    });
    expect(response.statusCode).toBe(401);
  });

  it('accepts a PDF, a PNG and a JPEG, typed by content, stored in the file storage and served to staff', async () => {
    const files = await uploadOk(access, [
      { filename: 'carta.pdf', data: PDF },
      { filename: 'foto.PNG', data: PNG },
      { filename: 'recibo sin extension', data: JPEG },
    ]);
    expect(files.map((file) => file.content_type)).toEqual(['application/pdf', 'image/png', 'image/jpeg']);
    expect(files[0]).toMatchObject({ name: 'carta.pdf', size: PDF.length });
    const [row] = await testApp.context.db.select().from(storedFiles).where(eq(storedFiles.id, files[1].id));
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Stored in the database storage (shared by every instance): the re-encoded PNG (issue 10).
    const [blob] = await testApp.context.db.select().from(fileBlobs).where(eq(fileBlobs.key, row.path));
    expect(row.sha256).toBe(createHash('sha256').update(blob.data).digest('hex'));
    const stored = await sharp(blob.data).metadata();
    const sent = await sharp(PNG).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', sent.width, sent.height]);
    const staff = await testApp.login('admin');
    const served = await testApp.app.inject({
      method: 'GET',
      url: `/api/stored_file/${files[0].id}/`,
      headers: { authorization: staff },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toContain('attachment; filename="carta.pdf"');
    expect(Buffer.compare(served.rawPayload, PDF)).toBe(0);
    // Travellers' tokens and unknown ids get nothing.
    const refused = await testApp.app.inject({
      method: 'GET',
      url: `/api/stored_file/${files[0].id}/`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(refused.statusCode).toBe(401);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await testApp.app.inject({
        method: 'GET',
        url: `/api/stored_file/${id}/`,
        headers: { authorization: staff },
      });
      expect(missing.statusCode).toBe(404);
    }
  });

  it('refuses a file named .jpg whose content is not an image, and stores none of the request', async () => {
    const [before] = await testApp.context.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles);
    const response = await upload(access, [
      { filename: 'ok.png', data: PNG },
      { filename: 'foto.jpg', data: Buffer.from('<html>not an image</html>'), contentType: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().file[0]).toContain(text.uploadRefusedType);
    const [after] = await testApp.context.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles);
    expect(after.n).toBe(before.n);
    const [blobs] = await testApp.context.db.select({ n: sql<number>`count(*)::int` }).from(fileBlobs);
    expect(blobs.n).toBe(before.n);
  });

  it('refuses a truncated PDF (no %%EOF) and an empty request', async () => {
    expect((await upload(access, [{ filename: 'a.pdf', data: PDF.subarray(0, 200) }])).statusCode).toBe(415);
    expect((await upload(access, [])).statusCode).toBe(400);
  });

  it('caps the size per file (10 MB) and the count per request (20)', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const tooBig = await upload(access, [{ filename: 'big.png', data: big }]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ detail: text.uploadTooLarge });
    const many = Array.from({ length: 21 }, (_, i) => ({ filename: `f${i}.png`, data: PNG }));
    const tooMany = await upload(access, many);
    expect(tooMany.statusCode).toBe(413);
  }, 30_000);
});

describe('GET /api/refund_data/authorization-letter/', () => {
  it('serves a real PDF that a PDF reader opens', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/authorization-letter/',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    // pdfjs 6 expects Promise.withResolvers (Node 22); Node 20 lacks it.
    const promise = Promise as unknown as { withResolvers?: () => unknown };
    promise.withResolvers ??= () => {
      let resolve: unknown;
      let reject: unknown;
      const created = new Promise((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise: created, resolve, reject };
    };
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await pdfjs.getDocument({
      data: new Uint8Array(response.rawPayload),
      standardFontDataUrl: `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/`,
    }).promise;
    expect(document.numPages).toBe(1);
    const page = await document.getPage(1);
    const content = await page.getTextContent();
    const pageText = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(pageText).toContain('CARTA DE AUTORIZACIÓN');
    expect(pageText).toContain('Señores');
    await document.cleanup();
  });
});

describe('POST /api/refund_data/ (submission)', () => {
  for (const [family, { doc, payment }] of Object.entries(PAYMENTS)) {
    it(`stores a valid refund for ${family}`, async () => {
      const login = await loginOk(doc);
      const files = await uploadOk(login.access, [
        { filename: 'recibo.png', data: PNG },
        { filename: 'penalidad.pdf', data: PDF },
      ]);
      const response = await submit(login.access, submissionFor(login, files, payment), files);
      expect(response.statusCode, response.body).toBe(200);
      const answer = refundSubmissionResponseSchema.parse(response.json());
      const [stored] = await testApp.context.db
        .select()
        .from(refunds)
        .where(eq(refunds.id, answer.refund.id));
      expect(stored).toMatchObject({ docNumber: doc, countryResidence: login.refunds.country_residence });
      const [paymentRow] = await testApp.context.db
        .select()
        .from(refundPayments)
        .where(eq(refundPayments.refundId, answer.refund.id));
      expect(paymentRow.owner).toBe('Titular Demo');
    });
  }

  it('applies one phone rule to step 1 and step 3: a Bogotá landline with its country code (issue 30 §4)', async () => {
    const login = await loginOk(PAYMENTS.COL.doc);
    const files = await uploadOk(login.access, [{ filename: 'recibo.png', data: PNG }]);
    const data = submissionFor(login, files, { ...PAYMENTS.COL.payment, phone: '+57 601 3456789' });
    data.refund.phone_contact = '+57 601 3456789';
    const response = await submit(login.access, data, files);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().refund.id;
    const [refund] = await testApp.context.db.select().from(refunds).where(eq(refunds.id, id));
    const [payment] = await testApp.context.db
      .select()
      .from(refundPayments)
      .where(eq(refundPayments.refundId, id));
    expect([refund.phoneContact, payment.phone]).toEqual(['+576013456789', '+576013456789']);
  });

  it('stores amounts as exact decimals, the multi-cause rows, the comment and the file links', async () => {
    const login = await loginOk('30123456');
    const files = await uploadOk(login.access, [
      { filename: 'a.png', data: PNG },
      { filename: 'b.pdf', data: PDF },
    ]);
    const response = await submit(
      login.access,
      submissionFor(login, files, PAYMENTS['ARG with CBU'].payment),
      files,
    );
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().refund.id as number;
    const db = testApp.context.db;
    const claims = await db
      .select()
      .from(refundClaims)
      .where(eq(refundClaims.refundId, id))
      .orderBy(refundClaims.position);
    expect(claims.map((claim) => claim.amount)).toEqual(['1234567.89', '2510.50']);
    expect(claims[0]).toMatchObject({
      sinisterCountry: 'ITA',
      sinisterDate: eventDateOf(login.refunds),
      currencyCode: 'EUR',
    });
    expect(claims[1].sinisterDate).toBe(login.refunds.date_in);
    const services = await db
      .select()
      .from(refundClaimServices)
      .where(eq(refundClaimServices.claimId, claims[1].id))
      .orderBy(refundClaimServices.service);
    expect(
      services.map((row) => [row.service, row.serviceName, row.amountPaid, row.amountRecovered]),
    ).toEqual([
      ['alojamientos', '', '1500.50', '0.00'],
      ['otro', 'Espectáculo', '10.00', '2.50'],
      ['transporte.vuelos', '', '999999.99', '100.01'],
    ]);
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, id));
    expect(refund).toMatchObject({
      clientComment: 'Gracias',
      email: 'viajero@example.com',
      status: 'RECIBIDO',
    });
    const links = await db.select().from(refundFiles).where(eq(refundFiles.refundId, id));
    expect(links).toHaveLength(2);
    // Attached in the submission's transaction: out of the orphan cleanup's reach.
    for (const file of files) {
      const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, file.id));
      expect(row.attachedAt).toBeInstanceOf(Date);
    }
    const [payment] = await db.select().from(refundPayments).where(eq(refundPayments.refundId, id));
    expect(payment).toMatchObject({ bank: '285', cbu: '2850590940090418135201', alias: '', rut: '' });
    expect(payment.bankName).toMatch(/Macro/);
  });

  it('shows the stored refund to staff with refund/view (GET /refund/ and its detail), and only to them', async () => {
    const login = await loginOk('30123456');
    const files = await uploadOk(login.access, [{ filename: 'recibo.png', data: PNG }]);
    const response = await submit(
      login.access,
      submissionFor(login, files, PAYMENTS['ARG with CBU'].payment),
      files,
    );
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().refund.id as number;
    const admin = as(testApp, await testApp.login('admin'));
    const list = (
      await admin({ method: 'GET', url: `/api/refund/?voucher=${login.refunds.voucher}&limit=50` })
    ).json<{
      count: number;
      results: { id: number; doc_number: string; status: string }[];
    }>();
    expect(list.results.map((row) => row.id)).toContain(id);
    expect(list.results.every((row) => row.doc_number === '30123456')).toBe(true);
    const detail = await admin({ method: 'GET', url: `/api/refund/${id}/` });
    expect(detail.statusCode).toBe(200);
    const body = detail.json<{
      claims: { amount: string }[];
      files: { name: string; kind: string; content_type: string }[];
    }>();
    expect(body.claims.map((claim) => claim.amount)[0]).toBe('1234567.89');
    expect(body.files).toEqual([
      expect.objectContaining({ name: 'recibo.png', kind: 'claim', content_type: 'image/png' }),
    ]);
    expect((await admin({ method: 'GET', url: '/api/refund/?voucher=abc' })).statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: '/api/refund/999999/' })).statusCode).toBe(404);
    const noView = as(testApp, await testApp.login('agencia'));
    expect((await noView({ method: 'GET', url: '/api/refund/' })).statusCode).toBe(403);
    expect(
      (
        await testApp.app.inject({
          method: 'GET',
          url: `/api/refund/${id}/`,
          headers: { authorization: `Bearer ${login.access}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a claim of 21 stored files, as a 21-page PDF becomes (issue 17: the limit counts the files sent)', async () => {
    const login = await loginOk('16789012');
    const pages = [
      ...(await uploadOk(
        login.access,
        Array.from({ length: 20 }, (_, i) => ({ filename: `informe-${i + 1}.png`, data: PNG })),
      )),
      ...(await uploadOk(login.access, [{ filename: 'informe-21.png', data: PNG }])),
    ];
    expect(pages).toHaveLength(21);
    const before = await counts();
    const data = submissionFor(login, pages, PAYMENTS.CHL.payment);
    data.refund_coverage.claims = [
      { ...(data.refund_coverage.claims[0] as object), coverage_files: pages },
    ] as typeof data.refund_coverage.claims;
    const response = await submit(login.access, data, pages);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'refund_coverage.claims.0.coverage_files': [text.filesTooMany(20)],
    });
    expect(await counts()).toEqual(before);
  }, 30_000);

  it('gives one refund for the same idempotency key sent concurrently, after the commit and after a reload', async () => {
    const login = await loginOk('16789012');
    const files = await uploadOk(login.access, [{ filename: 'a.png', data: PNG }]);
    const data = submissionFor(login, files, PAYMENTS.CHL.payment, { key: randomUUID() });
    const before = await counts();
    await settleBackgroundWork();
    const mailsBefore = testApp.outbox().length;
    const [first, second] = await Promise.all([
      submit(login.access, data, files),
      submit(login.access, data, files),
    ]);
    const third = await submit(login.access, data, files);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([first.json().refund.id, second.json().refund.id, third.json().refund.id]).size).toBe(1);
    // Reloaded during the submission (issue 17): the wizard resends its persisted submission, the
    // first one's files attached by now, possibly under a new login; still the same refund, and
    // the new login lists it among the traveller's refunds.
    const again = await loginOk('16789012');
    expect(again.submitted_refunds?.map((refund) => refund.id)).toContain(first.json().refund.id);
    const [afterReload, concurrent] = await Promise.all([
      submit(again.access, data, files),
      submit(login.access, data, files),
    ]);
    expect([afterReload.statusCode, concurrent.statusCode]).toEqual([200, 200]);
    expect([afterReload.json().refund.id, concurrent.json().refund.id]).toEqual([
      first.json().refund.id,
      first.json().refund.id,
    ]);
    const after = await counts();
    expect(after.refunds - before.refunds).toBe(1);
    expect(after.claims - before.claims).toBe(1);
    // One confirmation mail (issue 17) with the refund's number, however many times it was sent.
    await settleBackgroundWork();
    const mails = testApp.outbox().slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].replace(/=\r?\n/g, '')).toMatch(
      new RegExp(`reintegro N(°|=C2=B0) ${first.json().refund.id}\\.`),
    );
  });

  it('leaves no rows when a file of another voucher is referenced part-way', async () => {
    const arg = await loginOk('30123456');
    const chl = await loginOk('16789012');
    const foreign = await uploadOk(arg.access, [{ filename: 'ajeno.png', data: PNG }]);
    const own = await uploadOk(chl.access, [{ filename: 'propio.png', data: PNG }]);
    const data = submissionFor(chl, [...own, ...foreign], PAYMENTS.CHL.payment);
    const before = await counts();
    const response = await submit(chl.access, data, [...own, ...foreign]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ 'refund_coverage.claims.1.coverage_files': [text.fileUnknown] });
    // Issue 42: asked as the portal asks (X-Message-Codes), the claim's field error with its code.
    const coded = await submit(chl.access, data, [...own, ...foreign], { 'X-Message-Codes': '1' });
    expect(coded.statusCode).toBe(400);
    const field = 'refund_coverage.claims.1.coverage_files';
    expect(coded.json()).toEqual({
      [field]: [text.fileUnknown],
      codes: { [field]: [{ code: expect.any(String), values: {} }] },
    });
    expect(translate('es', coded.json().codes[field][0].code)).toBe(text.fileUnknown);
    expect(await counts()).toEqual(before);
    // The refused submission attached nothing: its files stay orphans for the cleanup.
    const [ownRow] = await testApp.context.db.select().from(storedFiles).where(eq(storedFiles.id, own[0].id));
    expect(ownRow.attachedAt).toBeNull();
  });

  it('re-encodes the images still as sent before attaching them, and refuses one whose decode fails (issue 39)', async () => {
    const login = await loginOk('16789012');
    const whole = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#abcdef' } })
      .jpeg()
      .toBuffer();
    // A sound header (checked before the upload answers) and a scan cut short (only decoding sees it).
    const cut = whole.subarray(0, whole.indexOf(Buffer.from([0xff, 0xda])) + 40);
    const good = await uploadOk(login.access, [{ filename: 'bueno.jpg', data: whole }]);
    const bad = await uploadOk(login.access, [{ filename: 'cortado.jpg', data: cut }]);
    const before = await counts();
    const response = await submit(
      login.access,
      submissionFor(login, [...good, ...bad], PAYMENTS.CHL.payment),
      [...good, ...bad],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      'refund_coverage.claims.1.coverage_files': [`${messages.refund.uploadNotDecodable} (cortado.jpg)`],
    });
    expect(await counts()).toEqual(before);
    const rows = await testApp.context.db
      .select({ id: storedFiles.id, reencoding: storedFiles.reencoding, attachedAt: storedFiles.attachedAt })
      .from(storedFiles)
      .where(inArray(storedFiles.id, [good[0].id, bad[0].id]));
    expect(Object.fromEntries(rows.map((row) => [row.id, [row.reencoding, row.attachedAt]]))).toEqual({
      [good[0].id]: ['done', null],
      [bad[0].id]: ['refused', null],
    });
  });

  it('refuses a token of another voucher for the applicant data, and no token at all', async () => {
    const arg = await loginOk('30123456');
    const chl = await loginOk('16789012');
    const files = await uploadOk(chl.access, [{ filename: 'a.png', data: PNG }]);
    const data = submissionFor(arg, files, PAYMENTS['ARG with CBU'].payment);
    expect((await submit(chl.access, data, files)).statusCode).toBe(400);
    const anonymous = await testApp.app.inject({ method: 'POST', url: '/api/refund_data/', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const expired = await issueRefundAccess(
      testApp.context.config.jwtSecret,
      { voucherId: 1, docNumber: 'x', version: 0 },
      -1,
    );
    expect((await submit(expired, data, files)).statusCode).toBe(401);
  });

  it('stores an international phone as E.164 (issue 17)', async () => {
    const login = await loginOk('30123456');
    const files = await uploadOk(login.access, [{ filename: 'a.png', data: PNG }]);
    const data = submissionFor(login, files, PAYMENTS['ARG with CBU'].payment, { key: randomUUID() });
    data.refund.phone_contact = '+54 9 11 3012-3456';
    const response = await submit(login.access, data, files);
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await testApp.context.db
      .select({ phone: refunds.phoneContact })
      .from(refunds)
      .where(eq(refunds.id, response.json().refund.id));
    expect(row.phone).toBe('+5491130123456');
    data.refund.phone_contact = '+54 11';
    data.idempotency_key = randomUUID();
    // The stored submission revoked its token (issue 28 §6): a new login for the next one.
    const again = await loginOk('30123456');
    expect((await submit(again.access, data, files)).json()).toEqual({
      'refund.phone_contact': [messages.refundLinks.phoneInternationalInvalid],
    });
  });

  it('validates the applicant, the claims and the step-1 rules with the shared contract', async () => {
    const login = await loginOk('30123456');
    const files = await uploadOk(login.access, [{ filename: 'a.png', data: PNG }]);
    const data = submissionFor(login, files, PAYMENTS['ARG with CBU'].payment, { amount: '-5' });
    data.refund.email = 'no-es-email';
    data.refund.phone_contact = '11-4567';
    const response = await submit(login.access, data, files);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      'refund.email': [text.emailInvalid],
      'refund.phone_contact': [text.phoneNumeric],
      'refund_coverage.claims.0.amount': [messages.amounts.negative],
    });
    const empty = submissionFor(login, files, PAYMENTS['ARG with CBU'].payment);
    empty.refund_coverage.claims = [];
    expect((await submit(login.access, empty, files)).json()).toMatchObject({
      'refund_coverage.claims': [text.claimsRequired],
    });
    const future = submissionFor(login, files, PAYMENTS['ARG with CBU'].payment);
    (future.refund_coverage.claims[0] as { sinister_date: string }).sinister_date = '2999-01-01';
    (future.refund_coverage.claims[0] as { coverage_files: unknown[] }).coverage_files = [];
    expect((await submit(login.access, future, files)).json()).toMatchObject({
      'refund_coverage.claims.0.sinister_date': [text.dateOutOfRange],
      'refund_coverage.claims.0.coverage_files': [text.filesRequired],
    });
    // Issue 17: the event happened during the trip (the voucher's validity from the login).
    const { date_in: from, date_out: to } = login.refunds;
    expect([from, to].every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date ?? ''))).toBe(true);
    const before = submissionFor(login, files, PAYMENTS['ARG with CBU'].payment);
    const dayBefore = new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    (before.refund_coverage.claims[0] as { sinister_date: string }).sinister_date = dayBefore;
    const outside = text.dateOutsideValidity(formatDate(from!), formatDate(to!));
    const refused = await submit(login.access, before, files);
    expect([refused.statusCode, refused.json()]).toEqual([
      400,
      { 'refund_coverage.claims.0.sinister_date': [outside] },
    ]);
    const multi = submissionFor(login, [...files, ...files.map(() => ({ ...files[0], id: randomUUID() }))], {
      ...PAYMENTS['ARG with CBU'].payment,
    });
    (multi.refund_coverage.claims[1] as { multi_cause: unknown }).multi_cause = emptyMultiCause();
    expect((await submit(login.access, multi, files)).json()).toMatchObject({
      'refund_coverage.claims.1.multi_cause': [text.serviceRequired],
    });
  });

  const broken: [string, string, Partial<RefundPaymentInput>, string, string][] = [
    ['ARG with CBU', 'cbu', { cbu: '2850590940090418135202' }, 'cbu', messages.banking.cbuCheckDigits],
    ['ARG with CBU', 'cbu of another bank', { bank: '007' }, 'cbu', messages.banking.cbuBankMismatch],
    ['ARG with CBU', 'cbu length', { cbu: '28505909400904181352' }, 'cbu', messages.banking.cbuLength],
    ['ARG with alias', 'alias', { alias: 'abc12' }, 'alias', messages.banking.aliasLength],
    ['ARG with alias', 'no cbu nor alias', { alias: '' }, 'cbu', messages.banking.cbuOrAliasRequired],
    ['ARG with CBU', 'cuit', { cuit_cuil: '20267565392' }, 'cuit_cuil', messages.banking.cuitCheckDigit],
    [
      'ARG with CBU',
      'cuit with hyphens',
      { cuit_cuil: '20-05536168-2' },
      'cuit_cuil',
      messages.banking.cuitSeparators,
    ],
    ['ARG with CBU', 'bank not in list', { bank: 'Banco Inventado' }, 'bank', text.bankInvalid],
    [
      'ARG with CBU',
      'general account type',
      { account_type: 'Caja de ahorro' },
      'account_type',
      text.accountTypeInvalid,
    ],
    [
      'ARG with CBU',
      'payment method',
      { payment_method: 'Efectivo' },
      'payment_method',
      text.paymentMethodInvalid,
    ],
    ['ARG with CBU', 'refund method', { refund_method: 'Otro' }, 'refund_method', text.refundMethodInvalid],
    ['ARG with CBU', 'owner', { owner: '' }, 'owner', text.fieldRequired],
    ['ARG with CBU', 'account number', { account_number: '' }, 'account_number', text.fieldRequired],
    [
      'ARG with CBU',
      'third party without files',
      { refund_method: 'Autorizar a tercero' },
      'authorization_letter',
      text.authorizationFilesRequired,
    ],
    ['CHL', 'rut', { rut: '12531909-3' }, 'rut', messages.banking.rutCheckDigit],
    ['CHL', 'chilean bank', { bank: '285' }, 'bank', text.bankInvalid],
    ['COL', 'cedula', { cedula: 'abc' }, 'cedula', text.cedulaInvalid],
    ['COL', 'address', { adress: '' }, 'adress', text.fieldRequired],
    ['COL', 'phone', { phone: '300-123' }, 'phone', text.phoneNumeric],
    [
      'COL',
      'phone number',
      { phone: '+57 601 345678' },
      'phone',
      messages.refundLinks.phoneInternationalInvalid,
    ],
    ['MEX', 'clabe', { cable: '002010077777777779' }, 'cable', messages.banking.clabeCheckDigit],
    ['USA', 'aba', { ba_wire: '112000025' }, 'ba_wire', messages.banking.abaCheckDigit],
    ['ESP (IBAN)', 'iban', { iban: 'ES9121000418450200051333' }, 'iban', messages.banking.ibanCheckDigits],
    ['ESP (IBAN)', 'iban length', { iban: 'ES912100041845020005133' }, 'iban', messages.banking.ibanLength],
    ['BRA (SWIFT)', 'swift', { swift: 'DEUTDEFF5' }, 'swift', messages.banking.swiftLength],
    ['BRA (SWIFT)', 'swift country', { swift: 'DEUTQQFF' }, 'swift', messages.banking.swiftCountry],
    ['BRA (SWIFT)', 'document', { doc_number: '' }, 'doc_number', text.fieldRequired],
    ['BRA (SWIFT)', 'bank address', { bank_adress: '' }, 'bank_adress', text.fieldRequired],
    ['PER', 'cci length', { bank_adress: '0021930012345678901' }, 'bank_adress', messages.banking.cciLength],
  ];
  for (const [family, rule, change, field, message] of broken) {
    it(`refuses ${family}: ${rule} under refund_payment.${field}`, async () => {
      const login = await loginOk(PAYMENTS[family].doc);
      const files = await uploadOk(login.access, [{ filename: 'a.png', data: PNG }]);
      const before = await counts();
      const data = submissionFor(login, files, { ...PAYMENTS[family].payment, ...change });
      const response = await submit(login.access, data, files);
      expect(response.statusCode).toBe(400);
      expect(response.json()[`refund_payment.${field}`]).toEqual([message]);
      expect(await counts()).toEqual(before);
    });
  }

  it('asks the traveller to confirm a PER CCI whose check digits do not match, and flags it to staff (issue 40)', async () => {
    const login = await loginOk('45678912');
    const files = await uploadOk(login.access, [{ filename: 'a.png', data: PNG }]);
    const payment = { ...PAYMENTS.PER.payment, bank_adress: '00219300123456789099' };
    const unconfirmed = await submit(login.access, submissionFor(login, files, payment), files);
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()['refund_payment.bank_adress']).toEqual([text.cciConfirmRequired]);
    const confirmed = { ...payment, cci_confirmed: true };
    const response = await submit(login.access, submissionFor(login, files, confirmed), files);
    expect(response.statusCode, response.body).toBe(200);
    // Never stored silently: staff see the number unverified.
    const admin = as(testApp, await testApp.login('admin'));
    const detail = await admin({ method: 'GET', url: `/api/refund/${response.json().refund.id}/` });
    expect(detail.json().payment.cci_unverified).toBe(true);
  });

  it('stores a third-party authorization with its letter and ID document', async () => {
    const login = await loginOk('12345678909');
    const files = await uploadOk(login.access, [
      { filename: 'a.png', data: PNG },
      { filename: 'carta.pdf', data: PDF },
      { filename: 'dni.jpg', data: JPEG },
    ]);
    const payment = {
      ...PAYMENTS['BRA (SWIFT)'].payment,
      refund_method: 'Autorizar a tercero',
      authorization_letter: [files[1]],
      authorized_document: [files[2]],
    };
    const response = await submit(login.access, submissionFor(login, files.slice(0, 1), payment), files);
    expect(response.statusCode, response.body).toBe(200);
    const links = await testApp.context.db
      .select({ kind: refundFiles.kind })
      .from(refundFiles)
      .where(eq(refundFiles.refundId, response.json().refund.id));
    expect(links.map((link) => link.kind).sort()).toEqual([
      'authorization_letter',
      'authorized_document',
      'claim',
    ]);
  });
});

describe('refund token revocation (issue 28 §6)', () => {
  // Issue 40 (traveller reach): a replaced or closed session says so, not 'ha caducado'.
  const sessionReplaced = { detail: messages.refund.sessionReplaced };
  const logout = (access: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/refund_data/logout/',
      headers: { authorization: `Bearer ${access}` },
      remoteAddress: nextIp(),
    });

  it('a new login revokes the earlier token of the same voucher and document, not of others', async () => {
    const first = await loginOk('30123456');
    const other = await loginOk('16789012');
    const second = await loginOk('30123456');
    const refused = await upload(first.access, [{ filename: 'a.png', data: PNG }]);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(sessionReplaced);
    await uploadOk(second.access, [{ filename: 'a.png', data: PNG }]);
    await uploadOk(other.access, [{ filename: 'a.png', data: PNG }]);
  });

  it("'Salir' revokes the token (204), on every refund call; other travellers keep theirs", async () => {
    const login = await loginOk('30123456');
    const other = await loginOk('16789012');
    await uploadOk(login.access, [{ filename: 'a.png', data: PNG }]);
    expect((await logout(login.access)).statusCode).toBe(204);
    expect((await upload(login.access, [{ filename: 'a.png', data: PNG }])).statusCode).toBe(401);
    const data = submissionFor(login, [], PAYMENTS['ARG with CBU'].payment);
    const submitted = await submit(login.access, data);
    expect(submitted.statusCode).toBe(401);
    expect(submitted.json()).toEqual(sessionReplaced);
    expect((await logout(login.access)).statusCode).toBe(401);
    await uploadOk(other.access, [{ filename: 'a.png', data: PNG }]);
    // No token, a staff token: refused.
    expect((await testApp.app.inject({ method: 'POST', url: '/api/refund_data/logout/' })).statusCode).toBe(
      401,
    );
    const staff = await testApp.login('admin');
    const withStaff = await testApp.app.inject({
      method: 'POST',
      url: '/api/refund_data/logout/',
      headers: { authorization: staff },
    });
    expect(withStaff.statusCode).toBe(401);
  });

  it('a stored submission revokes the token; its retry is still answered, nothing else is', async () => {
    const login = await loginOk('16789012');
    const files = await uploadOk(login.access, [{ filename: 'a.png', data: PNG }]);
    const data = submissionFor(login, files, PAYMENTS.CHL.payment, { key: randomUUID() });
    const stored = await submit(login.access, data, files);
    expect(stored.statusCode, stored.body).toBe(200);
    const refundId = stored.json<{ refund: { id: number } }>().refund.id;
    // The answer was lost: 'Reintentar' sends the same submission with the same token.
    const retry = await submit(login.access, data, files);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json<{ refund: { id: number } }>().refund.id).toBe(refundId);
    // Anything else with that token is refused.
    expect((await upload(login.access, [{ filename: 'a.png', data: PNG }])).statusCode).toBe(401);
    const another = await submit(login.access, { ...data, idempotency_key: randomUUID() }, files);
    expect(another.statusCode).toBe(401);
    expect(another.json()).toEqual(sessionReplaced);
    expect((await logout(login.access)).statusCode).toBe(401);
    expect(await testApp.context.db.$count(refunds, eq(refunds.id, refundId))).toBe(1);
  });

  it('refuses a well-signed refund token without a version or with a future one', async () => {
    const login = await loginOk('30123456');
    const payload = JSON.parse(Buffer.from(login.access.split('.')[1], 'base64url').toString()) as {
      voucher_id: number;
      doc_number: string;
      ver: number;
    };
    const key = new TextEncoder().encode(testApp.context.config.jwtSecret);
    const { SignJWT } = await import('jose');
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({
        token_type: 'refund',
        voucher_id: payload.voucher_id,
        doc_number: payload.doc_number,
        ...claims,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience('refund-portal')
        .setIssuedAt()
        .setExpirationTime('10 minutes')
        .sign(key);
    for (const token of [await sign({}), await sign({ ver: payload.ver + 1 })]) {
      expect((await upload(token, [{ filename: 'a.png', data: PNG }])).statusCode).toBe(401);
    }
    // The current version passes (the check above is the version, not the signing).
    await uploadOk(await sign({ ver: payload.ver }), [{ filename: 'a.png', data: PNG }]);
  });
});
