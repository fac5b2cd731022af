/**
 * The server's periodic maintenance (issue 10), started with the app and stopped when it closes:
 * - orphan uploads: files uploaded and never attached to a submitted refund are deleted a day
 *   after their upload (rows first, with `DELETE … RETURNING`, then their bytes), so several
 *   instances running the job at once never delete a row twice nor bytes still referenced;
 * - refund wizard drafts untouched for 30 days (issue 30 §1) are deleted first, so their files
 *   are orphans in the same run; a file a live draft references is never an orphan;
 * - attempt counters idle for a day (success markers after their 30 days) are deleted.
 */
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { refundDraftFiles, storedFiles } from '../db/schema';
import { createAttemptCounters } from '../http/attempts';
import { MARKER_RETENTION_MS } from '../http/limits';
import type { FileStore } from './files';
import { deleteStaleDrafts } from './refundDrafts';

/** Unattached uploads older than this are deleted. */
export const ORPHAN_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
/** How often the job runs (and how long after the start it first runs). */
export const MAINTENANCE_EVERY_MS = 60 * 60 * 1000;
const FIRST_RUN_AFTER_MS = 60 * 1000;
const BATCH = 500;

/** Not referenced by a live wizard draft (issue 30 §1). */
function notInDraft() {
  return sql`not exists (select 1 from ${refundDraftFiles} where ${refundDraftFiles.fileId} = ${storedFiles.id})`;
}

/** Deletes the orphan uploads older than a day at `now`; answers how many went. */
export async function deleteOrphanUploads(
  db: Database,
  store: Pick<FileStore, 'remove'>,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_UPLOAD_AGE_MS);
  let deleted = 0;
  for (;;) {
    const batch = await db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(and(isNull(storedFiles.attachedAt), lt(storedFiles.createdAt, cutoff), notInDraft()))
      .limit(BATCH);
    if (batch.length === 0) return deleted;
    // The conditions again in the DELETE: a file attached meanwhile (its submission sets
    // attached_at while holding the row) is skipped; a row deleted by another instance is
    // returned only to that instance.
    const removed = await db
      .delete(storedFiles)
      .where(
        and(
          inArray(
            storedFiles.id,
            batch.map((row) => row.id),
          ),
          isNull(storedFiles.attachedAt),
          lt(storedFiles.createdAt, cutoff),
          notInDraft(),
        ),
      )
      .returning({ path: storedFiles.path });
    for (const row of removed) await store.remove(row.path);
    deleted += removed.length;
    if (batch.length < BATCH) return deleted;
  }
}

/** One run of every maintenance task at `now`. */
export async function runMaintenance(db: Database, store: Pick<FileStore, 'remove'>, now = new Date()) {
  const staleDrafts = await deleteStaleDrafts(db, now);
  const orphanUploads = await deleteOrphanUploads(db, store, now);
  const attemptCounters = await createAttemptCounters(db).prune(MARKER_RETENTION_MS, now);
  return { staleDrafts, orphanUploads, attemptCounters };
}

export interface MaintenanceSchedule {
  firstRunAfterMs: number;
  everyMs: number;
  /** The time each run believes it is (tests move it forward). */
  clock: () => Date;
}

/** Runs the maintenance a minute after the app is ready and then every hour, until it closes. */
export function startMaintenance(
  app: FastifyInstance,
  context: AppContext,
  store: FileStore,
  schedule: Partial<MaintenanceSchedule> = {},
): void {
  const {
    firstRunAfterMs = FIRST_RUN_AFTER_MS,
    everyMs = MAINTENANCE_EVERY_MS,
    clock = () => new Date(),
  } = schedule;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = runMaintenance(context.db, store, clock())
      .then((result) => {
        if (result.orphanUploads > 0 || result.attemptCounters > 0) app.log.info(result, 'maintenance');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'maintenance failed'));
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function tick() {
      run();
      timer = setTimeout(tick, everyMs).unref();
    }, firstRunAfterMs).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
