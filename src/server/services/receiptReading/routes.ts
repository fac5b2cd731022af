/**
 * The readings' API (issue 31):
 * - GET /api/refund_data/readings/?ids=…[&country=ARG] — the traveller (refund access token):
 *   what was read on their own uploads (files of their voucher; others are simply absent).
 * - GET /api/refund/:id/readings/ — staff with refund/view: per claim the read figures beside the
 *   claimed amount, and the flags (./flags.ts).
 * The app's ready starts the reader's worker (./index.ts); its close stops it and its child process.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../../contracts/messages';
import {
  type FileReadingsResponse,
  fileReadingsQuerySchema,
  type RefundReadingsResponse,
  receiptReadingPaths,
} from '../../../contracts/refund/reading';
import { requirePermission } from '../../auth/guard';
import { requireRefundAccess } from '../../auth/refundAccess';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { receiptReadings, storedFiles } from '../../db/schema';
import { notFound } from '../../http/errors';
import { rateLimited } from '../../http/rateLimit';
import { parseWith } from '../../http/validate';
import { reencodingLaneOf } from '../reencoding';
import { fileReadingOf, refundReadings } from './flags';
import { receiptReaderOf } from './index';

const refundParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/**
 * The readings of the given files that belong to `voucherId` (others are simply absent, so an id
 * tells nothing about another traveller's files), re-extracted with `country` as the '$' hint.
 * Used by the traveller's token route here and by the pending-documents link (routes/refundLinks.ts).
 */
export async function ownReadings(
  db: Database,
  voucherId: number,
  fileIds: readonly string[],
  country: string | null,
): Promise<FileReadingsResponse> {
  const own = await db
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(and(inArray(storedFiles.id, [...fileIds]), eq(storedFiles.voucherId, voucherId)));
  const ids = own.map((file) => file.id);
  const rows =
    ids.length === 0
      ? []
      : await db.select().from(receiptReadings).where(inArray(receiptReadings.fileId, ids));
  return { readings: ids.map((id) => fileReadingOf(id, rows, country)) };
}

export function receiptReadingRoutes(app: FastifyInstance, context: AppContext) {
  // Issue 39: the worker takes queued jobs once the app is ready (jobs left by an earlier start
  // included) and stops, putting its job back in the queue, when the app closes.
  // Issue 39: so does the lane that re-encodes images stored as sent (reading on or off).
  app.addHook('onReady', async () => {
    reencodingLaneOf(context).start(app.log);
    await receiptReaderOf(context).start(app.log);
  });
  app.addHook('onClose', async () => {
    await reencodingLaneOf(context).close();
    await receiptReaderOf(context).close();
  });

  app.get(
    receiptReadingPaths.own,
    { preHandler: requireRefundAccess(context), config: rateLimited(600, '15 minutes') },
    async (request): Promise<FileReadingsResponse> => {
      const query = parseWith(fileReadingsQuerySchema, request.query);
      return ownReadings(context.db, request.refundAccess!.voucherId, query.ids, query.country ?? null);
    },
  );

  app.get(
    receiptReadingPaths.refund,
    { preHandler: requirePermission(context, 'refund', 'view') },
    async (request): Promise<RefundReadingsResponse> => {
      const params = (() => {
        try {
          return parseWith(refundParamsSchema, request.params);
        } catch {
          throw notFound(messages.common.notFound);
        }
      })();
      const readings = await refundReadings(context.db, params.id);
      if (!readings) throw notFound(messages.common.notFound);
      return readings;
    },
  );
}
