/**
 * / and /dashboardRefund: the wizard with the stored login answer, or back to /refund without one.
 * A traveller who already submitted refunds for the voucher first sees them (issue 17), unless a
 * wizard is already in progress in this tab.
 */
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { readRefundLogin, refundWizardSlot } from '../../refund/session';
import { RefundWizardView } from './RefundWizardView';
import { SubmittedRefunds } from './SubmittedRefunds';
import { useHeadingFocus } from './useHeadingFocus';

export default function RefundWizardRoute() {
  // Read once: the wizard forgets the login on completion and must stay on its result screen.
  const [login] = useState(() => readRefundLogin());
  const [showSubmitted, setShowSubmitted] = useState(
    () =>
      login !== null && (login.submitted_refunds?.length ?? 0) > 0 && refundWizardSlot(login).read() === null,
  );
  // Issue 30 §4: after the login the focus goes to the first screen's heading.
  const focusRef = useHeadingFocus<HTMLDivElement>(showSubmitted);
  if (!login) return <Navigate to="/refund" replace />;
  if (showSubmitted)
    return (
      <div ref={focusRef}>
        <SubmittedRefunds
          refunds={login.submitted_refunds ?? []}
          countryResidence={login.refunds.country_residence}
          onNewRefund={() => setShowSubmitted(false)}
        />
      </div>
    );
  return <RefundWizardView login={login} />;
}
