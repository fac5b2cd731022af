/**
 * Reading of stored receipts (issues 31 and 39, docs/receipt-reading.md). An upload stores its
 * files and queues their jobs in one transaction, then answers (`receiptReaderOf(context).schedule`,
 * ./queue.ts: a durable queue in `reading_jobs`). Each instance with RECEIPT_READING=true runs a
 * worker that claims jobs (fair per voucher, `FOR UPDATE SKIP LOCKED`), sends the file's bytes to
 * the heavy-work child process (./heavyProcess.ts, ./readingWorker.ts: pages rendered, hashed and
 * read by OCR at a lower CPU priority, with a time limit per page), and stores the pages with
 * their extracted figures (./extract.ts) in receipt_readings. Nothing here is awaited by a
 * request, and a failure is stored as status 'failed' (the traveller is then told nothing).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { messages } from '../../../contracts/messages';
import type { AppContext } from '../../context';
import type { Database, Transaction } from '../../db/client';
import { readingJobs, receiptReadings, storedFiles } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { metricsOf } from '../../http/metrics';
import { keptFileOf } from '../reencoding';
import { storageOf } from '../storage';
import { extractFields } from './extract';
import { closeHeavyProcessOf, type HeavyProcess, heavyProcessOf } from './heavyProcess';
import {
  beatReading,
  type ClaimedReading,
  claimReading,
  enqueueReadings,
  failExhaustedReadings,
  finishReading,
  type QueueBounds,
  queuedReadings,
  RETRY_AFTER_SECONDS,
  readingQueueFull,
  releaseOrphanReadings,
  releaseReading,
} from './queue';
import type { ReadPage } from './read';

export { type ReadPage, readPages } from './read';

export interface ReceiptReaderStats {
  /** Files whose pages went through OCR. */
  filesRead: number;
  /** Pages sent to OCR (in the heavy-work child). */
  pagesRead: number;
  /** Files that took the reading of an identical file of the same voucher (no OCR). */
  filesCopied: number;
}

export interface ReaderOptions {
  /** How often an idle worker looks for jobs other instances queued. */
  pollMs: number;
  /** A running job whose heartbeat is older than this is claimed again (its instance died). */
  staleMs: number;
  /** How often a running job beats its heartbeat. */
  heartbeatMs: number;
  /** A job interrupted this many times (a file that kills the child) ends as failed. */
  maxAttempts: number;
}

export const DEFAULT_READER_OPTIONS: ReaderOptions = {
  pollMs: 2000,
  staleMs: 60_000,
  heartbeatMs: 10_000,
  maxAttempts: 3,
};

export interface ReceiptReader {
  /** This worker's id (`reading_jobs.locked_by`). */
  readonly id: string;
  /**
   * Queues files of one voucher in `db`, the upload's transaction (up to the voucher's bound: the
   * rest wait, stored, for its queue to drain); call `wake` once it is committed.
   */
  schedule(db: Database | Transaction, voucherId: number, fileIds: readonly string[]): Promise<void>;
  /** Looks for jobs now (after an upload committed some). */
  wake(): void;
  /** Starts taking jobs (the app is ready): on the embedded database, orphans are released first. */
  start(logger: FastifyBaseLogger): Promise<void>;
  /** What this reader did so far (tests, the bench). */
  readonly stats: Readonly<ReceiptReaderStats>;
  /** Resolves when no job is queued or running (tests). */
  idle(): Promise<void>;
  /** Stops taking jobs, stops the child, puts this worker's running job back in the queue. */
  close(): Promise<void>;
}

const readers = new WeakMap<AppContext, ReceiptReader>();

/** The queue's bounds from the configuration. */
export const boundsOf = (context: AppContext): QueueBounds => ({
  voucherQueue: context.config.receiptReading.voucherQueue,
  totalQueue: context.config.receiptReading.totalQueue,
});

function createReader(context: AppContext, options: ReaderOptions): ReceiptReader {
  let reader: ReceiptReader;
  const settings = context.config.receiptReading;
  const id = randomUUID();
  let log: FastifyBaseLogger | undefined;
  let closed = false;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  /** The lanes taking jobs now (at most `concurrency`). */
  const lanes = new Set<Promise<void>>();
  let again = false;
  const stats: ReceiptReaderStats = { filesRead: 0, pagesRead: 0, filesCopied: 0 };

  /**
   * Each receipt read once: a file whose stored bytes (sha256) equal those of a file of the SAME
   * voucher already read takes that reading (the claim dialog's early copy, then the claim's own
   * upload at 'Confirmar'; the pending-documents page likewise). Scoped to the voucher, so nothing
   * is learnt about other travellers' files (not even by timing). A reading with a failed page
   * (a time limit, a broken engine) is not copied: that file is read again.
   */
  const copyReading = async (job: ClaimedReading, sha256: string): Promise<boolean> => {
    const [source] = await context.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.voucherId, job.voucherId),
          eq(storedFiles.sha256, sha256),
          ne(storedFiles.id, job.fileId),
          sql`exists (select 1 from ${receiptReadings} where ${receiptReadings.fileId} = ${storedFiles.id})`,
          sql`not exists (select 1 from ${receiptReadings} where ${receiptReadings.fileId} = ${storedFiles.id} and ${receiptReadings.status} = 'failed')`,
        ),
      )
      .orderBy(storedFiles.createdAt)
      .limit(1);
    if (!source) return false;
    const rows = await context.db.select().from(receiptReadings).where(eq(receiptReadings.fileId, source.id));
    await context.db.transaction(async (tx) => {
      await tx
        .insert(receiptReadings)
        .values(rows.map(({ readAt: _readAt, ...row }) => ({ ...row, fileId: job.fileId })))
        .onConflictDoNothing();
      await finishReading(tx, job, id, boundsOf(context));
    });
    stats.filesCopied += 1;
    return true;
  };

  /** Stores the pages read and ends the job, in one transaction. */
  const store = async (job: ClaimedReading, pages: readonly ReadPage[]) => {
    await context.db.transaction(async (tx) => {
      await tx
        .insert(receiptReadings)
        .values(
          pages.map((page) => {
            const fields = extractFields(page.text, { ocrConfidence: page.ocrConfidence });
            return {
              fileId: job.fileId,
              page: page.page,
              status: page.status,
              text: page.text.slice(0, 20_000),
              ocrConfidence: page.ocrConfidence,
              total: fields.total,
              totalConfidence: fields.totalConfidence,
              date: fields.date,
              dateConfidence: fields.dateConfidence,
              currency: fields.currency,
              currencyConfidence: fields.currencyConfidence,
              taxId: fields.taxId,
              taxIdKind: fields.taxIdKind,
              taxIdConfidence: fields.taxIdConfidence,
              dhash: page.dhash,
              milliseconds: page.milliseconds,
            };
          }),
        )
        .onConflictDoNothing();
      await finishReading(tx, job, id, boundsOf(context));
    });
  };

  /** Reads one claimed file. No connection or transaction is held while the child reads. */
  const readJob = async (job: ClaimedReading): Promise<'ok' | 'interrupted'> => {
    // Issue 39: an image stored as sent is re-encoded first (in the child); the reading is of
    // the kept bytes. A child that stops meanwhile puts the job back, as a reading would.
    let file: Awaited<ReturnType<typeof keptFileOf>>;
    try {
      file = await keptFileOf(context, job.fileId);
    } catch (error) {
      log?.warn({ err: error, file: job.fileId }, 'image re-encoding interrupted; the file is queued again');
      await releaseReading(context.db, job.fileId, id);
      return 'interrupted';
    }
    // The file was removed meanwhile: its job went with it (on delete cascade).
    if (!file) return 'ok';
    if (file.reencoding === 'refused') {
      await store(job, [
        { page: 0, status: 'failed', text: '', ocrConfidence: 0, dhash: null, milliseconds: 0 },
      ]);
      return 'ok';
    }
    const done = await context.db
      .select({ page: receiptReadings.page })
      .from(receiptReadings)
      .where(eq(receiptReadings.fileId, job.fileId))
      .limit(1);
    if (done.length > 0) {
      await finishReading(context.db, job, id, boundsOf(context));
      return 'ok';
    }
    if (await copyReading(job, file.sha256)) return 'ok';
    const bytes = await storageOf(context).get(file.path);
    if (!bytes) {
      await store(job, [
        { page: 0, status: 'failed', text: '', ocrConfidence: 0, dhash: null, milliseconds: 0 },
      ]);
      return 'ok';
    }
    if (closed) {
      await releaseReading(context.db, job.fileId, id);
      return 'interrupted';
    }
    stats.filesRead += 1;
    let lost = false;
    const beating = setInterval(() => {
      beatReading(context.db, job.fileId, id)
        .then((ours) => {
          if (!ours) lost = true;
        })
        .catch(() => {});
    }, options.heartbeatMs);
    beating.unref();
    let result: Awaited<ReturnType<HeavyProcess['read']>>;
    try {
      result = await heavyProcessOf(context).read(bytes, file.contentType);
    } catch (error) {
      // The child stopped (the app closes, or it died: it is started again for the next job) or
      // could not read the file: the job goes back to the queue, and fails after maxAttempts.
      log?.warn({ err: error, file: job.fileId }, 'receipt reading interrupted; the file is queued again');
      await releaseReading(context.db, job.fileId, id);
      return 'interrupted';
    } finally {
      clearInterval(beating);
    }
    stats.pagesRead += result.ocrPages;
    if (lost && closed) return 'interrupted';
    await store(job, result.pages);
    return 'ok';
  };

  /** One lane: claims and reads jobs until none is left. */
  const lane = async () => {
    for (;;) {
      if (closed) return;
      const job = await claimReading(context.db, id, options.staleMs);
      if (!job) return;
      const began = performance.now();
      // Issue 41: the reading's duration for /metrics (with METRICS_TOKEN); released to the queue
      // (the app closes, the child stopped) is 'interrupted'.
      let outcome: 'ok' | 'interrupted' = 'interrupted';
      try {
        outcome = await readJob(job);
      } finally {
        metricsOf(context)?.readingFinished((performance.now() - began) / 1000, outcome);
      }
    }
  };

  const tick = () => {
    if (closed || !started) return;
    clearTimeout(timer);
    if (lanes.size > 0) again = true;
    while (lanes.size < settings.concurrency) {
      const running: Promise<void> = lane()
        .catch((error: unknown) => log?.error({ err: error }, 'receipt reading failed'))
        .finally(() => {
          lanes.delete(running);
          if (closed || lanes.size > 0) return;
          if (again) {
            again = false;
            tick();
          } else timer = setTimeout(sweep, options.pollMs).unref();
        });
      lanes.add(running);
    }
  };

  /** Between polls: ends jobs interrupted too often, then looks for work. */
  const sweep = () => {
    failExhaustedReadings(context.db, options.maxAttempts, options.staleMs, boundsOf(context))
      .then((failed) => {
        if (failed.length) log?.error({ files: failed }, 'receipt reading failed too many times');
      })
      .catch(() => {})
      .finally(tick);
  };

  reader = {
    id,
    stats,
    async schedule(db, voucherId, fileIds) {
      if (!settings.enabled) return;
      await enqueueReadings(db, voucherId, fileIds, boundsOf(context));
    },
    wake() {
      if (lanes.size > 0) again = true;
      else tick();
    },
    async start(logger) {
      if (!settings.enabled || started || closed) return;
      log = logger;
      started = true;
      if (context.databaseKind === 'embedded') {
        const released = await releaseOrphanReadings(context.db);
        if (released) log?.info({ released }, 'receipt readings interrupted by the last stop are resumed');
      }
      sweep();
    },
    async idle() {
      if (!settings.enabled) return;
      for (;;) {
        while (lanes.size > 0) await Promise.all([...lanes]);
        if ((await queuedReadings(context.db)) === 0 && lanes.size === 0) return;
        reader.wake();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      // An app built again on the same context (a restart) gets a new reader and child.
      if (readers.get(context) === reader) readers.delete(context);
      await closeHeavyProcessOf(context);
      while (lanes.size > 0) await Promise.all([...lanes]);
      if (!started) return;
      // The job this worker was reading goes back to the queue at once.
      await context.db
        .update(readingJobs)
        .set({ status: 'pending', lockedBy: null, heartbeatAt: null })
        .where(and(eq(readingJobs.lockedBy, id), eq(readingJobs.status, 'running')))
        .catch(() => {});
    },
  };
  return reader;
}

/**
 * Issue 39 'Bounded': refuses a new upload with a 503 and Retry-After while the reading queue is
 * at its total bound (nothing of the upload is read or stored).
 */
export async function refuseWhenReadingQueueFull(context: AppContext, reply: FastifyReply): Promise<void> {
  if (!context.config.receiptReading.enabled) return;
  if (!(await readingQueueFull(context.db, boundsOf(context)))) return;
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  const minutes = Math.ceil(RETRY_AFTER_SECONDS / 60);
  throw new HttpError(503, messages.refund.uploadBusy(minutes), {
    code: 'refund.uploadBusy',
    values: { minutes },
  });
}

/** The reader of this app (one worker and child per app). `options` apply when it is made (tests). */
export function receiptReaderOf(
  context: AppContext,
  options: ReaderOptions = DEFAULT_READER_OPTIONS,
): ReceiptReader {
  let reader = readers.get(context);
  if (!reader) {
    reader = createReader(context, options);
    readers.set(context, reader);
  }
  return reader;
}
