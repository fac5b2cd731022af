/** The staff side's root: one session actor for sign-in screens and the shell. */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { messages } from '../../contracts/messages';
import { Spinner } from '../ui/primitives';
import { SessionProvider } from './session';

export function Component() {
  return (
    <SessionProvider>
      <Suspense fallback={<Spinner label={messages.common.loading} />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  );
}
