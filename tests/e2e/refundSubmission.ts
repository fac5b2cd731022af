/**
 * A refund submitted through the public API as the portal would (login, uploads, one submission),
 * shared by the staff review and the link e2e specs (issue 17).
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { chileanBanks } from '../../src/contracts/static';
import { gradientPng } from './fixtures/refund/files';

/** The seeded Chilean traveller (src/server/db/seed/refunds.ts). */
export const DOCUMENT = '16789012';
export const RUT = '76086428-5';

interface Stored {
  id: string;
  name: string;
  content_type: string;
  size: number;
}

/** A refund submitted as the portal would: login, uploads, one submission. */
export async function submitRefund(
  request: APIRequestContext,
  voucher: number,
  /** The receipts' images (default: two generated gradients). */
  receiptImages?: readonly Buffer[],
): Promise<{ id: number; coverage: string }> {
  const loginAnswer = await request.get(`/api/refund_data/?voucher_id=${voucher}&document=${DOCUMENT}`);
  expect(loginAnswer.ok(), await loginAnswer.text()).toBe(true);
  const login = (await loginAnswer.json()) as {
    access: string;
    refunds: {
      name: string;
      surname: string;
      doc_number: string;
      voucher: number;
      coverages: string[];
      multi_cause_coverages: string[];
      date_out: string;
    };
  };
  const auth = { authorization: `Bearer ${login.access}` };
  const uploadOne = async (name: string, width: number, bytes = gradientPng(width, 48)) => {
    const response = await request.post('/images/upload-image', {
      headers: auth,
      multipart: { file: { name, mimeType: 'image/png', buffer: bytes } },
    });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { files: Stored[] }).files[0];
  };
  const receipts = receiptImages
    ? await Promise.all(receiptImages.map((bytes, index) => uploadOne(`factura-${index + 1}.png`, 0, bytes)))
    : [await uploadOne('factura.png', 64), await uploadOne('informe.png', 80)];
  const letter = await uploadOne('carta.png', 40);
  const idCard = await uploadOne('documento.png', 50);
  const coverage = login.refunds.coverages.find(
    (name) => !login.refunds.multi_cause_coverages.includes(name),
  )!;
  const data = {
    idempotency_key: randomUUID(),
    refund: {
      name: login.refunds.name,
      surname: login.refunds.surname,
      doc_number: login.refunds.doc_number,
      voucher: login.refunds.voucher,
      email: 'matias@example.com',
      phone_contact: '56961234567',
      client_comment: '',
    },
    refund_coverage: {
      claims: [
        {
          coverage,
          sinister_country: 'ESP',
          // The trip's last day: the event happened while the voucher was valid (issue 17).
          sinister_date: login.refunds.date_out,
          currency: 'EUR',
          amount: '150.25',
          coverage_files: receipts,
        },
      ],
      comment: 'Adjunto facturas',
    },
    refund_payment: {
      payment_method: 'Transferencia',
      refund_method: 'Autorizar a tercero',
      owner: 'Matías Rojas',
      bank: chileanBanks[0].code,
      account_type: 'Caja de ahorro en pesos',
      account_number: '001234567890',
      rut: RUT,
      authorization_letter: [letter],
      authorized_document: [idCard],
    },
  };
  const submitted = await request.post('/api/refund_data/', {
    headers: auth,
    multipart: { data: JSON.stringify(data), files: JSON.stringify([...receipts, letter, idCard]) },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
  return { id: ((await submitted.json()) as { refund: { id: number } }).refund.id, coverage };
}

/** The Chilean traveller's voucher, from the demo lines (voucher 2 when seeded in order). */
export async function chileanVoucher(request: APIRequestContext): Promise<number> {
  for (const voucher of [2, 1, 3, 4, 5, 6, 7, 8]) {
    const answer = await request.get(`/api/refund_data/?voucher_id=${voucher}&document=${DOCUMENT}`);
    if (answer.ok()) return voucher;
  }
  throw new Error('no voucher for the seeded Chilean traveller');
}
