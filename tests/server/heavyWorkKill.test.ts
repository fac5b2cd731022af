/**
 * Issue 39 'Durable', with real processes: a server process (fixtures/killableServer.ts) writing an
 * export and reading a traveller's scan in its heavy-work child is killed outright (SIGKILL: no
 * close hook runs, both jobs stay 'running' in the database, the child exits with its IPC
 * channel). A new server process on the same database takes both jobs back at its start and
 * finishes them: the whole xlsx, every page read.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../scripts/freePort';
import type { ExportReport } from '../../src/contracts/exports';
import { exportJobs, readingJobs, receiptReadings } from '../../src/server/db/schema';
import { databaseUrlOn, testServerUrl } from './postgresAdmin';
import { ADMIN_PASSWORD, createTestApp, refundLoginOf, type TestApp } from './support';

const TICKET_SVG = (
  total: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="320"><rect width="100%" height="100%" fill="white"/>
<g font-family="DejaVu Sans Mono" font-size="22" fill="black">
<text x="30" y="45">FARMACIA DEL CENTRO</text>
<text x="30" y="115">Fecha: 12/11/2026</text>
<text x="30" y="255">TOTAL $ ${total}</text></g></svg>`;

/** A scanned PDF of `pages` receipt pages: long enough to be killed in the middle of. */
async function scan(pages: number): Promise<Buffer> {
  const document = await PDFDocument.create();
  for (let index = 0; index < pages; index += 1) {
    const jpeg = await sharp(Buffer.from(TICKET_SVG(`${index + 1}.000,00`)))
      .resize(1240)
      .flatten({ background: 'white' })
      .jpeg({ quality: 85 })
      .toBuffer();
    const image = await document.embedJpg(jpeg);
    const page = document.addPage([image.width, image.height]);
    page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  }
  return Buffer.from(await document.save());
}

let testApp: TestApp;
let databaseUrl = '';
let traveller: { voucherId: number; access: string };
const servers: ChildProcess[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ receiptReading: true });
  traveller = await refundLoginOf(testApp, '30123456');
  const [{ name }] = (
    (await testApp.context.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    }
  ).rows;
  databaseUrl = databaseUrlOn(testServerUrl(), name);
  // This file's servers are the processes below: the test app only prepares and inspects.
  await testApp.app.close();
}, 60_000);

afterAll(async () => {
  for (const server of servers)
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await testApp?.close();
});

/** Starts a server process on the test database; resolves with its address once it listens. */
async function startServer(): Promise<{ process: ChildProcess; url: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-kill-'));
  const server = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/server/fixtures/killableServer.ts',
      JSON.stringify({ databaseUrl, dataDir, port }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    server.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  return { process: server, url: `http://127.0.0.1:${port}` };
}

/** The processes whose parent is `pid` (the server's heavy-work child). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) found.push(Number(entry));
    } catch {}
  }
  return found;
}

const running = (pid: number) => {
  try {
    // A zombie (exited, not yet reaped) is not running.
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const exportRow = async (hash: string) =>
  (await testApp.context.db.select().from(exportJobs).where(eq(exportJobs.hash, hash)))[0];
const readingRow = async (fileId: string) =>
  (await testApp.context.db.select().from(readingJobs).where(eq(readingJobs.fileId, fileId)))[0];

it('finishes an export and a reading after the server writing and reading them is killed with SIGKILL', async () => {
  // Enough offices that the export is still being written when the server dies.
  await testApp.context.db.execute(
    sql`insert into offices (short_name, long_name, is_enabled) select 'K' || n, 'Oficina muerta ' || n, true from generate_series(1, 40000) as n`,
  );
  await testApp.context.db.execute(sql`analyze offices`);

  const first = await startServer();
  const token = await fetch(`${first.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  expect(token.status).toBe(200);
  const admin = `Bearer ${((await token.json()) as { access: string }).access}`;

  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await scan(6))], { type: 'application/pdf' }), 'scan.pdf');
  const upload = await fetch(`${first.url}/images/upload-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${traveller.access}` },
    body: form,
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  const fileId = ((await upload.json()) as { files: { id: string }[] }).files[0].id;

  const started = await fetch(`${first.url}/api/office_report/`, { headers: { authorization: admin } });
  expect(started.status).toBe(200);
  const hash = ((await started.json()) as { hash: string }).hash;

  // Both in the middle: the export has written rows and is not done, the reading has begun.
  await until(
    async () => (await exportRow(hash)).rowsWritten > 0 && (await readingRow(fileId))?.status === 'running',
    90_000,
    'the export and the reading to be under way',
  );
  const heavyChildren = childrenOf(first.process.pid!);
  expect(heavyChildren.length).toBeGreaterThan(0);
  const exited = new Promise((resolve) => first.process.once('exit', resolve));
  first.process.kill('SIGKILL');
  await exited;

  // Killed outright: nothing put the jobs back; they are 'running' under the dead server.
  const exportLeft = await exportRow(hash);
  expect(exportLeft.status).toBe('running');
  expect(exportLeft.rowsWritten).toBeLessThan(exportLeft.rowsTotal ?? 0);
  expect(await readingRow(fileId)).toMatchObject({ status: 'running', attempts: 1 });
  // The heavy-work child went with its server (its IPC channel closed).
  await until(
    async () => heavyChildren.every((pid) => !running(pid)),
    10_000,
    'the heavy-work child to exit',
  );

  const second = await startServer();
  await until(
    async () => (await exportRow(hash)).status === 'ok' && (await readingRow(fileId))?.status === 'done',
    120_000,
    'the export and the reading to finish after the restart',
  );
  const exportDone = await exportRow(hash);
  expect(exportDone.attempts).toBe(2);
  expect(exportDone.rowsWritten).toBe(exportDone.rowsTotal);
  expect(await readingRow(fileId)).toMatchObject({ status: 'done', attempts: 2 });
  const pages = await testApp.context.db
    .select()
    .from(receiptReadings)
    .where(eq(receiptReadings.fileId, fileId));
  expect(pages.map((page) => page.status)).toEqual(['read', 'read', 'read', 'read', 'read', 'read']);

  // The whole file, served by the new server.
  const report = (await (
    await fetch(`${second.url}/api/report/${hash}/`, { headers: { authorization: admin } })
  ).json()) as ExportReport;
  expect(report.status).toBe('OK');
  const file = await fetch(`${second.url}/api${report.url}`, { headers: { authorization: admin } });
  expect(file.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  expect(workbook.worksheets[0].rowCount - 1).toBe(exportDone.rowsTotal);
}, 300_000);
