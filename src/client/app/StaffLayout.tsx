/** The staff side's root: one session actor for sign-in screens and the shell. */
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { commonMessages } from '../../contracts/messages/common';
import { Spinner } from '../ui/primitives';
import { SessionProvider } from '../views/shared/session';

export function Component() {
  return (
    <SessionProvider>
      <Suspense fallback={<Spinner label={commonMessages.loading} />}>
        <Outlet />
      </Suspense>
    </SessionProvider>
  );
}
