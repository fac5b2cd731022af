/**
 * / and /dashboardRefund: the wizard with the stored login answer, or back to /refund without one.
 * A traveller who already submitted refunds for the voucher first sees them (issue 17), unless a
 * wizard is already in progress in this tab. Past the 30-day window (issue 40 traveller reach) the
 * login opens the status page only: no wizard is offered.
 */
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useTranslator } from '../../refund/language';
import { coverageLabelOf } from '../../refund/names';
import { readRefundLogin, refundLandingOf, refundWizardSlot } from '../../refund/session';
import { RefundWizardView } from './RefundWizardView';
import { SubmittedRefunds } from './SubmittedRefunds';
import { useHeadingFocus } from './useHeadingFocus';

export default function RefundWizardRoute() {
  // Read once: the wizard forgets the login on completion and must stay on its result screen.
  const [login] = useState(() => readRefundLogin());
  const [showSubmitted, setShowSubmitted] = useState(
    () => login !== null && refundLandingOf(login, refundWizardSlot(login).read() !== null) === 'status',
  );
  // Issue 30 §4: after the login the focus goes to the first screen's heading.
  const focusRef = useHeadingFocus<HTMLDivElement>(showSubmitted);
  const tr = useTranslator();
  if (!login) return <Navigate to="/refund" replace />;
  if (showSubmitted || login.may_claim === false)
    return (
      <div ref={focusRef}>
        <SubmittedRefunds
          refunds={login.submitted_refunds ?? []}
          countryResidence={login.refunds.country_residence}
          coverageLabel={coverageLabelOf(tr, login)}
          onNewRefund={login.may_claim === false ? null : () => setShowSubmitted(false)}
        />
      </div>
    );
  return <RefundWizardView login={login} />;
}
