/**
 * The export engine (issue 12; SPEC §4 'Export notifications', §7 /office_report/ and
 * GET/PUT /report/{hash}/, §9 limits): one engine for every list export (offices now, vouchers
 * next). An export is declared over a module registered on the resource engine and reuses its
 * list read path (`listReaderOf`): the same permission, filters, scope, relations and serializer.
 *
 * - A request validates the filters at once (bad input answers the list's field errors), then
 *   inserts a job row (export_jobs) and answers its hash.
 * - Workers (one per instance unless EXPORT_WORKER=false) claim jobs with
 *   `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED LIMIT 1)`: several instances on one
 *   PostgreSQL never claim the same job. A running job beats a heartbeat with its progress; a job
 *   whose heartbeat is older than `staleMs` (its worker died, or the instance was restarted) is
 *   claimed again and written from the start. On the embedded PostgreSQL only one server owns the
 *   database, so jobs still 'running' at its start are orphans and go back to pending at once.
 * - Rows are read by keyset in the list's order (its `ordering`, id last) in batches, one
 *   statement each (no transaction or connection is held between them), and posted to the xlsx
 *   writer in the heavy-work pool's child process (issue 39:
 *   ../services/heavyWork/xlsxWriter.ts in ../services/receiptReading/readingWorker.ts, at nice 10:
 *   the XML and the zip never run on the request event loop nor grow the server's memory); the
 *   zipped bytes are cut into parts of `PART_BYTES` stored in the shared storage
 *   (`storageOf(context)`), so no instance ever holds the rows or the whole file, and any instance
 *   can serve the download.
 *
 * Why not graphile-worker or pg-boss: they bring their own schema migrations and workers outside
 * the resource engine; `FOR UPDATE SKIP LOCKED` on the product's own table is all this needs.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { EXPORT_KINDS, EXPORT_LIMITS, type ExportKind, type ExportReport } from '../../contracts/exports';
import { messages } from '../../contracts/messages';
import { minorUnitsOf } from '../../contracts/money';
import { type Action, can, type Resource } from '../../contracts/permissions';
import { loadPrincipal, type Principal } from '../auth/principal';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { exportJobs } from '../db/schema';
import { HttpError } from '../http/errors';
import { metricsOf } from '../http/metrics';
import type { XlsxMoneyCell } from '../services/heavyWork/xlsxWriter';
import { HeavyProcessStopped, heavyProcessOf } from '../services/receiptReading/heavyProcess';
import { storageOf } from '../services/storage';
import { type Loader, listReaderOf, type Reader, type ResourceListReader } from './engine';

/** An amount shown with its own currency's minor units (issue 40): a number and its format. */
export type MoneyCell = XlsxMoneyCell;
export type Cell = string | number | boolean | Date | null | MoneyCell;

/**
 * How a column's cells are shown (issue 32 'Money, dates and exports'): a date cell holds a Date
 * shown 'dd/mm/yyyy', an amount a number shown '#,##0.00' (Spanish separators in a Spanish
 * spreadsheet), so a spreadsheet can sort and sum them. Absent: as the value is. An amount whose
 * row has a currency carries that currency's format instead (`amountCell(value, currency)`).
 */
export type ExportFormat = 'date' | 'amount';
export const NUMBER_FORMATS: Record<ExportFormat, string> = { date: 'dd/mm/yyyy', amount: '#,##0.00' };

/** A date ('2026-11-26', or a timestamp's date part) as a date cell (UTC midnight); empty: null. */
export function dateCell(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/**
 * The number format of an amount in `currency`, with its ISO 4217 minor units (issue 40):
 * 'CLP' '#,##0' (never ',00'), 'USD' '#,##0.00', 'KWD' '#,##0.000'; no currency: '#,##0.00'.
 */
export function amountNumberFormat(currency?: string | null): string {
  const units = minorUnitsOf(currency);
  return units > 0 ? `#,##0.${'0'.repeat(units)}` : '#,##0';
}

/**
 * A decimal text ('1234.50') as a number cell; empty or not a number: null. With the row's
 * `currency` (even '' or null: unknown), the cell carries that currency's number format
 * (`amountNumberFormat`) instead of the column's.
 */
export function amountCell(value: string | number | null | undefined): number | null;
export function amountCell(
  value: string | number | null | undefined,
  currency: string | null,
): MoneyCell | null;
export function amountCell(
  value: string | number | null | undefined,
  ...currency: [] | [string | null]
): number | MoneyCell | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  if (!Number.isFinite(number)) return null;
  return currency.length ? { amount: number, numFmt: amountNumberFormat(currency[0]) } : number;
}

export interface ExportColumn<E> {
  header: string;
  /** Column width in characters (the xlsx's column width). */
  width?: number;
  /** A date or amount column: its cells are Dates or numbers with the Spanish display format. */
  format?: ExportFormat;
  /** The cell of one row: from the serialized entity and the export's related values. */
  value(entity: E, related: Record<string, unknown>): Cell;
}

export interface ExportDefinition<E> {
  kind: ExportKind;
  /** The resource engine module the rows come from ('/office/'). */
  resourcePath: string;
  /** The sheet's name. */
  sheetName: string;
  columns: readonly ExportColumn<E>[];
  /**
   * A lean read of a batch instead of the list's serializer (issue 15): one statement selecting
   * only what the columns show for the rows whose ids `ids` selects (a subquery the list reader
   * makes with the list's filters, scope and keyset, so the rows are the list's), in any order.
   * A million vouchers need neither every field of the list's answer nor its JSON.
   */
  project?(reader: Reader, ids: SQL): Promise<readonly E[]>;
  /**
   * The batch's cells read by the database itself (issue 39), for an export without `related` or
   * `footer`: one statement answering the rows of `ids`, in that order, as one JSON text of arrays
   * of the columns' cells (a date column's cell a 'YYYY-MM-DD' text, an amount's a number), and
   * how many rows it holds. The server passes the text on to the xlsx writer's child unparsed: at a
   * million vouchers, parsing it, making the cells and copying them over the channel was most of
   * the server's and a third of the child's work. Its cells must be those of `columns[].value`
   * (tests/server/vouchers.test.ts compares them with the list's answer).
   */
  cells?(reader: Reader, ids: readonly number[]): Promise<{ json: string; rows: number }>;
  /** Loaders of values the columns show (a country's name for its id), one query per batch. */
  related?: Record<string, Loader<unknown>>;
  /** Who may export, on top of the module's list permission (default `{resource}/view`). */
  permission?: { resource: Resource; action: Action };
  /** Row limits (SPEC §9: 1000000 without a query, 100000 with one). */
  limits?: { unfiltered: number; filtered: number };
  /**
   * Rows written after the list, computed by the server over the same filters (Facturación's
   * totals row, one per currency; issue 16).
   */
  footer?(reader: Reader, where: SQL | undefined, principal: Principal): Promise<Cell[][]>;
  /**
   * Checks a request beyond the list's own filters before a job is made (a promotion export's
   * promotion is given and exists; issue 14): throws the Spanish 400 or 404.
   */
  assertRequest?(context: AppContext, query: Record<string, string>): Promise<void>;
}

/** Declares an export; `E` is the module's serialized entity. */
export function defineExport<E>(definition: ExportDefinition<E>): ExportDefinition<E> {
  return definition;
}

export type AnyExport = ExportDefinition<never>;

/** Bytes of one stored part of a file. */
export const PART_BYTES = 1024 * 1024;
/**
 * Rows read per batch: small enough that what a batch allocates in the server (its rows, its
 * cells; the voucher projection's JSON text stays under V8's 128 KB large-object size) dies young,
 * large enough that the statement's planning is not most of its cost.
 */
export const BATCH_ROWS = 500;

export interface ExportWorkerOptions {
  /** How often an idle worker looks for a job. */
  pollMs: number;
  /** A running job whose heartbeat is older than this is taken over. */
  staleMs: number;
  /** A job taken over this many times ends as error. */
  maxAttempts: number;
  batchRows: number;
}

export const DEFAULT_WORKER_OPTIONS: ExportWorkerOptions = {
  pollMs: 2000,
  staleMs: 30_000,
  maxAttempts: 3,
  batchRows: BATCH_ROWS,
};

type JobRow = typeof exportJobs.$inferSelect;

export const partKey = (prefix: string, index: number) => `${prefix}/${String(index).padStart(5, '0')}.part`;
const prefixOf = (hash: string, attempt: number) => `exports/${hash}/a${attempt}`;

// ---- the queue ------------------------------------------------------------------------------

type Rows<T> = { rows: T[] };

export interface ClaimedJob {
  job: JobRow;
  /** The parts an earlier attempt left (removed before this one writes). */
  stale: { prefix: string; parts: number } | null;
}

/**
 * Claims the next job in the fair order, or a running one whose heartbeat is stale; null when
 * none. One statement: the row is locked by `FOR UPDATE SKIP LOCKED`, so two workers never get
 * the same job (the order is computed in subqueries; only the job's row is locked).
 *
 * Fair per user (issue 39): the order is a job's rank within its owner's backlog, then its age.
 * The rank counts the owner's jobs already taken since the backlog began (`served`: started
 * since its oldest queued job was queued) plus the job's position among the owner's claimable
 * jobs, so one user's ten exports interleave with another's one (as the reading queue does per
 * voucher, ../services/receiptReading/queue.ts).
 */
export async function claimJob(db: Database, workerId: string, staleMs: number): Promise<ClaimedJob | null> {
  const claimable = (alias: string) =>
    sql.raw(
      `(${alias}.status = 'pending' or (${alias}.status = 'running' and (${alias}.heartbeat_at is null or ${alias}.heartbeat_at < now() - ${Math.max(0, Math.round(staleMs))} * interval '1 millisecond')))`,
    );
  const result = (await db.execute(sql`
    with candidate as (
      select job.id, job.file_key, job.file_parts from export_jobs job
      where job.id = (
        with backlog as (
          select q.owner_id, min(q.created_at) as since
          from export_jobs q where q.status in ('pending', 'running') group by q.owner_id
        ), served as (
          select b.owner_id, (
            select count(*) from export_jobs s
            where s.owner_id = b.owner_id and s.status <> 'pending' and s.started_at >= b.since
          ) as served
          from backlog b
        ), ranked as (
          select c.id, row_number() over (partition by c.owner_id order by c.created_at, c.id) as position
          from export_jobs c where ${claimable('c')}
        )
        select pick.id from export_jobs pick
        join ranked on ranked.id = pick.id
        join served on served.owner_id = pick.owner_id
        where ${claimable('pick')}
        order by served.served + ranked.position, pick.created_at, pick.id
        for update of pick skip locked
        limit 1)
      for update skip locked
    )
    update export_jobs set
      status = 'running', locked_by = ${workerId}, locked_at = now(), heartbeat_at = now(),
      attempts = export_jobs.attempts + 1, rows_written = 0, rows_total = null,
      file_key = null, file_parts = 0, file_size = null, error = null, started_at = now()
    from candidate where export_jobs.id = candidate.id and ${claimable('export_jobs')}
    returning export_jobs.id, candidate.file_key as stale_key, candidate.file_parts as stale_parts`)) as unknown as Rows<{
    id: number;
    stale_key: string | null;
    stale_parts: number;
  }>;
  const claimed = result.rows[0];
  if (!claimed) return null;
  const [job] = await db.select().from(exportJobs).where(eq(exportJobs.id, claimed.id));
  return {
    job,
    stale: claimed.stale_key ? { prefix: claimed.stale_key, parts: Number(claimed.stale_parts) } : null,
  };
}

/** Records progress while the job is still ours; false when another worker took it over. */
async function heartbeat(db: Database, job: JobRow, workerId: string, values: Partial<JobRow>) {
  const updated = await db
    .update(exportJobs)
    .set({ ...values, heartbeatAt: new Date() })
    .where(
      and(eq(exportJobs.id, job.id), eq(exportJobs.lockedBy, workerId), eq(exportJobs.status, 'running')),
    )
    .returning({ id: exportJobs.id });
  return updated.length > 0;
}

/** Puts back to pending every job still running (the embedded database at start: nobody else can run them). */
export async function releaseOrphans(db: Database): Promise<number> {
  const released = await db
    .update(exportJobs)
    .set({ status: 'pending', lockedBy: null, heartbeatAt: null })
    .where(eq(exportJobs.status, 'running'))
    .returning({ id: exportJobs.id });
  return released.length;
}

/** Ends as error the jobs interrupted `maxAttempts` times (a job that kills its worker). */
async function failExhausted(db: Database, options: ExportWorkerOptions, log: FastifyBaseLogger) {
  const failed = await db.execute(sql`
    update export_jobs set status = 'error', error = ${messages.exports.tooManyAttempts}, finished_at = now(), locked_by = null
    where attempts >= ${options.maxAttempts}
      and (status = 'pending' or (status = 'running' and heartbeat_at < now() - ${options.staleMs} * interval '1 millisecond'))
    returning hash`);
  for (const row of (failed as unknown as Rows<{ hash: string }>).rows)
    log.error({ export: row.hash }, `export failed: ${messages.exports.tooManyAttempts}`);
}

// ---- writing a file -------------------------------------------------------------------------

/**
 * The file's parts as the worker sends them (PART_BYTES each, the last one shorter), put in the
 * storage one after the other; `backlog` tells how many wait, so the writer can pause.
 */
class PartStore {
  parts = 0;
  size = 0;
  backlog = 0;
  private chain: Promise<void> = Promise.resolve();
  private failure: Error | null = null;
  constructor(
    private readonly put: (key: string, bytes: Buffer) => Promise<void>,
    private readonly prefix: string,
  ) {}
  add(bytes: Buffer): void {
    const key = partKey(this.prefix, this.parts);
    this.parts += 1;
    this.size += bytes.length;
    this.backlog += 1;
    this.chain = this.chain
      .then(() => (this.failure ? undefined : this.put(key, bytes)))
      .catch((error: unknown) => {
        this.failure ??= error instanceof Error ? error : new Error(String(error));
      })
      .finally(() => {
        this.backlog -= 1;
      });
  }
  /** Resolves once every part added so far is stored; rejects if one could not be. */
  async settled(): Promise<void> {
    await this.chain;
    if (this.failure) throw this.failure;
  }
}

class LostJobError extends Error {}

/**
 * The xlsx writer in the heavy-work pool's child process (issue 39; ../services/heavyWork/xlsxWriter.ts,
 * at nice 10): rows go in a batch at a time, posted as soon as they are read (a few may wait in
 * the child: `rows` answers when the child has written them, in order), zipped bytes come back as
 * whole parts into `store`. The server's event loop only reads rows and moves bytes.
 */
function startXlsxWriter(
  context: AppContext,
  store: PartStore,
  sheetName: string,
  columns: { header: string; width: number; numFmt?: string; date?: boolean }[],
) {
  const session = heavyProcessOf(context).xlsx({ sheetName, columns, partBytes: PART_BYTES }, (bytes) =>
    store.add(bytes),
  );
  return {
    /**
     * Sends rows, or their JSON text (copied: the caller may drop them at once); settles once the
     * child has written them.
     */
    rows: (rows: Cell[][] | string): Promise<void> => session.rows(rows),
    async end(): Promise<void> {
      await session.end();
      await store.settled();
    },
    stop: () => session.abort(),
  };
}

/** Batches posted to the xlsx worker and not yet written: the reader waits beyond this many. */
const BATCHES_AHEAD = 2;

/** Writes one claimed job's file; answers its parts and size. */
async function writeJob(
  context: AppContext,
  definition: AnyExport,
  job: JobRow,
  workerId: string,
  options: ExportWorkerOptions,
  signal: AbortSignal,
  progress: { parts: number; rows: number },
): Promise<{ prefix: string; parts: number; size: number }> {
  const reader = readerOf(context, definition);
  const principal = await loadPrincipal(context.db, job.ownerId);
  if (!principal?.isActive) throw new Error(messages.exports.ownerGone);
  reader.assertMayList(principal);
  if (definition.permission && !can(principal, definition.permission.resource, definition.permission.action))
    throw new Error(messages.exports.permissionGone);
  const { where, order } = await reader.whereOf(job.filters, principal);
  const total = await reader.count(context.db, where, job.rowLimit);
  if (!(await heartbeat(context.db, job, workerId, { rowsTotal: total }))) throw new LostJobError();

  const storage = storageOf(context);
  const prefix = prefixOf(job.hash, job.attempts);
  const store = new PartStore(async (key, bytes) => {
    progress.parts += 1;
    await storage.put(key, bytes);
  }, prefix);
  const xlsx = startXlsxWriter(
    context,
    store,
    definition.sheetName,
    definition.columns.map((column) => ({
      header: column.header,
      width: column.width ?? 20,
      numFmt: column.format ? NUMBER_FORMATS[column.format] : undefined,
      date: column.format === 'date',
    })),
  );
  try {
    const related = Object.entries(definition.related ?? {});
    const project = definition.project;
    /**
     * The batch's entities in the list's order (keyset on its ordering): the declaration's lean
     * projection of the batch's ids, or the list's serializer.
     */
    const entitiesAfter = async (cursor: string, size: number) => {
      if (!project) {
        const batch = await reader.batch(context.db, where, order, cursor, size);
        return { entities: batch.entities, next: batch.next, read: batch.entities.length };
      }
      const { ids, next } = await reader.ids(context.db, where, order, cursor, size);
      if (!ids.length) return { entities: [], next: null, read: 0 };
      // The batch's ids as one array parameter (not 500 parameters for the driver and the
      // statement's text to carry, issue 39).
      const idList = sql`select unnest(${sql.param(ids)}::int[])`;
      const position = new Map(ids.map((id, index) => [id, index]));
      const entities = [...(await project(context.db, idList))] as unknown as { id: number }[];
      entities.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
      return { entities: entities as Record<string, unknown>[], next, read: ids.length };
    };
    const cellsOf = !related.length && !definition.footer ? definition.cells : undefined;
    const readBatch = async (
      cursor: string,
      size: number,
    ): Promise<{ rows: Cell[][] | string; count: number; next: string | null; read: number }> => {
      if (cellsOf) {
        const { ids, next } = await reader.ids(context.db, where, order, cursor, size);
        if (!ids.length) return { rows: [], count: 0, next: null, read: 0 };
        const { json, rows } = await cellsOf(context.db, ids);
        return { rows: json, count: rows, next, read: ids.length };
      }
      const { entities, next, read } = await entitiesAfter(cursor, size);
      const ids = entities.map((entity) => entity.id as number);
      const loaded: [string, ReadonlyMap<number, unknown>][] = [];
      for (const [name, load] of related) loaded.push([name, await load(context.db, ids)]);
      const rows = entities.map((entity) => {
        const values: Record<string, unknown> = {};
        for (const [name, map] of loaded) values[name] = map.get(entity.id as number);
        return definition.columns.map((column) => column.value(entity as never, values));
      });
      return { rows, count: rows.length, next, read };
    };
    let written = 0;
    let lastBeat = Date.now();
    let cursor: string | null = '';
    /** Rows read so far (a row deleted meanwhile is read but not written). */
    let read = 0;
    /**
     * A batch is posted to the worker as soon as it is read, and the next one is read while the
     * worker writes (at most BATCHES_AHEAD wait in its queue, copied out of this heap). Rows kept
     * here until the worker is free would outlive young-generation collections and pile up in the
     * old generation until a full collection: the server's RSS grew by 100-200 MB that way.
     */
    const writing: Promise<void>[] = [];
    /** Reads a batch and posts it; keeps nothing of its rows. */
    const readAndPost = async (after: string, size: number) => {
      const batch = await readBatch(after, size);
      if (batch.count) {
        const posted = xlsx.rows(batch.rows);
        // Awaited below; handled now so a failure while more is read is not 'unhandled'.
        posted.catch(() => {});
        writing.push(posted);
      }
      return { read: batch.read, next: batch.next, rows: batch.count };
    };
    while (read < total && cursor !== null) {
      if (signal.aborted) throw new LostJobError();
      const batch = await readAndPost(cursor, Math.min(options.batchRows, total - read));
      if (!batch.read) break;
      read += batch.read;
      cursor = batch.next;
      written += batch.rows;
      while (writing.length > BATCHES_AHEAD) await writing.shift();
      // The storage keeps up: at most two parts wait for it.
      while (store.backlog > 2) await new Promise((resolve) => setTimeout(resolve, 5));
      progress.rows = written;
      if (Date.now() - lastBeat > 250) {
        lastBeat = Date.now();
        if (
          !(await heartbeat(context.db, job, workerId, { rowsWritten: written, filePartCount: store.parts }))
        )
          throw new LostJobError();
      }
    }
    for (const posted of writing.splice(0)) await posted;
    progress.rows = written;
    if (!(await heartbeat(context.db, job, workerId, { rowsWritten: written, filePartCount: store.parts })))
      throw new LostJobError();
    if (definition.footer) await xlsx.rows(await definition.footer(context.db, where, principal));
    await xlsx.end();
  } finally {
    xlsx.stop();
  }
  return { prefix, parts: store.parts, size: store.size };
}

async function removeParts(context: AppContext, prefix: string, parts: number) {
  const storage = storageOf(context);
  for (let index = 0; index < parts; index++) await storage.remove(partKey(prefix, index));
}

function readerOf(context: AppContext, definition: AnyExport): ResourceListReader {
  const reader = listReaderOf(context, definition.resourcePath);
  if (!reader) throw new Error(`export ${definition.kind}: ${definition.resourcePath} is not registered`);
  return reader;
}

/** Runs one claimed job to its end: ok, error (logged), or left to whoever took it over. */
export async function runJob(
  context: AppContext,
  registry: ReadonlyMap<string, AnyExport>,
  claimed: ClaimedJob,
  workerId: string,
  log: FastifyBaseLogger,
  options: ExportWorkerOptions = DEFAULT_WORKER_OPTIONS,
  signal: AbortSignal = new AbortController().signal,
): Promise<void> {
  const { job } = claimed;
  const began = performance.now();
  // Issue 41: the job's duration for /metrics (with METRICS_TOKEN).
  const finished = (outcome: 'ok' | 'error' | 'interrupted') =>
    metricsOf(context)?.exportFinished(job.kind, (performance.now() - began) / 1000, outcome);
  if (claimed.stale) await removeParts(context, claimed.stale.prefix, claimed.stale.parts);
  const prefix = prefixOf(job.hash, job.attempts);
  await heartbeat(context.db, job, workerId, { fileKey: prefix });
  const progress = { parts: 0, rows: 0 };
  try {
    const definition = registry.get(job.kind);
    if (!definition) throw new Error(`unknown export kind ${job.kind}`);
    const file = await writeJob(context, definition, job, workerId, options, signal, progress);
    const done = await context.db
      .update(exportJobs)
      .set({
        status: 'ok',
        fileKey: file.prefix,
        filePartCount: file.parts,
        fileSize: file.size,
        finishedAt: new Date(),
        lockedBy: null,
      })
      .where(
        and(eq(exportJobs.id, job.id), eq(exportJobs.lockedBy, workerId), eq(exportJobs.status, 'running')),
      )
      .returning({ id: exportJobs.id });
    if (!done.length) {
      finished('interrupted');
      await removeParts(context, file.prefix, file.parts);
      return;
    }
    finished('ok');
    log.info({ export: job.hash, kind: job.kind, rows: progress.rows, bytes: file.size }, 'export ready');
  } catch (error) {
    if (error instanceof LostJobError) {
      finished('interrupted');
      log.warn({ export: job.hash }, 'export interrupted; another worker (or a restart) takes it over');
      return;
    }
    if (error instanceof HeavyProcessStopped) {
      // The pool's child died (killed, or out of memory): the job goes back to the queue and is
      // written again by a new child; `maxAttempts` ends a job that keeps killing it.
      log.warn({ export: job.hash }, 'export interrupted: the heavy-work process stopped; queued again');
      const released = await context.db
        .update(exportJobs)
        .set({ status: 'pending', lockedBy: null, heartbeatAt: null })
        .where(
          and(eq(exportJobs.id, job.id), eq(exportJobs.lockedBy, workerId), eq(exportJobs.status, 'running')),
        )
        .returning({ id: exportJobs.id });
      if (released.length) await removeParts(context, prefix, progress.parts);
      finished('interrupted');
      return;
    }
    finished('error');
    log.error({ err: error, export: job.hash, kind: job.kind }, 'export failed');
    const failed = await context.db
      .update(exportJobs)
      .set({
        status: 'error',
        error: error instanceof Error ? error.message.slice(0, 2000) : String(error),
        finishedAt: new Date(),
        lockedBy: null,
      })
      .where(and(eq(exportJobs.id, job.id), eq(exportJobs.lockedBy, workerId)))
      .returning({ id: exportJobs.id });
    if (failed.length) await removeParts(context, prefix, progress.parts);
  }
}

/** Finished exports (downloaded or not) are kept this long, then deleted with their files. */
export const EXPORT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes the exports finished or consumed before `now - retention`, rows first (`DELETE …
 * RETURNING`, so two instances never remove one twice), then their files; answers how many went.
 */
export async function pruneExports(context: AppContext, now = new Date(), retentionMs = EXPORT_RETENTION_MS) {
  const cutoff = new Date(now.getTime() - retentionMs);
  const removed = (await context.db.execute(sql`
    delete from export_jobs where id in (
      select id from export_jobs
      where status in ('ok', 'error', 'consumed') and coalesce(consumed_at, finished_at, created_at) < ${cutoff}
      limit 500)
    returning status, file_key, file_parts`)) as unknown as Rows<{
    status: string;
    file_key: string | null;
    file_parts: number;
  }>;
  for (const row of removed.rows)
    if (row.status === 'ok' && row.file_key) await removeParts(context, row.file_key, Number(row.file_parts));
  return removed.rows.length;
}

// ---- the worker -----------------------------------------------------------------------------

export interface ExportWorker {
  readonly id: string;
  /** Looks for a job now (after a request created one). */
  wake(): void;
  /** Resolves when the worker is idle (tests). */
  idle(): Promise<void>;
}

const workers = new WeakMap<AppContext, ExportWorker>();

export function exportWorkerOf(context: AppContext): ExportWorker | undefined {
  return workers.get(context);
}

/** Starts this instance's worker with the app and stops it (releasing its job) when it closes. */
export function startExportWorker(
  app: FastifyInstance,
  context: AppContext,
  registry: ReadonlyMap<string, AnyExport>,
  options: ExportWorkerOptions = DEFAULT_WORKER_OPTIONS,
): ExportWorker {
  const id = `${randomUUID()}`;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let current: Promise<void> | null = null;
  let again = false;
  const abort = new AbortController();

  let prunedAt = 0;
  const loop = async () => {
    if (stopped || !context.config.exportWorker) return;
    await failExhausted(context.db, options, app.log);
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      const pruned = await pruneExports(context);
      if (pruned) app.log.info({ pruned }, 'old exports deleted');
    }
    for (;;) {
      if (stopped) return;
      const claimed = await claimJob(context.db, id, options.staleMs);
      if (!claimed) return;
      await runJob(context, registry, claimed, id, app.log, options, abort.signal);
    }
  };
  const tick = () => {
    if (stopped) return;
    clearTimeout(timer);
    if (current) {
      again = true;
      return;
    }
    current = loop()
      .catch((error: unknown) => app.log.error({ err: error }, 'export worker failed'))
      .finally(() => {
        current = null;
        if (stopped) return;
        if (again) {
          again = false;
          tick();
        } else timer = setTimeout(tick, options.pollMs).unref();
      });
  };
  const worker: ExportWorker = {
    id,
    wake: tick,
    async idle() {
      while (current) await current;
    },
  };
  workers.set(context, worker);
  app.addHook('onReady', async () => {
    if (context.databaseKind === 'embedded' && context.config.exportWorker) {
      const released = await releaseOrphans(context.db);
      if (released) app.log.info({ released }, 'exports interrupted by the last stop are resumed');
    }
    tick();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    abort.abort();
    await current;
    // The job this worker was writing goes back to the queue at once.
    await context.db
      .update(exportJobs)
      .set({ status: 'pending', lockedBy: null, heartbeatAt: null })
      .where(and(eq(exportJobs.lockedBy, id), eq(exportJobs.status, 'running')))
      .catch(() => {});
  });
  return worker;
}

// ---- requests -------------------------------------------------------------------------------

/**
 * The list query of an export request: its filters and ordering (rows go in the list's order,
 * text the Spanish way), without paging.
 */
export function exportQueryOf(raw: unknown): Record<string, string> {
  const query: Record<string, string> = {};
  if (typeof raw !== 'object' || raw === null) return query;
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'offset' || key === 'limit' || key === 'cursor') continue;
    if (typeof value === 'string') query[key] = value;
  }
  return query;
}

export const limitsOf = (definition: AnyExport) => definition.limits ?? EXPORT_LIMITS;

/** Bounds of the export queue (issue 39): jobs pending or running, per user and in all. */
export interface ExportQueueBounds {
  /** Past it the user's new export answers 429 with Retry-After (EXPORT_USER_QUEUE). */
  userQueue: number;
  /** Past it any new export answers 503 with Retry-After (EXPORT_QUEUE). */
  totalQueue: number;
}

/** The Retry-After of a refused export: a user's own queue, and the whole queue. */
export const EXPORT_RETRY_AFTER_SECONDS = { user: 30, total: 60 };

/** A new export past a bound of the queue: 429 (the user's) or 503 (everyone's), with Retry-After. */
export class ExportQueueFull extends HttpError {
  constructor(
    statusCode: 429 | 503,
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, detail);
  }
}

/**
 * Validates the request as the list would, and inserts the job; answers its hash. The bounds are
 * checked and the job inserted in one transaction holding the user's advisory lock, so two
 * requests of one user at once cannot both pass the last free place (the total bound may be
 * passed by one job per user racing, which is harmless).
 */
export async function requestExport(
  context: AppContext,
  definition: AnyExport,
  principalId: number,
  query: Record<string, string>,
  filtered: boolean,
  requestedLimit: number | undefined,
  bounds: ExportQueueBounds = context.config.exportQueue,
): Promise<string> {
  const limits = limitsOf(definition);
  const cap = filtered ? limits.filtered : limits.unfiltered;
  const rowLimit = Math.min(requestedLimit ?? cap, cap);
  const hash = randomBytes(24).toString('base64url');
  await context.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK_KEY}, ${principalId})`);
    const counted = (await tx.execute(sql`
      select count(*) filter (where owner_id = ${principalId})::int as own, count(*)::int as total
      from export_jobs where status in ('pending', 'running')`)) as unknown as Rows<{
      own: number;
      total: number;
    }>;
    const own = Number(counted.rows[0]?.own ?? 0);
    const total = Number(counted.rows[0]?.total ?? 0);
    if (own >= bounds.userQueue)
      throw new ExportQueueFull(429, messages.exports.userQueueFull(own), EXPORT_RETRY_AFTER_SECONDS.user);
    if (total >= bounds.totalQueue)
      throw new ExportQueueFull(503, messages.exports.queueFull, EXPORT_RETRY_AFTER_SECONDS.total);
    await tx.insert(exportJobs).values({
      hash,
      kind: definition.kind,
      ownerId: principalId,
      filters: query,
      rowLimit,
    });
  });
  return hash;
}

/** The first key of the advisory lock a user's export request holds (the second is the user's id). */
const EXPORT_LOCK_KEY = 39_012;

/** The API answer of a job. */
export function reportOf(job: JobRow): ExportReport {
  const kind = job.kind as ExportKind;
  const failed = job.status === 'error' || (job.status === 'consumed' && job.error !== null);
  const status = failed ? 'error' : job.status === 'ok' || job.status === 'consumed' ? 'OK' : 'Pending';
  return {
    hash: job.hash,
    kind,
    status,
    url: status === 'OK' && job.status !== 'consumed' ? `/report/${job.hash}/file/` : null,
    file_name: EXPORT_KINDS[kind]?.fileName ?? 'export.xlsx',
    rows_written: job.rowsWritten,
    rows_total: job.rowsTotal,
    consumed: job.status === 'consumed',
    detail: status === 'error' ? (messages.exports.kinds[kind]?.error ?? messages.common.genericError) : null,
    created_at: job.createdAt.toISOString(),
  };
}

/** The user's job by hash, or undefined (someone else's job is not found either). */
export async function ownJob(db: Database, hash: string, ownerId: number): Promise<JobRow | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(hash)) return undefined;
  const [job] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.hash, hash), eq(exportJobs.ownerId, ownerId)));
  return job;
}

/** The user's exports not yet consumed, newest first (the bell's check). */
export async function ownJobs(db: Database, ownerId: number): Promise<JobRow[]> {
  return db
    .select()
    .from(exportJobs)
    .where(
      and(eq(exportJobs.ownerId, ownerId), inArray(exportJobs.status, ['pending', 'running', 'ok', 'error'])),
    )
    .orderBy(sql`${exportJobs.createdAt} desc`)
    .limit(50);
}

/** Marks the job consumed and removes its file (PUT /report/{hash}/). */
export async function consumeJob(context: AppContext, job: JobRow): Promise<JobRow> {
  const [updated] = await context.db
    .update(exportJobs)
    .set({ status: 'consumed', consumedAt: new Date() })
    .where(and(eq(exportJobs.id, job.id), inArray(exportJobs.status, ['ok', 'error', 'consumed'])))
    .returning();
  if (updated && job.status === 'ok' && job.fileKey)
    await removeParts(context, job.fileKey, job.filePartCount);
  return updated ?? job;
}

/** The stored parts of a finished job, in order. */
export async function* fileParts(context: AppContext, job: JobRow): AsyncGenerator<Buffer> {
  const storage = storageOf(context);
  for (let index = 0; index < job.filePartCount; index++) {
    const bytes = await storage.get(partKey(job.fileKey!, index));
    if (!bytes) throw new Error(`export ${job.hash}: part ${index} is missing`);
    yield bytes;
  }
}
