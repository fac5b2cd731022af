/**
 * The public refund portal (SPEC §2 'Public refund portal'): /refund is the login; / and
 * /dashboardRefund are the wizard, which goes back to /refund without a login answer.
 * Imports nothing of the staff side.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { messages } from '../../contracts/messages';
import { Spinner } from '../ui/primitives';
import { RefundLayout } from '../views/refund/RefundLayout';
import { RefundLoginView } from '../views/refund/RefundLoginView';

// The wizard (dialog, claim rules, static lists, zod) loads only after the login: /refund stays light.
const Wizard = lazy(() => import('../views/refund/RefundWizardRoute'));

function Loading() {
  return (
    <div style={{ padding: 24 }}>
      <Spinner label={messages.common.loading} />
    </div>
  );
}

export function Component() {
  const { pathname } = useLocation();
  return (
    <Suspense fallback={<Loading />}>
      <RefundLayout>{pathname === '/refund' ? <RefundLoginView /> : <Wizard key={pathname} />}</RefundLayout>
    </Suspense>
  );
}
