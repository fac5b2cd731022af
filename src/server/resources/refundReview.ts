/**
 * Staff reads of submitted refunds on the resource engine (SPEC §7 GET /refund/ and its detail),
 * with refund/view: the list row, and the detail nested with its claims (and their services)
 * and its files.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { RefundDetail, RefundRow } from '../../contracts/refundReview';
import { refundReviewContract } from '../../contracts/refundReview';
import { refundClaimServices, refundClaims, refundFiles, refunds, storedFiles } from '../db/schema';
import { defineResource, type Reader } from './engine';

type RefundRecord = typeof refunds.$inferSelect;

const rowOf = (refund: RefundRecord): RefundRow => ({
  id: refund.id,
  name: refund.name,
  doc_number: refund.docNumber,
  voucher: refund.voucherId,
  status: refund.status,
  created_at: refund.createdAt.toISOString(),
});

async function detailOf(reader: Reader, refund: RefundRecord): Promise<RefundDetail> {
  const claims = await reader
    .select()
    .from(refundClaims)
    .where(eq(refundClaims.refundId, refund.id))
    .orderBy(asc(refundClaims.position));
  const services = claims.length
    ? await reader
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
  const files = await reader
    .select({ link: refundFiles, file: storedFiles })
    .from(refundFiles)
    .innerJoin(storedFiles, eq(storedFiles.id, refundFiles.fileId))
    .where(eq(refundFiles.refundId, refund.id))
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
}

export const refundReviewResource = defineResource({
  contract: refundReviewContract,
  table: refunds,
  operations: ['list', 'detail'],
  serialize: rowOf,
  detail: detailOf,
  filters: {
    id: { kind: 'exact', on: refunds.id, type: 'integer' },
    doc_number: { kind: 'exact', on: refunds.docNumber, type: 'text' },
    voucher: { kind: 'exact', on: refunds.voucherId, type: 'integer' },
    status: { kind: 'exact', on: refunds.status, type: 'text' },
  },
  ordering: { created_at: refunds.createdAt },
  idOrder: 'desc',
});
