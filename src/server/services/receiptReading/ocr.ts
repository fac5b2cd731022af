/**
 * OCR of receipt pages (issue 31) with tesseract.js: each engine is a Node worker thread (never
 * the event loop), at most `concurrency` of them, a queue in front, and a time limit per page (an
 * engine past it is terminated and replaced). The Spanish trained data is read from the
 * @tesseract.js-data/spa package in node_modules: nothing is fetched at run time. Engines start on
 * the first page and stop after a minute idle (about 100 MB each).
 *
 * An engine is also replaced after `pagesPerEngine` pages (issue 39; 4 by default): its
 * WebAssembly memory only grows (32 MB after one receipt page, 47 after two; 66 MB each at the
 * upload flood's peak when replaced every 6 pages), and only ending the engine gives it back. A
 * new engine costs 0.3-0.45 s of CPU, and its first page 0.5 s more when no other engine has run
 * the code hot, against 1.2-1.6 s a page. Under the upload flood (bench/README.md), every 2 pages
 * left the last readings 105 to just over 120 s after it (budget 120), every 3 pages 98-109 s,
 * every 6 pages 93-104 s with tree peaks of 481 and 500 MB (budget 500). With one engine during
 * upload checks (`createUploadCheckGate` below, as readingWorker.ts uses it), every 3 pages left them 106 and 109 s after,
 * every 4 pages 99-106 s, with peaks of 456-468 MB.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';

export interface OcrResult {
  text: string;
  /** Tesseract's mean confidence, 0..100. */
  confidence: number;
  milliseconds: number;
}

export class OcrTimeoutError extends Error {}

export interface OcrPoolOptions {
  concurrency?: number;
  pageTimeoutMs?: number;
  idleMs?: number;
  /** Pages an engine reads before it is replaced (its memory given back). */
  pagesPerEngine?: number;
  /**
   * Engines allowed at this moment (at most `concurrency`); asked before each page. An engine past
   * it is stopped when its page ends, not kept idle. `refresh` after the answer may have grown.
   */
  engineLimit?: () => number;
}

export interface OcrPool {
  read(image: Buffer): Promise<OcrResult>;
  /** Pages waiting or being read. */
  readonly busy: number;
  /** Engines started since the pool was made (a replaced or idle-stopped engine counts again). */
  readonly enginesStarted: number;
  /** Engines alive now (reading, starting or idle). */
  readonly enginesAlive: number;
  /** Starts pages waiting for an engine the limit now allows. */
  refresh(): void;
  close(): Promise<void>;
}

/** The folder of spa.traineddata.gz (LSTM 'best_int' model) inside node_modules. */
export function languageDataPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@tesseract.js-data/spa/package.json')), '4.0.0_best_int');
}

/** Longest side a page is read at: enough for receipt text, bounded in time. */
const MAX_SIDE = 2200;
/** A page smaller than this is enlarged (tesseract wants x-heights around 20 px). */
const MIN_SIDE = 1000;

/** Grey, bounded page bytes for the engine (sharp works on libuv's threads, not the event loop). */
export async function preparePage(image: Buffer): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const page = sharp(image, { limitInputPixels: 40_000_000 }).rotate().greyscale();
  const { width = 0, height = 0 } = await sharp(image, { limitInputPixels: 40_000_000 }).metadata();
  const longest = Math.max(width, height);
  const target = longest > MAX_SIDE ? MAX_SIDE : longest < MIN_SIDE ? MIN_SIDE : null;
  const sized = target
    ? page.resize(
        width >= height ? { width: target, kernel: 'lanczos3' } : { height: target, kernel: 'lanczos3' },
      )
    : page;
  return sized.png({ compressionLevel: 1 }).toBuffer();
}

/** Where tesseract.js writes the model and each page in an engine's in-memory file system. */
const TRAINED_DATA_FILE = '/spa.traineddata';
const PAGE_FILE = '/input';

/**
 * Removes a file from the engine's in-memory file system (issue 39: it is held in the engine
 * thread's heap until then). A file already gone, or a path a later tesseract.js version moved,
 * only leaves those bytes in place.
 */
async function forget(worker: Worker, file: string): Promise<void> {
  await worker.FS('unlink', [file]).catch(() => {});
}

/** An engine (a worker thread) with the Spanish model loaded. */
export async function startEngine(): Promise<Worker> {
  const { createWorker, OEM } = await import('tesseract.js');
  const worker = await createWorker('spa', OEM.LSTM_ONLY, {
    langPath: languageDataPath(),
    gzip: true,
    cacheMethod: 'none',
    errorHandler: () => {},
  });
  // The engine read its model at start; the copy in its in-memory file system (3.4 MB) is not
  // read again.
  await forget(worker, TRAINED_DATA_FILE);
  return worker;
}

/** One prepared page read by `worker`; its copy in the engine's file system is removed after. */
export async function recognizePage(worker: Worker, prepared: Buffer) {
  const result = await worker.recognize(prepared);
  await forget(worker, PAGE_FILE);
  return result;
}

interface Slot {
  worker: Promise<Worker> | null;
  idle: NodeJS.Timeout | null;
  /** Pages the current engine has read. */
  pages: number;
  /** The previous engine's end: a new one starts after it, so two never hold memory at once. */
  retiring: Promise<void>;
}

/**
 * Issue 39: the engines OCR may use around upload checks. After each check (`checkSeen`, at its
 * start and its end) and for `quietMs` after the last one, the limit is one engine; then it is
 * `concurrency` again. `onChange` runs at each check and once the checks have been quiet
 * `quietMs` (50 ms later): the pool's `refresh`, which stops a second engine or starts the pages
 * waiting.
 */
export function createUploadCheckGate(concurrency: number, quietMs: number, onChange: () => void) {
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let quiet: NodeJS.Timeout | undefined;
  return {
    engineLimit: () => (Date.now() - lastCheckAt < quietMs ? 1 : concurrency),
    checkSeen() {
      lastCheckAt = Date.now();
      onChange();
      clearTimeout(quiet);
      // A little after the window: a timer may fire a few ms early against the wall clock.
      quiet = setTimeout(onChange, quietMs + 50);
      quiet.unref();
    },
  };
}

/** Pages an engine reads before it is replaced, by default (see the header). */
export const DEFAULT_PAGES_PER_ENGINE = 4;

interface Job {
  image: Buffer;
  resolve(result: OcrResult): void;
  reject(error: unknown): void;
}

export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const concurrency = options.concurrency ?? 1;
  const pageTimeoutMs = options.pageTimeoutMs ?? 30_000;
  const idleMs = options.idleMs ?? 60_000;
  const pagesPerEngine = options.pagesPerEngine ?? DEFAULT_PAGES_PER_ENGINE;
  const engineLimit = () => Math.max(1, Math.min(concurrency, options.engineLimit?.() ?? concurrency));
  const free: Slot[] = Array.from({ length: concurrency }, () => ({
    worker: null,
    idle: null,
    pages: 0,
    retiring: Promise.resolve(),
  }));
  const slots = [...free];
  const queue: Job[] = [];
  let running = 0;
  let closed = false;
  let enginesStarted = 0;

  const stop = (slot: Slot) => {
    const worker = slot.worker;
    slot.worker = null;
    slot.pages = 0;
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (worker)
      slot.retiring = worker
        .then((w) => w.terminate())
        .then(
          () => {},
          () => {},
        );
  };

  const runOn = async (slot: Slot, job: Job) => {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (!slot.worker) {
      await slot.retiring;
      enginesStarted += 1;
      slot.worker = startEngine();
    }
    const began = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const prepared = await preparePage(job.image);
      const worker = await slot.worker;
      const result = await Promise.race([
        recognizePage(worker, prepared),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(new OcrTimeoutError('page read time limit')), pageTimeoutMs);
        }),
      ]);
      job.resolve({
        text: result.data.text,
        confidence: result.data.confidence,
        milliseconds: Math.round(performance.now() - began),
      });
      slot.pages += 1;
      if (slot.pages >= pagesPerEngine) stop(slot);
    } catch (error) {
      // A stuck or broken engine is replaced by the next page.
      stop(slot);
      job.reject(error);
    } finally {
      clearTimeout(timer);
    }
  };

  const alive = () => slots.filter((slot) => slot.worker !== null).length;

  const pump = () => {
    // Idle engines past the limit of the moment give their memory back now, not after idling.
    for (const slot of free) if (slot.worker && alive() > engineLimit()) stop(slot);
    while (!closed && queue.length > 0 && free.length > 0 && running < engineLimit()) {
      // A live engine reads before a new one is started.
      const live = free.findIndex((slot) => slot.worker !== null);
      const [slot] = free.splice(live >= 0 ? live : free.length - 1, 1) as [Slot];
      const job = queue.shift()!;
      running += 1;
      void runOn(slot, job).finally(() => {
        running -= 1;
        if (closed) {
          stop(slot);
          return;
        }
        if (slot.worker && !slot.idle) {
          slot.idle = setTimeout(() => stop(slot), idleMs);
          slot.idle.unref();
        }
        free.push(slot);
        pump();
      });
    }
  };

  return {
    read(image) {
      if (closed) return Promise.reject(new Error('OCR pool closed'));
      return new Promise<OcrResult>((resolve, reject) => {
        queue.push({ image, resolve, reject });
        pump();
      });
    },
    get busy() {
      return queue.length + running;
    },
    get enginesStarted() {
      return enginesStarted;
    },
    get enginesAlive() {
      return alive();
    },
    refresh: pump,
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('OCR pool closed'));
      const workers = slots.map((slot) => slot.worker).filter((worker) => worker !== null);
      for (const slot of slots) {
        if (slot.idle) clearTimeout(slot.idle);
        slot.idle = null;
        slot.worker = null;
      }
      await Promise.all(workers.map((worker) => worker.then((w) => w.terminate()).catch(() => {})));
    },
  };
}
