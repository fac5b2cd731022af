/**
 * Issue 42 on the real database: the traveller's language is stored with the draft and the
 * refund (from the portal's Accept-Language; the country's when it says nothing), and every mail to
 * the traveller is written in it: a Brazilian's confirmation, request and decision mails in
 * Portuguese with the coverage's long_name_po and amounts in pt-BR form; a US traveller's in
 * English with '1,234.56'; a Spanish refund's mails unchanged. A bad language header is no 500.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTodayIso } from '../../src/contracts/refund/dates';
import { refundLinkApiPaths } from '../../src/contracts/refund/links';
import { type RefundLoginResponse, refundLoginResponseSchema } from '../../src/contracts/refund/login';
import { coverages, refundClaims, refundDrafts, refunds } from '../../src/server/db/schema';
import { DEMO_REFUND_TRAVELLERS } from '../../src/server/db/seed/refunds';
import { settleRefundMails } from '../../src/server/routes/refundLinks';
import { settleDecisionMails } from '../../src/server/routes/refundReview';
import { settleBackgroundWork } from '../../src/server/services/background';
import { readPages } from '../services/voucherPdfText';
import { as, createTestApp, multipart, refundLoginOf, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let ipCounter = 1;
const nextIp = () => `10.42.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The mail's text: quoted-printable undone (soft breaks, =XX bytes as UTF-8). */
function decoded(mail: string): string {
  const body = mail.replace(/=\r?\n/g, '');
  return Buffer.from(
    body.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The subject, decoded from its RFC 2047 encoded words. */
function subjectOf(mail: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

async function mailsOf(step: () => Promise<unknown>): Promise<string[]> {
  const before = testApp.outbox().length;
  await step();
  await settleBackgroundWork();
  await settleDecisionMails();
  await settleRefundMails();
  return testApp.outbox().slice(before);
}

async function loginOf(document: string, language?: string): Promise<RefundLoginResponse> {
  const { voucherId } = await refundLoginOf(testApp, document);
  const response = await testApp.app.inject({
    method: 'GET',
    url: `/api/refund_data/?voucher_id=${voucherId}&document=${document}`,
    headers: language ? { 'accept-language': language } : {},
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return refundLoginResponseSchema.parse(response.json());
}

/** Submits one ordinary claim (USD, the amount given) as the portal does, with its Accept-Language. */
async function submitOne(
  login: RefundLoginResponse,
  payment: Record<string, string>,
  language: string | undefined,
  amount = '1234.56',
) {
  const upload = multipart([{ name: 'file', data: PNG, filename: 'recibo.png' }]);
  const uploaded = await testApp.app.inject({
    method: 'POST',
    url: '/images/upload-image',
    payload: upload.payload,
    headers: { ...upload.headers, authorization: `Bearer ${login.access}` },
    remoteAddress: nextIp(),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const files = (uploaded.json() as { files: { id: string; name: string }[] }).files;
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
      email: `viajero-${randomUUID().slice(0, 6)}@example.com`,
      phone_contact: '+5511912345678',
      client_comment: '',
    },
    refund_coverage: {
      claims: [
        {
          coverage,
          sinister_country: 'ITA',
          sinister_date: data.date_out && data.date_out < today ? data.date_out : today,
          currency: 'USD',
          amount,
          coverage_files: files,
        },
      ],
      comment: '',
    },
    refund_payment: payment,
  };
  const body = multipart([
    { name: 'data', data: JSON.stringify(submission) },
    { name: 'files', data: JSON.stringify(files) },
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/refund_data/',
    payload: body.payload,
    headers: {
      ...body.headers,
      authorization: `Bearer ${login.access}`,
      ...(language ? { 'accept-language': language } : {}),
    },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id: (response.json() as { refund: { id: number } }).refund.id, coverage };
}

const docOf = (country: string) => {
  const traveller = DEMO_REFUND_TRAVELLERS.find((one) => one.country === country && one.claimable);
  if (!traveller) throw new Error(`no demo traveller of ${country}`);
  return traveller.docNumber;
};

const brazilianPayment = {
  payment_method: 'Transferencia',
  refund_method: 'Cuenta propia',
  owner: 'Titular Demo',
  bank: 'Banco do Brasil',
  account_type: 'Cuenta corriente',
  account_number: '12345678',
  swift: 'BRASBRRJ',
  doc_number: docOf('BRA'),
  bank_adress: 'SBS Quadra 1, Brasília',
};

async function portugueseName(spanish: string): Promise<string> {
  const [row] = await testApp.context.db
    .select({ pt: coverages.longNamePo })
    .from(coverages)
    .where(eq(coverages.longNameEs, spanish));
  return row?.pt ?? '';
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
}, 60_000);
afterAll(async () => testApp?.close());

describe('the traveller language (issue 42)', () => {
  it('gives the login the coverages in Portuguese and English (long_name_po, long_name_en)', async () => {
    const login = await loginOf(docOf('BRA'));
    const names = login.refunds.coverage_names ?? {};
    expect(Object.keys(names).sort()).toEqual([...login.refunds.coverages].sort());
    for (const spanish of login.refunds.coverages)
      expect(names[spanish].pt).toBe(await portugueseName(spanish));
    expect(Object.values(names).some((name) => name.pt !== '')).toBe(true);
  });

  it('stores pt with a Brazilian refund and mails its confirmation and decisions in Portuguese', async () => {
    const login = await loginOf(docOf('BRA'), 'pt-BR');
    const mails: string[] = [];
    let id = 0;
    let coverage = '';
    mails.push(
      ...(await mailsOf(async () => {
        ({ id, coverage } = await submitOne(login, brazilianPayment, 'pt-BR,pt;q=0.9'));
      })),
    );
    const [stored] = await testApp.context.db.select().from(refunds).where(eq(refunds.id, id));
    expect(stored.language).toBe('pt');
    const confirmation = mails.find((mail) => mail.includes(`To: ${stored.email}`));
    expect(confirmation).toBeDefined();
    const text = decoded(confirmation!);
    expect(subjectOf(confirmation!)).toBe(`Reembolso nº ${id}: recebemos sua solicitação`);
    expect(text).toContain(`Olá, ${stored.name}:`);
    expect(text).toContain(`Recebemos sua solicitação de reembolso nº ${id}.`);
    const pt = (await portugueseName(coverage)) || coverage;
    expect(text).toMatch(new RegExp(`- ${pt} \\(\\d{2}/\\d{2}/\\d{4}\\): USD 1\\.234,56`));
    expect(text).not.toContain('Recibimos tu solicitud');

    // Staff decide in Spanish screens; the decision mail's fixed parts are Portuguese.
    expect(
      (await admin({ method: 'POST', url: `/api/refund/${id}/actions/review/`, payload: {} })).statusCode,
    ).toBe(200);

    // A request for documents: its mail and its link page speak Portuguese too.
    const requested = await mailsOf(async () => {
      const response = await admin({
        method: 'POST',
        url: `/api/refund/${id}/actions/request_documents/`,
        payload: { documents: ['Factura original'], max_files: 2 },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(requested).toHaveLength(1);
    expect(subjectOf(requested[0])).toBe(`Reembolso nº ${id}: documentação necessária`);
    const requestText = decoded(requested[0]);
    expect(requestText).toContain(
      `Para continuar com seu reembolso nº ${id} precisamos da seguinte documentação:`,
    );
    expect(requestText).toContain('- Factura original');
    const link = new URL(/https?:\/\/\S+hash=\S+/.exec(requestText)![0]);
    const access = await testApp.app.inject({
      method: 'GET',
      url: `/api${refundLinkApiPaths.authenticatePendingDoc}?refund_id=${id}&hash=${link.searchParams.get('hash')}`,
      remoteAddress: nextIp(),
    });
    expect(access.statusCode, access.body).toBe(200);
    expect((access.json() as { language?: string }).language).toBe('pt');
    // The status page after a new login carries the refund's language.
    const again = await loginOf(docOf('BRA'));
    expect(again.submitted_refunds?.find((refund) => refund.id === id)?.language).toBe('pt');
    expect(
      (await admin({ method: 'POST', url: `/api/refund/${id}/actions/review/`, payload: {} })).statusCode,
    ).toBe(200);
    const [claim] = await testApp.context.db.select().from(refundClaims).where(eq(refundClaims.refundId, id));
    const approved = await mailsOf(async () => {
      const response = await admin({
        method: 'POST',
        url: `/api/refund/${id}/actions/approve/`,
        payload: { amounts: [{ claim: claim.id, amount: '1000,5' }] },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(approved).toHaveLength(1);
    expect(subjectOf(approved[0])).toBe(`Reembolso nº ${id}: solicitação aprovada`);
    const approvedText = decoded(approved[0]);
    expect(approvedText).toContain(`Aprovamos sua solicitação de reembolso nº ${id}. Valores aprovados:`);
    expect(approvedText).toContain(`- ${pt}: USD 1.000,50 (solicitado USD 1.234,56)`);
    expect(approvedText).toContain('Total aprovado: USD 1.000,50');
    expect(approvedText).not.toContain('Aprobamos');

    // The staff screen shows the traveller's language.
    const shown = await admin({ method: 'GET', url: `/api/refund/${id}/` });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.body).toContain('"language":"pt"');
  });

  it('mails a US traveller in English with amounts as 1,234.56, and a rejection reason as staff wrote it', async () => {
    const login = await loginOf(docOf('USA'));
    const payment = {
      payment_method: 'Transferencia',
      refund_method: 'Cuenta propia',
      owner: 'Titular Demo',
      bank: 'Chase',
      account_type: 'Caja de ahorro',
      account_number: '12345678',
      swift: 'CHASUS33',
      doc_number: docOf('USA'),
      bank_adress: '383 Madison Ave, New York',
      ba_wire: '021000021',
    };
    let id = 0;
    // No Accept-Language: the country's language (Estados Unidos: English).
    const mails = await mailsOf(async () => {
      ({ id } = await submitOne(login, payment, undefined, '1234.56'));
    });
    const [stored] = await testApp.context.db.select().from(refunds).where(eq(refunds.id, id));
    expect(stored.language).toBe('en');
    const confirmation = decoded(mails.find((mail) => mail.includes(`To: ${stored.email}`))!);
    expect(confirmation).toContain(`We received your refund request No. ${id}.`);
    expect(confirmation).toMatch(/\(\d{2}\/\d{2}\/\d{4}\): USD 1,234\.56/);
    const rejected = await mailsOf(async () => {
      const response = await admin({
        method: 'POST',
        url: `/api/refund/${id}/actions/reject/`,
        payload: { reason: 'Falta la factura original' },
      });
      expect(response.statusCode, response.body).toBe(200);
    });
    expect(rejected).toHaveLength(1);
    const rejectedText = decoded(rejected[0]);
    expect(subjectOf(rejected[0])).toBe(`Refund No. ${id}: request rejected`);
    expect(rejectedText).toContain(`We reviewed your refund request No. ${id} and could not approve it.`);
    expect(rejectedText).toContain('Reason: Falta la factura original');
  });

  it('keeps the draft language from the Accept-Language and refuses nothing for a strange header', async () => {
    const login = await loginOf(docOf('ARG'));
    const read = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/draft/',
      headers: { authorization: `Bearer ${login.access}` },
      remoteAddress: nextIp(),
    });
    expect(read.statusCode, read.body).toBe(200);
    const version = (read.json() as { draft: { version: number } | null }).draft?.version ?? 0;
    const data = (read.json() as { draft: { data: unknown } | null }).draft?.data;
    const save = (language: string, at: number) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/refund_data/draft/',
        headers: { authorization: `Bearer ${login.access}`, 'accept-language': language },
        payload: {
          version: at,
          data: data ?? {
            step: 'applicant',
            applicant: { email: 'a@example.com', phone_contact: '1145678901' },
            claims: [],
            comment: '',
            payment: {},
          },
        },
        remoteAddress: nextIp(),
      });
    const first = await save('en-US,en;q=0.9', version);
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await testApp.context.db
      .select({ language: refundDrafts.language })
      .from(refundDrafts)
      .where(eq(refundDrafts.docNumber, login.refunds.doc_number));
    expect(row.language).toBe('en');
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/draft/',
      headers: { authorization: `Bearer ${login.access}` },
      remoteAddress: nextIp(),
    });
    expect((again.json() as { draft: { language?: string } }).draft.language).toBe('en');
    // A header the portal never sends keeps the stored language and is no error.
    const odd = await save(`;;q=x,${'z'.repeat(300)}`, (first.json() as { version: number }).version);
    expect(odd.statusCode, odd.body).toBe(200);
    const [kept] = await testApp.context.db
      .select({ language: refundDrafts.language })
      .from(refundDrafts)
      .where(eq(refundDrafts.docNumber, login.refunds.doc_number));
    expect(kept.language).toBe('en');
  });

  it('writes the model authorization letter in the page language, Spanish by default', async () => {
    const textOf = async (url: string, headers: Record<string, string> = {}) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'x-forwarded-for': nextIp() },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/pdf');
      const [page] = await readPages(new Uint8Array(response.rawPayload));
      return {
        text: (page ?? []).map((box) => box.str).join(' '),
        disposition: response.headers['content-disposition'],
      };
    };
    const url = '/api/refund_data/authorization-letter/';
    const pt = await textOf(`${url}?lang=pt`);
    expect(pt.text).toContain('CARTA DE AUTORIZAÇÃO DE RECEBIMENTO DE REEMBOLSO');
    expect(pt.text).toContain('Assinatura do titular do voucher:');
    expect(pt.text).toContain('Anexe esta carta assinada');
    expect(pt.text).not.toContain('Firma del titular');
    expect(pt.disposition).toContain('carta-de-autorizacao.pdf');
    // Without ?lang the browser's Accept-Language; a strange lang or header is Spanish, never a 500.
    const en = await textOf(url, { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.text).toContain('LETTER OF AUTHORIZATION TO COLLECT A REFUND');
    const es = await textOf(`${url}?lang=xx%00`, { 'accept-language': ';;q=abc' });
    expect(es.text).toContain('CARTA DE AUTORIZACIÓN DE COBRO DE REINTEGRO');
    expect(es.text).toContain('Firma del titular del voucher:');
    expect(es.disposition).toContain('carta-de-autorizacion.pdf');
  });
});
