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
import type { MessageKey } from '../../../contracts/i18n/core';
import { type PaymentTextField, paymentFieldLabel, type SubmittedRefund } from '../../../contracts/refund';
import { refundStatusResponseSchema } from '../../../contracts/refund/login';
import { REFUND_STATUS_PATH, totalsByCurrency } from '../../../contracts/refund/status';
import { call } from '../../api/refund';
import { useRecordedMachine } from '../../qa/useRecordedMachine';
import { useTranslator } from '../../refund/language';
import { readRefundLogin } from '../../refund/session';
import { Alert, Button, Card, Heading, Muted, Row, Stack, Subheading } from '../../ui/primitives';

const DECIDED = ['APROBADO', 'PAGADO', 'RECHAZADO'];
const STATUSES = [
  'RECIBIDO',
  'EN_REVISION',
  'DOCUMENTACION_SOLICITADA',
  'DATOS_BANCARIOS_SOLICITADOS',
  'APROBADO',
  'PAGADO',
  'RECHAZADO',
];

/** A status in the traveller's language (an unknown one as it is). */
const statusLabel = (t: (key: MessageKey) => string, status: string) =>
  STATUSES.includes(status) ? t(`status.${status}` as MessageKey) : status;

/** The decision's figures: the reason of a rejection, the approved amounts, the payment. */
function Decision({
  refund,
  coverageLabel,
}: {
  refund: SubmittedRefund;
  coverageLabel: (spanish: string) => string;
}) {
  const tr = useTranslator();
  const { t } = tr;
  if (refund.status === 'RECHAZADO')
    return (
      <Alert tone="danger">
        <strong>{t('decisions.rejectionReason')}:</strong>{' '}
        <span data-testid="rejection-reason">{refund.rejection_reason}</span>
      </Alert>
    );
  const approved = refund.claims.filter((claim) => claim.approved_amount !== null);
  if (!approved.length || (refund.status !== 'APROBADO' && refund.status !== 'PAGADO')) return null;
  const totals = totalsByCurrency(
    approved.map((claim) => ({ currency: claim.currency, amount: claim.approved_amount })),
    tr.money,
  );
  const paidAt = refund.timeline.findLast((step) => step.event === 'paid')?.at;
  return (
    <section aria-label={t('decisions.approvedAmounts')} data-testid="decision-amounts">
      <strong>{t('decisions.approvedAmounts')}</strong>
      <ul>
        {approved.map((claim) => (
          <li key={`${claim.coverage}-${claim.amount}`}>
            {t('decisions.approvedLine', {
              coverage: coverageLabel(claim.coverage),
              approved: tr.money(claim.approved_amount, claim.currency),
              claimed: tr.money(claim.amount, claim.currency),
            })}
          </li>
        ))}
      </ul>
      {totals.map((total) => (
        <p key={total}>
          {refund.status === 'PAGADO'
            ? t('decisions.paidTotal', { total })
            : t('decisions.approvedTotal', { total })}
        </p>
      ))}
      {refund.status === 'PAGADO' && paidAt ? (
        <p>{t('decisions.paidOn', { date: tr.instant(paidAt) })}</p>
      ) : null}
      {refund.status === 'PAGADO' && refund.payment_reference ? (
        <p>{t('decisions.paidReference', { reference: refund.payment_reference })}</p>
      ) : null}
    </section>
  );
}

/** The claim's steps, oldest first, each with its date. */
function Timeline({ refund }: { refund: SubmittedRefund }) {
  const tr = useTranslator();
  const { t } = tr;
  return (
    <section aria-labelledby={`timeline-${refund.id}`}>
      <strong id={`timeline-${refund.id}`}>{t('decisions.timelineTitle')}</strong>
      <ol data-testid="refund-timeline">
        {refund.timeline.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same step can happen twice; the order is the identity
          <li key={index}>
            {tr.instant(step.at)}: {t(`timeline.${step.event}` as MessageKey)}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function SubmittedRefunds({
  refunds,
  countryResidence,
  coverageLabel,
  onNewRefund,
}: {
  refunds: SubmittedRefund[];
  countryResidence: string;
  /** Issue 42: a coverage's name in the traveller's language (long_name_po / long_name_en). */
  coverageLabel: (spanish: string) => string;
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
  const tr = useTranslator();
  const { t } = tr;
  return (
    <Stack>
      <Heading>{t('links.submittedTitle')}</Heading>
      <Muted>{t('links.submittedIntro')}</Muted>
      {stale ? <Muted>{t('decisions.refreshFailed')}</Muted> : null}
      {shown.map((refund) => (
        <Card key={refund.id} data-testid="submitted-refund" aria-labelledby={`submitted-${refund.id}`}>
          <Stack css={{ gap: '$2' }}>
            <Subheading id={`submitted-${refund.id}`}>
              {t('links.submittedItem', {
                id: String(refund.id),
                date: tr.date(refund.created_at.slice(0, 10)),
              })}
            </Subheading>
            <p>
              {t('links.statusLabel')}:{' '}
              <strong data-testid="submitted-status">{statusLabel(t, refund.status)}</strong>
            </p>
            <Decision refund={refund} coverageLabel={coverageLabel} />
            <Timeline refund={refund} />
            {!DECIDED.includes(refund.status) ? <strong>{t('decisions.askedNow')}</strong> : null}
            {!DECIDED.includes(refund.status) && !refund.requests.length ? (
              <Muted>{t('decisions.nothingAsked')}</Muted>
            ) : null}
            {refund.requests.map((request) => (
              <div key={request.link}>
                <p>{request.kind === 'documents' ? t('links.askedDocuments') : t('links.askedBankData')}</p>
                <ul>
                  {request.items.map((item) => (
                    <li key={item}>
                      {request.kind === 'bank_data'
                        ? tr.fromSpanish(paymentFieldLabel(item as PaymentTextField, countryResidence))
                        : item}
                    </li>
                  ))}
                </ul>
                {request.observations ? (
                  <Muted>{t('links.observations', { text: request.observations })}</Muted>
                ) : null}
                <Link to={request.link}>
                  {request.kind === 'documents' ? t('links.answerDocuments') : t('links.answerBankData')}
                </Link>
              </div>
            ))}
          </Stack>
        </Card>
      ))}
      {onNewRefund ? (
        <Row justify="between">
          <Muted>{t('links.newRefundNote')}</Muted>
          <Button type="button" variant="secondary" onClick={onNewRefund}>
            {t('links.newRefund')}
          </Button>
        </Row>
      ) : (
        <Muted data-testid="claim-window-closed">{t('links.claimWindowClosed')}</Muted>
      )}
    </Stack>
  );
}
