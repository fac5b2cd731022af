/**
 * The heavy-work child process (issue 39), forked by ./heavyProcess.ts: off the server's process
 * and at a lower CPU priority than request handling; the one pool of the product's heavy work
 * (receipts, xlsx exports, voucher PDFs). It lowers its own priority before anything
 * else loads (on Linux a nice value is per thread and threads inherit their creator's: the
 * tesseract worker threads, libuv's pool and libvips' threads are all made later), then answers
 * the server's messages:
 * - `inspect` (the interactive lane, an upload waits for it): decode, check and re-encode an
 *   upload (services/files.ts `inspectUpload`); never queued behind OCR pages.
 * - `read`: a stored receipt's pages (PDF page images, grey and sized by sharp, hashed, read by
 *   tesseract in at most `concurrency` worker threads with the per-page time limit; ./read.ts).
 *   A `progress` message follows each page, so the server knows the child is alive.
 * - `xlsx-start`, `xlsx-rows`, `xlsx-end`, `xlsx-abort`: an export's file (../heavyWork/xlsxWriter.ts);
 *   each batch of rows is acknowledged once written, zipped parts go back as `xlsx-part`.
 * - `pdf`: vouchers drawn by ../voucherPrint.ts from data the server loaded.
 * The server's event loop only moves bytes. The child exits when the server goes (its IPC channel
 * closes), so a server killed with kill -9 leaves nothing behind.
 */
import os from 'node:os';
import { scheduleMallocTrim } from '../../mallocTrim';
import { createUploadCheckGate } from './ocr';

os.setPriority(10);

// Threads that already exist (V8's platform threads, started with the process) are lowered too.
try {
  const { readdirSync } = await import('node:fs');
  for (const task of readdirSync('/proc/self/task')) {
    try {
      os.setPriority(Number(task), 10);
    } catch {
      // A thread that ended meanwhile.
    }
  }
} catch {
  // Not Linux: the process's priority is all there is.
}

const options = JSON.parse(process.argv[2] ?? '{}') as { concurrency?: number; pageTimeoutMs?: number };

/**
 * Issue 39: while uploads are being checked (an `inspect` in the last UPLOAD_CHECKS_QUIET_MS),
 * OCR reads with one engine. Checks come in bursts when uploads end (each image stored as sent is
 * decoded and re-encoded here), while the server still holds the uploads' bytes: the burst gets
 * the other core and the memory of the second engine (60-100 MB), and the readings it delays
 * catch up on two engines once the burst is over.
 */
const UPLOAD_CHECKS_QUIET_MS = 5_000;
const uploadChecks = createUploadCheckGate(options.concurrency ?? 1, UPLOAD_CHECKS_QUIET_MS, () => {
  void receiptModules?.then(({ pool }) => pool.refresh());
});
// The receipt modules (sharp, pdf.js, tesseract) load on the first reading or upload check: a
// child started for an export or a PDF does not pay for them.
let receiptModules:
  | Promise<{
      pool: import('./ocr').OcrPool;
      readPages: typeof import('./read').readPages;
      inspectUpload: typeof import('../files').inspectUpload;
    }>
  | undefined;
const receipts = () =>
  (receiptModules ??= Promise.all([
    import('./ocr'),
    import('./read'),
    import('../files'),
    import('sharp'),
  ]).then(([{ createOcrPool }, { readPages }, { inspectUpload }, { default: sharp }]) => {
    // Issue 39: one page at a time, nothing kept: libvips' cache of decoded images (50 MB by
    // default) and a thread per core only add resident memory to a child that works alone.
    sharp.cache(false);
    sharp.concurrency(1);
    return {
      pool: createOcrPool({
        concurrency: options.concurrency ?? 1,
        pageTimeoutMs: options.pageTimeoutMs,
        engineLimit: uploadChecks.engineLimit,
      }),
      readPages,
      inspectUpload,
    };
  }));

export type WorkerRequest =
  | { type: 'read'; id: number; bytes: Uint8Array; contentType: string }
  | { type: 'inspect'; id: number; bytes: Uint8Array }
  | ({ type: 'xlsx-start'; id: number } & Omit<import('../heavyWork/xlsxWriter').XlsxWriterOptions, 'onPart'>)
  | { type: 'xlsx-rows'; id: number; rows: import('../heavyWork/xlsxWriter').XlsxCell[][] | string }
  | { type: 'xlsx-end'; id: number }
  | { type: 'xlsx-abort'; id: number }
  | {
      type: 'pdf';
      id: number;
      brand: import('../voucherPrint').PdfBrand;
      data: import('../voucherPrint').VoucherPrintData[];
      title: string;
    };

export type WorkerAnswer =
  | { type: 'progress'; id: number }
  | { type: 'read'; id: number; pages: import('./read').ReadPage[]; ocrPages: number }
  | { type: 'inspect'; id: number; inspection: import('../files').Inspection }
  | { type: 'xlsx-part'; id: number; chunk: Uint8Array }
  | { type: 'xlsx-ack'; id: number }
  | { type: 'xlsx-done'; id: number }
  | { type: 'pdf'; id: number; bytes: Uint8Array }
  | { type: 'error'; id: number; message: string };

const send = (answer: WorkerAnswer) => process.send?.(answer);
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The xlsx files being written, by request id; a file's messages are handled in order. */
const xlsxFiles = new Map<
  number,
  { writer: Promise<import('../heavyWork/xlsxWriter').XlsxWriter>; chain: Promise<void> }
>();
const failed = (id: number, error: unknown) =>
  send({ type: 'error', id, message: error instanceof Error ? error.message : String(error) });

function xlsxMessage(request: WorkerRequest & { type: `xlsx-${string}` }) {
  if (request.type === 'xlsx-start') {
    const { id, type: _type, ...writerOptions } = request;
    const writer = import('../heavyWork/xlsxWriter').then(({ createXlsxWriter }) =>
      createXlsxWriter({ ...writerOptions, onPart: (chunk) => send({ type: 'xlsx-part', id, chunk }) }),
    );
    xlsxFiles.set(id, { writer, chain: writer.then(() => undefined) });
    return;
  }
  const file = xlsxFiles.get(request.id);
  if (!file) return;
  if (request.type === 'xlsx-abort') {
    xlsxFiles.delete(request.id);
    return;
  }
  file.chain = file.chain
    .then(async () => {
      if (!xlsxFiles.has(request.id)) return;
      const writer = await file.writer;
      if (request.type === 'xlsx-rows') {
        await writer.rows(request.rows);
        send({ type: 'xlsx-ack', id: request.id });
      } else {
        await writer.end();
        xlsxFiles.delete(request.id);
        send({ type: 'xlsx-done', id: request.id });
      }
    })
    .catch((error: unknown) => {
      xlsxFiles.delete(request.id);
      failed(request.id, error);
    });
}

process.on('message', (request: WorkerRequest) => {
  // What a page, an image or a batch leaves free inside malloc's heaps goes back to the system
  // (at most once a second, mallocTrim.ts).
  scheduleMallocTrim();
  if (request.type.startsWith('xlsx-')) {
    xlsxMessage(request as WorkerRequest & { type: `xlsx-${string}` });
    return;
  }
  void (async () => {
    try {
      if (request.type === 'pdf') {
        const { renderVouchersPdf } = await import('../voucherPrint');
        const bytes = await renderVouchersPdf(request.brand, request.data, request.title);
        send({ type: 'pdf', id: request.id, bytes });
        return;
      }
      const { pool, readPages, inspectUpload } = await receipts();
      if (request.type === 'inspect') {
        uploadChecks.checkSeen();
        const inspection = await inspectUpload(bufferOf(request.bytes)).finally(uploadChecks.checkSeen);
        // A PDF is kept as sent: the server keeps its bytes, they need not travel back.
        const answer =
          inspection.ok && inspection.contentType === 'application/pdf'
            ? { ...inspection, bytes: Buffer.alloc(0) }
            : inspection;
        send({ type: 'inspect', id: request.id, inspection: answer });
        return;
      }
      let ocrPages = 0;
      const counted = {
        read: async (image: Buffer) => {
          ocrPages += 1;
          try {
            return await pool.read(image);
          } finally {
            send({ type: 'progress', id: request.id });
            // A page leaves the engine thread's malloc heap with free holes (about 16 MB over two
            // pages): given back after each page, not only at the file's end.
            scheduleMallocTrim();
          }
        },
      };
      if (request.type !== 'read') return;
      const pages = await readPages(counted, bufferOf(request.bytes), request.contentType);
      send({ type: 'read', id: request.id, pages, ocrPages });
    } catch (error) {
      send({
        type: 'error',
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
      });
    } finally {
      scheduleMallocTrim();
    }
  })();
});

// The server is gone (closed, or killed): nothing to answer to.
process.on('disconnect', () => {
  void (receiptModules ? receiptModules.then(({ pool }) => pool.close()) : Promise.resolve()).finally(() =>
    process.exit(0),
  );
  setTimeout(() => process.exit(0), 2000).unref();
});

send({ type: 'ready' } as never);
