/**
 * Issue 39 (acknowledge early): the images an upload stored as sent (`reencoding = 'pending'`,
 * services/files.ts `deferImageReencoding`) are decoded and re-encoded (orientation applied,
 * metadata stripped) in the heavy-work child before anyone reads them.
 *
 * - `keptFileOf(context, fileId)` answers the file's row once it is re-encoded, re-encoding it
 *   now when it is still pending: the reading job, the staff download and the zip call it before
 *   they read the bytes, so nobody ever gets an image as the traveller sent it.
 * - `reencodingLaneOf(context)` re-encodes pending files in upload order once the app is ready,
 *   woken by each upload and every POLL_MS otherwise, so a file nobody reads (reading off, or
 *   past its voucher's reading bound) is not kept as sent for long. A claim older than
 *   CLAIM_STALE_MS (its instance died) is taken again.
 *
 * The re-encoded bytes go under a NEW key and the row moves to it in one statement guarded by
 * `reencoding = 'pending'`: two workers on the same file (a download and the lane, or two
 * instances) never read a half-written file, the loser drops its copy, and the winner removes
 * the bytes as sent. A file whose full decode fails is 'refused' and its bytes are removed.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../contracts/messages';
import type { AppContext } from '../context';
import { storedFiles } from '../db/schema';
import { HttpError } from '../http/errors';
import { extensionOf, type ReceivedFile } from './files';
import { HeavyProcessStopped, heavyProcessOf } from './receiptReading/heavyProcess';
import { storageOf } from './storage';

/** How often an idle lane looks for pending files (an upload wakes it at once). */
const POLL_MS = 5_000;
/** A claim older than this belongs to an instance that died: another takes the file. */
const CLAIM_STALE_MS = 120_000;

type StoredFileRow = typeof storedFiles.$inferSelect;

/** The `stored_files` row of a file an upload received (pending re-encoding when stored as sent). */
export const storedFileRow = (file: ReceivedFile, voucherId: number) => ({
  id: file.id,
  voucherId,
  originalName: file.name,
  contentType: file.contentType!,
  size: file.size,
  sha256: file.sha256,
  path: file.relativePath,
  reencoding: file.reencodePending ? ('pending' as const) : ('done' as const),
});

/** The file's row, re-encoded ('done') or 'refused'; null when the file is gone. */
export async function keptFileOf(context: AppContext, fileId: string): Promise<StoredFileRow | null> {
  for (let round = 0; round < 3; round += 1) {
    const [file] = await context.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    if (!file) return null;
    if (file.reencoding !== 'pending') return file;
    await reencode(context, file);
  }
  // Three rounds lost to other workers: theirs is done by now, or the row says why not.
  const [file] = await context.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  return file ?? null;
}

/** Re-encodes the voucher's images still as sent (a refund is about to attach them). */
export async function reencodeVoucherFiles(context: AppContext, voucherId: number): Promise<void> {
  const pending = await context.db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(eq(storedFiles.voucherId, voucherId), eq(storedFiles.reencoding, 'pending')));
  for (const file of pending) await keptFileOf(context, file.id);
}

/**
 * `keptFileOf` for a download: the child stopping answers a Spanish 503 (try again), a file whose
 * decode failed a Spanish 422 naming it.
 */
export async function keptFileForDownload(
  context: AppContext,
  fileId: string,
): Promise<StoredFileRow | null> {
  let file: StoredFileRow | null;
  try {
    file = await keptFileOf(context, fileId);
  } catch (error) {
    if (error instanceof HeavyProcessStopped) throw new HttpError(503, messages.refundLinks.fileNotReady);
    throw error;
  }
  if (file?.reencoding === 'refused')
    throw new HttpError(422, messages.refundLinks.fileRefused(file.originalName));
  return file;
}

/**
 * Re-encodes one pending file in the heavy-work child; throws when the child stopped (the caller
 * tries later). No transaction or connection is held while the child works.
 */
async function reencode(context: AppContext, file: StoredFileRow): Promise<void> {
  const storage = storageOf(context);
  const sent = await storage.get(file.path);
  if (!sent) {
    // Moved by a worker that finished first (the row no longer says 'pending' at this path), or
    // lost: then nothing can be re-encoded, and the row says so instead of being tried forever.
    await context.db
      .update(storedFiles)
      .set({ reencoding: 'refused', reencodingClaimedAt: null })
      .where(
        and(
          eq(storedFiles.id, file.id),
          eq(storedFiles.reencoding, 'pending'),
          eq(storedFiles.path, file.path),
        ),
      );
    return;
  }
  const inspection = await heavyProcessOf(context).inspect(sent);
  if (!inspection.ok || inspection.contentType !== file.contentType) {
    const [refused] = await context.db
      .update(storedFiles)
      .set({ reencoding: 'refused', reencodingClaimedAt: null })
      .where(and(eq(storedFiles.id, file.id), eq(storedFiles.reencoding, 'pending')))
      .returning({ id: storedFiles.id });
    if (refused) await storage.remove(file.path).catch(() => {});
    return;
  }
  const key = `${file.id.slice(0, 2)}/${file.id}-${randomUUID().slice(0, 8)}.${extensionOf[inspection.contentType]}`;
  await storage.put(key, inspection.bytes);
  const [moved] = await context.db
    .update(storedFiles)
    .set({
      reencoding: 'done',
      reencodingClaimedAt: null,
      path: key,
      size: inspection.bytes.length,
      sha256: createHash('sha256').update(inspection.bytes).digest('hex'),
    })
    .where(and(eq(storedFiles.id, file.id), eq(storedFiles.reencoding, 'pending')))
    .returning({ id: storedFiles.id });
  await storage.remove(moved ? file.path : key).catch(() => {});
}

/** Takes the oldest pending file nobody holds (or whose holder died), marking it held. */
async function claimPending(context: AppContext): Promise<StoredFileRow | null> {
  const [file] = await context.db
    .update(storedFiles)
    .set({ reencodingClaimedAt: sql`now()` })
    .where(
      eq(
        storedFiles.id,
        sql`(select id from ${storedFiles}
          where reencoding = 'pending'
            and (reencoding_claimed_at is null
              or reencoding_claimed_at < now() - make_interval(secs => ${CLAIM_STALE_MS / 1000}))
          order by created_at
          limit 1
          for update skip locked)`,
      ),
    )
    .returning();
  return file ?? null;
}

export interface ReencodingLane {
  start(log: FastifyBaseLogger): void;
  /** An upload stored pending files: look now. */
  wake(): void;
  /** Resolves when no file is pending (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

function createLane(context: AppContext): ReencodingLane {
  let log: FastifyBaseLogger | undefined;
  let started = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  const drain = async () => {
    for (;;) {
      if (closed) return;
      const file = await claimPending(context);
      if (!file) return;
      try {
        await reencode(context, file);
      } catch (error) {
        // The child stopped: the claim lapses and the file is taken again later.
        log?.warn({ err: error, file: file.id }, 'image re-encoding interrupted; it is tried again later');
        return;
      }
    }
  };

  const run = () => {
    if (closed || !started) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((error: unknown) => log?.error({ err: error }, 'image re-encoding failed'))
      .finally(() => {
        running = null;
        if (closed) return;
        if (again) {
          again = false;
          run();
        } else timer = setTimeout(run, POLL_MS).unref();
      });
  };

  return {
    start(logger) {
      if (started || closed) return;
      log = logger;
      started = true;
      run();
    },
    wake: run,
    async idle() {
      for (;;) {
        const [pending] = await context.db
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(eq(storedFiles.reencoding, 'pending'))
          .limit(1);
        if (!pending) return;
        run();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const lanes = new WeakMap<AppContext, ReencodingLane>();

/** The app's re-encoding lane (one per app). */
export function reencodingLaneOf(context: AppContext): ReencodingLane {
  let lane = lanes.get(context);
  if (!lane) {
    lane = createLane(context);
    lanes.set(context, lane);
  }
  return lane;
}
