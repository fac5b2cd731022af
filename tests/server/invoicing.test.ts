/**
 * Facturación (issue 16; SPEC §2 'Facturación', §3 'Invoicing row', §6, §7 POST /facturacion/,
 * GET /payment_detail/): the filters, the server's totals per currency (mixed currencies included),
 * every transition of INVOICING_TRANSITIONS allowed and refused, a reservation whose vouchers are
 * all CANCELADO refused, the roles that act and those that only view, the audit history, and bad
 * input answered in Spanish, never a 500.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/contracts/engine';
import type { ExportReport } from '../../src/contracts/exports';
import {
  INVOICING_ACTIONS,
  INVOICING_TARGET,
  INVOICING_TRANSITIONS,
  type InvoicingRow,
  type InvoicingTotals,
  type Payment,
} from '../../src/contracts/invoicing';
import { messages } from '../../src/contracts/messages';
import { invoicingStatuses } from '../../src/contracts/static/statuses';
import {
  countries,
  currencies,
  offices,
  reservationInvoicing,
  reservationPayments,
  reservations,
  vouchers,
} from '../../src/server/db/schema';
import { exportWorkerOf } from '../../src/server/resources/exports';
import { as, createTestApp, type TestApp } from './support';

const text = messages.invoicing;
type Request = ReturnType<typeof as>;

let testApp: TestApp;
let admin: Request;
let administracion: Request;
let central: Request;
let ejecutivo: Request;
let nobody: Request;
/** Two offices whose countries use different currencies. */
let officeA: { id: number; currency: string };
let officeB: { id: number; currency: string };

/** A reservation created on `day` with vouchers of the given (final, commission, net, status). */
async function reservation(
  officeId: number,
  day: string,
  voucherRows: [string, string, string, number][],
): Promise<number> {
  const { db } = testApp.context;
  const [row] = await db
    .insert(reservations)
    .values({ officeId, dateIn: day, dateOut: day, createdAt: new Date(`${day}T12:00:00Z`), status: 3 })
    .returning({ id: reservations.id });
  if (voucherRows.length)
    await db.insert(vouchers).values(
      voucherRows.map(([finalPrice, commission, netPrice, status]) => ({
        reservationId: row.id,
        finalPrice,
        commission,
        netPrice,
        status,
      })),
    );
  return row.id;
}

const list = async (request: Request, query: string) => {
  const response = await request({ method: 'GET', url: `/api/facturacion/?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number; results: InvoicingRow[] }>();
};
const totals = async (query: string) => {
  const response = await admin({ method: 'GET', url: `/api/facturacion/summary/?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InvoicingTotals>();
};
const act = (request: Request, id: number, action: string, payload: object = {}) =>
  request({ method: 'POST', url: `/api/facturacion/${id}/actions/${action}/`, payload });
const invoiceBody = { document_type: 'FCC', document_number: 'A-0001-00000123', date_fact: '15/03/2031' };

async function statusOf(id: number): Promise<number> {
  const [row] = await testApp.context.db
    .select({ status: reservationInvoicing.status })
    .from(reservationInvoicing)
    .where(eq(reservationInvoicing.reservationId, id));
  return row?.status ?? 1;
}
async function setStatus(id: number, status: number) {
  await testApp.context.db
    .insert(reservationInvoicing)
    .values({ reservationId: id, status })
    .onConflictDoUpdate({ target: reservationInvoicing.reservationId, set: { status } });
}

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  administracion = as(testApp, await testApp.login('administracion'));
  central = as(testApp, await testApp.login('administracion_central'));
  ejecutivo = as(testApp, await testApp.login('ejecutivo'));
  const created = await admin({
    method: 'POST',
    url: '/api/profile/',
    payload: { username: 'sin_permisos', email: 'sin@example.com', password: 'Sin-Permisos-123', groups: [] },
  });
  expect(created.statusCode, created.body).toBe(201);
  nobody = as(testApp, await testApp.login('sin_permisos', 'Sin-Permisos-123'));
  const withCurrency = await testApp.context.db
    .select({ id: offices.id, currency: currencies.shortName })
    .from(offices)
    .innerJoin(countries, eq(countries.id, offices.countryId))
    .innerJoin(currencies, eq(currencies.id, countries.currencyId))
    .where(isNotNull(offices.countryId));
  officeA = withCurrency[0];
  const other = withCurrency.find((office) => office.currency !== officeA.currency);
  if (!other) throw new Error('the demo offices should use two currencies');
  officeB = other;
});
afterAll(async () => testApp.close());

describe('the demo data', () => {
  it('makes every demo reservation complete and consistent: an office with a currency, its user, dates, a contact', async () => {
    // Issue 32: the refund portal's demo reservations had neither (Facturación: 'Sin moneda — 10'),
    // and offices without demo users had their sales entered by another office's user.
    const orphans = await testApp.context.db.execute(sql`
      select r.id from reservations r
      left join offices o on o.id = r.office_id
      left join countries c on c.id = o.country_id
      left join users u on u.id = r.user_id
      where c.currency_id is null or u.id is null or (u.office_id is not null and u.office_id <> r.office_id)
        or r.date_emision::date > r.date_in or r.contact_emergency_name = ''`);
    expect((orphans as unknown as { rows: unknown[] }).rows).toEqual([]);
    const seeded = await totals('');
    expect(seeded.count).toBeGreaterThan(0);
    expect(seeded.totals.map((total) => total.currency)).not.toContain('');
    expect(seeded.totals.reduce((sum, total) => sum + total.count, 0)).toBe(seeded.count);
  });
});

describe('the list and its filters', () => {
  let march: number[];
  beforeAll(async () => {
    march = [
      await reservation(officeA.id, '2031-03-02', [['100.00', '10.00', '90.00', 3]]),
      await reservation(officeA.id, '2031-03-20', [
        ['50.50', '5.05', '45.45', 3],
        ['20.00', '2.00', '18.00', 3],
      ]),
      await reservation(officeB.id, '2031-03-31', [['1000.00', '100.00', '900.00', 3]]),
    ];
    await reservation(officeA.id, '2031-04-01', [['7.00', '0.70', '6.30', 3]]);
  });

  it('answers one row per reservation with the office name, vouchers summed and its currency', async () => {
    const page = await list(
      admin,
      'date_created_from=01/03/2031&date_created_to=31/03/2031&ordering=reservation_id',
    );
    expect(page.count).toBe(3);
    expect(page.results.map((row) => row.reservation_id)).toEqual(march);
    const second = page.results[1];
    expect(second.final_price).toBe('70.50');
    expect(second.commission).toBe('7.05');
    expect(second.net_price).toBe('63.45');
    expect(second.currency).toBe(officeA.currency);
    expect(second.office_name).not.toBe('');
    expect(second.invoicing_status).toBe(1);
    expect(second.billed).toBe(2);
    expect(second.allowed_actions).toEqual(['invoice', 'review', 'cancel']);
  });

  it('filters by office, reservation id, date_in and invoicing state', async () => {
    const range = 'date_created_from=2031-03-01&date_created_to=2031-03-31';
    expect((await list(admin, `${range}&office=${officeB.id}`)).results.map((r) => r.id)).toEqual([march[2]]);
    expect((await list(admin, `reservation_id=${march[0]}`)).results.map((r) => r.id)).toEqual([march[0]]);
    expect((await list(admin, 'date_in_from=20/03/2031&date_in_to=31/03/2031')).count).toBe(2);
    await act(admin, march[0], 'invoice', invoiceBody);
    expect((await list(admin, `${range}&invoicing_status=2`)).results.map((r) => r.id)).toEqual([march[0]]);
    expect((await list(admin, `${range}&invoicing_status=1`)).count).toBe(2);
    expect((await list(admin, `${range}&billed=1`)).results.map((r) => r.id)).toEqual([march[0]]);
    expect((await list(admin, `${range}&billed=2`)).count).toBe(2);
    expect(
      (await list(admin, 'date_fact_from=15/03/2031&date_fact_to=15/03/2031')).results.map((r) => r.id),
    ).toEqual([march[0]]);
    expect((await list(admin, 'date_fact_from=16/03/2031')).count).toBe(0);
  });

  it('POST /facturacion/ answers the same filtered rows as the list', async () => {
    const response = await admin({
      method: 'POST',
      url: '/api/facturacion/',
      payload: { date_created_from: '01/03/2031', date_created_to: '31/03/2031', office: officeB.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ results: InvoicingRow[] }>().results.map((r) => r.id)).toEqual([march[2]]);
  });

  it('totals the whole filter per currency, mixed currencies apart', async () => {
    const answer = await totals('date_created_from=01/03/2031&date_created_to=31/03/2031&limit=1');
    expect(answer.count).toBe(3);
    const byCurrency = Object.fromEntries(answer.totals.map((row) => [row.currency, row]));
    expect(byCurrency[officeA.currency]).toEqual({
      currency: officeA.currency,
      count: 2,
      final_price: '170.50',
      commission: '17.05',
      net_price: '153.45',
    });
    expect(byCurrency[officeB.currency]).toEqual({
      currency: officeB.currency,
      count: 1,
      final_price: '1000.00',
      commission: '100.00',
      net_price: '900.00',
    });
    const one = await totals(`date_created_from=01/03/2031&date_created_to=31/03/2031&office=${officeA.id}`);
    expect(one.totals.map((row) => row.currency)).toEqual([officeA.currency]);
    expect((await totals('reservation_id=2000000000')).totals).toEqual([]);
  });

  it('refuses bad filters with Spanish field errors, never a 500', async () => {
    for (const [query, field, message] of [
      ['date_created_from=32/01/2031', 'date_created_from', text.errors.dateInvalid],
      ['date_fact_to=ayer', 'date_fact_to', text.errors.dateInvalid],
      ['invoicing_status=9', 'invoicing_status', text.errors.invoicingStatusInvalid],
      ['billed=x', 'billed', text.errors.billedInvalid],
    ] as const) {
      for (const url of [`/api/facturacion/?${query}`, `/api/facturacion/summary/?${query}`]) {
        const response = await admin({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()[field]).toEqual([message]);
      }
    }
    for (const payload of [[1, 2], { office: { nested: 1 } }, 'texto', { office: 'x\u0000' }]) {
      const response = await admin({ method: 'POST', url: '/api/facturacion/', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
  });
});

describe('the transition table', () => {
  it('applies each action exactly where the table allows it and refuses it elsewhere', async () => {
    for (const { id: from } of invoicingStatuses)
      for (const action of INVOICING_ACTIONS) {
        const id = await reservation(officeA.id, '2031-05-10', [['10.00', '1.00', '9.00', 3]]);
        if (from !== 1) await setStatus(id, from);
        const response = await act(central, id, action, action === 'invoice' ? invoiceBody : {});
        if (INVOICING_TRANSITIONS[from].includes(action)) {
          expect(response.statusCode, `${from} ${action} ${response.body}`).toBe(200);
          expect(response.json<InvoicingRow>().invoicing_status).toBe(INVOICING_TARGET[action]);
          expect(await statusOf(id)).toBe(INVOICING_TARGET[action]);
        } else {
          expect(response.statusCode, `${from} ${action}`).toBe(409);
          expect(response.json<{ detail: string }>().detail).toMatch(/no puede pasar a/);
          expect(await statusOf(id)).toBe(from);
        }
      }
  });

  it('stores the invoice data when invoiced and records the change in the history', async () => {
    const id = await reservation(officeA.id, '2031-06-01', [['10.00', '1.00', '9.00', 3]]);
    const response = await act(administracion, id, 'invoice', { ...invoiceBody, document_type: 'PED' });
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json<InvoicingRow>();
    expect(row).toMatchObject({
      invoicing_status: 2,
      billed: 1,
      document_type: 'PED',
      date_fact: '2031-03-15',
    });
    expect(row.document_number).toBe(invoiceBody.document_number);
    const history = await admin({ method: 'GET', url: `/api/history/?entity=facturacion&record=${id}` });
    expect(history.statusCode, history.body).toBe(200);
    const [entry] = history.json<{ results: HistoryEntry[] }>().results;
    expect(entry.action).toBe('invoice');
    expect(entry.changes.invoicing_status).toEqual({ before: 1, after: 2 });
    expect(entry.changes.document_type).toEqual({ before: null, after: 'PED' });
  });

  it('refuses an invoice without document type, number or date, in Spanish', async () => {
    const id = await reservation(officeA.id, '2031-06-02', [['10.00', '1.00', '9.00', 3]]);
    const response = await act(admin, id, 'invoice', {
      document_type: 'XXX',
      document_number: '',
      date_fact: '31/02/2031',
    });
    expect(response.statusCode).toBe(400);
    const errors = response.json<Record<string, string[]>>();
    expect(errors.document_type).toEqual([text.errors.documentTypeRequired]);
    expect(errors.document_number).toEqual([text.errors.documentNumberRequired]);
    expect(errors.date_fact).toBeDefined();
    expect(await statusOf(id)).toBe(1);
  });

  it('never invoices a reservation whose vouchers are all CANCELADO, nor one without vouchers', async () => {
    const cancelled = await reservation(officeA.id, '2031-06-03', [
      ['10.00', '1.00', '9.00', 2],
      ['5.00', '0.50', '4.50', 2],
    ]);
    const empty = await reservation(officeA.id, '2031-06-03', []);
    const response = await act(admin, cancelled, 'invoice', invoiceBody);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ detail: string }>().detail).toBe(text.refusals.allVouchersCancelled);
    expect((await act(admin, empty, 'invoice', invoiceBody)).json<{ detail: string }>().detail).toBe(
      text.refusals.noVouchers,
    );
    const [row] = (await list(admin, `reservation_id=${cancelled}`)).results;
    expect(row.allowed_actions).toEqual(['review', 'cancel']);
    const partly = await reservation(officeA.id, '2031-06-03', [
      ['10.00', '1.00', '9.00', 2],
      ['5.00', '0.50', '4.50', 3],
    ]);
    expect((await act(admin, partly, 'invoice', invoiceBody)).statusCode).toBe(200);
  });

  it('runs on the selected rows in bulk, each refused row reported', async () => {
    const ok = await reservation(officeA.id, '2031-07-01', [['10.00', '1.00', '9.00', 3]]);
    const refused = await reservation(officeA.id, '2031-07-01', [['10.00', '1.00', '9.00', 2]]);
    const response = await administracion({
      method: 'POST',
      url: '/api/facturacion/bulk/invoice/',
      payload: { ids: [ok, refused], ...invoiceBody },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { id: ok, ok: true },
        { id: refused, ok: false, detail: text.refusals.allVouchersCancelled },
      ],
    });
    expect(await statusOf(ok)).toBe(2);
    expect(await statusOf(refused)).toBe(1);
  });
});

describe('roles', () => {
  it('lets Administracion, Administracion Central and admins act; others only view; without view, 403', async () => {
    const id = await reservation(officeA.id, '2031-08-01', [['10.00', '1.00', '9.00', 3]]);
    const [asEjecutivo] = (await list(ejecutivo, `reservation_id=${id}`)).results;
    expect(asEjecutivo.allowed_actions).toEqual([]);
    expect((await act(ejecutivo, id, 'review')).statusCode).toBe(403);
    const bulk = await ejecutivo({
      method: 'POST',
      url: '/api/facturacion/bulk/review/',
      payload: { ids: [id] },
    });
    expect(bulk.json()).toEqual({ results: [{ id, ok: false, detail: messages.common.forbidden }] });
    expect(await statusOf(id)).toBe(1);
    for (const request of [nobody]) {
      expect((await request({ method: 'GET', url: '/api/facturacion/' })).statusCode).toBe(403);
      expect((await request({ method: 'GET', url: '/api/facturacion/summary/' })).statusCode).toBe(403);
      expect((await request({ method: 'POST', url: '/api/facturacion/', payload: {} })).statusCode).toBe(403);
      expect(
        (await request({ method: 'GET', url: `/api/payment_detail/?reservation_id=${id}` })).statusCode,
      ).toBe(403);
    }
    expect((await act(administracion, id, 'review')).statusCode).toBe(200);
    expect((await act(central, id, 'invoice', invoiceBody)).statusCode).toBe(200);
    expect((await act(admin, id, 'cancel')).statusCode).toBe(200);
  });
});

describe('payment detail', () => {
  it('seeds demo payments that follow each office payment switches', async () => {
    const rows = await testApp.context.db.execute(sql`
      select p.method, op.pay_by_card, op.pay_with_gds, op.wallet_provider, op.web_payment_provider, p.instalments, op.instalments as max_instalments
      from reservation_payments p join reservations r on r.id = p.reservation_id
      left join office_payments op on op.office_id = r.office_id`);
    const seeded = (rows as unknown as { rows: Record<string, unknown>[] }).rows.filter(
      (row) => !String(row.method).startsWith('x'),
    );
    expect(seeded.length).toBeGreaterThan(0);
    for (const row of seeded) {
      if (row.method === 'card') expect(row.pay_by_card).toBe(true);
      if (row.method === 'gds') expect(row.pay_with_gds).toBe(true);
      if (row.method === 'wallet') expect(row.wallet_provider).toBe(true);
      if (row.method === 'web_payment') expect(row.web_payment_provider).toBe(true);
      if (row.method === 'card')
        expect(Number(row.instalments)).toBeLessThanOrEqual(Number(row.max_instalments));
    }
  });
  it('answers the payments of a reservation, in order, and refuses a bad query in Spanish', async () => {
    const id = await reservation(officeA.id, '2031-09-01', [['300.00', '30.00', '270.00', 3]]);
    await testApp.context.db.insert(reservationPayments).values([
      {
        reservationId: id,
        method: 'transfer',
        amount: '100.00',
        currency: officeA.currency,
        paidAt: '2031-09-02',
        reference: 'TRF-1',
      },
      {
        reservationId: id,
        method: 'card',
        amount: '200.00',
        currency: officeA.currency,
        instalments: 3,
        paidAt: '2031-09-01',
        reference: 'VISA 4242',
      },
    ]);
    const response = await ejecutivo({ method: 'GET', url: `/api/payment_detail/?reservation_id=${id}` });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ count: number; results: Payment[] }>();
    expect(page.count).toBe(2);
    expect(page.results.map((payment) => [payment.method, payment.amount, payment.instalments])).toEqual([
      ['card', '200.00', 3],
      ['transfer', '100.00', 1],
    ]);
    for (const query of ['', 'reservation_id=abc', 'reservation_id=-1', 'reservation_id=99999999999']) {
      const bad = await admin({ method: 'GET', url: `/api/payment_detail/?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().reservation_id).toEqual([text.errors.reservationRequired]);
    }
    expect(
      (await admin({ method: 'GET', url: '/api/payment_detail/?reservation_id=2000000000' })).statusCode,
    ).toBe(404);
  });
});

describe('the export', () => {
  it('writes the filtered rows and one totals row per currency to filter_invoicing.xlsx', async () => {
    await reservation(officeA.id, '2031-10-05', [['40.00', '4.00', '36.00', 3]]);
    await reservation(officeB.id, '2031-10-06', [['60.00', '6.00', '54.00', 3]]);
    const start = await admin({
      method: 'GET',
      url: '/api/invoicing_report/?date_created_from=01/10/2031&date_created_to=31/10/2031',
    });
    expect(start.statusCode, start.body).toBe(200);
    const { hash } = start.json<{ hash: string }>();
    let report: ExportReport | null = null;
    for (let tries = 0; tries < 400 && report?.status !== 'OK'; tries++) {
      exportWorkerOf(testApp.context)?.wake();
      report = (await admin({ method: 'GET', url: `/api/report/${hash}/` })).json<ExportReport>();
      expect(report.status).not.toBe('error');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(report?.status).toBe('OK');
    expect(report?.file_name).toBe('filter_invoicing.xlsx');
    const file = await admin({ method: 'GET', url: `/api${report?.url}` });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    const numbers: number[] = [];
    workbook.worksheets[0].eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
      numbers.push(row.number);
    });
    expect(rows[0][0]).toBe(text.fields.reservation_id);
    // Issue 40: one of 'Estado de facturación' and 'Facturado' (they hold the same values).
    expect(rows[0]).toContain(text.fields.invoicing_status);
    expect(rows[0]).not.toContain(text.fields.billed);
    expect(rows).toHaveLength(1 + 2 + 2);
    // Issue 40: the totals below a blank row (row 4), so sorting the data never mixes them in.
    expect(numbers).toEqual([1, 2, 3, 5, 6]);
    const totals = rows.slice(3).map((row) => [row[0], row[9], row[10], row[11], row[12]]);
    expect(totals).toEqual(
      [
        [`${text.export.totals} ${officeA.currency}`, officeA.currency, 40, 4, 36],
        [`${text.export.totals} ${officeB.currency}`, officeB.currency, 60, 6, 54],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
  });
});
