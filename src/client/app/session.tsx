/** The staff session actor, shared by the sign-in screens and the staff shell (not the refund portal). */
import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { type Credentials, type StaffSession, sessionMachine } from '../../../machines/session';
import { login, logout, restoreSession } from '../api/auth';
import { onSessionExpired } from '../api/http';

export const staffSessionMachine = sessionMachine.provide({
  actors: {
    restoreSession: fromPromise<StaffSession | null>(() => restoreSession()),
    authenticate: fromPromise<StaffSession, Credentials>(({ input }) => login(input)),
    clearSession: fromPromise<void>(() => logout()),
  },
});

export const SessionContext = createActorContext(staffSessionMachine);

function ExpiryListener() {
  const actor = SessionContext.useActorRef();
  useEffect(() => onSessionExpired(() => actor.send({ type: 'SESSION_EXPIRED' })), [actor]);
  return null;
}

export function SessionProvider({ children }: { children: React.ReactNode }) {
  return (
    <SessionContext.Provider>
      <ExpiryListener />
      {children}
    </SessionContext.Provider>
  );
}
