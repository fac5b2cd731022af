/**
 * Logging in again after submitting (issue 17 'The traveller sees where the claim stands'): the
 * refunds already sent for this voucher and document, their status and what is asked of the
 * traveller (the link pages' actions inline), before any new wizard, so nobody sends the same
 * claims twice by mistake. 'Solicitar otro reintegro' opens the wizard.
 */
import { Link } from 'react-router-dom';
import { formatDate } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { type PaymentTextField, paymentFieldLabel, type SubmittedRefund } from '../../../contracts/refund';
import { refundStatusLabel } from '../../../contracts/refund/lifecycle';
import { Button, Card, Heading, Muted, Row, Stack, Subheading } from '../../ui/primitives';

const text = messages.refundLinks;

export function SubmittedRefunds({
  refunds,
  countryResidence,
  onNewRefund,
}: {
  refunds: SubmittedRefund[];
  countryResidence: string;
  onNewRefund: () => void;
}) {
  return (
    <Stack>
      <Heading>{text.submittedTitle}</Heading>
      <Muted>{text.submittedIntro}</Muted>
      {refunds.map((refund) => (
        <Card key={refund.id} data-testid="submitted-refund" aria-labelledby={`submitted-${refund.id}`}>
          <Stack css={{ gap: '$2' }}>
            <Subheading id={`submitted-${refund.id}`}>
              {text.submittedItem(refund.id, formatDate(refund.created_at.slice(0, 10)))}
            </Subheading>
            <p>
              {text.statusLabel}:{' '}
              <strong data-testid="submitted-status">{refundStatusLabel(refund.status)}</strong>
            </p>
            {refund.requests.map((request) => (
              <div key={request.link}>
                <p>{request.kind === 'documents' ? text.askedDocuments : text.askedBankData}</p>
                <ul>
                  {request.items.map((item) => (
                    <li key={item}>
                      {request.kind === 'bank_data'
                        ? paymentFieldLabel(item as PaymentTextField, countryResidence)
                        : item}
                    </li>
                  ))}
                </ul>
                {request.observations ? <Muted>{text.observations(request.observations)}</Muted> : null}
                <Link to={request.link}>
                  {request.kind === 'documents' ? text.answerDocuments : text.answerBankData}
                </Link>
              </div>
            ))}
          </Stack>
        </Card>
      ))}
      <Row justify="between">
        <Muted>{text.newRefundNote}</Muted>
        <Button type="button" variant="secondary" onClick={onNewRefund}>
          {text.newRefund}
        </Button>
      </Row>
    </Stack>
  );
}
