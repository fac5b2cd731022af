/**
 * Staff review of submitted refunds (SPEC §7 GET /refund/, its detail and PUT /refund/{id}/;
 * issue 17), declared on the resource engine in src/server/resources/refundReview.ts, and:
 *
 *   POST /refund/{id}/bank_data/  (refund/change) -> the bank data unmasked
 *
 * The reveal is written to the refund's history (`reveal_bank_data`) in the same transaction that
 * reads the data, so nobody sees the full account numbers without it being recorded.
 *
 * Issue 30 §2: after a successful staff write under /api/refund/ the decision mails the
 * transitions queued (services/refundDecisions.ts) are sent; and the traveller's status page:
 *
 *   GET /refund_data/status/  (refund access token) -> {submitted_refunds} with their timelines
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { historyEntityOf } from '../../contracts/engine';
import { messages } from '../../contracts/messages';
import { refundReviewContract } from '../../contracts/refund/review';
import { REFUND_STATUS_PATH } from '../../contracts/refund/status';
import { principalOf, requirePermission } from '../auth/guard';
import { requireRefundAccess } from '../auth/refundAccess';
import type { AppContext } from '../context';
import { refunds } from '../db/schema';
import { notFound } from '../http/errors';
import { rateLimited } from '../http/rateLimit';
import { idFromParams, parseWith } from '../http/validate';
import { auditedWrite, registerResource } from '../resources/engine';
import { bankDataOf, refundReviewResource } from '../resources/refundReview';
import { mailPendingDecisions } from '../services/refundDecisions';
import { submittedRefundsOf } from '../services/refundLinks';

const pendingDecisionMails = new Set<Promise<unknown>>();

/** Resolves once every decision mail started so far has been sent (tests, shutdown). */
export async function settleDecisionMails(): Promise<void> {
  while (pendingDecisionMails.size > 0) await Promise.all([...pendingDecisionMails]);
}

export function refundReviewRoutes(app: FastifyInstance, context: AppContext) {
  registerResource(app, context, refundReviewResource);

  // The decision mails' outbox: a staff write under /api/refund/ may have queued some (committed
  // by now); one that failed earlier is retried with the next such write.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || reply.statusCode >= 400) return;
    if (!request.url.startsWith('/api/refund/')) return;
    const run = mailPendingDecisions(context)
      .catch((error: unknown) => request.log.error({ err: error }, 'refund decision mail failed'))
      .finally(() => pendingDecisionMails.delete(run));
    pendingDecisionMails.add(run);
  });
  app.addHook('onClose', async () => settleDecisionMails());

  // The traveller's status page (issue 30 §2): only the refunds of the session's voucher and
  // document; nothing to give but the token (any query is refused).
  app.get(
    REFUND_STATUS_PATH,
    { preHandler: requireRefundAccess(context), config: rateLimited(60, '1 minute') },
    async (request) => {
      parseWith(z.strictObject({}), request.query ?? {});
      const access = request.refundAccess!;
      return {
        submitted_refunds: await submittedRefundsOf(
          context.db,
          context.config,
          access.voucherId,
          access.docNumber,
        ),
      };
    },
  );

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
