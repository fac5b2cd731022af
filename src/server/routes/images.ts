/**
 * The image service of SPEC §7 ('Image upload: POST to the images service /upload-image,
 * multipart with repeated field file; response has files'). Mounted at the root, so by default
 * it answers at /images/upload-image (config IMAGE_SERVICE_URL may point elsewhere).
 * Needs the refund access token; files are decoded and re-encoded before they are stored
 * (services/files.ts, in the heavy-work child process: issue 39), capped per file, per request and per voucher (the upload quota of stored
 * bytes not yet submitted, UPLOAD_QUOTA_MB), and a request stores all of its files or none.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages';
import {
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILES_PER_REQUEST,
  MAX_UPLOAD_REQUEST_BYTES,
  refundApiPaths,
  type StoredFile,
} from '../../contracts/refund';
import { requireRefundAccess } from '../auth/refundAccess';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import { storedFiles } from '../db/schema';
import { FieldValidationError, HttpError } from '../http/errors';
import { rateLimited } from '../http/rateLimit';
import { auditedWrite } from '../resources/engine';
import { runAfterResponse } from '../services/background';
import { createFileStore, type ReceivedFile } from '../services/files';
import { startMaintenance } from '../services/maintenance';
import { receiptReaderOf, refuseWhenReadingQueueFull } from '../services/receiptReading';
import { inspectorOf } from '../services/receiptReading/heavyProcess';
import { reencodingLaneOf, storedFileRow } from '../services/reencoding';
import { storageOf } from '../services/storage';

const text = messages.refund;

/** A refused upload: a Spanish message under the `file` field (the field the client sends). */
const fileError = (status: number, message: string) => new FieldValidationError({ file: [message] }, status);
/** More files than one upload takes (issue 42: with its code, for the traveller's language). */
const tooManyFiles = () =>
  new HttpError(413, text.filesTooMany(MAX_UPLOAD_FILES_PER_REQUEST), {
    code: 'refund.filesTooMany',
    values: { max: MAX_UPLOAD_FILES_PER_REQUEST },
  });

/** Bytes stored for a voucher and not yet attached to a submitted refund (the quota's usage). */
async function pendingBytes(db: Database | Transaction, voucherId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${storedFiles.size}), 0)` })
    .from(storedFiles)
    .where(and(eq(storedFiles.voucherId, voucherId), isNull(storedFiles.attachedAt)));
  return Number(row?.bytes ?? 0);
}

export function imagesRoutes(app: FastifyInstance, context: AppContext) {
  const store = createFileStore(storageOf(context), inspectorOf(context), { deferImageReencoding: true });
  startMaintenance(app, context, store);

  app.post(
    `/images${refundApiPaths.uploadImage}`,
    { preHandler: requireRefundAccess(context), config: rateLimited(120, '15 minutes') },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, text.uploadNoFiles);
      const voucherId = request.refundAccess!.voucherId;
      // Issue 39: past the reading queue's bound a new upload is refused before it is read.
      await refuseWhenReadingQueueFull(context, reply);
      const quota = context.config.uploadQuotaBytes;
      const megabytes = Math.round(quota / (1024 * 1024));
      const quotaMessage = text.uploadQuotaExceeded(megabytes);
      const received: ReceivedFile[] = [];
      try {
        // The quota of stored bytes per refund access (its voucher), checked before and after.
        let stored = await pendingBytes(context.db, voucherId);
        if (stored >= quota) throw fileError(413, quotaMessage);
        let total = 0;
        const parts = request.files({
          limits: { fileSize: MAX_UPLOAD_FILE_BYTES + 1, files: MAX_UPLOAD_FILES_PER_REQUEST + 1 },
          throwFileSizeLimit: false,
        });
        for await (const part of parts) {
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          if (received.length >= MAX_UPLOAD_FILES_PER_REQUEST) {
            part.file.resume();
            throw tooManyFiles();
          }
          const remaining = MAX_UPLOAD_REQUEST_BYTES - total;
          const file = await store.receive(
            part.file,
            part.filename,
            Math.min(MAX_UPLOAD_FILE_BYTES, remaining),
          );
          received.push(file);
          total += file.receivedSize;
          if (file.tooLarge) {
            throw new HttpError(
              413,
              file.receivedSize > MAX_UPLOAD_FILE_BYTES || remaining >= MAX_UPLOAD_FILE_BYTES
                ? text.uploadTooLarge
                : text.uploadRequestTooLarge,
            );
          }
          if (file.problem !== null) throw fileError(415, `${file.problem} (${file.name})`);
          stored += file.size;
          if (stored > quota) throw fileError(413, quotaMessage);
        }
        if (received.length === 0) throw new HttpError(400, text.uploadNoFiles);
        // A traveller's receipts: one history entry per file, recorded as the voucher (public).
        await auditedWrite(context.db, null, async (tx) => {
          // One upload per voucher at a time past this point, so two parallel requests cannot
          // both fit under the quota and together exceed it.
          await tx.execute(sql`select pg_advisory_xact_lock(${VOUCHER_LOCK_SPACE}::int, ${voucherId}::int)`);
          const usage = await pendingBytes(tx, voucherId);
          if (usage + received.reduce((sum, file) => sum + file.size, 0) > quota) {
            throw fileError(413, quotaMessage);
          }
          await tx.insert(storedFiles).values(received.map((file) => storedFileRow(file, voucherId)));
          // Issue 39: the files' reading jobs are stored with them, before the answer.
          await receiptReaderOf(context).schedule(
            tx,
            voucherId,
            received.map((file) => file.id),
          );
          return {
            result: null,
            audit: received.map((file) => ({
              entity: 'stored_file',
              recordId: file.id,
              action: 'upload',
              before: null,
              after: { name: file.name, content_type: file.contentType, size: file.size },
              publicActor: `voucher:${voucherId}`,
            })),
          };
        });
      } catch (error) {
        await Promise.all(received.map((file) => store.remove(file.relativePath)));
        if (error instanceof HttpError || error instanceof FieldValidationError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT') {
          throw tooManyFiles();
        }
        throw error;
      }
      const files: StoredFile[] = received.map((file) => ({
        id: file.id,
        name: file.name,
        content_type: file.contentType!,
        size: file.size,
      }));
      // Issue 31: the receipts are read after the answer, never before it.
      runAfterResponse(reply, 'receipt reading', async () => {
        reencodingLaneOf(context).wake();
        receiptReaderOf(context).wake();
      });
      return reply.status(201).send({ files });
    },
  );
}

/** The advisory-lock key space of per-voucher upload locks (any constant unique to this use). */
const VOUCHER_LOCK_SPACE = 7_310_001;
