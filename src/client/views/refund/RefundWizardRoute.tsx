/** / and /dashboardRefund: the wizard with the stored login answer, or back to /refund without one. */
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { readRefundLogin } from '../../refund/session';
import { RefundWizardView } from './RefundWizardView';

export default function RefundWizardRoute() {
  // Read once: the wizard forgets the login on completion and must stay on its result screen.
  const [login] = useState(() => readRefundLogin());
  if (!login) return <Navigate to="/refund" replace />;
  return <RefundWizardView login={login} />;
}
