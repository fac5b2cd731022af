/**
 * Routes exactly as SPEC §2. Every area is lazy-loaded: the refund portal never downloads staff
 * code, the sign-in screens never download the staff modules, and the QA gallery (with mermaid)
 * loads only on /qa. One session actor (StaffLayout) spans sign-in and the staff shell.
 */
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom';
import { messages } from '../../contracts/messages';
import { Spinner } from '../ui/primitives';

function Loading() {
  return (
    <div style={{ padding: 24 }}>
      <Spinner label={messages.common.loading} />
    </div>
  );
}

export const router = createBrowserRouter([
  {
    lazy: () => import('./StaffLayout'),
    hydrateFallbackElement: <Loading />,
    children: [
      { path: '/login', lazy: () => import('../views/auth/LoginView') },
      { path: '/recovery', lazy: () => import('../views/auth/RecoveryView') },
      { path: '/recovery/:hash', lazy: () => import('../views/auth/PasswordChangeView') },
      { path: '/access', lazy: () => import('../views/auth/AccessTokenView') },
      { path: '/dashboard/*', lazy: () => import('./StaffArea') },
    ],
  },
  { path: '/refund', lazy: () => import('./RefundArea'), hydrateFallbackElement: <Loading /> },
  { path: '/dashboardRefund', lazy: () => import('./RefundArea'), hydrateFallbackElement: <Loading /> },
  { path: '/', lazy: () => import('./RefundArea'), hydrateFallbackElement: <Loading /> },
  { path: '/qa/*', lazy: () => import('./QaArea'), hydrateFallbackElement: <Loading /> },
  { path: '*', element: <Navigate to="/login" replace /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
