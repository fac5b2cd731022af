/** /recovery (SPEC §2): email and 'Cambiar contraseña'; success screen 'Verifique su email'. */
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import { useRecordedMachine } from '../../qa/useRecordedMachine';
import { Alert, Button, Muted, Stack, TextField } from '../../ui/primitives';
import { AuthLayout } from './AuthLayout';
import { passwordResetLogic } from './wiring';

const text = messages.auth;

export function Component() {
  const [snapshot, send] = useRecordedMachine(passwordResetLogic, { input: {} });

  if (snapshot.matches('sent')) {
    return (
      <AuthLayout title={text.recoverySent}>
        <Stack>
          <Alert tone="success" role="status">
            {text.recoverySentBody}
          </Alert>
          <Button variant="secondary" onClick={() => send({ type: 'RESTART' })}>
            {text.recoverySendAgain}
          </Button>
          <Link to="/login?reset=sent">{text.backToLogin}</Link>
        </Stack>
      </AuthLayout>
    );
  }

  const busy = snapshot.matches('requesting');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <AuthLayout title={text.recoveryTitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Muted>{text.recoveryIntro}</Muted>
          {snapshot.context.error ? (
            <Alert tone="danger" role="alert">
              {snapshot.context.error}
            </Alert>
          ) : null}
          <TextField
            label={text.emailLabel}
            type="email"
            autoComplete="email"
            value={snapshot.context.email}
            onValueChange={(email) => send({ type: 'EMAIL_CHANGED', email })}
            error={snapshot.context.emailError}
            disabled={busy}
          />
          <Button type="submit" disabled={busy}>
            {busy ? messages.common.loading : text.submitRecovery}
          </Button>
          <Link to="/login">{text.backToLogin}</Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
