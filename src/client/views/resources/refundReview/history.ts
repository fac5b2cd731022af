/** How the 'Historial' tab of a refund reads its values (issue 17 'Staff review'). */
import { formatAmount } from '../../../../contracts/format';
import { refundStatusLabel } from '../../../../contracts/refund/lifecycle';
import { text } from './parts';

/** Values of the refund's history entries as a reviewer reads them. */
export function historyValueOf(field: string, value: unknown): string | undefined {
  if (field === 'status' && typeof value === 'string') return refundStatusLabel(value);
  if (field === 'claims' && Array.isArray(value))
    return value
      .map(
        (claim: { coverage?: string; currency?: string; approved_amount?: string | null }) =>
          `${claim.coverage ?? ''}: ${claim.approved_amount ? `${claim.currency} ${formatAmount(claim.approved_amount)}` : '—'}`,
      )
      .join('; ');
  if (field === 'requests' && Array.isArray(value))
    return value
      .map(
        (request: { kind?: string; items?: string[]; open?: boolean }) =>
          `${request.kind === 'documents' ? text.requestDocuments : text.requestBankData}: ${(request.items ?? []).join(', ')}`,
      )
      .join('; ');
  return undefined;
}
