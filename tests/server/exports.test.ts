/**
 * Export jobs (issue 12; SPEC §4 'Export notifications', §7 /office_report/ and GET/PUT
 * /report/{hash}/, §8 export messages, §9 limits): start, claim, progress, OK, download,
 * consumed, error, foreign users, a restart while running, a start after a kill -9 while running,
 * two workers on one queue.
 */
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_LIMITS, type ExportReport, XLSX_CONTENT_TYPE } from '../../src/contracts/exports';
import { messages } from '../../src/contracts/messages';
import { buildApp } from '../../src/server/app';
import { exportJobs } from '../../src/server/db/schema';
import {
  claimJob,
  EXPORT_RETENTION_MS,
  exportWorkerOf,
  partKey,
  pruneExports,
  releaseOrphans,
} from '../../src/server/resources/exports';
import { storageOf } from '../../src/server/services/storage';
import { as, createTestApp, type TestApp } from './support';

let testApp: TestApp;
let admin: string;
let ejecutivo: string;

beforeAll(async () => {
  testApp = await createTestApp();
  // The queue tests below queue eight jobs of one user at once: past EXPORT_USER_QUEUE's 5. The
  // bounds themselves are tested in exportPool.test.ts (issue 39).
  testApp.context.config.exportQueue = { userQueue: 100, totalQueue: 1000 };
  admin = await testApp.login('admin');
  ejecutivo = await testApp.login('ejecutivo');
}, 60_000);
afterAll(async () => {
  await testApp?.close();
});

const get = (authorization: string, url: string) => as(testApp, authorization)({ method: 'GET', url });

/**
 * Polls the job's report until `until` holds, for up to 90 s of wall time (below the slowest test's
 * own 120 s limit): a count of tries was a hidden time budget that depended on how fast each
 * request answers (about 12 s on PostgreSQL, where an 80,000-office export can take longer).
 */
async function waitForReport(authorization: string, hash: string, until: (report: ExportReport) => boolean) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    exportWorkerOf(testApp.context)?.wake();
    const response = await get(authorization, `/api/report/${hash}/`);
    expect(response.statusCode).toBe(200);
    const report = response.json<ExportReport>();
    if (until(report)) return report;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`export ${hash} did not reach the expected state: ${JSON.stringify(await jobRow(hash))}`);
}

const finished = (report: ExportReport) => report.status !== 'Pending';

async function startExport(authorization: string, query = ''): Promise<string> {
  const response = await get(authorization, `/api/office_report/${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ hash: string }>().hash;
}

async function sheetRows(body: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function jobRow(hash: string) {
  const [row] = await testApp.context.db.select().from(exportJobs).where(eq(exportJobs.hash, hash));
  return row;
}

function setWorker(enabled: boolean) {
  testApp.context.config.exportWorker = enabled;
}

describe('office export lifecycle', () => {
  it('starts a job, reports progress, serves the xlsx of the list to its owner, and is consumed', async () => {
    const hash = await startExport(admin, '?offset=0&limit=1000000');
    const report = await waitForReport(admin, hash, finished);
    expect(report.status).toBe('OK');
    expect(report.url).toBe(`/report/${hash}/file/`);
    expect(report.file_name).toBe('filter_offices.xlsx');

    // The export goes in the list's order (its default here: long_name, the Spanish way).
    const list = await get(admin, '/api/office/?limit=10000');
    const offices = list.json<{ results: { id: number; long_name: string; is_enabled: boolean }[] }>()
      .results;
    expect(offices.length).toBeGreaterThan(0);
    expect(report.rows_total).toBe(offices.length);
    expect(report.rows_written).toBe(offices.length);

    const file = await get(admin, `/api${report.url}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(file.headers['content-disposition']).toBe('attachment; filename="filter_offices.xlsx"');
    const rows = await sheetRows(file.rawPayload);
    // The list's columns and what the list is filtered by (issue 32 'Money, dates and exports').
    expect(rows[0]).toEqual([
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
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual(
      offices.map((office) => [office.id, office.long_name, office.is_enabled ? 'Sí' : 'No']),
    );
    expect(rows.slice(1).every((row) => typeof row[5] === 'string' && row[5] !== '')).toBe(true);

    const listed = await get(admin, '/api/report/');
    expect(listed.json<{ results: ExportReport[] }>().results.map((entry) => entry.hash)).toContain(hash);

    const consumed = await as(testApp, admin)({ method: 'PUT', url: `/api/report/${hash}/` });
    expect(consumed.statusCode).toBe(200);
    expect(consumed.json<ExportReport>()).toMatchObject({ status: 'OK', consumed: true, url: null });
    expect((await get(admin, `/api/report/${hash}/file/`)).statusCode).toBe(404);
    const after = await get(admin, '/api/report/');
    expect(after.json<{ results: ExportReport[] }>().results.map((entry) => entry.hash)).not.toContain(hash);
  });

  it("exports only the list's filtered rows", async () => {
    const list = await get(admin, '/api/office/?limit=10000');
    const first = list.json<{ results: { long_name: string }[] }>().results[0];
    const term = first.long_name.slice(0, 6);
    const expected = await get(admin, `/api/office/?limit=10000&long_name=${encodeURIComponent(term)}`);
    const hash = await startExport(admin, `?long_name=${encodeURIComponent(term)}`);
    const report = await waitForReport(admin, hash, finished);
    expect(report.rows_total).toBe(expected.json<{ count: number }>().count);
    const rows = await sheetRows((await get(admin, `/api${report.url}`)).rawPayload);
    expect(rows.length - 1).toBe(expected.json<{ count: number }>().count);
    for (const row of rows.slice(1)) expect(String(row[1]).toLowerCase()).toContain(term.toLowerCase());
    expect((await jobRow(hash)).rowLimit).toBe(EXPORT_LIMITS.filtered);
  });

  it("goes in the list's order, text the Spanish way (issue 18): accents among their letters, ñ after n", async () => {
    const names = ['Zárate', 'Ñuñoa', 'Álamos', 'Osorno', 'Nogales', 'ávalos'];
    const countryId = (await testApp.context.db.execute(
      sql`select min(id)::int as id from countries`,
    )) as unknown as {
      rows: { id: number }[];
    };
    for (const [index, name] of names.entries())
      await testApp.context.db.execute(
        sql`insert into offices (short_name, long_name, is_enabled, country_id) values (${`ORD${index}`}, ${`Orden ${name}`}, true, ${countryId.rows[0].id})`,
      );
    const expected = ['Álamos', 'ávalos', 'Nogales', 'Ñuñoa', 'Osorno', 'Zárate'].map(
      (name) => `Orden ${name}`,
    );
    const list = await get(admin, '/api/office/?long_name=orden%20&ordering=long_name&limit=50');
    expect(
      list.json<{ results: { long_name: string }[] }>().results.map((office) => office.long_name),
    ).toEqual(expected);
    for (const [ordering, order] of [
      ['long_name', expected],
      ['-long_name', [...expected].reverse()],
    ] as const) {
      const hash = await startExport(admin, `?long_name=orden%20&ordering=${ordering}`);
      const report = await waitForReport(admin, hash, finished);
      expect(report.status).toBe('OK');
      const rows = await sheetRows((await get(admin, `/api${report.url}`)).rawPayload);
      expect(rows.slice(1).map((row) => row[1])).toEqual(order);
    }
  });

  it('caps the rows at 1,000,000 unfiltered and 100,000 filtered (SPEC §9), and at a smaller limit asked', async () => {
    const unfiltered = await startExport(admin, '?offset=0&limit=5000000');
    expect((await jobRow(unfiltered)).rowLimit).toBe(1_000_000);
    const filtered = await startExport(admin, '?offset=0&limit=1000000&long_name=a');
    expect((await jobRow(filtered)).rowLimit).toBe(100_000);
    const small = await startExport(admin, '?offset=0&limit=2');
    const report = await waitForReport(admin, small, finished);
    expect(report.rows_total).toBe(2);
    const rows = await sheetRows((await get(admin, `/api${report.url}`)).rawPayload);
    expect(rows.length).toBe(3);
    await waitForReport(admin, unfiltered, finished);
    await waitForReport(admin, filtered, finished);
  });
});

describe('export refusals', () => {
  it('needs office/view, and answers bad input with Spanish field errors', async () => {
    const agencia = await testApp.login('agencia');
    expect((await get(agencia, '/api/office_report/')).statusCode).toBe(403);
    expect((await as(testApp, '')({ method: 'GET', url: '/api/office_report/' })).statusCode).toBe(401);
    const badLimit = await get(admin, '/api/office_report/?limit=muchas');
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.json()).toEqual({ limit: [messages.exports.invalidLimit] });
    const badFilter = await get(admin, `/api/office_report/?long_name=${'x'.repeat(201)}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json()).toHaveProperty('long_name');
    const nul = await get(admin, '/api/office_report/?long_name=%00');
    expect(nul.statusCode).toBe(400);
    expect((await get(admin, '/api/report/no-existe/')).statusCode).toBe(404);
  });

  it("never shows a user's export to another user", async () => {
    const hash = await startExport(admin);
    await waitForReport(admin, hash, finished);
    expect((await get(ejecutivo, `/api/report/${hash}/`)).statusCode).toBe(404);
    expect((await get(ejecutivo, `/api/report/${hash}/file/`)).statusCode).toBe(404);
    expect((await as(testApp, ejecutivo)({ method: 'PUT', url: `/api/report/${hash}/` })).statusCode).toBe(
      404,
    );
    const theirs = await get(ejecutivo, '/api/report/');
    expect(theirs.json<{ results: ExportReport[] }>().results.map((entry) => entry.hash)).not.toContain(hash);
    // The owner still has it, untouched.
    expect((await get(admin, `/api/report/${hash}/file/`)).statusCode).toBe(200);
  });

  it('refuses to consume an export still running', async () => {
    setWorker(false);
    try {
      const hash = await startExport(admin);
      const response = await as(testApp, admin)({ method: 'PUT', url: `/api/report/${hash}/` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ detail: messages.exports.notFinished });
      expect((await get(admin, `/api/report/${hash}/`)).json<ExportReport>().status).toBe('Pending');
    } finally {
      setWorker(true);
    }
  });

  it('ends a failing job as error with the §8 message, the reason kept for the log', async () => {
    setWorker(false);
    await exportWorkerOf(testApp.context)?.idle();
    const hash = await startExport(admin);
    // The job is handed to a user without office/view before it runs: the job re-checks and fails.
    await testApp.context.db.execute(
      sql`update export_jobs set owner_id = (select id from users where username = 'agencia') where hash = ${hash}`,
    );
    setWorker(true);
    const agencia = await testApp.login('agencia');
    const report = await waitForReport(agencia, hash, finished);
    expect(report.status).toBe('error');
    expect(report.detail).toBe('Error al descargar listado de oficinas.');
    expect(report.url).toBeNull();
    expect((await jobRow(hash)).error).toBe(messages.common.forbidden);
    const consumed = await as(testApp, agencia)({ method: 'PUT', url: `/api/report/${hash}/` });
    expect(consumed.json<ExportReport>()).toMatchObject({ status: 'error', consumed: true });
  });
});

describe('export retention', () => {
  it('deletes exports finished a week ago with their files, and keeps newer ones', async () => {
    const old = await startExport(admin);
    const recent = await startExport(admin);
    await waitForReport(admin, old, finished);
    await waitForReport(admin, recent, finished);
    const row = await jobRow(old);
    const storage = storageOf(testApp.context);
    expect(await storage.get(partKey(row.fileKey!, 0))).not.toBeNull();
    // Finished a week and a minute ago.
    await testApp.context.db.execute(
      sql`update export_jobs set finished_at = ${new Date(Date.now() - EXPORT_RETENTION_MS - 60_000)} where hash = ${old}`,
    );
    expect(await pruneExports(testApp.context, new Date())).toBe(1);
    expect(await jobRow(old)).toBeUndefined();
    expect(await storage.get(partKey(row.fileKey!, 0))).toBeNull();
    expect((await jobRow(recent)).status).toBe('ok');
  });
});

describe('export queue', () => {
  it('never gives one job to two workers', async () => {
    setWorker(false);
    try {
      await exportWorkerOf(testApp.context)?.idle();
      const hashes: string[] = [];
      for (let index = 0; index < 8; index++) hashes.push(await startExport(admin));
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          claimJob(testApp.context.db, index % 2 ? 'worker-a' : 'worker-b', 30_000),
        ),
      );
      const claimed = claims.filter((claim) => claim !== null).map((claim) => claim!.job.hash);
      expect(new Set(claimed).size).toBe(claimed.length);
      expect(claimed.sort()).toEqual([...hashes].sort());
      // None left for a third worker.
      expect(await claimJob(testApp.context.db, 'worker-c', 30_000)).toBeNull();
      // Jobs left 'running' by dead workers are resumed by the next start (PGlite) or once stale.
      expect(await releaseOrphans(testApp.context.db)).toBe(8);
      setWorker(true);
      for (const hash of hashes) expect((await waitForReport(admin, hash, finished)).status).toBe('OK');
    } finally {
      setWorker(true);
    }
  });

  it('works as one with a second instance on the same database: each job written once, served by either', async () => {
    // A second server (its own context: its own worker, registry and storage handle) on the same
    // database; on PostgreSQL both claim through the pool's separate connections.
    const second = await buildApp({ ...testApp.context });
    await second.ready();
    try {
      const hashes: string[] = [];
      for (let index = 0; index < 6; index++) hashes.push(await startExport(admin));
      for (const hash of hashes) expect((await waitForReport(admin, hash, finished)).status).toBe('OK');
      for (const hash of hashes) expect((await jobRow(hash)).attempts).toBe(1);
      const other = await second.inject({
        method: 'GET',
        url: `/api/report/${hashes[0]}/file/`,
        headers: { authorization: admin },
      });
      expect(other.statusCode).toBe(200);
      expect((await sheetRows(other.rawPayload))[0]).toEqual([
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
    } finally {
      await second.close();
    }
  });

  it('takes over a job whose worker stopped beating (another instance died)', async () => {
    setWorker(false);
    let hash = '';
    try {
      await exportWorkerOf(testApp.context)?.idle();
      hash = await startExport(admin);
      const claim = await claimJob(testApp.context.db, 'dead-worker', 30_000);
      expect(claim?.job.hash).toBe(hash);
      // Still beating recently: nobody else takes it.
      expect(await claimJob(testApp.context.db, 'other', 30_000)).toBeNull();
      await testApp.context.db.execute(
        sql`update export_jobs set heartbeat_at = now() - interval '5 minutes', file_key = ${`exports/${hash}/a1`}, file_parts = 0 where hash = ${hash}`,
      );
    } finally {
      setWorker(true);
    }
    const report = await waitForReport(admin, hash, finished);
    expect(report.status).toBe('OK');
    const row = await jobRow(hash);
    expect(row.attempts).toBe(2);
    expect(row.fileKey).toBe(`exports/${hash}/a2`);
  });

  it('resumes a job that was running when the server restarted', async () => {
    // Enough offices that the job is still running when the server stops.
    await testApp.context.db.execute(
      sql`insert into offices (short_name, long_name, is_enabled) select 'R' || n, 'Oficina reinicio ' || n, true from generate_series(1, 20000) as n`,
    );
    // The export goes in the list's order (long_name's sort key): with the planner's statistics
    // after the bulk load, each batch starts from the index rather than sorting every office.
    await testApp.context.db.execute(sql`analyze offices`);
    const hash = await startExport(admin);
    await waitForReport(admin, hash, (report) => report.rows_written > 0 && report.status === 'Pending');
    await testApp.app.close();
    // The stopping server put its job back in the queue. (Its attempts are read, not assumed: on
    // a loaded machine a late heartbeat may have let the worker claim its own job again.)
    const row = await jobRow(hash);
    expect(row.status).toBe('pending');
    expect(row.lockedBy).toBeNull();
    expect(row.attempts).toBeGreaterThanOrEqual(1);

    // The same database, a new server process (a restart).
    const restarted = await buildApp(testApp.context);
    await restarted.ready();
    testApp.app = restarted;
    const report = await waitForReport(admin, hash, finished);
    expect(report.status).toBe('OK');
    expect(report.rows_written).toBe(report.rows_total);
    // The restart took it once more, from the start.
    expect((await jobRow(hash)).attempts).toBe(row.attempts + 1);
    const file = await get(admin, `/api${report.url}`);
    const rows = await sheetRows(file.rawPayload);
    expect(rows.length - 1).toBe(report.rows_total);
  }, 120_000);

  it('resumes at the next start a job a killed server left running (kill -9, embedded database)', async () => {
    // Issue 39 'Durable': a server killed outright never ran its close, so its job stays 'running'
    // with a recent heartbeat and its parts half written. The next start on the same data
    // directory (one server per embedded database) puts it back in the queue at once.
    setWorker(false);
    let hash = '';
    try {
      await exportWorkerOf(testApp.context)?.idle();
      hash = await startExport(admin);
      const claim = await claimJob(testApp.context.db, 'killed-server', 30_000);
      expect(claim?.job.hash).toBe(hash);
      await testApp.context.db.execute(
        sql`update export_jobs set rows_written = 500, file_key = ${`exports/${hash}/a1`}, file_parts = 1 where hash = ${hash}`,
      );
      await storageOf(testApp.context).put(`exports/${hash}/a1/00000.part`, Buffer.from('half a file'));
      await testApp.app.close();
    } finally {
      setWorker(true);
    }
    // The closed server put back only its own job: the killed one's is still 'running'.
    expect(await jobRow(hash)).toMatchObject({ status: 'running', lockedBy: 'killed-server' });

    const kind = testApp.context.databaseKind;
    testApp.context.databaseKind = 'embedded';
    try {
      const restarted = await buildApp(testApp.context);
      await restarted.ready();
      testApp.app = restarted;
    } finally {
      testApp.context.databaseKind = kind;
    }
    const started = Date.now();
    const report = await waitForReport(admin, hash, finished);
    expect(report.status).toBe('OK');
    expect(report.rows_written).toBe(report.rows_total);
    // Not after the 30 s a stale heartbeat takes: at the start.
    expect(Date.now() - started).toBeLessThan(30_000);
    const row = await jobRow(hash);
    expect(row.attempts).toBe(2);
    expect(row.fileKey).toBe(`exports/${hash}/a2`);
    // The killed attempt's part was removed.
    expect(await storageOf(testApp.context).get(`exports/${hash}/a1/00000.part`)).toBeNull();
    const file = await get(admin, `/api${report.url}`);
    expect((await sheetRows(file.rawPayload)).length - 1).toBe(report.rows_total);
  }, 120_000);
});
