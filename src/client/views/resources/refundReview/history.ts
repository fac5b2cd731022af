/**
 * How the 'Historial' tab of a refund reads (issue 17 'Staff review'; issue 32 'History people
 * can read'): the server answers each claim's and request's fields as their own changes
 * (`claims.1.approved_amount`), labelled here as the review labels them.
 */
import { formatAmount } from '../../../../contracts/format';
import { refundStatusLabel } from '../../../../contracts/refund/lifecycle';
import { text } from './parts';

/** Labels of the refund's keys, a claim's and a request's fields as 'claims.field', 'requests.field'. */
export const historyLabels: Record<string, string> = {
  status: text.status,
  claims: text.claims,
  requests: text.requests,
  rejection_reason: text.rejectionReason,
  'claims.coverage': text.coverage,
  'claims.sinister_country': text.sinisterCountry,
  'claims.sinister_date': text.sinisterDate,
  'claims.currency': text.currency,
  'claims.amount': text.amount,
  'claims.approved_amount': text.approvedAmount,
  'claims.services': text.services,
  'claims.services.amount_paid': text.amountPaid,
  'claims.services.amount_recovered': text.amountRecovered,
  'requests.kind': text.requests,
  'requests.items': text.documentsLabel,
  'requests.max_files': text.requestMaxFiles,
  'requests.observations': text.requestObservations,
  payment: text.bankData,
  // Issue 40: what a traveller sent back through a link, not its raw keys.
  comment: text.historyComment,
  pending_doc_files: text.historyPendingDocFiles,
  ...Object.fromEntries(Object.entries(text.bankFields).map(([key, label]) => [`payment.${key}`, label])),
  ...text.bankFields,
};

const AMOUNTS = new Set([
  'claims.amount',
  'claims.approved_amount',
  'claims.services.amount_paid',
  'claims.services.amount_recovered',
]);

/** Values of the refund's history entries as a reviewer reads them (by key path, item numbers left out). */
export function historyValueOf(field: string, value: unknown): string | undefined {
  if (field === 'status' && typeof value === 'string') return refundStatusLabel(value);
  if (AMOUNTS.has(field) && (typeof value === 'string' || typeof value === 'number'))
    return formatAmount(String(value));
  if (field === 'requests.kind' && typeof value === 'string')
    return value === 'documents' ? text.requestDocuments : text.requestBankData;
  return undefined;
}
