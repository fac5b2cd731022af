/**
 * The durable queue of receipt readings (issue 39): rows of `reading_jobs`, one per stored file.
 *
 * - `enqueueReadings(tx, voucherId, fileIds)` runs in the upload's transaction: the files and
 *   their jobs are stored together, before the upload answers.
 * - `claimReading` takes one job with `UPDATE … WHERE file_id = (SELECT … FOR UPDATE SKIP LOCKED
 *   LIMIT 1) RETURNING`, so workers of several instances never take the same one. The order is
 *   fair per voucher: a job's rank within its voucher's backlog first, then its age, so one
 *   traveller's 40 files interleave with another's single receipt (each voucher's first, then
 *   each one's second, …). A 'running' job whose heartbeat is older than `staleMs` (its instance
 *   died) is claimed again.
 * - Bounds, in jobs (files), never in memory: a voucher has at most `voucherQueue` jobs queued
 *   (RECEIPT_READING_VOUCHER_QUEUE, 200); past it its new files are stored and answered as any
 *   other, without a job, and their reading waits: when one of the voucher's jobs ends, its oldest
 *   unread files without a job are queued up to the bound again (`refillVoucher`, in the same
 *   transaction). Past `totalQueue` jobs queued in all (RECEIPT_READING_QUEUE, 5,000), a NEW
 *   upload answers 503 with Retry-After (routes/images.ts, routes/refundLinks.ts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { readingJobs, receiptReadings } from '../../db/schema';

/** The Retry-After of an upload refused because the reading queue is full. */
export const RETRY_AFTER_SECONDS = 120;

export interface QueueBounds {
  /** Jobs queued per voucher; its further files wait, stored, without a job. */
  voucherQueue: number;
  /** Jobs queued in all; past it a new upload is refused (503). */
  totalQueue: number;
}

type Rows<T> = { rows: T[] };

/**
 * Queues the files of one voucher (in the upload's transaction) up to the voucher's bound; the
 * rest stay stored without a job until the voucher's queue drains (`refillVoucher`). A file
 * already queued keeps its job.
 */
export async function enqueueReadings(
  db: Database | Transaction,
  voucherId: number,
  fileIds: readonly string[],
  bounds: QueueBounds,
): Promise<number> {
  if (fileIds.length === 0) return 0;
  const { voucher } = await readingLoad(db, voucherId);
  const room = Math.max(0, bounds.voucherQueue - voucher);
  if (room === 0) return 0;
  const queued = await db
    .insert(readingJobs)
    .values(fileIds.slice(0, room).map((fileId) => ({ fileId, voucherId })))
    .onConflictDoNothing()
    .returning({ fileId: readingJobs.fileId });
  return queued.length;
}

/**
 * Queues the voucher's oldest stored files that have neither a job nor a reading, up to its bound
 * (the files an upload stored past the bound). Answers how many were queued.
 */
export async function refillVoucher(
  db: Database | Transaction,
  voucherId: number,
  bounds: QueueBounds,
): Promise<number> {
  const result = (await db.execute(sql`
    insert into reading_jobs (file_id, voucher_id, created_at)
    select f.id, f.voucher_id, f.created_at from stored_files f
    where f.voucher_id = ${voucherId}
      and not exists (select 1 from reading_jobs j where j.file_id = f.id)
      and not exists (select 1 from receipt_readings r where r.file_id = f.id)
    order by f.created_at, f.id
    limit greatest(0, ${bounds.voucherQueue} - (
      select count(*) from reading_jobs q where q.voucher_id = ${voucherId} and q.status in ('pending', 'running')))
    on conflict do nothing
    returning file_id`)) as unknown as Rows<{ file_id: string }>;
  return result.rows.length;
}

/** Jobs queued (pending or running) for the voucher and in all. */
export async function readingLoad(
  db: Database | Transaction,
  voucherId: number,
): Promise<{ voucher: number; total: number }> {
  const result = (await db.execute(sql`
    select count(*) filter (where voucher_id = ${voucherId})::int as voucher, count(*)::int as total
    from reading_jobs where status in ('pending', 'running')`)) as unknown as Rows<{
    voucher: number;
    total: number;
  }>;
  const row = result.rows[0];
  return { voucher: Number(row?.voucher ?? 0), total: Number(row?.total ?? 0) };
}

/** Whether the queue is at its total bound: a new upload is then refused with a 503. */
export async function readingQueueFull(db: Database, bounds: QueueBounds): Promise<boolean> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(readingJobs)
    .where(inArray(readingJobs.status, ['pending', 'running']));
  return Number(row?.count ?? 0) >= bounds.totalQueue;
}

export interface ClaimedReading {
  fileId: string;
  voucherId: number;
  attempts: number;
}

/**
 * Claims the next job in the fair order, or a running one whose heartbeat is stale; null when
 * none. One statement: the row is locked by `FOR UPDATE SKIP LOCKED`, so two workers never get
 * the same job (the order is computed in subqueries; only the job's row is locked).
 *
 * The order is a job's rank within its voucher, then its age. The rank counts the voucher's jobs
 * already taken since its backlog began (`served`: claimed since its oldest queued job was
 * queued) plus the job's position among the voucher's claimable jobs. Without `served`, ranks
 * among pending jobs alone would restart at 1 for a voucher each time one of its jobs is taken,
 * and its older jobs would always go before a later voucher's single one.
 */
export async function claimReading(
  db: Database | Transaction,
  workerId: string,
  staleMs: number,
): Promise<ClaimedReading | null> {
  const claimable = (alias: string) =>
    sql.raw(
      `(${alias}.status = 'pending' or (${alias}.status = 'running' and (${alias}.heartbeat_at is null or ${alias}.heartbeat_at < now() - ${Math.max(0, Math.round(staleMs))} * interval '1 millisecond')))`,
    );
  const result = (await db.execute(sql`
    update reading_jobs set
      status = 'running', locked_by = ${workerId}, heartbeat_at = now(), started_at = now(),
      attempts = reading_jobs.attempts + 1
    where file_id = (
      with backlog as (
        select q.voucher_id, min(q.created_at) as since
        from reading_jobs q where q.status in ('pending', 'running') group by q.voucher_id
      ), served as (
        select b.voucher_id, (
          select count(*) from reading_jobs s
          where s.voucher_id = b.voucher_id and s.status <> 'pending' and s.started_at >= b.since
        ) as served
        from backlog b
      ), ranked as (
        select c.file_id, row_number() over (partition by c.voucher_id order by c.created_at, c.file_id) as position
        from reading_jobs c where ${claimable('c')}
      )
      select job.file_id
      from reading_jobs job
      join ranked on ranked.file_id = job.file_id
      join served on served.voucher_id = job.voucher_id
      where ${claimable('job')}
      order by served.served + ranked.position, job.created_at, job.file_id
      for update of job skip locked
      limit 1)
    returning file_id, voucher_id, attempts`)) as unknown as Rows<{
    file_id: string;
    voucher_id: number;
    attempts: number;
  }>;
  const row = result.rows[0];
  return row
    ? { fileId: row.file_id, voucherId: Number(row.voucher_id), attempts: Number(row.attempts) }
    : null;
}

const ours = (fileId: string, workerId: string) =>
  and(eq(readingJobs.fileId, fileId), eq(readingJobs.lockedBy, workerId), eq(readingJobs.status, 'running'));

/** Beats the job's heartbeat while it is still ours; false when another worker took it over. */
export async function beatReading(db: Database, fileId: string, workerId: string): Promise<boolean> {
  const updated = await db
    .update(readingJobs)
    .set({ heartbeatAt: new Date() })
    .where(ours(fileId, workerId))
    .returning({ fileId: readingJobs.fileId });
  return updated.length > 0;
}

/**
 * Ends the job (its pages were stored, or there was nothing to read) and queues the voucher's
 * waiting files, in the caller's transaction.
 */
export async function finishReading(
  tx: Database | Transaction,
  job: ClaimedReading,
  workerId: string,
  bounds: QueueBounds,
): Promise<void> {
  await tx
    .update(readingJobs)
    .set({ status: 'done', finishedAt: new Date(), lockedBy: null, heartbeatAt: null })
    .where(ours(job.fileId, workerId));
  await refillVoucher(tx, job.voucherId, bounds);
}

/** Puts a job of this worker back in the queue (the app is closing, or the reading child stopped). */
export async function releaseReading(db: Database, fileId: string, workerId: string): Promise<void> {
  await db
    .update(readingJobs)
    .set({ status: 'pending', lockedBy: null, heartbeatAt: null })
    .where(ours(fileId, workerId));
}

/** Puts back to pending every job still running (the embedded database at start: nobody else runs them). */
export async function releaseOrphanReadings(db: Database): Promise<number> {
  const released = await db
    .update(readingJobs)
    .set({ status: 'pending', lockedBy: null, heartbeatAt: null })
    .where(eq(readingJobs.status, 'running'))
    .returning({ fileId: readingJobs.fileId });
  return released.length;
}

/**
 * Ends as failed the jobs interrupted `maxAttempts` times (a file that kills the reading child
 * each time), with one 'failed' page so the traveller's 'Leyendo…' ends (and staff see
 * 'Sin lectura'); answers their file ids.
 */
export async function failExhaustedReadings(
  db: Database,
  maxAttempts: number,
  staleMs: number,
  bounds: QueueBounds,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const failed = (await tx.execute(sql`
      update reading_jobs set status = 'failed', finished_at = now(), locked_by = null, heartbeat_at = null
      where attempts >= ${maxAttempts}
        and (status = 'pending'
          or (status = 'running' and heartbeat_at < now() - ${staleMs} * interval '1 millisecond'))
      returning file_id, voucher_id`)) as unknown as Rows<{ file_id: string; voucher_id: number }>;
    const ids = failed.rows.map((row) => row.file_id);
    if (ids.length > 0)
      await tx
        .insert(receiptReadings)
        .values(ids.map((fileId) => ({ fileId, page: 0, status: 'failed' as const })))
        .onConflictDoNothing();
    for (const voucherId of new Set(failed.rows.map((row) => Number(row.voucher_id))))
      await refillVoucher(tx, voucherId, bounds);
    return ids;
  });
}

/** Jobs pending or running (tests, readiness): none means every queued file was read. */
export async function queuedReadings(db: Database, fileIds?: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(readingJobs)
    .where(
      and(
        inArray(readingJobs.status, ['pending', 'running']),
        fileIds ? inArray(readingJobs.fileId, [...fileIds]) : undefined,
      ),
    );
  return Number(row?.count ?? 0);
}
