/**
 * Staff review of submitted refunds (SPEC §7 GET /refund/, its detail and PUT /refund/{id}/;
 * issue 17), declared on the resource engine in src/server/resources/refundReview.ts, and:
 *
 *   POST /refund/{id}/bank_data/  (refund/change) -> the bank data unmasked
 *
 * The reveal is written to the refund's history (`reveal_bank_data`) in the same transaction that
 * reads the data, so nobody sees the full account numbers without it being recorded.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { historyEntityOf } from '../../contracts/engine';
import { messages } from '../../contracts/messages';
import { refundReviewContract } from '../../contracts/refund/review';
import { principalOf, requirePermission } from '../auth/guard';
import type { AppContext } from '../context';
import { refunds } from '../db/schema';
import { notFound } from '../http/errors';
import { idFromParams } from '../http/validate';
import { auditedWrite, registerResource } from '../resources/engine';
import { bankDataOf, refundReviewResource } from '../resources/refundReview';

export function refundReviewRoutes(app: FastifyInstance, context: AppContext) {
  registerResource(app, context, refundReviewResource);

  app.post(
    '/refund/:id/bank_data/',
    { preHandler: requirePermission(context, 'refund', 'change') },
    async (request) => {
      const principal = principalOf(request);
      const id = idFromParams(request.params);
      return auditedWrite(context.db, principal, async (tx) => {
        const [refund] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, id));
        if (!refund) throw notFound(messages.common.notFound);
        const data = await bankDataOf(tx, id, false);
        if (!data) throw notFound(messages.refundReview.noBankData);
        return {
          result: data,
          audit: {
            entity: historyEntityOf(refundReviewContract.path),
            recordId: id,
            action: 'reveal_bank_data',
            before: null,
            after: null,
          },
        };
      });
    },
  );
}
