/**
 * The server's side of the heavy-work child process (issue 39, ./readingWorker.ts): forked on the
 * first request, restarted on the next one if it died, stopped after a minute idle. The server
 * only moves bytes to it and answers from it; the child decodes, renders, hashes and reads at a
 * lower CPU priority.
 *
 * - Two lanes: `inspect` (an upload waits for it) is sent at once; `read` (a receipt's pages)
 *   runs at most `concurrency` files at a time (the reader never asks for more), so OCR never
 *   delays an upload's answer by more than the CPU it shares.
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
import type { ReadPage } from './read';
import type { WorkerAnswer } from './readingWorker';

export class HeavyProcessStopped extends Error {}

export interface HeavyProcessOptions {
  concurrency: number;
  pageTimeoutMs: number;
  /** A child with nothing to do stops after this long (its OCR engines are ~100 MB each). */
  idleMs?: number;
}

export interface HeavyProcess {
  read(bytes: Buffer, contentType: string): Promise<{ pages: ReadPage[]; ocrPages: number }>;
  inspect(bytes: Buffer): Promise<Inspection>;
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
  kind: 'read' | 'inspect';
  resolve(value: unknown): void;
  reject(error: Error): void;
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
        execArgv: entry.execArgv,
        cwd: entry.cwd,
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    started.on('message', (answer: WorkerAnswer) => {
      if (child === started) feedWatchdog();
      if (answer.type === 'progress' || !('id' in answer)) return;
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      if (answer.type === 'error') request.reject(new Error(answer.message));
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

  const request = <T>(kind: Pending['kind'], message: Record<string, unknown>): Promise<T> => {
    if (closed) return Promise.reject(new HeavyProcessStopped('closed'));
    clearTimeout(idleTimer);
    child ??= start();
    child.ref();
    child.channel?.ref();
    const id = nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      pending.set(id, { kind, resolve: resolve as (value: unknown) => void, reject });
    });
    child.send({ ...message, id });
    feedWatchdog();
    return answer;
  };

  return {
    read: (bytes, contentType) => request('read', { type: 'read', bytes, contentType }),
    async inspect(bytes) {
      const inspection = await request<Inspection>('inspect', { type: 'inspect', bytes });
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
  config: { receiptReading: { concurrency: number; pageTimeoutMs: number } };
}): HeavyProcess {
  let heavy = processes.get(context);
  if (!heavy) {
    const settings = context.config.receiptReading;
    heavy = createHeavyProcess({ concurrency: settings.concurrency, pageTimeoutMs: settings.pageTimeoutMs });
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

/** Stops the app's child, if any (the app closes); a new app on the same context gets a new one. */
export async function closeHeavyProcessOf(context: object): Promise<void> {
  const heavy = processes.get(context);
  processes.delete(context);
  await heavy?.close();
}
