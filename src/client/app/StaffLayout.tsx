/** The staff side's root: one session actor for sign-in screens and the shell. */
import { Outlet } from 'react-router-dom';
import { SessionProvider } from './session';

export function Component() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}
