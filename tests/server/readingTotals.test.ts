/**
 * Issue 40 (money): staff's 'Leído en los comprobantes' adds read totals per currency, never
 * across currencies, and 'claimed above the total' compares with the receipts in the claim's own
 * currency (GET /api/refund/{id}/readings/ and the list's 'Con alertas', from stored readings:
 * no OCR here).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../src/contracts/format';
import { readTotals } from '../../src/contracts/messages/receiptReading';
import { refundReadingsResponseSchema } from '../../src/contracts/refund/reading';
import {
  coverages,
  receiptReadings,
  refundClaims,
  refundFiles,
  refunds,
  storedFiles,
  vouchers,
} from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
});
afterAll(async () => {
  await testApp?.close();
});

/** A refund with one claim whose receipts were read with these totals and currencies. */
async function refundReadWith(
  claim: { currency: string; amount: string },
  pages: { total: string; currency: string | null }[],
) {
  const { db } = testApp.context;
  const [voucher] = await db.select({ id: vouchers.id }).from(vouchers).limit(1);
  const [coverage] = await db.select({ id: coverages.id }).from(coverages).limit(1);
  const [refund] = await db
    .insert(refunds)
    .values({
      voucherId: voucher!.id,
      docNumber: '30123456',
      name: 'Lucía',
      surname: 'Monedas',
      email: 'lucia@example.com',
      phoneContact: '+5491130123456',
      idempotencyKey: randomUUID(),
      countryResidence: 'ARG',
    })
    .returning({ id: refunds.id });
  const [row] = await db
    .insert(refundClaims)
    .values({
      refundId: refund!.id,
      position: 0,
      coverageId: coverage!.id,
      coverageName: 'Asistencia médica',
      sinisterCountry: 'ARG',
      sinisterDate: '2026-11-12',
      currencyCode: claim.currency,
      amount: claim.amount,
    })
    .returning({ id: refundClaims.id });
  for (const [index, page] of pages.entries()) {
    const fileId = randomUUID();
    await db.insert(storedFiles).values({
      id: fileId,
      voucherId: voucher!.id,
      originalName: `ticket-${index}.jpg`,
      contentType: 'image/jpeg',
      size: 1,
      sha256: fileId.replace(/-/g, '').padEnd(64, '0'),
      path: `none/${fileId}`,
      attachedAt: new Date(),
    });
    await db.insert(refundFiles).values({ refundId: refund!.id, claimId: row!.id, fileId, kind: 'claim' });
    await db.insert(receiptReadings).values({
      fileId,
      page: 0,
      status: 'read',
      // The stored OCR text is read again for the answer (the event country resolves '$').
      text: `TICKET ${index + 1}\nTOTAL ${page.currency ?? ''} ${formatAmount(page.total)}\n`,
      ocrConfidence: 95,
      total: page.total,
      totalConfidence: 0.95,
      currency: page.currency,
      currencyConfidence: page.currency ? 0.95 : 0,
    });
  }
  return refund!.id;
}

async function readingsOf(id: number) {
  const response = await admin({ method: 'GET', url: `/api/refund/${id}/readings/` });
  expect(response.statusCode, response.body).toBe(200);
  return refundReadingsResponseSchema.parse(response.json());
}

async function alertedIds(): Promise<number[]> {
  const response = await admin({ method: 'GET', url: '/api/refund/?alerts=true&limit=50' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { results: { id: number }[] }).results.map((row) => row.id);
}

describe("staff's read totals (issue 40)", () => {
  it("adds read totals per currency, the claim's first, never across currencies", async () => {
    const id = await refundReadWith({ currency: 'USD', amount: '1400.75' }, [
      { total: '1250.75', currency: 'USD' },
      { total: '150.00', currency: 'USD' },
      { total: '152300.00', currency: 'ARS' },
    ]);
    const body = await readingsOf(id);
    expect(body.claims[0]!.readTotals).toEqual([
      { currency: 'USD', amount: '1400.75' },
      { currency: 'ARS', amount: '152300.00' },
    ]);
    expect(readTotals(body.claims[0]!.readTotals)).toBe('1.400,75 USD · 152.300,00 ARS');
    // 1.400,75 USD claimed, 1.400,75 USD read: not above (the ARS receipt is not added in).
    expect(body.flags.map((flag) => flag.kind)).toEqual(['currency_mismatch']);
  });

  it("never labels another currency's receipt with the claim's currency", async () => {
    // The walk's case: a claim of 89,90 EUR with an ARS receipt read 5.999,99.
    const id = await refundReadWith({ currency: 'EUR', amount: '89.90' }, [
      { total: '5999.99', currency: 'ARS' },
    ]);
    const body = await readingsOf(id);
    expect(readTotals(body.claims[0]!.readTotals)).toBe('5.999,99 ARS');
    expect(body.flags.map((flag) => flag.kind)).toEqual(['currency_mismatch']);
  });

  it('flags a claim above the receipts of its own currency, in the detail and the list', async () => {
    const id = await refundReadWith({ currency: 'USD', amount: '2000.00' }, [
      { total: '1250.75', currency: 'USD' },
      { total: '152300.00', currency: 'ARS' },
    ]);
    const body = await readingsOf(id);
    expect(body.flags.map((flag) => flag.kind).sort()).toEqual(['claimed_above_total', 'currency_mismatch']);
    expect(await alertedIds()).toContain(id);
  });

  it("does not flag a claim its own currency's receipts cover, in the detail and the list", async () => {
    const id = await refundReadWith({ currency: 'USD', amount: '1400.75' }, [
      { total: '1250.75', currency: 'USD' },
      { total: '150.00', currency: 'USD' },
    ]);
    expect((await readingsOf(id)).flags).toEqual([]);
    expect(await alertedIds()).not.toContain(id);
  });

  it('prints CLP totals in pesos, without decimals', async () => {
    const id = await refundReadWith({ currency: 'CLP', amount: '84900' }, [
      { total: '84900.00', currency: 'CLP' },
    ]);
    const body = await readingsOf(id);
    expect(readTotals(body.claims[0]!.readTotals)).toBe('84.900 CLP');
    expect(readTotals([{ currency: null, amount: '12.50' }])).toBe('12,50 (moneda no leída)');
  });
});
