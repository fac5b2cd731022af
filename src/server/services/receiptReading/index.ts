/**
 * Reading of stored receipts (issue 31, docs/receipt-reading.md). An upload answers first; then
 * `receiptReaderOf(context).schedule(ids)` queues its files, read one file at a time, each page in
 * the OCR pool's worker threads (./ocr.ts) with its time limit, hashed (./hash.ts) and its figures
 * extracted (./extract.ts), stored in receipt_readings. Nothing here is awaited by a request, and
 * a failure is stored as status 'failed' (the traveller is then told nothing).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { receiptReadings, storedFiles } from '../../db/schema';
import { storageOf } from '../storage';
import { extractFields } from './extract';
import { perceptualHash } from './hash';
import { createOcrPool, type OcrPool } from './ocr';
import { pageImagesOf } from './pages';

export interface ReadPage {
  page: number;
  status: 'read' | 'unreadable' | 'failed';
  text: string;
  ocrConfidence: number;
  dhash: string | null;
  milliseconds: number;
}

/** Reads the pages of one file's bytes (no database): the pure part of the reading, used by the bench. */
export async function readPages(pool: OcrPool, bytes: Buffer, contentType: string): Promise<ReadPage[]> {
  const images = await pageImagesOf(bytes, contentType);
  return Promise.all(
    images.map(async (image, page): Promise<ReadPage> => {
      const empty = { page, text: '', ocrConfidence: 0, dhash: null, milliseconds: 0 };
      if (image === null) return { ...empty, status: 'unreadable' };
      let dhash: string | null = null;
      try {
        dhash = await perceptualHash(image);
        const ocr = await pool.read(image);
        const fields = extractFields(ocr.text);
        const found = fields.total !== null || fields.date !== null;
        return {
          page,
          status: found ? 'read' : 'unreadable',
          text: ocr.text,
          ocrConfidence: ocr.confidence,
          dhash,
          milliseconds: ocr.milliseconds,
        };
      } catch {
        return { ...empty, dhash, status: 'failed' };
      }
    }),
  );
}

export interface ReceiptReaderStats {
  /** Files whose pages went through OCR. */
  filesRead: number;
  /** Pages sent to the OCR pool's worker threads. */
  pagesRead: number;
  /** Files that took the reading of an identical file of the same voucher (no OCR). */
  filesCopied: number;
}

export interface ReceiptReader {
  /** Queues files to read; returns at once. */
  schedule(fileIds: readonly string[]): void;
  /** What this reader did so far (tests, the bench). */
  readonly stats: Readonly<ReceiptReaderStats>;
  /** Resolves when every file queued so far has been read (tests, shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const readers = new WeakMap<AppContext, ReceiptReader>();

function createReader(context: AppContext): ReceiptReader {
  let reader: ReceiptReader;
  const settings = context.config.receiptReading;
  let pool: OcrPool | null = null;
  let chain: Promise<void> = Promise.resolve();
  let closed = false;
  const stats: ReceiptReaderStats = { filesRead: 0, pagesRead: 0, filesCopied: 0 };

  /**
   * Each receipt read once: a file whose stored bytes (sha256) equal those of a file of the SAME
   * voucher already read takes that reading (the claim dialog's early copy, then the claim's own
   * upload at 'Confirmar'; the pending-documents page likewise). Scoped to the voucher, so nothing
   * is learnt about other travellers' files (not even by timing). A reading with a failed page
   * (a time limit, a broken engine) is not copied: that file is read again.
   */
  const copyReading = async (fileId: string, voucherId: number, sha256: string): Promise<boolean> => {
    const [source] = await context.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.voucherId, voucherId),
          eq(storedFiles.sha256, sha256),
          ne(storedFiles.id, fileId),
          sql`exists (select 1 from ${receiptReadings} where ${receiptReadings.fileId} = ${storedFiles.id})`,
          sql`not exists (select 1 from ${receiptReadings} where ${receiptReadings.fileId} = ${storedFiles.id} and ${receiptReadings.status} = 'failed')`,
        ),
      )
      .orderBy(storedFiles.createdAt)
      .limit(1);
    if (!source) return false;
    const rows = await context.db.select().from(receiptReadings).where(eq(receiptReadings.fileId, source.id));
    await context.db
      .insert(receiptReadings)
      .values(rows.map(({ readAt: _readAt, ...row }) => ({ ...row, fileId })))
      .onConflictDoNothing();
    stats.filesCopied += 1;
    return true;
  };

  const readFile = async (fileId: string) => {
    if (closed) return;
    const [file] = await context.db
      .select({
        path: storedFiles.path,
        contentType: storedFiles.contentType,
        voucherId: storedFiles.voucherId,
        sha256: storedFiles.sha256,
      })
      .from(storedFiles)
      .where(eq(storedFiles.id, fileId));
    if (!file) return;
    const done = await context.db
      .select({ page: receiptReadings.page })
      .from(receiptReadings)
      .where(eq(receiptReadings.fileId, fileId))
      .limit(1);
    if (done.length > 0) return;
    if (await copyReading(fileId, file.voucherId, file.sha256)) return;
    const bytes = await storageOf(context).get(file.path);
    if (!bytes || closed) return;
    pool ??= createOcrPool({ concurrency: settings.concurrency, pageTimeoutMs: settings.pageTimeoutMs });
    const ocr = pool;
    stats.filesRead += 1;
    const counted: OcrPool = {
      read: (image) => {
        stats.pagesRead += 1;
        return ocr.read(image);
      },
      get busy() {
        return ocr.busy;
      },
      close: () => ocr.close(),
    };
    const pages = await readPages(counted, bytes, file.contentType);
    if (closed) return;
    await context.db
      .insert(receiptReadings)
      .values(
        pages.map((page) => {
          const fields = extractFields(page.text, { ocrConfidence: page.ocrConfidence });
          return {
            fileId,
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
  };

  reader = {
    stats,
    schedule(fileIds) {
      if (!settings.enabled || closed) return;
      for (const fileId of fileIds) {
        chain = chain
          .then(() => readFile(fileId))
          // The file may be gone (removed, expired) or the app closing: nothing to tell anyone.
          .catch(() => {});
      }
    },
    async idle() {
      // Files queued while waiting are waited for too.
      let current: Promise<void>;
      do {
        current = chain;
        await current;
      } while (current !== chain);
    },
    async close() {
      closed = true;
      // An app built again on the same context (a restart) gets a new reader.
      if (readers.get(context) === reader) readers.delete(context);
      await pool?.close();
      await chain;
    },
  };
  return reader;
}

/** The reader of this app (one queue and OCR pool per app). */
export function receiptReaderOf(context: AppContext): ReceiptReader {
  let reader = readers.get(context);
  if (!reader) {
    reader = createReader(context);
    readers.set(context, reader);
  }
  return reader;
}
