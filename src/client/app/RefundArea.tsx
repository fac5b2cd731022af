/**
 * The public refund portal (SPEC §2 'Public refund portal'): /refund is the login; / and
 * /dashboardRefund are the wizard, which goes back to /refund without a login answer.
 * Imports nothing of the staff side.
 */
import { lazy, Suspense, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { messages } from '../../contracts/messages';
import { readRefundLogin } from '../refund/session';
import { Spinner } from '../ui/primitives';
import { RefundLayout } from '../views/refund/RefundLayout';
import { RefundLoginView } from '../views/refund/RefundLoginView';

// The wizard (dialog, claim rules, static lists) loads only after the login: /refund stays light.
const RefundWizardView = lazy(() =>
  import('../views/refund/RefundWizardView').then((module) => ({ default: module.RefundWizardView })),
);

function Loading() {
  return (
    <div style={{ padding: 24 }}>
      <Spinner label={messages.common.loading} />
    </div>
  );
}

function Wizard() {
  // Read once: the wizard itself forgets the login on completion and must stay on its result screen.
  const [login] = useState(() => readRefundLogin());
  if (!login) return <Navigate to="/refund" replace />;
  return <RefundWizardView login={login} />;
}

export function Component() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<Loading />}>
      <RefundLayout>{pathname === '/refund' ? <RefundLoginView /> : <Wizard key={pathname} />}</RefundLayout>
    </Suspense>
  );
}
