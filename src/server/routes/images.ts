/**
 * The image service of SPEC §7 ('Image upload: POST to the images service /upload-image,
 * multipart with repeated field file; response has files'). Mounted at the root, so by default
 * it answers at /images/upload-image (config IMAGE_SERVICE_URL may point elsewhere).
 * Needs the refund access token; files are checked by content, counted and capped while streaming,
 * and a request stores all of its files or none.
 */
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
import { storedFiles } from '../db/schema';
import { HttpError } from '../http/errors';
import { rateLimited } from '../http/rateLimit';
import { createFileStore, type ReceivedFile } from '../services/files';
import { storageOf } from '../services/storage';

const text = messages.refund;

export function imagesRoutes(app: FastifyInstance, context: AppContext) {
  const store = createFileStore(storageOf(context));

  app.post(
    `/images${refundApiPaths.uploadImage}`,
    { preHandler: requireRefundAccess(context), config: rateLimited(120, '15 minutes') },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, text.uploadNoFiles);
      const voucherId = request.refundAccess!.voucherId;
      const received: ReceivedFile[] = [];
      try {
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
            throw new HttpError(413, text.filesTooMany(MAX_UPLOAD_FILES_PER_REQUEST));
          }
          const remaining = MAX_UPLOAD_REQUEST_BYTES - total;
          const file = await store.receive(
            part.file,
            part.filename,
            Math.min(MAX_UPLOAD_FILE_BYTES, remaining),
          );
          received.push(file);
          total += file.size;
          if (file.tooLarge) {
            throw new HttpError(
              413,
              file.size > MAX_UPLOAD_FILE_BYTES || remaining >= MAX_UPLOAD_FILE_BYTES
                ? text.uploadTooLarge
                : text.uploadRequestTooLarge,
            );
          }
          if (file.contentType === null) throw new HttpError(415, `${text.uploadRefusedType} (${file.name})`);
        }
        if (received.length === 0) throw new HttpError(400, text.uploadNoFiles);
        await context.db.insert(storedFiles).values(
          received.map((file) => ({
            id: file.id,
            voucherId,
            originalName: file.name,
            contentType: file.contentType!,
            size: file.size,
            sha256: file.sha256,
            path: file.relativePath,
          })),
        );
      } catch (error) {
        await Promise.all(received.map((file) => store.remove(file.relativePath)));
        if (error instanceof HttpError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT') {
          throw new HttpError(413, text.filesTooMany(MAX_UPLOAD_FILES_PER_REQUEST));
        }
        throw error;
      }
      const files: StoredFile[] = received.map((file) => ({
        id: file.id,
        name: file.name,
        content_type: file.contentType!,
        size: file.size,
      }));
      return reply.status(201).send({ files });
    },
  );
}
