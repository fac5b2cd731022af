/**
 * Issue 39: staff exports and voucher PDFs in the heavy-work pool.
 * - Fair per user: one user's ten exports do not delay another's one (the claim order).
 * - Bounded: past EXPORT_USER_QUEUE a user's new export answers 429, past EXPORT_QUEUE any new
 *   export answers 503, both Spanish with Retry-After and nothing queued; past PDF_QUEUE a PDF
 *   answers 503 with Retry-After.
 * - Off the server's process: the xlsx is written in the pool's child; a child killed in the
 *   middle of an export puts the job back in the queue and a new child writes it whole.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportReport } from '../../src/contracts/exports';
import { messages } from '../../src/contracts/messages';
import { exportJobs, users } from '../../src/server/db/schema';
import { claimJob, EXPORT_RETRY_AFTER_SECONDS, exportWorkerOf } from '../../src/server/resources/exports';
import {
  closeHeavyProcessOf,
  createHeavyProcess,
  HeavyWorkBusy,
  heavyProcessOf,
  PDF_RETRY_AFTER_SECONDS,
} from '../../src/server/services/receiptReading/heavyProcess';
import { loadPrintData } from '../../src/server/services/voucherPdf';
import type { VoucherPrintData } from '../../src/server/services/voucherPrint';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: string;
let ejecutivo: string;
let adminId: number;
let ejecutivoId: number;

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await testApp.login('admin');
  ejecutivo = await testApp.login('ejecutivo');
  const rows = await testApp.context.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', 'ejecutivo']));
  adminId = rows.find((row) => row.username === 'admin')!.id;
  ejecutivoId = rows.find((row) => row.username === 'ejecutivo')!.id;
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

const get = (authorization: string, url: string) => as(testApp, authorization)({ method: 'GET', url });

const startExport = (authorization: string) => get(authorization, '/api/office_report/');

async function withoutWorker<T>(work: () => Promise<T>): Promise<T> {
  testApp.context.config.exportWorker = false;
  await exportWorkerOf(testApp.context)?.idle();
  try {
    return await work();
  } finally {
    testApp.context.config.exportWorker = true;
  }
}

const clearJobs = () => testApp.context.db.delete(exportJobs);

async function withBounds<T>(userQueue: number, totalQueue: number, work: () => Promise<T>): Promise<T> {
  const saved = testApp.context.config.exportQueue;
  testApp.context.config.exportQueue = { userQueue, totalQueue };
  try {
    return await work();
  } finally {
    testApp.context.config.exportQueue = saved;
  }
}

const ownerOfHash = async (hash: string) =>
  (await testApp.context.db.select().from(exportJobs).where(eq(exportJobs.hash, hash)))[0];

describe('fair per user', () => {
  it("claims one user's single export right after the first of another user's ten", async () => {
    await withoutWorker(() =>
      withBounds(20, 100, async () => {
        await clearJobs();
        const many: string[] = [];
        for (let index = 0; index < 10; index += 1) {
          const response = await startExport(admin);
          expect(response.statusCode, response.body).toBe(200);
          many.push(response.json<{ hash: string }>().hash);
        }
        const single = await startExport(ejecutivo);
        expect(single.statusCode, single.body).toBe(200);
        const theirs = single.json<{ hash: string }>().hash;

        const order: string[] = [];
        for (;;) {
          const claimed = await claimJob(testApp.context.db, 'fair-test', 30_000);
          if (!claimed) break;
          order.push(claimed.job.hash);
          // The job ends (as a worker would end it) before the next is claimed.
          await testApp.context.db
            .update(exportJobs)
            .set({ status: 'ok', finishedAt: new Date(), lockedBy: null })
            .where(eq(exportJobs.id, claimed.job.id));
        }
        expect(order).toHaveLength(11);
        // The other user's one export goes second, not eleventh; the ten keep their own order.
        expect(order[1]).toBe(theirs);
        expect(order.filter((hash) => hash !== theirs)).toEqual(many);
        expect((await ownerOfHash(theirs)).ownerId).toBe(ejecutivoId);
        await clearJobs();
      }),
    );
  }, 60_000);
});

describe('bounded', () => {
  it("answers a user's export past their bound 429, and anyone's past the total 503, Spanish with Retry-After, queueing nothing", async () => {
    await withoutWorker(() =>
      withBounds(2, 3, async () => {
        await clearJobs();
        expect((await startExport(admin)).statusCode).toBe(200);
        expect((await startExport(admin)).statusCode).toBe(200);
        const own = await startExport(admin);
        expect(own.statusCode).toBe(429);
        expect(own.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS.user));
        expect(own.json()).toEqual({ detail: messages.exports.userQueueFull(2) });
        expect(own.json<{ detail: string }>().detail).toContain('Ya tiene 2 exportaciones en preparación');

        // Another user still has room of their own: one more job reaches the total.
        expect((await startExport(ejecutivo)).statusCode).toBe(200);
        const total = await startExport(ejecutivo);
        expect(total.statusCode).toBe(503);
        expect(total.headers['retry-after']).toBe(String(EXPORT_RETRY_AFTER_SECONDS.total));
        expect(total.json()).toEqual({ detail: messages.exports.queueFull });

        const queued = await testApp.context.db.select().from(exportJobs);
        expect(queued.map((job) => job.ownerId).sort()).toEqual([adminId, adminId, ejecutivoId].sort());

        // A finished export frees its place.
        await testApp.context.db
          .update(exportJobs)
          .set({ status: 'ok' })
          .where(eq(exportJobs.id, queued.find((job) => job.ownerId === adminId)!.id));
        expect((await startExport(admin)).statusCode).toBe(200);
        await clearJobs();
      }),
    );
  }, 60_000);

  it("lets only the bound's worth of one user's simultaneous requests through", async () => {
    await withoutWorker(() =>
      withBounds(3, 100, async () => {
        await clearJobs();
        const answers = await Promise.all(Array.from({ length: 8 }, () => startExport(admin)));
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
        const [{ count }] = await testApp.context.db
          .select({ count: sql<number>`count(*)::int` })
          .from(exportJobs)
          .where(eq(exportJobs.ownerId, adminId));
        expect(Number(count)).toBe(3);
        await clearJobs();
      }),
    );
  }, 60_000);

  /** What a voucher's PDF prints, loaded as the route loads it. */
  const printData = async (): Promise<VoucherPrintData[]> => {
    const [voucher] = (
      (await testApp.context.db.execute(sql`select id from vouchers order by id limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    return loadPrintData(testApp.context.db, [Number(voucher.id)]);
  };

  it('draws PDFs in the child up to its bound; past it HeavyWorkBusy, or a wait for a place', async () => {
    const heavy = createHeavyProcess({ concurrency: 1, pageTimeoutMs: 30_000, pdfQueue: 1 });
    try {
      const brand = { brandName: 'Marca', assistancePhone: '0800' };
      const data = await printData();
      expect(data).toHaveLength(1);
      const first = heavy.pdf(brand, data, 'Uno');
      await expect(heavy.pdf(brand, data, 'Dos')).rejects.toEqual(new HeavyWorkBusy(PDF_RETRY_AFTER_SECONDS));
      const waited = heavy.pdf(brand, data, 'Tres', true);
      const [one, three] = await Promise.all([first, waited]);
      expect(Buffer.from(one).subarray(0, 5).toString()).toBe('%PDF-');
      expect(Buffer.from(three).subarray(0, 5).toString()).toBe('%PDF-');
      expect(heavy.pid).not.toBeNull();
      expect(heavy.pid).not.toBe(process.pid);
    } finally {
      await heavy.close();
    }
  }, 60_000);

  it('answers a voucher PDF past the pool bound 503 with Retry-After and the Spanish message', async () => {
    const [voucher] = (
      (await testApp.context.db.execute(sql`select id from vouchers order by id limit 1`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    await closeHeavyProcessOf(testApp.context);
    const saved = testApp.context.config.pdfQueue;
    testApp.context.config.pdfQueue = 1;
    try {
      // A new child starts for the first PDF (a second or more): the others arrive meanwhile.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          as(
            testApp,
            admin,
          )({ method: 'POST', url: '/api/pdfVoucher/', payload: { voucher_id: Number(voucher.id) } }),
        ),
      );
      const ok = answers.filter((answer) => answer.statusCode === 200);
      const busy = answers.filter((answer) => answer.statusCode === 503);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      expect(ok.length + busy.length).toBe(4);
      expect(ok[0].headers['content-type']).toContain('application/pdf');
      expect(busy[0].headers['retry-after']).toBe(String(PDF_RETRY_AFTER_SECONDS));
      expect(busy[0].json()).toEqual({ status: 'Error', detail: messages.bookings.pdfBusy });
    } finally {
      await closeHeavyProcessOf(testApp.context);
      testApp.context.config.pdfQueue = saved;
    }
  }, 60_000);
});

describe('in the child process', () => {
  it('writes the xlsx in the pool child; a child killed in the middle puts the job back and a new child writes it whole', async () => {
    await testApp.context.db.execute(
      sql`insert into offices (short_name, long_name, is_enabled) select 'P' || n, 'Oficina pool ' || n, true from generate_series(1, 20000) as n`,
    );
    await testApp.context.db.execute(sql`analyze offices`);
    await clearJobs();
    const started = await startExport(admin);
    expect(started.statusCode, started.body).toBe(200);
    const hash = started.json<{ hash: string }>().hash;
    const heavy = heavyProcessOf(testApp.context);
    const deadline = Date.now() + 60_000;
    while (!((await ownerOfHash(hash)).rowsWritten > 0 && heavy.pid !== null)) {
      if (Date.now() > deadline) throw new Error('the export did not start');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const pid = heavy.pid!;
    expect(pid).not.toBe(process.pid);
    expect((await ownerOfHash(hash)).status).toBe('running');
    process.kill(pid, 'SIGKILL');

    let report: ExportReport | undefined;
    while (Date.now() < deadline + 60_000) {
      exportWorkerOf(testApp.context)?.wake();
      report = (await get(admin, `/api/report/${hash}/`)).json<ExportReport>();
      if (report.status !== 'Pending') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(report?.status).toBe('OK');
    expect(report?.rows_written).toBe(report?.rows_total);
    expect((await ownerOfHash(hash)).attempts).toBe(2);
    expect(heavy.pid).not.toBe(pid);
    const file = await get(admin, `/api${report!.url}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].rowCount - 1).toBe(report?.rows_total);
  }, 150_000);
});
