/** Access by token (SPEC §2): 'Verificando acceso...', then /dashboard, or /login with the error. */
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import { useRecordedMachine } from '../../qa/useRecordedMachine';
import { Alert, Spinner, Stack } from '../../ui/primitives';
import { SessionContext } from '../shared/session';
import { AuthLayout } from './AuthLayout';
import { accessTokenLogic } from './wiring';

export function Component() {
  const [search] = useSearchParams();
  const [snapshot, send] = useRecordedMachine(accessTokenLogic);
  const session = SessionContext.useActorRef();
  const signedIn = SessionContext.useSelector((state) => state.matches('loggedIn'));
  const token = search.get('access');

  useEffect(() => {
    send({ type: 'TOKEN_READ', token });
  }, [send, token]);

  useEffect(() => {
    if (snapshot.matches('verified') && snapshot.context.session) {
      session.send({ type: 'SESSION_ADOPTED', session: snapshot.context.session });
    }
  }, [snapshot, session]);

  if (snapshot.matches('verified') && signedIn) return <Navigate to="/dashboard" replace />;
  if (snapshot.matches('failed')) {
    return (
      <AuthLayout title={messages.auth.loginTitle}>
        <Stack>
          <Alert tone="danger" role="alert">
            {snapshot.context.error}
          </Alert>
          <Navigate to="/login" replace state={{ error: snapshot.context.error }} />
        </Stack>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={messages.auth.loginTitle}>
      <Spinner label={messages.auth.verifyingAccess} />
    </AuthLayout>
  );
}
