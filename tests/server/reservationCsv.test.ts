/**
 * GET /csv_reservation_filter/ (SPEC §7; issue 29): the CSV now streams the reservation list by
 * keyset through the list reader instead of calling the list over HTTP page by page. Its bytes
 * must stay those of the former implementation, which is written out here as the reference: the
 * list's JSON pages (`?<filters>&offset&limit&ordering=id`, 1,000 rows at a time) turned into
 * `;`-separated lines. Past 1,000 rows (a batch boundary), with an offset, a limit, a filter and
 * values that need quoting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { offices, reservations } from '../../src/server/db/schema';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: ReturnType<typeof as>;
const OFFICE_NAME = `Oficina "CSV"; prueba ${Date.now()}`;
const ROWS = 1_010;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  const db = testApp.handle.db;
  const [office] = await db
    .insert(offices)
    .values({ shortName: `CSV${Date.now() % 100000}`, longName: OFFICE_NAME })
    .returning({ id: offices.id });
  await db.insert(reservations).values(
    Array.from({ length: ROWS }, (_, index) => ({
      officeId: office.id,
      status: index % 4,
      paymentMethod: index % 3 === 0 ? 'Tarjeta; "cuotas"' : 'Transferencia',
      totalPrice: `${100 + index}.50`,
      dateIn: '2027-01-10',
      dateOut: '2027-01-20',
    })),
  );
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

/** The former CSV, built from the list's JSON pages as the route did before issue 29. */
async function referenceCsv(filters: URLSearchParams, offsetParam: number, limitParam: number) {
  const headers = messages.bookings.fields;
  const columns = [
    'id',
    'user_detail',
    'user_reservation_detail',
    'office_name',
    'payment_method',
    'date_emision',
    'status_name',
    'total_price',
    'date_in',
    'date_out',
  ];
  const cell = (value: unknown) => {
    const text = value === null || value === undefined ? '' : String(value);
    // Issue 39: a formula-looking text gets a leading quote (a plain number stays as it is).
    const raw = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
    return /[;"\n\r]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
  };
  let out = `\uFEFF${[headers.id, headers.user_detail, headers.user_reservation_detail, headers.office, headers.payment_method, headers.date_emision, headers.status, headers.total_price, headers.date_in, headers.date_out].join(';')}\r\n`;
  const limit = Math.min(Math.max(limitParam, 1), 1_000_000);
  let sent = 0;
  let offset = offsetParam;
  while (sent < limit) {
    const size = Math.min(1000, limit - sent);
    const page = await admin({
      method: 'GET',
      url: `/api/reservation/?${filters}&offset=${offset}&limit=${size}&ordering=id`,
    });
    expect(page.statusCode, page.body).toBe(200);
    const { results, next } = page.json<{ results: Record<string, unknown>[]; next: string | null }>();
    for (const row of results) out += `${columns.map((column) => cell(row[column])).join(';')}\r\n`;
    sent += results.length;
    offset += results.length;
    if (!next || results.length === 0) break;
  }
  return Buffer.from(out, 'utf8');
}

describe('the reservations CSV', () => {
  const filters = new URLSearchParams({ office__long_name: OFFICE_NAME });

  it.each([
    [0, 100_000],
    [0, 1_000],
    [0, 1_001],
    [3, 7],
    [995, 10],
    [1_005, 50],
    [2_000, 10],
  ])('is byte-identical to the former list-paged CSV at offset %i, limit %i', async (offset, limit) => {
    const csv = await admin({
      method: 'GET',
      url: `/api/csv_reservation_filter/?${filters}&offset=${offset}&limit=${limit}`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const expected = await referenceCsv(filters, offset, limit);
    expect(csv.rawPayload.equals(expected)).toBe(true);
    const lines = csv.body.split('\r\n').length - 2;
    expect(lines).toBe(Math.max(0, Math.min(limit, ROWS - offset)));
  });

  it('quotes cells holding ";" or quotes', async () => {
    const csv = await admin({ method: 'GET', url: `/api/csv_reservation_filter/?${filters}&limit=1` });
    expect(csv.body).toContain(`;"${OFFICE_NAME.replace(/"/g, '""')}";"Tarjeta; ""cuotas""";`);
  });

  it('neutralises cells a spreadsheet would run as formulas, and keeps negative amounts (issue 39)', async () => {
    const db = testApp.handle.db;
    const evil = '=HYPERLINK("http://evil.example","x")';
    const [office] = await db
      .insert(offices)
      .values({ shortName: `EVIL${Date.now() % 100000}`, longName: evil })
      .returning({ id: offices.id });
    const methods = ['@SUM(1+1)', '+cmd|/C calc', '-2+3', '\tTab', '\rRetorno', 'Transferencia'];
    await db.insert(reservations).values(
      methods.map((paymentMethod) => ({
        officeId: office.id,
        status: 0,
        paymentMethod,
        totalPrice: '-12.50',
        dateIn: '2027-01-10',
        dateOut: '2027-01-20',
      })),
    );
    const csv = await admin({
      method: 'GET',
      url: `/api/csv_reservation_filter/?${new URLSearchParams({ office__long_name: evil })}`,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(methods.length);
    const cells = lines.map((line) => line.split(';').slice(3, 8));
    expect(cells.map((row) => row[0])).toEqual(
      methods.map(() => `"'=HYPERLINK(""http://evil.example"",""x"")"`),
    );
    expect(cells.map((row) => row[1])).toEqual([
      "'@SUM(1+1)",
      "'+cmd|/C calc",
      "'-2+3",
      "'\tTab",
      `"'\rRetorno"`,
      'Transferencia',
    ]);
    // A negative amount is a number, not a formula: written as it is.
    expect(cells.map((row) => row[4])).toEqual(methods.map(() => '-12.50'));
    expect(csv.body).not.toMatch(/(^|[;\n])"?=HYPERLINK/);
  });

  it('answers a bad filter with the list field error before the file starts', async () => {
    const tooLong = 'x'.repeat(201);
    const bad = await admin({
      method: 'GET',
      url: `/api/csv_reservation_filter/?office__long_name=${tooLong}`,
    });
    const list = await admin({
      method: 'GET',
      url: `/api/reservation/?office__long_name=${tooLong}&limit=1`,
    });
    expect(bad.statusCode).toBe(list.statusCode);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual(list.json());
  });
});
