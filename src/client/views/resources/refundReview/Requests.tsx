/** The requests made to the traveller (documents, bank data) with their items. */

import type { ReviewedRefund } from '../../../../../machines/refundReview';
import { formatLocalDate } from '../../../../contracts/format';
import { Card, Subheading } from '../../../ui/primitives';
import { text } from './parts';

export function Requests({ refund }: { refund: ReviewedRefund }) {
  if (!refund.requests.length) return null;
  return (
    <Card aria-labelledby="refund-requests">
      <Subheading id="refund-requests">{text.requests}</Subheading>
      <ul>
        {refund.requests.map((request) => (
          <li key={request.id}>
            <strong>{request.kind === 'documents' ? text.requestDocuments : text.requestBankData}</strong> (
            {formatLocalDate(request.created_at)}):{' '}
            {request.items
              .map((item) => (request.kind === 'bank_data' ? (text.bankFields[item] ?? item) : item))
              .join(', ')}
            {request.max_files ? ` — ${text.requestMaxFiles}: ${request.max_files}` : ''}
            {request.observations ? ` — ${text.requestObservations}: ${request.observations}` : ''}
          </li>
        ))}
      </ul>
    </Card>
  );
}
