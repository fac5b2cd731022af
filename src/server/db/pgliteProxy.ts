/**
 * The main-thread side of PGlite in a worker thread (issue 11): a client with the part of
 * PGlite's API drizzle's PGlite driver calls (`query`, `exec`, `transaction`), each call a message
 * to ./pgliteWorker.mjs. The event loop only waits for answers, so slow queries never stall HTTP.
 *
 * Transactions: `transaction(fn)` opens one in the worker (PGlite holds it exclusively; other
 * statements wait there), runs `fn` with a handle whose statements name that transaction, then
 * commits, or rolls back when `fn` throws. One transaction at a time, as PGlite itself allows.
 */
import { Worker } from 'node:worker_threads';
import type { EmbeddedDatabaseOptions, EmbeddedOpening } from './pgliteSettings';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  /** drizzle passes identity parsers for dates and timestamps; the worker applies the same. */
  parsers?: Record<number, unknown>;
}
export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface Queryable {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
}
export interface WorkerTransaction extends Queryable {
  readonly closed: boolean;
}

type Answer =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };
type Notification = { notification: { channel: string; payload: string } };

/** The database error as thrown in the worker, with its fields (code, detail, constraint...). */
function rebuilt(error: Record<string, unknown>): Error {
  const rebuiltError = new Error(String(error.message ?? 'database error'));
  Object.assign(rebuiltError, error);
  return rebuiltError;
}

/**
 * The PGlite thread's JavaScript heap (its database lives in the WebAssembly memory beside it): the
 * thread only relays statements and rows, yet V8 let its young generation grow to 32 MB and keep
 * it (issue 33). 8 MB young is plenty for rows that pass through in batches.
 */
const PGLITE_WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 };

export class PgliteWorkerClient implements Queryable {
  private readonly worker: Worker;
  private sequence = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private failure: Error | null = null;
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  /** How the database was opened: an existing cluster, the template, or initdb (the template failed). */
  openedFrom: EmbeddedOpening = 'existing';

  private constructor() {
    this.worker = new Worker(new URL('./pgliteWorker.mjs', import.meta.url), {
      resourceLimits: PGLITE_WORKER_LIMITS,
    });
    this.worker.on('message', (answer: Answer | Notification) => {
      if ('notification' in answer) {
        const { channel, payload } = answer.notification;
        for (const callback of this.channels.get(channel) ?? []) callback(payload);
        return;
      }
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.result);
      else waiting.reject(rebuilt(answer.error));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the PGlite worker exited (${code})`)));
  }

  /** Starts the worker and opens PGlite as `options` say (./pgliteSettings.ts). */
  static async create(options: EmbeddedDatabaseOptions): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient();
    client.openedFrom = await client.call<EmbeddedOpening>('init', { ...options });
    return client;
  }

  /** Writes the cluster to `path` as an archive a new database can start from (`templatePath`). */
  dumpDataDir(path: string): Promise<void> {
    return this.call<void>('dump', { path });
  }

  private call<T>(op: string, payload: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.sequence;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...payload, id, op });
    });
  }

  private statement(tx: number | undefined) {
    return {
      query: (sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.call<QueryResult>('query', {
          sql,
          params,
          rowMode: options.rowMode ?? 'object',
          identity: Object.keys(options.parsers ?? {}).map(Number),
          tx,
        }),
      exec: (sql: string) => this.call<QueryResult[]>('exec', { sql, tx }),
    };
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.statement(undefined).query(sql, params, options);
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.statement(undefined).exec(sql);
  }

  async transaction<T>(work: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>('begin', {});
    let closed = false;
    const tx: WorkerTransaction = {
      ...this.statement(id),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      closed = true;
      await this.call('end', { tx: id, commit: false }).catch(() => {});
      throw error;
    }
    closed = true;
    await this.call('end', { tx: id, commit: true });
    return result;
  }

  /**
   * LISTEN on `channel` (PGlite's own `listen`): `callback` gets each payload once the statement
   * that sent it commits. Answers the function that stops listening.
   */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.channels.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.channels.set(channel, callbacks);
    }
    callbacks.add(callback);
    await this.call('listen', { channel });
    return async () => {
      callbacks.delete(callback);
    };
  }

  async close(): Promise<void> {
    try {
      await this.call('close', {});
    } finally {
      await this.worker.terminate();
    }
  }
}
