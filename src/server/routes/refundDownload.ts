/**
 * `POST /refund_download_file/ {refund_files_ids}` (SPEC §7 'Refund (public)'; issue 17 'Staff
 * review': every receipt downloadable, several as one zip). Staff with refund/view; only files
 * that belong to a refund (receipts, authorization files, documents sent through a link). One id
 * answers that file; several answer `reintegro-archivos.zip` (fflate, stored: JPEG and PDF do not
 * compress), each entry named after the file, numbered when names repeat. The zip is streamed
 * (issue 39): the files are read one at a time as the client takes the answer, so the server holds
 * about one file, not all of them and the zip (up to 200 MB before).
 */
import { PassThrough } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Zip, ZipPassThrough } from 'fflate';
import { messages } from '../../contracts/messages';
import { REFUND_DOWNLOAD_PATH, refundDownloadSchema } from '../../contracts/refund/review';
import { requirePermission } from '../auth/guard';
import type { AppContext } from '../context';
import { refundFiles, storedFiles } from '../db/schema';
import { notFound } from '../http/errors';
import { parseWith } from '../http/validate';
import { keptFileForDownload } from '../services/reencoding';
import { storageOf } from '../services/storage';

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');
const disposition = (name: string) =>
  `attachment; filename="${asciiName(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** The file's name, or 'name (2).ext', 'name (3).ext'… when the zip already holds it. */
export function entryName(name: string, taken: Record<string, unknown>): string {
  if (!Object.hasOwn(taken, name)) return name;
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let copy = 2; ; copy++) {
    const candidate = `${stem} (${copy})${extension}`;
    if (!Object.hasOwn(taken, candidate)) return candidate;
  }
}

/**
 * The zip of `files` (stored entries) as a stream: each file is read when the client has taken the
 * previous ones (`first` is the first file's bytes, already read). A file gone from the storage
 * meanwhile ends the stream with an error (the download fails rather than missing a file).
 */
function zipStream(
  files: readonly { name: string; path: string }[],
  first: Buffer,
  read: (path: string) => Promise<Buffer | null>,
): PassThrough {
  const body = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      body.destroy(error);
      return;
    }
    body.write(chunk);
    if (final) body.end();
  });
  const taken: Record<string, true> = {};
  const add = (name: string, bytes: Buffer) => {
    const entry = new ZipPassThrough(entryName(name, taken));
    taken[entry.filename] = true;
    zip.add(entry);
    entry.push(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), true);
  };
  /** Resolves once the client has taken what waits (or is gone). */
  const drained = () =>
    new Promise<void>((resolve) => {
      if (!body.writableNeedDrain || body.destroyed) return resolve();
      const done = () => {
        body.off('drain', done);
        body.off('close', done);
        resolve();
      };
      body.on('drain', done);
      body.on('close', done);
    });
  void (async () => {
    add(files[0].name, first);
    for (const file of files.slice(1)) {
      await drained();
      if (body.destroyed) return;
      const bytes = await read(file.path);
      if (bytes === null) throw new Error(`refund download: ${file.path} is missing from the storage`);
      add(file.name, bytes);
    }
    await drained();
    zip.end();
  })().catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  return body;
}

export function refundDownloadRoutes(app: FastifyInstance, context: AppContext) {
  /** Bytes of the files of one zip (issue 39): a download's size and the time it holds a worker. */
  const MAX_ZIP_BYTES = 100 * 1024 * 1024;
  app.post(
    REFUND_DOWNLOAD_PATH,
    { preHandler: requirePermission(context, 'refund', 'view') },
    async (request, reply) => {
      const ids = [...new Set(parseWith(refundDownloadSchema, request.body).refund_files_ids)];
      const rows = await context.db
        .selectDistinct({
          id: storedFiles.id,
          name: storedFiles.originalName,
          path: storedFiles.path,
          contentType: storedFiles.contentType,
          size: storedFiles.size,
        })
        .from(storedFiles)
        .innerJoin(refundFiles, eq(refundFiles.fileId, storedFiles.id))
        .where(inArray(storedFiles.id, ids));
      const files = rows.filter((row) => ids.includes(row.id));
      if (files.length !== ids.length) throw notFound(messages.refundLinks.fileNotFound);
      // Issue 39: several files are bounded in bytes as well as in number (checked from the stored
      // sizes, before any file is read).
      const bytes = files.reduce((sum, file) => sum + Number(file.size), 0);
      if (files.length > 1 && bytes > MAX_ZIP_BYTES)
        return reply
          .status(413)
          .send({ detail: messages.refundLinks.downloadTooLarge(MAX_ZIP_BYTES / 1024 / 1024) });
      const storage = storageOf(context);
      const ordered = ids.map((id) => files.find((file) => file.id === id)!);
      // Issue 39: images still as the traveller sent them are re-encoded first (one at a time),
      // and the files are read from where their kept bytes are.
      const kept = [];
      for (const file of ordered) {
        const row = await keptFileForDownload(context, file.id);
        if (!row) throw notFound(messages.refundLinks.fileNotFound);
        kept.push({ ...file, path: row.path });
      }
      // The first file is read before answering: a file missing from the storage is still a 404.
      const first = await storage.get(kept[0].path);
      if (first === null) throw notFound(messages.refundLinks.fileNotFound);
      reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      if (ordered.length === 1) {
        return reply
          .type(ordered[0].contentType)
          .header('content-disposition', disposition(ordered[0].name))
          .send(first);
      }
      return reply
        .type('application/zip')
        .header('content-disposition', disposition('reintegro-archivos.zip'))
        .send(zipStream(kept, first, (path) => storage.get(path)));
    },
  );
}
