/**
 * The promotion exports (issue 14; SPEC §7 'Promotions' CHECK_EXPORT_VOUCHERS / UPDATE_EXPORT_VOUCHERS,
 * CHECK_EXPORT_OFFICES / UPDATE_EXPORT_OFFICES; §4 'Export notifications'; §8) against a real
 * database: the voucher and office lists' `promotion` filters, the files written hold exactly
 * the promotion's vouchers (vouchers.promotion_id) and offices (promotion_product_office), in
 * the exporting user's scope; promotion/view plus the module's view permission, else 403; a
 * missing, malformed or unknown promotion answers a Spanish 400 or 404, never a 500; the report
 * is consumed by PUT /report/{hash}/.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportReport } from '../../src/contracts/exports';
import { messages } from '../../src/contracts/messages';
import {
  exportJobs,
  groupPermissions,
  permissions,
  promotionProductOffices,
  promotionProducts,
  promotions,
  vouchers,
} from '../../src/server/db/schema';
import { exportWorkerOf } from '../../src/server/resources/exports';
import { as, createTestApp, type TestApp } from './support';

const text = messages.promotions;
let testApp: TestApp;
let admin: ReturnType<typeof as>;
/** The demo promotions: 'Verano 2027' (sale), 'Proveedor Europa' (provider), 'Invierno 2027' (none). */
let promotion: { sale: number; provider: number; empty: number };

beforeAll(async () => {
  testApp = await createTestApp();
  admin = as(testApp, await testApp.login('admin'));
  const rows = await testApp.context.db
    .select({ id: promotions.id, short: promotions.shortName })
    .from(promotions);
  const idOf = (short: string) => rows.find((row) => row.short === short)?.id ?? 0;
  promotion = { sale: idOf('VER27'), provider: idOf('PROV-EU'), empty: idOf('INV27') };
  expect(Object.values(promotion).every((id) => id > 0)).toBe(true);
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

async function waitForReport(user: ReturnType<typeof as>, hash: string): Promise<ExportReport> {
  for (let tries = 0; tries < 400; tries++) {
    exportWorkerOf(testApp.context)?.wake();
    const response = await user({ method: 'GET', url: `/api/report/${hash}/` });
    expect(response.statusCode).toBe(200);
    const report = response.json<ExportReport>();
    if (report.status !== 'Pending') return report;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`export ${hash} did not finish`);
}

/** Starts an export, waits for it, and answers the ids in its file's first column (and the report). */
async function exported(user: ReturnType<typeof as>, url: string) {
  const started = await user({ method: 'GET', url });
  expect(started.statusCode, started.body).toBe(200);
  const { hash } = started.json<{ hash: string }>();
  const report = await waitForReport(user, hash);
  expect(report.status).toBe('OK');
  const file = await user({ method: 'GET', url: `/api${report.url}` });
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { hash, report, header: rows[0], ids: rows.slice(1).map((row) => Number(row[0])) };
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

async function vouchersOf(promotionId: number): Promise<number[]> {
  const rows = await testApp.context.db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(eq(vouchers.promotionId, promotionId));
  return sorted(rows.map((row) => row.id));
}

async function officesOf(promotionId: number): Promise<number[]> {
  const rows = await testApp.context.db
    .selectDistinct({ id: promotionProductOffices.officeId })
    .from(promotionProductOffices)
    .innerJoin(promotionProducts, eq(promotionProducts.id, promotionProductOffices.promotionProductId))
    .where(eq(promotionProducts.promotionId, promotionId));
  return sorted(rows.map((row) => row.id));
}

const listIds = async (user: ReturnType<typeof as>, url: string) => {
  const response = await user({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return sorted(response.json<{ results: { id: number }[] }>().results.map((row) => row.id));
};

describe('the list filters the exports read (voucher ?promotion=, office ?promotion=)', () => {
  it('the demo sold vouchers under the promotions (promotion_id beside promotion_long_name)', async () => {
    const sold = await testApp.context.db
      .select({
        promotion: vouchers.promotionId,
        name: vouchers.promotionLongName,
        long: promotions.longName,
      })
      .from(vouchers)
      .innerJoin(promotions, eq(promotions.id, vouchers.promotionId))
      .where(isNotNull(vouchers.promotionId));
    expect(sold.length).toBeGreaterThan(0);
    for (const row of sold) expect(row.name).toBe(row.long);
  });

  it('GET /voucher/?promotion= and GET /office/?promotion= list exactly the promotion’s rows', async () => {
    for (const id of Object.values(promotion)) {
      expect(await listIds(admin, `/api/voucher/?promotion=${id}&limit=10000`)).toEqual(await vouchersOf(id));
      expect(await listIds(admin, `/api/office/?promotion=${id}&limit=10000`)).toEqual(await officesOf(id));
    }
    expect(await officesOf(promotion.sale)).toHaveLength(3);
    expect(await listIds(admin, '/api/voucher/?promotion=abc&limit=10')).toEqual([]);
    expect(await listIds(admin, '/api/office/?promotion=-1&limit=10')).toEqual([]);
  });
});

describe('GET /promotion_voucher_report/ (CHECK_EXPORT_VOUCHERS)', () => {
  it("writes exactly the promotion's vouchers as filter_voucher.xlsx, then is consumed (UPDATE_EXPORT_VOUCHERS)", async () => {
    const expected = await vouchersOf(promotion.sale);
    expect(expected.length).toBeGreaterThan(0);
    const { hash, report, header, ids } = await exported(
      admin,
      `/api/promotion_voucher_report/?promotion=${promotion.sale}`,
    );
    expect(report).toMatchObject({ kind: 'promotion_vouchers', file_name: 'filter_voucher.xlsx' });
    expect(report.rows_total).toBe(expected.length);
    expect(header[0]).toBe('ID');
    expect(sorted(ids)).toEqual(expected);

    const consumed = await admin({ method: 'PUT', url: `/api/report/${hash}/` });
    expect(consumed.statusCode).toBe(200);
    expect(consumed.json<ExportReport>()).toMatchObject({ consumed: true, url: null });
    expect((await admin({ method: 'GET', url: `/api/report/${hash}/file/` })).statusCode).toBe(404);
  });

  it('a promotion without vouchers exports the header only', async () => {
    const { ids, report } = await exported(
      admin,
      `/api/promotion_voucher_report/?promotion=${promotion.empty}`,
    );
    expect(report.rows_total).toBe(0);
    expect(ids).toEqual([]);
  });

  it("an office-scoped user (Agencia) exports only the promotion's vouchers it may see", async () => {
    const agencia = as(testApp, await testApp.login('agencia'));
    const created = await admin({
      method: 'POST',
      url: '/api/promotion/',
      payload: {
        short_name: 'EXP',
        long_name: 'Promoción exportada',
        description: '',
        reservation_date_from: '01/01/2027',
        reservation_date_to: '31/01/2027',
        travel_date_from: '15/01/2027',
        travel_date_to: '28/02/2027',
        total_days: 10,
        promotion_type: 'venta',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    // Two vouchers Agencia sees and two it does not were sold under the new promotion.
    const seen = await listIds(agencia, '/api/voucher/?limit=2');
    const all = await listIds(admin, '/api/voucher/?limit=10000');
    const unseen = all.filter((voucher) => !seen.includes(voucher)).slice(0, 2);
    expect(seen).toHaveLength(2);
    expect(unseen).toHaveLength(2);
    await testApp.context.db
      .update(vouchers)
      .set({ promotionId: id })
      .where(inArray(vouchers.id, [...seen, ...unseen]));
    expect(await listIds(agencia, `/api/voucher/?promotion=${id}&limit=100`)).toEqual(seen);
    const { ids } = await exported(agencia, `/api/promotion_voucher_report/?promotion=${id}`);
    expect(sorted(ids)).toEqual(seen);
    const { ids: everything } = await exported(admin, `/api/promotion_voucher_report/?promotion=${id}`);
    expect(sorted(everything)).toEqual(sorted([...seen, ...unseen]));
  });
});

describe('GET /promotion_office_report/ (CHECK_EXPORT_OFFICES)', () => {
  it("writes exactly the promotion's offices as filter_offices.xlsx", async () => {
    for (const id of [promotion.sale, promotion.provider]) {
      const expected = await officesOf(id);
      expect(expected.length).toBeGreaterThan(0);
      const { report, header, ids } = await exported(admin, `/api/promotion_office_report/?promotion=${id}`);
      expect(report).toMatchObject({ kind: 'promotion_offices', file_name: 'filter_offices.xlsx' });
      expect(header).toEqual([
        'ID',
        'Nombre',
        'Abreviatura',
        'Habilitada',
        'Oficinas hijas',
        'País',
        'Unidad de negocio',
        'Tags',
        'Oficina padre',
      ]);
      expect(sorted(ids)).toEqual(expected);
    }
  });
});

describe('permissions and bad input', () => {
  const jobCount = async () =>
    (await testApp.context.db.select({ id: exportJobs.id }).from(exportJobs)).length;
  it('needs promotion/view and the module’s view permission: 403 otherwise, no job', async () => {
    const before = await jobCount();
    const cases: [string, string][] = [
      // voucher/view and office/view, no promotion/view
      ['administracion_proveedor', 'promotion_voucher_report'],
      ['administracion_proveedor', 'promotion_office_report'],
      // voucher/view, no promotion/view
      ['soporte', 'promotion_voucher_report'],
      // promotion/view and voucher/view, no office/view
      ['agencia', 'promotion_office_report'],
    ];
    for (const [username, path] of cases) {
      const user = as(testApp, await testApp.login(username));
      const response = await user({ method: 'GET', url: `/api/${path}/?promotion=${promotion.sale}` });
      expect(response.statusCode, `${username} ${path}`).toBe(403);
      expect(response.json<{ detail: string }>().detail).toBe(messages.common.forbidden);
    }
    expect(await jobCount()).toBe(before);
    const ejecutivo = as(testApp, await testApp.login('ejecutivo'));
    const allowed = await ejecutivo({
      method: 'GET',
      url: `/api/promotion_office_report/?promotion=${promotion.sale}`,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const anonymous = await testApp.app.inject({
      method: 'GET',
      url: `/api/promotion_voucher_report/?promotion=${promotion.sale}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a missing or malformed promotion answers 400, an unknown one 404, in Spanish', async () => {
    const jobCount = async () =>
      (await testApp.context.db.select({ id: exportJobs.id }).from(exportJobs)).length;
    const before = await jobCount();
    for (const path of ['promotion_voucher_report', 'promotion_office_report']) {
      for (const query of [
        '',
        '?promotion=',
        '?promotion=abc',
        '?promotion=0',
        '?promotion=-3',
        '?promotion=99999999999',
        '?promotion=1.5',
        '?promotion=1&promotion=2',
      ]) {
        const response = await admin({ method: 'GET', url: `/api/${path}/${query}` });
        expect(response.statusCode, `${path}${query}`).toBe(400);
        expect(response.json<Record<string, string[]>>().promotion).toEqual([text.exportPromotionRequired]);
      }
      const unknown = await admin({ method: 'GET', url: `/api/${path}/?promotion=2000000000` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<{ detail: string }>().detail).toBe(text.exportPromotionNotFound);
      const badLimit = await admin({
        method: 'GET',
        url: `/api/${path}/?promotion=${promotion.sale}&limit=x`,
      });
      expect(badLimit.statusCode).toBe(400);
    }
    // None of the refused requests became a job.
    expect(await jobCount()).toBe(before);
  });
});

describe('a permission lost before the job is written', () => {
  it('ends the export as error with the §8 text, no file', async () => {
    const ejecutivo = as(testApp, await testApp.login('ejecutivo'));
    const db = testApp.context.db;
    const [grant] = await db
      .select({ groupId: groupPermissions.groupId, permissionId: groupPermissions.permissionId })
      .from(groupPermissions)
      .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
      .where(and(eq(groupPermissions.groupId, 13), eq(permissions.codename, 'promotion/view')));
    expect(grant).toBeDefined();
    testApp.context.config.exportWorker = false;
    try {
      const started = await ejecutivo({
        method: 'GET',
        url: `/api/promotion_office_report/?promotion=${promotion.sale}`,
      });
      expect(started.statusCode, started.body).toBe(200);
      await db
        .delete(groupPermissions)
        .where(
          and(
            eq(groupPermissions.groupId, grant.groupId),
            eq(groupPermissions.permissionId, grant.permissionId),
          ),
        );
      testApp.context.config.exportWorker = true;
      const report = await waitForReport(ejecutivo, started.json<{ hash: string }>().hash);
      expect(report).toMatchObject({
        status: 'error',
        url: null,
        detail: messages.exports.kinds.promotion_offices.error,
      });
    } finally {
      testApp.context.config.exportWorker = true;
      await db.insert(groupPermissions).values(grant).onConflictDoNothing();
    }
  });
});
