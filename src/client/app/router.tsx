/**
 * Routes exactly as SPEC §2, declared with react-router's declarative API (half the size of the
 * data router: the login route stays inside its JavaScript budget). Every area is lazy-loaded:
 * the refund portal never downloads staff code, the sign-in screens never download the staff
 * modules, and the QA gallery (with mermaid) loads only on /qa. One session actor (StaffLayout)
 * spans sign-in and the staff shell.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { commonMessages } from '../../contracts/messages/common';
import { Spinner } from '../ui/primitives';

/** Route modules export `Component`, as react-router's lazy routes do. */
const lazyRoute = (load: () => Promise<{ Component: ComponentType }>) =>
  lazy(() => load().then((module) => ({ default: module.Component })));

const StaffLayout = lazyRoute(() => import('./StaffLayout'));
const LoginView = lazyRoute(() => import('../views/auth/LoginView'));
const RecoveryView = lazyRoute(() => import('../views/auth/RecoveryView'));
const PasswordChangeView = lazyRoute(() => import('../views/auth/PasswordChangeView'));
const AccessTokenView = lazyRoute(() => import('../views/auth/AccessTokenView'));
const StaffArea = lazyRoute(() => import('./StaffArea'));
const RefundArea = lazyRoute(() => import('./RefundArea'));
const QaArea = lazyRoute(() => import('./QaArea'));

function Loading() {
  return (
    <div style={{ padding: 24 }}>
      <Spinner label={commonMessages.loading} />
    </div>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route element={<StaffLayout />}>
            <Route path="/login" element={<LoginView />} />
            <Route path="/recovery" element={<RecoveryView />} />
            <Route path="/recovery/:hash" element={<PasswordChangeView />} />
            <Route path="/access" element={<AccessTokenView />} />
            <Route path="/dashboard/*" element={<StaffArea />} />
          </Route>
          <Route path="/refund" element={<RefundArea />} />
          <Route path="/dashboardRefund" element={<RefundArea />} />
          <Route path="/" element={<RefundArea />} />
          <Route path="/upload_data" element={<RefundArea />} />
          <Route path="/update_payment_data" element={<RefundArea />} />
          <Route path="/terms/*" element={<RefundArea />} />
          <Route path="/qa/*" element={<QaArea />} />
          <Route path="*" element={<Navigate to="/login" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
