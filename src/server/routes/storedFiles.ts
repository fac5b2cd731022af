/**
 * Staff download of an uploaded file (issue 11): `GET /stored_file/{uuid}/` with refund/view
 * answers the stored bytes from the file storage (any instance serves what any other received),
 * as an attachment with the content type detected at upload.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../contracts/messages';
import { requirePermission } from '../auth/guard';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { parseWith } from '../http/validate';
import { keptFileForDownload } from '../services/reencoding';
import { storageOf } from '../services/storage';

const paramsSchema = z.object({ id: z.uuid() });

export function storedFileRoutes(app: FastifyInstance, context: AppContext) {
  app.get(
    '/stored_file/:id/',
    { preHandler: requirePermission(context, 'refund', 'view') },
    async (request, reply) => {
      const params = (() => {
        try {
          return parseWith(paramsSchema, request.params);
        } catch {
          throw notFound(messages.common.notFound);
        }
      })();
      // Issue 39: an image still as the traveller sent it is re-encoded before it is served.
      const file = await keptFileForDownload(context, params.id);
      if (!file) throw notFound(messages.common.notFound);
      const bytes = await storageOf(context).get(file.path);
      if (!bytes) throw notFound(messages.common.notFound);
      const asciiName = file.originalName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
        )
        .send(bytes);
    },
  );
}
