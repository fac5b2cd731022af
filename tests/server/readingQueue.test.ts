/**
 * Issue 39: the durable, fair and bounded reading queue (services/receiptReading/queue.ts) and its
 * heavy-work child process (heavyProcess.ts, readingWorker.ts), with real OCR on small images.
 * - Fair: one voucher's many files interleave with another's single receipt.
 * - Durable: a reading interrupted by a killed child, by a server that stops, or by an instance
 *   that died with the job 'running' finishes after a new child or a new app starts on the same
 *   database.
 * - Bounded: past the voucher's bound files wait stored and are queued as the voucher's queue
 *   drains; past the total bound a new upload answers 503 with Retry-After, nothing stored.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { buildApp } from '../../src/server/app';
import { readingJobs, receiptReadings, storedFiles } from '../../src/server/db/schema';
import { DEFAULT_READER_OPTIONS, receiptReaderOf } from '../../src/server/services/receiptReading';
import { heavyProcessOf } from '../../src/server/services/receiptReading/heavyProcess';
import { claimReading, RETRY_AFTER_SECONDS } from '../../src/server/services/receiptReading/queue';
import { createTestApp, refundLoginOf, type TestApp } from './support';

const TICKET_SVG = (
  total: string,
) => `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="320"><rect width="100%" height="100%" fill="white"/>
<g font-family="DejaVu Sans Mono" font-size="22" fill="black">
<text x="30" y="45">FARMACIA DEL CENTRO</text>
<text x="30" y="115">Fecha: 12/11/2026</text>
<text x="30" y="255">TOTAL $ ${total}</text></g></svg>`;

let testApp: TestApp;
let traveller: { voucherId: number; access: string };
let other: { voucherId: number; access: string };

/** A small image that reads as nothing, different for each `seed` (so no reading is copied). */
const swatch = (seed: number) =>
  sharp({
    create: {
      width: 48,
      height: 48,
      channels: 3,
      background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 },
    },
  })
    .png()
    .toBuffer();

/** A scanned PDF of `pages` receipt pages (each page a JPEG): long enough to be interrupted. */
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

async function uploadMany(
  files: { name: string; bytes: Buffer }[],
  token: string,
): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string; ids: string[] }> {
  const boundary = `----queue${randomUUID()}`;
  const payload = Buffer.concat([
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/images/upload-image',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
  const ids =
    response.statusCode === 201
      ? (response.json() as { files: { id: string }[] }).files.map((file) => file.id)
      : [];
  return { statusCode: response.statusCode, headers: response.headers, body: response.body, ids };
}

const loginOf = (document: string) => refundLoginOf(testApp, document);

const jobOf = async (fileId: string) =>
  (await testApp.context.db.select().from(readingJobs).where(eq(readingJobs.fileId, fileId)))[0];

const pagesOf = (fileId: string) =>
  testApp.context.db.select().from(receiptReadings).where(eq(receiptReadings.fileId, fileId));

async function until(check: () => Promise<boolean>, timeoutMs = 60_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A new app on the same database and context (a restart), with the reader's options for tests. */
async function restart(options = DEFAULT_READER_OPTIONS) {
  receiptReaderOf(testApp.context, options);
  const restarted = await buildApp(testApp.context);
  await restarted.ready();
  testApp.app = restarted;
}

beforeAll(async () => {
  testApp = await createTestApp({ receiptReading: true });
  traveller = await loginOf('30123456');
  other = await loginOf('16789012');
  expect(other.voucherId).not.toBe(traveller.voucherId);
}, 60_000);

afterAll(async () => {
  await testApp?.close();
});

describe('fair per voucher', () => {
  it('claims by rank within the voucher, then age: a single receipt goes between the many', async () => {
    // The order itself, on rows no worker takes (each claimed by a test worker id).
    const reader = receiptReaderOf(testApp.context);
    await reader.idle();
    const { db } = testApp.context;
    const make = async (voucherId: number) => {
      const id = randomUUID();
      await db.insert(storedFiles).values({
        id,
        voucherId,
        originalName: 'x.png',
        contentType: 'image/png',
        size: 1,
        sha256: '0'.repeat(64),
        path: `none/${id}.png`,
      });
      return id;
    };
    const many: string[] = [];
    for (let index = 0; index < 5; index += 1) many.push(await make(traveller.voucherId));
    const single = await make(other.voucherId);
    // Inserted straight as 'running' by a live instance, then handed to the claim one by one.
    const base = Date.now() - 60_000;
    await db.insert(readingJobs).values([
      ...many.map((fileId, index) => ({
        fileId,
        voucherId: traveller.voucherId,
        createdAt: new Date(base + index),
        status: 'running' as const,
        lockedBy: 'elsewhere',
        heartbeatAt: new Date(Date.now() + 3_600_000),
      })),
      {
        fileId: single,
        voucherId: other.voucherId,
        createdAt: new Date(base + 10),
        status: 'running' as const,
        lockedBy: 'elsewhere',
        heartbeatAt: new Date(Date.now() + 3_600_000),
      },
    ]);
    // A claim sees them as pending from another test worker's point of view: make them pending
    // in one transaction with the claims, so this app's worker does not take them first.
    const order = await db.transaction(async (tx) => {
      await tx.execute(
        sql`update reading_jobs set status = 'pending', locked_by = null where locked_by = 'elsewhere'`,
      );
      const claimed: string[] = [];
      for (;;) {
        const job = await claimReading(tx, 'order-test', 60_000);
        if (!job) break;
        claimed.push(job.fileId);
      }
      // Left as they were: removed below.
      return claimed;
    });
    expect(order).toEqual([many[0], single, ...many.slice(1)]);
    await db.delete(storedFiles).where(inArray(storedFiles.id, [...many, single]));
  });

  it("reads another traveller's single receipt before one traveller's many are done", async () => {
    const many = await uploadMany(
      await Promise.all(
        Array.from({ length: 8 }, async (_, index) => ({
          name: `foto${index}.png`,
          bytes: await swatch(index + 1),
        })),
      ),
      traveller.access,
    );
    expect(many.statusCode, many.body).toBe(201);
    const single = await uploadMany([{ name: 'ticket.png', bytes: await swatch(100) }], other.access);
    expect(single.statusCode, single.body).toBe(201);
    await receiptReaderOf(testApp.context).idle();
    const jobs = await testApp.context.db
      .select()
      .from(readingJobs)
      .where(inArray(readingJobs.fileId, [...many.ids, ...single.ids]));
    expect(jobs.every((job) => job.status === 'done')).toBe(true);
    const finished = (id: string) => jobs.find((job) => job.fileId === id)!.finishedAt!.getTime();
    const singleAt = finished(single.ids[0]!);
    const manyBefore = many.ids.filter((id) => finished(id) < singleAt).length;
    // At most: the files being read when it arrived (one per engine), the many's next one when it
    // ranks the same (older), and one more on each other engine while it is read (it takes the
    // first engine that frees, perhaps a new one: engines are replaced every few pages). Never the
    // many's queue: with 8 files and 2 engines, at least 4 are read after it.
    const engines = testApp.context.config.receiptReading.concurrency;
    expect(manyBefore).toBeLessThanOrEqual(2 * engines);
  }, 120_000);
});

describe('durable', () => {
  it('reads a file again in a new child when the child is killed in the middle of it', async () => {
    const uploaded = await uploadMany([{ name: 'scan.pdf', bytes: await scan(3) }], traveller.access);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = uploaded.ids[0]!;
    const heavy = heavyProcessOf(testApp.context);
    await until(async () => (await jobOf(fileId))?.status === 'running' && heavy.pid !== null);
    const pid = heavy.pid!;
    process.kill(pid, 'SIGKILL');
    await receiptReaderOf(testApp.context).idle();
    const job = await jobOf(fileId);
    expect(job).toMatchObject({ status: 'done', attempts: 2 });
    expect(heavy.pid).not.toBe(pid);
    const pages = await pagesOf(fileId);
    expect(pages.map((page) => page.status)).toEqual(['read', 'read', 'read']);
    expect(pages.map((page) => page.total).sort()).toEqual(['1000.00', '2000.00', '3000.00']);
  }, 120_000);

  it('finishes a reading the server was in the middle of when it stopped, after a restart', async () => {
    const uploaded = await uploadMany([{ name: 'scan2.pdf', bytes: await scan(4) }], traveller.access);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = uploaded.ids[0]!;
    await until(async () => (await jobOf(fileId))?.status === 'running');
    await testApp.app.close();
    // The stopping server put its job back in the queue; nothing was stored.
    expect(await jobOf(fileId)).toMatchObject({ status: 'pending', lockedBy: null, attempts: 1 });
    expect(await pagesOf(fileId)).toHaveLength(0);

    await restart();
    await receiptReaderOf(testApp.context).idle();
    expect(await jobOf(fileId)).toMatchObject({ status: 'done', attempts: 2 });
    expect((await pagesOf(fileId)).map((page) => page.status)).toEqual(['read', 'read', 'read', 'read']);
  }, 120_000);

  it('takes over a job left running by a server that died (kill -9): at once on the embedded database, once stale on a shared one', async () => {
    const { db } = testApp.context;
    await testApp.app.close();
    const upload = async (seed: number) => {
      const id = randomUUID();
      const bytes = await sharp(Buffer.from(TICKET_SVG(`${seed}.500,00`)))
        .png()
        .toBuffer();
      const { storageOf } = await import('../../src/server/services/storage');
      await storageOf(testApp.context).put(`${id.slice(0, 2)}/${id}.png`, bytes);
      await db.insert(storedFiles).values({
        id,
        voucherId: traveller.voucherId,
        originalName: 'ticket.png',
        contentType: 'image/png',
        size: bytes.length,
        sha256: String(seed).padStart(64, '0'),
        path: `${id.slice(0, 2)}/${id}.png`,
      });
      // What a killed server leaves: its job 'running', its heartbeat recent.
      await db.insert(readingJobs).values({
        fileId: id,
        voucherId: traveller.voucherId,
        status: 'running',
        attempts: 1,
        lockedBy: 'killed-instance',
        heartbeatAt: new Date(),
      });
      return id;
    };

    // One server per data directory (the embedded database): its orphans resume at the start.
    const embedded = await upload(7);
    const kind = testApp.context.databaseKind;
    testApp.context.databaseKind = 'embedded';
    try {
      await restart();
      await receiptReaderOf(testApp.context).idle();
    } finally {
      testApp.context.databaseKind = kind;
    }
    expect(await jobOf(embedded)).toMatchObject({ status: 'done', attempts: 2 });
    expect((await pagesOf(embedded))[0]).toMatchObject({ status: 'read', total: '7500.00' });

    // Several instances on one database: the job is taken over once its heartbeat is stale.
    await testApp.app.close();
    const shared = await upload(8);
    await restart({ ...DEFAULT_READER_OPTIONS, staleMs: 1500, pollMs: 200 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await jobOf(shared)).toMatchObject({ status: 'running', lockedBy: 'killed-instance' });
    await until(async () => (await jobOf(shared))?.status === 'done');
    expect((await pagesOf(shared))[0]).toMatchObject({ status: 'read', total: '8500.00' });
  }, 120_000);
});

describe('bounded', () => {
  it("queues a voucher's files up to its bound; the rest wait stored and are read as its queue drains", async () => {
    const settings = testApp.context.config.receiptReading;
    const before = settings.voucherQueue;
    settings.voucherQueue = 2;
    try {
      const uploaded = await uploadMany(
        await Promise.all(
          Array.from({ length: 5 }, async (_, index) => ({
            name: `p${index}.png`,
            bytes: await swatch(200 + index),
          })),
        ),
        other.access,
      );
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const queued = await testApp.context.db
        .select({ fileId: readingJobs.fileId })
        .from(readingJobs)
        .where(inArray(readingJobs.fileId, uploaded.ids));
      expect(queued.map((job) => job.fileId).sort()).toEqual(uploaded.ids.slice(0, 2).sort());
      await receiptReaderOf(testApp.context).idle();
      for (const id of uploaded.ids) expect(await pagesOf(id)).toHaveLength(1);
    } finally {
      settings.voucherQueue = before;
    }
  }, 120_000);

  it('answers a new upload 503 with Retry-After past the total bound, storing nothing', async () => {
    const { db } = testApp.context;
    const settings = testApp.context.config.receiptReading;
    const before = settings.totalQueue;
    settings.totalQueue = 1;
    // Another instance is reading a file (queued: counts towards the bound).
    const busy = randomUUID();
    await db.insert(storedFiles).values({
      id: busy,
      voucherId: other.voucherId,
      originalName: 'x.png',
      contentType: 'image/png',
      size: 1,
      sha256: '1'.repeat(64),
      path: `none/${busy}.png`,
    });
    await db.insert(readingJobs).values({
      fileId: busy,
      voucherId: other.voucherId,
      status: 'running',
      lockedBy: 'other-instance',
      heartbeatAt: new Date(Date.now() + 3_600_000),
    });
    const count = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(storedFiles)
          .where(and(eq(storedFiles.voucherId, traveller.voucherId)))
      )[0]!.n;
    try {
      const stored = await count();
      const refused = await uploadMany([{ name: 'ticket.png', bytes: await swatch(300) }], traveller.access);
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));
      // Issue 42: the Spanish detail, with its catalogue code and values for the traveller's language.
      expect(JSON.parse(refused.body)).toEqual({
        detail: messages.refund.uploadBusy(2),
        code: 'refund.uploadBusy',
        values: { minutes: 2 },
      });
      expect(await count()).toBe(stored);

      // The link's upload is refused the same way (before its link or files are read).
      const link = await testApp.app.inject({
        method: 'POST',
        url: '/api/upload_pending_doc/',
        payload: `--b\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--b--\r\n`,
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
      });
      expect(link.statusCode).toBe(503);
      expect(link.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS));

      // Under the bound again, uploads are taken.
      await db.delete(storedFiles).where(eq(storedFiles.id, busy));
      const taken = await uploadMany([{ name: 'ticket.png', bytes: await swatch(300) }], traveller.access);
      expect(taken.statusCode, taken.body).toBe(201);
    } finally {
      settings.totalQueue = before;
      await db.delete(storedFiles).where(eq(storedFiles.id, busy));
    }
    await receiptReaderOf(testApp.context).idle();
  }, 60_000);
});
