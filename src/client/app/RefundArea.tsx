/**
 * The public refund portal (SPEC §2 'Public refund portal'): /refund is the login; / and
 * /dashboardRefund are the wizard, which goes back to /refund without a login answer; /upload_data
 * and /update_payment_data are the pages of the links mailed to the traveller (issue 17), and
 * /terms/<voucher>/<MAC> the page of the terms mail (issue 28 §4).
 * Imports nothing of the staff side.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useLanguageReady, useTranslator } from '../refund/language';
import { Spinner } from '../ui/primitives';
import { RefundLayout } from '../views/refund/RefundLayout';
import { RefundLoginView } from '../views/refund/RefundLoginView';

// The wizard (dialog, claim rules, static lists, zod) loads only after the login: /refund stays light.
const Wizard = lazy(() => import('../views/refund/RefundWizardRoute'));
// The link pages of issue 17 (documents asked, bank data to complete), each its own chunk.
const PendingDocs = lazy(() => import('../views/refund/PendingDocsView'));
const PaymentUpdate = lazy(() => import('../views/refund/PaymentUpdateView'));
// The terms page the terms mail links to (issue 28 §4).
const Terms = lazy(() => import('../views/terms/TermsView'));

function pageOf(pathname: string) {
  if (pathname === '/refund') return <RefundLoginView />;
  if (pathname === '/upload_data') return <PendingDocs />;
  if (pathname === '/update_payment_data') return <PaymentUpdate />;
  if (pathname.startsWith('/terms/')) return <Terms />;
  return <Wizard key={pathname} />;
}

function Loading() {
  const { t } = useTranslator();
  return (
    <div style={{ padding: 24 }}>
      <Spinner label={t('common.loading')} />
    </div>
  );
}

export function Component() {
  const { pathname } = useLocation();
  // Issue 42: Portuguese and English load as chunks of their own; until the chosen or detected
  // language is there the portal shows its loading state, not a flash of another language.
  const ready = useLanguageReady();
  return (
    <Suspense fallback={<Loading />}>
      <RefundLayout>{ready ? pageOf(pathname) : <Loading />}</RefundLayout>
    </Suspense>
  );
}
