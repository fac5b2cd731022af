/**
 * OCR of receipt pages (issue 31) with tesseract.js: each engine is a Node worker thread (never
 * the event loop), at most `concurrency` of them, a queue in front, and a time limit per page (an
 * engine past it is terminated and replaced). The Spanish trained data is read from the
 * @tesseract.js-data/spa package in node_modules: nothing is fetched at run time. Engines start on
 * the first page and stop after a minute idle (about 100 MB each).
 *
 * An engine is also replaced after `pagesPerEngine` pages (issue 39; 2 by default): its
 * WebAssembly memory only grows (46 MB after one receipt page, 54 after four, 66-77 MB during the
 * upload flood even when replaced every 5 pages), and only ending the engine gives it back. A new
 * engine costs about 0.4 s of CPU against 1.3-1.8 s a page: the flood's 180 pages were all read
 * 106 s after it (budget 120) with the tree at 482 MB PSS (budget 500; bench/README.md).
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
}

export interface OcrPool {
  read(image: Buffer): Promise<OcrResult>;
  /** Pages waiting or being read. */
  readonly busy: number;
  /** Engines started since the pool was made (a replaced or idle-stopped engine counts again). */
  readonly enginesStarted: number;
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

interface Slot {
  worker: Promise<Worker> | null;
  idle: NodeJS.Timeout | null;
  /** Pages the current engine has read. */
  pages: number;
  /** The previous engine's end: a new one starts after it, so two never hold memory at once. */
  retiring: Promise<void>;
}

/** Pages an engine reads before it is replaced, by default (see the header). */
export const DEFAULT_PAGES_PER_ENGINE = 2;

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
  const free: Slot[] = Array.from({ length: concurrency }, () => ({
    worker: null,
    idle: null,
    pages: 0,
    retiring: Promise.resolve(),
  }));
  const queue: Job[] = [];
  let running = 0;
  let closed = false;
  let enginesStarted = 0;

  const start = async (): Promise<Worker> => {
    const { createWorker, OEM } = await import('tesseract.js');
    return createWorker('spa', OEM.LSTM_ONLY, {
      langPath: languageDataPath(),
      gzip: true,
      cacheMethod: 'none',
      errorHandler: () => {},
    });
  };

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
      slot.worker = start();
    }
    const began = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const prepared = await preparePage(job.image);
      const worker = await slot.worker;
      const result = await Promise.race([
        worker.recognize(prepared),
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

  const pump = () => {
    while (!closed && queue.length > 0 && free.length > 0) {
      const slot = free.pop()!;
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

  const slots = [...free];
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
