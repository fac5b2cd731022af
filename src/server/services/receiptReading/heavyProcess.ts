/**
 * The server's side of the heavy-work pool (issue 39): one child process (./readingWorker.ts)
 * forked on the first request, restarted on the next one if it died, stopped after a minute idle.
 * The server only moves bytes to it and answers from it; the child decodes, renders, hashes,
 * reads, writes xlsx and draws PDFs at a lower CPU priority (nice 10), never on the request's
 * event loop, and never with a database connection (the server reads what it needs first).
 *
 * - Lanes: `inspect` (an upload waits for it) is sent at once; `read` (a receipt's pages)
 *   runs at most `concurrency` files at a time (the reader never asks for more), so OCR never
 *   delays an upload's answer by more than the CPU it shares. `xlsx` is an export being written
 *   (one per export worker: rows go in a batch at a time, acknowledged once written; zipped
 *   parts come back). `pdf` (a voucher or a reservation's multivoucher) is bounded: past
 *   `pdfQueue` PDFs in the child at once, `pdf` throws `HeavyWorkBusy` and the route answers
 *   503 with Retry-After instead of queueing more.
 * - A watchdog per request: a child silent for longer than a page's time limit plus a margin
 *   (a page is answered, failed or timed out within it) is killed; its requests fail with
 *   `HeavyProcessStopped` and the next request starts a new child.
 * - Bundled (`npm start`), the child is `readingWorker.mjs` beside the server's own file; from the
 *   sources (tests, `npm run dev`) it is the .ts file, run through tsx.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '../../../contracts/messages';
import type { Inspection, Inspector } from '../files';
import type { XlsxCell, XlsxWriterOptions } from '../heavyWork/xlsxWriter';
import type { PdfBrand, VoucherPrintData } from '../voucherPrint';
import type { ReadPage } from './read';
import type { WorkerAnswer } from './readingWorker';

export class HeavyProcessStopped extends Error {}

/** The pool's bound on a lane is reached: the caller answers 503 with `retryAfterSeconds`. */
export class HeavyWorkBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('the heavy-work pool is busy');
  }
}

/** The child's V8 semi-space size in MB (see `start`). */
const CHILD_SEMI_SPACE_MB = 4;

/**
 * glibc's malloc settings for the server's processes (issue 39), the value `npm start` also gives
 * the server itself (package.json): two arenas instead of eight per core, and a fixed 128 KB mmap
 * threshold. By default glibc raises that threshold to the largest block freed (up to 32 MB), so
 * a decoded page, an upload's file or an export's batch is then carved from an arena and its pages
 * stay resident after it is freed. The upload flood's tree peaked at 838 MB PSS with glibc's
 * defaults and at 579-604 MB with these (bench/README.md).
 */
export const MALLOC_TUNABLES =
  'glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';

/** PDFs in the child at once, by default (each one is 15-300 ms of CPU: issue 40's figures). */
export const DEFAULT_PDF_QUEUE = 8;
/** The Retry-After of a PDF refused because the pool is busy. */
export const PDF_RETRY_AFTER_SECONDS = 5;

export interface HeavyProcessOptions {
  concurrency: number;
  pageTimeoutMs: number;
  /** A child with nothing to do stops after this long (its OCR engines are ~100 MB each). */
  idleMs?: number;
  /** PDFs in the child at once; past it `pdf` throws HeavyWorkBusy. */
  pdfQueue?: number;
}

/** An xlsx file being written in the child. */
export interface XlsxSession {
  /**
   * Resolves once the child has written these rows (the caller keeps a few in flight): cells, or
   * their JSON text (one string crosses the channel for the price of a copy; issue 39).
   */
  rows(rows: XlsxCell[][] | string): Promise<void>;
  /** Resolves after the last part was handed to `onPart`. */
  end(): Promise<void>;
  /** Drops the file (the job was lost or failed). */
  abort(): void;
}

export interface HeavyProcess {
  read(bytes: Buffer, contentType: string): Promise<{ pages: ReadPage[]; ocrPages: number }>;
  inspect(bytes: Buffer): Promise<Inspection>;
  xlsx(options: Omit<XlsxWriterOptions, 'onPart'>, onPart: (bytes: Buffer) => void): XlsxSession;
  /**
   * A PDF of vouchers; past the PDF bound it throws HeavyWorkBusy, or with `wait` (a mail, already
   * limited per user) waits for a place.
   */
  pdf(brand: PdfBrand, data: readonly VoucherPrintData[], title: string, wait?: boolean): Promise<Uint8Array>;
  /** The child's pid while it runs (tests kill it). */
  readonly pid: number | null;
  close(): Promise<void>;
}

/** The child's entry: the bundle's .mjs beside this file's bundle, else the .ts source. */
function workerEntry(): { file: string; execArgv: string[]; cwd?: string } {
  const bundled = fileURLToPath(new URL('./readingWorker.mjs', import.meta.url));
  if (existsSync(bundled)) return { file: bundled, execArgv: [] };
  const source = fileURLToPath(new URL('./readingWorker.ts', import.meta.url));
  // tsx is resolved from the checkout's node_modules (src/server/services/receiptReading → root).
  return {
    file: source,
    execArgv: ['--import', 'tsx'],
    cwd: path.resolve(path.dirname(source), '../../../..'),
  };
}

interface Pending {
  kind: 'read' | 'inspect' | 'xlsx' | 'pdf';
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** The messages of a session before its end (an xlsx's parts and acknowledgements). */
  onMessage?(answer: WorkerAnswer): void;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createHeavyProcess(options: HeavyProcessOptions): HeavyProcess {
  const idleMs = options.idleMs ?? 60_000;
  /** Silence past which the child is taken for stuck: a page's limit, plus decoding and start. */
  const silenceMs = options.pageTimeoutMs + 30_000;
  let child: ChildProcess | null = null;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  const pdfQueue = options.pdfQueue ?? DEFAULT_PDF_QUEUE;
  let pdfs = 0;
  /** PDFs waiting for a place (`wait`), woken one at a time as places free. */
  const pdfWaiting: (() => void)[] = [];
  let idleTimer: NodeJS.Timeout | undefined;
  let watchdog: NodeJS.Timeout | undefined;

  const failAll = (error: Error) => {
    for (const [id, request] of pending) {
      pending.delete(id);
      request.reject(error);
    }
  };

  const feedWatchdog = () => {
    clearTimeout(watchdog);
    if (pending.size === 0 || !child) return;
    const current = child;
    watchdog = setTimeout(() => {
      current.kill('SIGKILL');
    }, silenceMs);
    watchdog.unref();
  };

  const armIdle = () => {
    clearTimeout(idleTimer);
    if (pending.size > 0 || !child) return;
    const current = child;
    // An idle child does not keep the server's process alive (its IPC channel is a handle).
    current.channel?.unref();
    current.unref();
    idleTimer = setTimeout(() => {
      if (pending.size === 0 && child === current) {
        child = null;
        current.disconnect();
      }
    }, idleMs);
    idleTimer.unref();
  };

  const start = (): ChildProcess => {
    const entry = workerEntry();
    const started = fork(
      entry.file,
      [JSON.stringify({ concurrency: options.concurrency, pageTimeoutMs: options.pageTimeoutMs })],
      {
        // Issue 39: a young generation of 4 MB semi-spaces (16 by default). What the child
        // allocates per batch of an export (the rows' text, their XML), per page or per PDF dies
        // young; the default let the young generation alone take about 30 MB more resident
        // memory, and the server's tree has 300 MB for a million-row export.
        execArgv: [...entry.execArgv, `--max-semi-space-size=${CHILD_SEMI_SPACE_MB}`],
        cwd: entry.cwd,
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        // Issue 39: libvips' threads each get a glibc malloc arena by default (8 per core), and
        // glibc's growing mmap threshold keeps the memory of decoded pages long after they are
        // freed (see MALLOC_TUNABLES).
        env: { ...process.env, GLIBC_TUNABLES: process.env.GLIBC_TUNABLES ?? MALLOC_TUNABLES },
      },
    );
    started.on('message', (answer: WorkerAnswer) => {
      if (child === started) feedWatchdog();
      if (answer.type === 'progress' || !('id' in answer)) return;
      const request = pending.get(answer.id);
      if (!request) return;
      if (answer.type === 'xlsx-part' || answer.type === 'xlsx-ack') {
        request.onMessage?.(answer);
        return;
      }
      pending.delete(answer.id);
      if (answer.type === 'error') request.reject(new Error(answer.message));
      else if (answer.type === 'xlsx-done') request.resolve(undefined);
      else if (answer.type === 'pdf') request.resolve(answer.bytes);
      else if (answer.type === 'read') request.resolve({ pages: answer.pages, ocrPages: answer.ocrPages });
      else if (answer.type === 'inspect') {
        const inspection = answer.inspection;
        request.resolve(inspection.ok ? { ...inspection, bytes: asBuffer(inspection.bytes) } : inspection);
      }
      if (pending.size === 0) clearTimeout(watchdog);
      armIdle();
    });
    const gone = () => {
      if (child !== started) return;
      child = null;
      clearTimeout(watchdog);
      failAll(new HeavyProcessStopped('the heavy-work process stopped'));
    };
    started.on('exit', gone);
    started.on('error', gone);
    return started;
  };

  const request = <T>(
    kind: Pending['kind'],
    message: Record<string, unknown>,
    onMessage?: Pending['onMessage'],
  ): { id: number; answer: Promise<T> } => {
    const id = nextId++;
    if (closed) return { id, answer: Promise.reject(new HeavyProcessStopped('closed')) };
    clearTimeout(idleTimer);
    child ??= start();
    child.ref();
    child.channel?.ref();
    const answer = new Promise<T>((resolve, reject) => {
      pending.set(id, { kind, resolve: resolve as (value: unknown) => void, reject, onMessage });
    });
    child.send({ ...message, id });
    feedWatchdog();
    return { id, answer };
  };

  /** A further message of a session already open (its rows, its end); false when it is gone. */
  const sendTo = (id: number, message: Record<string, unknown>): boolean => {
    if (!pending.has(id) || !child?.connected) return false;
    child.send({ ...message, id });
    feedWatchdog();
    return true;
  };

  const xlsx: HeavyProcess['xlsx'] = (writer, onPart) => {
    /** Row batches sent and not yet written, oldest first (the child acknowledges them in order). */
    const acks: { resolve(): void; reject(error: Error): void }[] = [];
    let failure: Error | null = null;
    const { id, answer } = request<void>('xlsx', { type: 'xlsx-start', ...writer }, (message) => {
      if (message.type === 'xlsx-part') onPart(asBuffer(message.chunk));
      else if (message.type === 'xlsx-ack') acks.shift()?.resolve();
    });
    const done = answer.catch((error: unknown) => {
      failure ??= error instanceof Error ? error : new Error(String(error));
      for (const waiting of acks.splice(0)) waiting.reject(failure);
      throw failure;
    });
    // Observed by `end`; a failure before it is told to the row batches waiting.
    done.catch(() => {});
    return {
      rows(rows) {
        if (failure) return Promise.reject(failure);
        const written = new Promise<void>((resolve, reject) => acks.push({ resolve, reject }));
        if (!sendTo(id, { type: 'xlsx-rows', rows })) {
          acks.pop();
          return Promise.reject(failure ?? new HeavyProcessStopped('the heavy-work process stopped'));
        }
        return written;
      },
      async end() {
        if (failure) throw failure;
        sendTo(id, { type: 'xlsx-end' });
        await done;
      },
      abort() {
        const request = pending.get(id);
        if (!request) return;
        sendTo(id, { type: 'xlsx-abort' });
        pending.delete(id);
        request.reject(new HeavyProcessStopped('aborted'));
        if (pending.size === 0) clearTimeout(watchdog);
        armIdle();
      },
    };
  };

  return {
    read: (bytes, contentType) =>
      request<{ pages: ReadPage[]; ocrPages: number }>('read', { type: 'read', bytes, contentType }).answer,
    xlsx,
    async pdf(brand, data, title, wait = false) {
      while (pdfs >= pdfQueue) {
        if (!wait) throw new HeavyWorkBusy(PDF_RETRY_AFTER_SECONDS);
        await new Promise<void>((resolve) => pdfWaiting.push(resolve));
      }
      pdfs += 1;
      try {
        return await request<Uint8Array>('pdf', { type: 'pdf', brand, data, title }).answer;
      } finally {
        pdfs -= 1;
        pdfWaiting.shift()?.();
      }
    },
    async inspect(bytes) {
      const inspection = await request<Inspection>('inspect', { type: 'inspect', bytes }).answer;
      return inspection.ok && inspection.contentType === 'application/pdf'
        ? { ...inspection, bytes }
        : inspection;
    },
    get pid() {
      return child?.pid ?? null;
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      clearTimeout(watchdog);
      const current = child;
      child = null;
      failAll(new HeavyProcessStopped('closed'));
      if (!current || current.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.kill('SIGKILL');
      await exited;
    },
  };
}

const processes = new WeakMap<object, HeavyProcess>();

/** The app's heavy-work child (one per app, made on first use); `closeHeavyProcessOf` stops it. */
export function heavyProcessOf(context: {
  config: { receiptReading: { concurrency: number; pageTimeoutMs: number }; pdfQueue?: number };
}): HeavyProcess {
  let heavy = processes.get(context);
  if (!heavy) {
    const settings = context.config.receiptReading;
    heavy = createHeavyProcess({
      concurrency: settings.concurrency,
      pageTimeoutMs: settings.pageTimeoutMs,
      pdfQueue: context.config.pdfQueue,
    });
    processes.set(context, heavy);
  }
  return heavy;
}

/**
 * The upload check of this app in its heavy-work child (the interactive lane). A child that dies
 * during a check (another file killed it, or the file itself) gets the check once more in a new
 * child; a second death refuses the file as not decodable.
 */
export function inspectorOf(context: Parameters<typeof heavyProcessOf>[0]): Inspector {
  return async (bytes) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await heavyProcessOf(context).inspect(bytes);
      } catch (error) {
        if (!(error instanceof HeavyProcessStopped)) throw error;
        if (attempt >= 2) return { ok: false, problem: messages.refund.uploadNotDecodable };
      }
    }
  };
}

/**
 * A PDF of vouchers drawn in the app's heavy-work child (POST /pdfVoucher/, /pdfMultiVoucher/,
 * the multivoucher mail). A child that dies while drawing gets it once more in a new child;
 * past the pool's PDF bound it throws HeavyWorkBusy (the route's 503 with Retry-After).
 */
export async function renderPdfInPool(
  context: Parameters<typeof heavyProcessOf>[0],
  brand: PdfBrand,
  data: readonly VoucherPrintData[],
  title: string,
  wait = false,
): Promise<Uint8Array> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await heavyProcessOf(context).pdf(brand, data, title, wait);
    } catch (error) {
      if (!(error instanceof HeavyProcessStopped) || attempt >= 2) throw error;
    }
  }
}

/** Stops the app's child, if any (the app closes); a new app on the same context gets a new one. */
export async function closeHeavyProcessOf(context: object): Promise<void> {
  const heavy = processes.get(context);
  processes.delete(context);
  await heavy?.close();
}
