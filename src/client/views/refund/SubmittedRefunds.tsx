/**
 * The status page: logging in again after submitting (issue 17 'The traveller sees where the
 * claim stands'; issue 30 §2): the refunds already sent for this voucher and document, each with
 * its status, its timeline (received, documents or bank data asked and sent, in review, approved,
 * paid or rejected, with dates, from the refund's history), the reason of a rejection, the
 * approved and paid amounts, and what is asked of the traveller now (the link pages' actions
 * inline), before any new wizard, so nobody sends the same claims twice by mistake. 'Solicitar
 * otro reintegro' opens the wizard.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { refundStatusMachine } from '../../../../machines/refundStatus';
import { formatDate, formatLocalDate, formatMoney } from '../../../contracts/format';
import { messages } from '../../../contracts/messages';
import { type PaymentTextField, paymentFieldLabel, type SubmittedRefund } from '../../../contracts/refund';
import { refundStatusLabel } from '../../../contracts/refund/lifecycle';
import { refundStatusResponseSchema } from '../../../contracts/refund/login';
import { REFUND_STATUS_PATH, totalsByCurrency } from '../../../contracts/refund/status';
import { call } from '../../api/refund';
import { useRecordedMachine } from '../../qa/useRecordedMachine';
import { readRefundLogin } from '../../refund/session';
import { Alert, Button, Card, Heading, Muted, Row, Stack, Subheading } from '../../ui/primitives';

const text = messages.refundLinks;
const told = messages.refundDecisions;
const DECIDED = ['APROBADO', 'PAGADO', 'RECHAZADO'];

/** The decision's figures: the reason of a rejection, the approved amounts, the payment. */
function Decision({ refund }: { refund: SubmittedRefund }) {
  if (refund.status === 'RECHAZADO')
    return (
      <Alert tone="danger">
        <strong>{told.rejectionReason}:</strong>{' '}
        <span data-testid="rejection-reason">{refund.rejection_reason}</span>
      </Alert>
    );
  const approved = refund.claims.filter((claim) => claim.approved_amount !== null);
  if (!approved.length || (refund.status !== 'APROBADO' && refund.status !== 'PAGADO')) return null;
  const totals = totalsByCurrency(
    approved.map((claim) => ({ currency: claim.currency, amount: claim.approved_amount })),
  );
  const paidAt = refund.timeline.findLast((step) => step.event === 'paid')?.at;
  return (
    <section aria-label={told.approvedAmounts} data-testid="decision-amounts">
      <strong>{told.approvedAmounts}</strong>
      <ul>
        {approved.map((claim) => (
          <li key={`${claim.coverage}-${claim.amount}`}>
            {told.approvedLine(
              claim.coverage,
              formatMoney(claim.approved_amount, claim.currency),
              formatMoney(claim.amount, claim.currency),
            )}
          </li>
        ))}
      </ul>
      {totals.map((total) => (
        <p key={total}>{refund.status === 'PAGADO' ? told.paidTotal(total) : told.approvedTotal(total)}</p>
      ))}
      {refund.status === 'PAGADO' && paidAt ? <p>{told.paidOn(formatLocalDate(paidAt))}</p> : null}
      {refund.status === 'PAGADO' && refund.payment_reference ? (
        <p>{told.paidReference(refund.payment_reference)}</p>
      ) : null}
    </section>
  );
}

/** The claim's steps, oldest first, each with its date. */
function Timeline({ refund }: { refund: SubmittedRefund }) {
  return (
    <section aria-labelledby={`timeline-${refund.id}`}>
      <strong id={`timeline-${refund.id}`}>{told.timelineTitle}</strong>
      <ol data-testid="refund-timeline">
        {refund.timeline.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same step can happen twice; the order is the identity
          <li key={index}>
            {formatLocalDate(step.at)}: {told.timeline[step.event]}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SubmittedRefunds({
  refunds,
  countryResidence,
  onNewRefund,
}: {
  refunds: SubmittedRefund[];
  countryResidence: string;
  /** null: the window for new claims has passed (issue 40): the status only, no wizard. */
  onNewRefund: (() => void) | null;
}) {
  // The login's list, then the status as it is now (machines/refundStatus.ts: GET
  // /refund_data/status/ with the session).
  const [machine] = useState(() =>
    refundStatusMachine.provide({
      actors: {
        loadStatus: fromPromise(async ({ signal }) => {
          const token = readRefundLogin()?.access;
          if (!token) throw new Error('no refund session');
          const answer = await call(refundStatusResponseSchema, REFUND_STATUS_PATH, { token, signal });
          return answer.submitted_refunds;
        }),
      },
    }),
  );
  const [snapshot] = useRecordedMachine(machine, { input: { refunds } });
  const { refunds: shown, stale } = snapshot.context;
  return (
    <Stack>
      <Heading>{text.submittedTitle}</Heading>
      <Muted>{text.submittedIntro}</Muted>
      {stale ? <Muted>{told.refreshFailed}</Muted> : null}
      {shown.map((refund) => (
        <Card key={refund.id} data-testid="submitted-refund" aria-labelledby={`submitted-${refund.id}`}>
          <Stack css={{ gap: '$2' }}>
            <Subheading id={`submitted-${refund.id}`}>
              {text.submittedItem(refund.id, formatDate(refund.created_at.slice(0, 10)))}
            </Subheading>
            <p>
              {text.statusLabel}:{' '}
              <strong data-testid="submitted-status">{refundStatusLabel(refund.status)}</strong>
            </p>
            <Decision refund={refund} />
            <Timeline refund={refund} />
            {!DECIDED.includes(refund.status) ? <strong>{told.askedNow}</strong> : null}
            {!DECIDED.includes(refund.status) && !refund.requests.length ? (
              <Muted>{told.nothingAsked}</Muted>
            ) : null}
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
      {onNewRefund ? (
        <Row justify="between">
          <Muted>{text.newRefundNote}</Muted>
          <Button type="button" variant="secondary" onClick={onNewRefund}>
            {text.newRefund}
          </Button>
        </Row>
      ) : (
        <Muted data-testid="claim-window-closed">{text.claimWindowClosed}</Muted>
      )}
    </Stack>
  );
}
