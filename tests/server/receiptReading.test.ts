/**
 * Issue 31: uploaded receipts are read after the upload answered (real OCR on two small generated
 * images: a pharmacy ticket and a re-compressed copy of it), the traveller sees what was read on
 * their own uploads, and staff see the figures beside the claims with the flags, among them the
 * reuse of a receipt in another refund.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileReadingsResponseSchema, refundReadingsResponseSchema } from '../../src/contracts/refund/reading';
import {
  coverages,
  receiptReadings,
  refundClaims,
  refundFiles,
  refunds,
  reservations,
  vouchers,
} from '../../src/server/db/schema';
import { settleRefundMails } from '../../src/server/routes/refundLinks';
import { settleBackgroundWork } from '../../src/server/services/background';
import { receiptReaderOf } from '../../src/server/services/receiptReading';
import { as, createTestApp, refundLoginOf, type TestApp } from './support';

const TICKET_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="320"><rect width="100%" height="100%" fill="white"/>
<g font-family="DejaVu Sans Mono" font-size="22" fill="black">
<text x="30" y="45">FARMACIA DEL CENTRO</text>
<text x="30" y="80">CUIT 30-71234567-1</text>
<text x="30" y="115">Fecha: 12/11/2026</text>
<text x="30" y="165" xml:space="preserve">Ibuprofeno 400    $ 4.345,50</text>
<text x="30" y="200" xml:space="preserve">Amoxicilina       $ 8.000,00</text>
<text x="30" y="255">TOTAL $ 12.345,50</text></g></svg>`;

/** A small image that reads as nothing (another traveller's upload). */
const PNG_OTHER = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#336699' } })
  .png()
  .toBuffer();

let testApp: TestApp;
let admin: ReturnType<typeof as>;
let access: string;
let voucherId: number;
let original: string;
let copy: string;

async function upload(name: string, bytes: Buffer, token = access, query = ''): Promise<string> {
  const boundary = `----reading${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: `/images/upload-image${query}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { files: { id: string }[] }).files[0]!.id;
}

const loginOf = (document: string) => refundLoginOf(testApp, document);

/** A submitted refund of the voucher with one claim holding `fileId`. */
async function refundWith(fileId: string, currency: string, amount: string) {
  const { db } = testApp.context;
  const [coverage] = await db.select({ id: coverages.id }).from(coverages).limit(1);
  const [refund] = await db
    .insert(refunds)
    .values({
      voucherId,
      docNumber: '30123456',
      name: 'Lucía',
      surname: 'Lectura',
      email: 'lucia@example.com',
      phoneContact: '+5491130123456',
      idempotencyKey: randomUUID(),
      countryResidence: 'ARG',
    })
    .returning({ id: refunds.id });
  const [claim] = await db
    .insert(refundClaims)
    .values({
      refundId: refund!.id,
      position: 0,
      coverageId: coverage!.id,
      coverageName: 'Asistencia médica',
      sinisterCountry: 'ARG',
      sinisterDate: '2026-11-12',
      currencyCode: currency,
      amount,
    })
    .returning({ id: refundClaims.id });
  await db.insert(refundFiles).values({ refundId: refund!.id, claimId: claim!.id, fileId, kind: 'claim' });
  return { refundId: refund!.id, claimId: claim!.id };
}

beforeAll(async () => {
  testApp = await createTestApp({ receiptReading: true });
  admin = as(testApp, await testApp.login('admin'));
  ({ voucherId, access } = await loginOf('30123456'));
  const ticket = await sharp(Buffer.from(TICKET_SVG)).png().toBuffer();
  original = await upload('ticket.png', ticket);
  copy = await upload('copia.jpg', await sharp(ticket).resize(500).jpeg({ quality: 40 }).toBuffer());
  // The uploads queue their files once answered (background work), then the reader reads them.
  await settleBackgroundWork();
  await receiptReaderOf(testApp.context).idle();
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

describe('reading after upload', () => {
  it('stores each page read with its hash, off the request', async () => {
    const rows = await testApp.context.db
      .select()
      .from(receiptReadings)
      .where(eq(receiptReadings.fileId, original));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'read',
      total: '12345.50',
      date: '2026-11-12',
      taxId: '30-71234567-1',
    });
    expect(rows[0]!.dhash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers the traveller what was read on their own uploads, '$' resolved by the country", async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/refund_data/readings/?ids=${original},${randomUUID()}&country=ARG`,
      headers: { authorization: `Bearer ${access}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { readings } = fileReadingsResponseSchema.parse(response.json());
    // The unknown id is not answered at all.
    expect(readings.map((reading) => reading.fileId)).toEqual([original]);
    expect(readings[0]!.status).toBe('read');
    expect(readings[0]!.pages[0]).toMatchObject({ total: '12345.50', date: '2026-11-12', currency: 'ARS' });
  });

  it('refuses bad ids with a Spanish message, and no token', async () => {
    const bad = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund_data/readings/?ids=nada',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: `/api/refund_data/readings/?ids=${original}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('staff: figures beside the claims, and flags', () => {
  it('flags the copy used in another refund, another currency, a date outside the validity', async () => {
    const { db } = testApp.context;
    const [voucher] = await db
      .select({ reservationId: vouchers.reservationId })
      .from(vouchers)
      .where(eq(vouchers.id, voucherId));
    await db
      .update(reservations)
      .set({ dateIn: '2026-12-01', dateOut: '2026-12-31' })
      .where(eq(reservations.id, voucher!.reservationId));
    const first = await refundWith(original, 'ARS', '12345.50');
    const second = await refundWith(copy, 'EUR', '20000.00');

    const response = await admin({ method: 'GET', url: `/api/refund/${second.refundId}/readings/` });
    expect(response.statusCode, response.body).toBe(200);
    const body = refundReadingsResponseSchema.parse(response.json());
    expect(body.claims).toHaveLength(1);
    expect(body.claims[0]).toMatchObject({
      claimId: second.claimId,
      claimedAmount: '20000.00',
      claimedCurrency: 'EUR',
    });
    expect(body.claims[0]!.files[0]!.pages[0]).toMatchObject({ total: '12345.50', currency: 'ARS' });
    // Issue 40: the ARS receipt is totalled in ARS, never labelled EUR nor compared with the EUR claim.
    expect(body.claims[0]!.readTotals).toEqual([{ currency: 'ARS', amount: '12345.50' }]);
    const kinds = body.flags.map((flag) => flag.kind).sort();
    expect(kinds).toEqual(['currency_mismatch', 'date_outside_validity', 'reused']);
    expect(body.flags.find((flag) => flag.kind === 'reused')!.reference).toMatchObject({
      refundId: first.refundId,
      claimId: first.claimId,
      fileId: original,
    });

    // The first refund matches its receipt's figures; only the reuse (by the later copy) and the date remain.
    const firstAnswer = refundReadingsResponseSchema.parse(
      (await admin({ method: 'GET', url: `/api/refund/${first.refundId}/readings/` })).json(),
    );
    expect(firstAnswer.flags.map((flag) => flag.kind).sort()).toEqual(['date_outside_validity', 'reused']);

    // 'Con alertas': within the validity now, the first refund without its receipt has none; a third
    // refund with the original receipt and the second (its copy) are each other's reuse.
    await db
      .update(reservations)
      .set({ dateIn: '2026-11-01', dateOut: '2026-11-30' })
      .where(eq(reservations.id, voucher!.reservationId));
    const listed = async (query: string) => {
      const response = await admin({ method: 'GET', url: `/api/refund/?limit=100&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ results: { id: number }[] }>().results.map((row) => row.id);
    };
    await db.delete(refundFiles).where(eq(refundFiles.refundId, first.refundId));
    const third = await refundWith(original, 'ARS', '12345.50');
    const withAlerts = await listed('alerts=true');
    expect(withAlerts).toEqual(expect.arrayContaining([second.refundId, third.refundId]));
    expect(withAlerts).not.toContain(first.refundId);
    expect(await listed('alerts=false')).toContain(first.refundId);
    const thirdFlags = refundReadingsResponseSchema.parse(
      (await admin({ method: 'GET', url: `/api/refund/${third.refundId}/readings/` })).json(),
    ).flags;
    expect(thirdFlags.map((flag) => flag.kind)).toEqual(['reused']);
  });

  it('answers 404 for an unknown refund and refuses a traveller token', async () => {
    expect((await admin({ method: 'GET', url: '/api/refund/999999/readings/' })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: '/api/refund/abc/readings/' })).statusCode).toBe(404);
    const traveller = await testApp.app.inject({
      method: 'GET',
      url: '/api/refund/1/readings/',
      headers: { authorization: `Bearer ${access}` },
    });
    expect(traveller.statusCode).toBe(401);
  });
});

describe('each receipt read once', () => {
  const HOTEL_SVG = TICKET_SVG.replace('FARMACIA DEL CENTRO', 'HOTEL DEL LAGO')
    .replace('12/11/2026', '14/11/2026')
    .replace('Ibuprofeno 400    $ 4.345,50', 'Noche doble       $ 41.000,00')
    .replace('Amoxicilina       $ 8.000,00', 'Desayuno          $ 6.500,00')
    .replace('TOTAL $ 12.345,50', 'TOTAL $ 47.500,00');

  it("reads the claim's upload of a receipt already read for the dialog from that reading: the OCR runs once", async () => {
    const reader = receiptReaderOf(testApp.context);
    const before = { ...reader.stats };
    const hotel = await sharp(Buffer.from(HOTEL_SVG)).png().toBuffer();
    // The claim dialog's early copy, read while the traveller fills the claim ...
    const early = await upload('hotel.png', hotel, access, '?purpose=reading');
    await settleBackgroundWork();
    await reader.idle();
    // ... then the claim's own upload at 'Confirmar', and the same receipt in a later refund.
    const claimed = await upload('hotel.png', hotel);
    const later = await upload('hotel-otra-vez.png', hotel);
    await settleBackgroundWork();
    await reader.idle();
    expect(reader.stats.filesRead - before.filesRead).toBe(1);
    expect(reader.stats.pagesRead - before.pagesRead).toBe(1);
    expect(reader.stats.filesCopied - before.filesCopied).toBe(2);

    const { db } = testApp.context;
    const rowsOf = async (fileId: string) =>
      (await db.select().from(receiptReadings).where(eq(receiptReadings.fileId, fileId))).map(
        ({ fileId: _fileId, readAt: _readAt, ...row }) => row,
      );
    const read = await rowsOf(early);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ status: 'read', total: '47500.00', date: '2026-11-14' });
    expect(await rowsOf(claimed)).toEqual(read);
    expect(await rowsOf(later)).toEqual(read);

    // The reuse flags are as before: the early copy is attached to nothing, so it is never a
    // reuse; the same receipt in two refunds is, each pointing to the other.
    const first = await refundWith(claimed, 'ARS', '47500.00');
    const second = await refundWith(later, 'ARS', '47500.00');
    const flagsOf = async (refundId: number) =>
      refundReadingsResponseSchema.parse(
        (await admin({ method: 'GET', url: `/api/refund/${refundId}/readings/` })).json(),
      ).flags;
    const reusedOf = (flags: Awaited<ReturnType<typeof flagsOf>>) =>
      flags.filter((flag) => flag.kind === 'reused').map((flag) => flag.reference);
    expect(reusedOf(await flagsOf(second.refundId))).toEqual([
      { refundId: first.refundId, claimId: first.claimId, fileId: claimed, match: 'image' },
    ]);
    expect(reusedOf(await flagsOf(first.refundId))).toEqual([
      { refundId: second.refundId, claimId: second.claimId, fileId: later, match: 'image' },
    ]);
  }, 60_000);

  it("never takes another voucher's reading: the same bytes uploaded by another traveller are read anew", async () => {
    const reader = receiptReaderOf(testApp.context);
    const other = await loginOf('16789012');
    expect(other.voucherId).not.toBe(voucherId);
    const ticket = await sharp(Buffer.from(TICKET_SVG)).png().toBuffer();
    const before = { ...reader.stats };
    const theirs = await upload('ticket.png', ticket, other.access);
    await settleBackgroundWork();
    await reader.idle();
    expect(reader.stats.filesRead - before.filesRead).toBe(1);
    expect(reader.stats.filesCopied - before.filesCopied).toBe(0);
    const [row] = await testApp.context.db
      .select()
      .from(receiptReadings)
      .where(eq(receiptReadings.fileId, theirs));
    expect(row).toMatchObject({ status: 'read', total: '12345.50' });
    // Each traveller sees only their own uploads' readings.
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/refund_data/readings/?ids=${theirs},${original}`,
      headers: { authorization: `Bearer ${other.access}` },
    });
    expect(
      fileReadingsResponseSchema.parse(response.json()).readings.map((reading) => reading.fileId),
    ).toEqual([theirs]);
  }, 60_000);
});

describe('the pending-documents link', () => {
  it("answers what was read on the documents it uploaded, of its refund's voucher only", async () => {
    const { refundId } = await refundWith(original, 'ARS', '12345.50');
    const before = testApp.outbox().length;
    const requested = await admin({
      method: 'POST',
      url: `/api/refund/${refundId}/actions/request_documents/`,
      payload: { documents: ['Factura'] },
    });
    expect(requested.statusCode, requested.body).toBe(200);
    await settleRefundMails();
    const mail = testApp
      .outbox()
      .slice(before)
      .join('\n')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const hash = /\?refund_id=\d+&hash=([A-Za-z0-9._-]+)/.exec(mail)![1]!;

    const boundary = `----pending${randomUUID()}`;
    const ticket = await sharp(Buffer.from(TICKET_SVG)).png().toBuffer();
    const uploaded = await testApp.app.inject({
      method: 'POST',
      url: '/api/upload_pending_doc/?purpose=reading',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify({ refund_id: refundId, voucher_hash: hash })}\r\n`,
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="factura.png"\r\n\r\n`,
        ),
        ticket,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = (uploaded.json() as { files: { file_id: string }[] }).files[0]!.file_id;
    const reader = receiptReaderOf(testApp.context);
    const read = reader.stats.filesRead;
    await settleBackgroundWork();
    await reader.idle();
    // The same bytes as the voucher's first upload: its reading is taken, not read again.
    expect(reader.stats.filesRead).toBe(read);

    const readings = (query: string) =>
      testApp.app.inject({ method: 'GET', url: `/api/refund_data/pending-doc-readings/?${query}` });
    const other = await loginOf('16789012');
    const theirs = await upload('suyo.png', PNG_OTHER, other.access);
    const answer = await readings(
      `refund_id=${refundId}&hash=${encodeURIComponent(hash)}&ids=${fileId},${theirs},${randomUUID()}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const body = fileReadingsResponseSchema.parse(answer.json());
    // Another voucher's file and an unknown id are simply absent; '$' is the claim's country (ARG).
    expect(body.readings.map((reading) => reading.fileId)).toEqual([fileId]);
    expect(body.readings[0]!.pages[0]).toMatchObject({
      total: '12345.50',
      date: '2026-11-12',
      currency: 'ARS',
    });

    expect((await readings(`refund_id=${refundId}&hash=x${hash}&ids=${fileId}`)).statusCode).toBe(403);
    const bad = await readings(`refund_id=${refundId}&hash=${encodeURIComponent(hash)}&ids=nada`);
    expect(bad.statusCode).toBe(400);
  }, 60_000);
});
