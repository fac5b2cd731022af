/** Staff reads of submitted refunds (SPEC §7 GET /refund/ and its detail), with refund/view. */
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages';
import { type RefundDetail, type RefundRow, refundListQuerySchema } from '../../contracts/refundReview';
import { requirePermission } from '../auth/guard';
import type { AppContext } from '../context';
import { refundClaimServices, refundClaims, refundFiles, refunds, storedFiles } from '../db/schema';
import { notFound } from '../http/errors';
import { pageLinks } from '../http/pagination';
import { idFromParams, parseWith } from '../http/validate';

type RefundRecord = typeof refunds.$inferSelect;

const rowOf = (refund: RefundRecord): RefundRow => ({
  id: refund.id,
  name: refund.name,
  doc_number: refund.docNumber,
  voucher: refund.voucherId,
  status: refund.status,
  created_at: refund.createdAt.toISOString(),
});

export function refundReviewRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const view = requirePermission(context, 'refund', 'view');

  app.get('/refund/', { preHandler: view }, async (request) => {
    const query = parseWith(refundListQuerySchema, request.query);
    const filters: SQL[] = [];
    if (query.id) filters.push(eq(refunds.id, query.id));
    if (query.doc_number) filters.push(eq(refunds.docNumber, query.doc_number));
    if (query.voucher) filters.push(eq(refunds.voucherId, query.voucher));
    if (query.status) filters.push(eq(refunds.status, query.status));
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = await db.select({ total: count() }).from(refunds).where(where);
    const rows = await db
      .select()
      .from(refunds)
      .where(where)
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
      .offset(query.offset)
      .limit(query.limit);
    return { count: total, ...pageLinks(request, query, total), results: rows.map(rowOf) };
  });

  app.get('/refund/:id/', { preHandler: view }, async (request): Promise<RefundDetail> => {
    const id = idFromParams(request.params);
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, id));
    if (!refund) throw notFound(messages.common.notFound);
    const claims = await db
      .select()
      .from(refundClaims)
      .where(eq(refundClaims.refundId, id))
      .orderBy(asc(refundClaims.position));
    const services = claims.length
      ? await db
          .select()
          .from(refundClaimServices)
          .where(
            inArray(
              refundClaimServices.claimId,
              claims.map((claim) => claim.id),
            ),
          )
          .orderBy(asc(refundClaimServices.id))
      : [];
    const files = await db
      .select({ link: refundFiles, file: storedFiles })
      .from(refundFiles)
      .innerJoin(storedFiles, eq(storedFiles.id, refundFiles.fileId))
      .where(eq(refundFiles.refundId, id))
      .orderBy(asc(refundFiles.id));
    return {
      ...rowOf(refund),
      surname: refund.surname,
      email: refund.email,
      phone_contact: refund.phoneContact,
      country_residence: refund.countryResidence,
      client_comment: refund.clientComment,
      claims: claims.map((claim) => ({
        id: claim.id,
        coverage: claim.coverageName,
        sinister_country: claim.sinisterCountry,
        sinister_date: claim.sinisterDate,
        currency: claim.currencyCode,
        amount: claim.amount,
        services: services
          .filter((service) => service.claimId === claim.id)
          .map((service) => ({
            service: service.service,
            name: service.serviceName,
            amount_paid: service.amountPaid,
            amount_recovered: service.amountRecovered,
          })),
      })),
      files: files.map(({ link, file }) => ({
        id: file.id,
        name: file.originalName,
        content_type: file.contentType,
        size: file.size,
        kind: link.kind,
        claim: link.claimId,
      })),
    };
  });
}
