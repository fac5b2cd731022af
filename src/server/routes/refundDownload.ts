/**
 * `POST /refund_download_file/ {refund_files_ids}` (SPEC §7 'Refund (public)'; issue 17 'Staff
 * review': every receipt downloadable, several as one zip). Staff with refund/view; only files
 * that belong to a refund (receipts, authorization files, documents sent through a link). One id
 * answers that file; several answer `reintegro-archivos.zip` (fflate, stored: JPEG and PDF do not
 * compress), each entry named after the file, numbered when names repeat.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
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

export function refundDownloadRoutes(app: FastifyInstance, context: AppContext) {
  /** Bytes of the files of one zip (issue 39): the zip and its files are in memory while it is made. */
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
      // Issue 39: the zip is made in memory on the request (stored, not deflated: a copy and a
      // CRC-32), so several files are bounded in bytes as well as in number.
      const bytes = files.reduce((sum, file) => sum + Number(file.size), 0);
      if (files.length > 1 && bytes > MAX_ZIP_BYTES)
        return reply
          .status(413)
          .send({ detail: messages.refundLinks.downloadTooLarge(MAX_ZIP_BYTES / 1024 / 1024) });
      const storage = storageOf(context);
      const ordered = ids.map((id) => files.find((file) => file.id === id)!);
      // Issue 39: images still as the traveller sent them are re-encoded first (one at a time).
      const kept = [];
      for (const file of ordered) kept.push(await keptFileForDownload(context, file.id));
      const contents = await Promise.all(kept.map((file) => (file ? storage.get(file.path) : null)));
      if (contents.some((bytes) => bytes === null)) throw notFound(messages.refundLinks.fileNotFound);
      reply.header('cache-control', 'private, no-store').header('x-content-type-options', 'nosniff');
      if (ordered.length === 1) {
        return reply
          .type(ordered[0].contentType)
          .header('content-disposition', disposition(ordered[0].name))
          .send(contents[0]);
      }
      const entries: Record<string, [Uint8Array, { level: 0 }]> = {};
      ordered.forEach((file, index) => {
        entries[entryName(file.name, entries)] = [new Uint8Array(contents[index]!), { level: 0 }];
      });
      return reply
        .type('application/zip')
        .header('content-disposition', disposition('reintegro-archivos.zip'))
        .send(Buffer.from(zipSync(entries)));
    },
  );
}
