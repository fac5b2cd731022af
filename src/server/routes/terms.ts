/**
 * The traveller's terms page (issue 28 §4; SPEC §7 GET /sendAcceptConditions/{data}), public:
 *
 *   GET  /terms/{data}/         -> TermsView: the conditions of the voucher's product (changes nothing)
 *   POST /terms/{data}/accept/  -> TermsAccepted: records the acceptance once (idempotent), audited
 *
 * `{data}` is the signed link of the terms mail (../services/termsLinks.ts). A wrong MAC answers
 * 404 and counts against the client address (limits.ts `termsLinkAddress`); a lapsed link (past
 * its signed expiry, or an old link without one; issue 39) answers 410 `linkLapsed` and changes
 * nothing; both routes carry the public flood guard of the other public calls.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { historyEntityOf } from '../../contracts/engine';
import { messages } from '../../contracts/messages';
import type { TermsAccepted, TermsView } from '../../contracts/terms';
import type { AppContext } from '../context';
import { vouchers } from '../db/schema';
import { clientAddressKey, createAttemptCounters, retryAfterSeconds } from '../http/attempts';
import { HttpError } from '../http/errors';
import { termsLinkAddress } from '../http/limits';
import { rateLimited } from '../http/rateLimit';
import { auditedWrite } from '../resources/engine';
import { checkTermsLink } from '../services/termsLinks';
import { loadPrintData } from '../services/voucherPdf';

const text = messages.terms;
const voucherHistoryEntity = historyEntityOf('/voucher/');

export function termsRoutes(app: FastifyInstance, context: AppContext) {
  const { db, config } = context;
  const attempts = createAttemptCounters(db);

  /** The voucher of the link; a throttled address waits, a wrong MAC counts against it. */
  async function voucherOfLink(request: FastifyRequest, reply: FastifyReply): Promise<number> {
    const address = { policy: termsLinkAddress, key: clientAddressKey(request.ip) };
    const blocked = await attempts.blockedFor([address]);
    if (blocked > 0) {
      reply.header('retry-after', String(retryAfterSeconds(blocked)));
      throw new HttpError(429, text.linkThrottled);
    }
    const data = (request.params as { data?: unknown }).data;
    const link = checkTermsLink(config.jwtSecret, data);
    // A lapsed link is a real one (its MAC is right): 410, not counted as a guess.
    if (link.status === 'lapsed') throw new HttpError(410, text.linkLapsed);
    if (link.status === 'invalid') {
      await attempts.recordFailure(address);
      throw new HttpError(404, text.linkInvalid);
    }
    return link.voucherId;
  }

  app.get(
    '/terms/:data/',
    { config: rateLimited(60, '1 minute') },
    async (request, reply): Promise<TermsView> => {
      const voucherId = await voucherOfLink(request, reply);
      // What the voucher's PDF prints (product, supplier, rate, dates, coverages), read the same way.
      const [voucher] = await loadPrintData(db, [voucherId]);
      if (!voucher) throw new HttpError(404, text.linkInvalid);
      const [acceptance] = await db
        .select({ acceptedAt: vouchers.conditionsAcceptedAt })
        .from(vouchers)
        .where(eq(vouchers.id, voucherId));
      reply.header('cache-control', 'no-store');
      return {
        voucher_id: voucher.id,
        product: voucher.productName,
        supplier: voucher.supplierName,
        rate: voucher.rateName,
        date_in: voucher.dateIn,
        date_out: voucher.dateOut,
        coverages: voucher.coverages,
        accepted_at: acceptance?.acceptedAt?.toISOString() ?? null,
      };
    },
  );

  app.post(
    '/terms/:data/accept/',
    { config: rateLimited(30, '15 minutes') },
    async (request, reply): Promise<TermsAccepted> => {
      const voucherId = await voucherOfLink(request, reply);
      const answer = await auditedWrite(db, null, async (tx) => {
        const [voucher] = await tx
          .select({ acceptedAt: vouchers.conditionsAcceptedAt })
          .from(vouchers)
          .where(eq(vouchers.id, voucherId))
          .for('update');
        if (!voucher) return { result: null, audit: [] };
        if (voucher.acceptedAt)
          return { result: { acceptedAt: voucher.acceptedAt, already: true }, audit: [] };
        const [updated] = await tx
          .update(vouchers)
          .set({ conditionsAcceptedAt: new Date() })
          .where(eq(vouchers.id, voucherId))
          .returning({ acceptedAt: vouchers.conditionsAcceptedAt });
        const acceptedAt = updated.acceptedAt ?? new Date();
        return {
          result: { acceptedAt, already: false },
          audit: {
            entity: voucherHistoryEntity,
            recordId: voucherId,
            action: 'accept_terms',
            before: { conditions_accepted_at: null },
            after: { conditions_accepted_at: acceptedAt.toISOString() },
            // Issue 40: the traveller, as refunds record them ('Viajero (voucher N)'), not 'public'.
            publicActor: `voucher:${voucherId}`,
          },
        };
      });
      if (!answer) throw new HttpError(404, text.linkInvalid);
      return { status: 'OK', accepted_at: answer.acceptedAt.toISOString(), already: answer.already };
    },
  );
}
