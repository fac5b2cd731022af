/** The staff session actor, shared by the sign-in screens and the staff shell (not the refund portal). */
import { createActorContext } from '@xstate/react';
import { useEffect } from 'react';
import { fromPromise } from 'xstate';
import { type Credentials, type StaffSession, sessionMachine } from '../../../../machines/session';
import { onSessionExpired } from '../../api/sessionEvents';
import { hasStoredSession } from '../../api/storageKeys';
import { withRecording } from '../../qa/useRecordedMachine';

const recordingOptions = withRecording();

/** The HTTP and storage code loads on first use, so the login screen's first load stays small. */
const authApi = () => import('../../api/auth');

export const staffSessionMachine = sessionMachine.provide({
  actors: {
    restoreSession: fromPromise<StaffSession | null>(async () => {
      if (!hasStoredSession()) return null;
      return (await authApi()).restoreSession();
    }),
    authenticate: fromPromise<StaffSession, Credentials>(async ({ input }) => (await authApi()).login(input)),
    revokeSession: fromPromise<void, StaffSession | null>(async ({ input }) =>
      (await authApi()).revokeSession(input),
    ),
    clearSession: fromPromise<void>(async () => (await authApi()).logout()),
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
    <SessionContext.Provider options={recordingOptions}>
      <ExpiryListener />
      {children}
    </SessionContext.Provider>
  );
}
