/**
 * /qa/*: the QA gallery of machines (ARCHITECTURE.md 'Machines'). Staff superusers may open it,
 * and anyone in a development build; others get a refusal. The gallery (and mermaid, which it
 * loads on first drawing) are lazy chunks of their own: no other route downloads them.
 */
import { lazy, Suspense } from 'react';
import { Link, Navigate, Route, Routes } from 'react-router-dom';
import { messages } from '../../contracts/messages';
import { Card, Heading, Muted, Spinner, Stack } from '../ui/primitives';
import { SessionContext, SessionProvider } from '../views/shared/session';

const GalleryView = lazy(() => import('../views/qa/GalleryView'));

const text = messages.qa;

function Loading() {
  return (
    <div style={{ padding: 24 }}>
      <Spinner label={messages.common.loading} />
    </div>
  );
}

function Refusal() {
  return (
    <Card css={{ maxWidth: 640, margin: '48px auto' }} role="alert">
      <Stack>
        <Heading>{text.refusedTitle}</Heading>
        <Muted>{text.refusedBody}</Muted>
        <Link to="/login">{text.goToLogin}</Link>
      </Stack>
    </Card>
  );
}

function QaGate() {
  const state = SessionContext.useSelector((snapshot) => snapshot);
  const user = state.matches('loggedIn') ? state.context.session?.user : undefined;
  if (!import.meta.env.DEV) {
    if (state.matches('restoring') || state.matches('authenticating')) return <Loading />;
    if (!user?.is_superuser) return <Refusal />;
  }
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="machines" element={<GalleryView />} />
        <Route path="*" element={<Navigate to="/qa/machines" replace />} />
      </Routes>
    </Suspense>
  );
}

export function Component() {
  return (
    <SessionProvider>
      <QaGate />
    </SessionProvider>
  );
}
