/** Password change with the recovery hash (SPEC §2): new password and confirmation; success with a Login button. */
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import { useRecordedMachine } from '../../qa/useRecordedMachine';
import { Alert, Button, Stack, TextField } from '../../ui/primitives';
import { AuthLayout } from './AuthLayout';
import { passwordChangeLogic } from './wiring';

const text = messages.auth;

export function Component() {
  const { hash = '' } = useParams();
  const [snapshot, send] = useRecordedMachine(passwordChangeLogic, { input: { token: hash } });

  if (snapshot.matches('changed')) {
    return (
      <AuthLayout title={text.passwordChanged}>
        <Stack>
          <Alert tone="success" role="status">
            {text.checkEmailAfterReset}
          </Alert>
          <Button as={Link} to="/login?reset=done">
            {text.loginButton}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }
  const busy = snapshot.matches('submitting');
  const { problems, error } = snapshot.context;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };
  return (
    <AuthLayout title={text.passwordChangeTitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error ? (
            <Alert tone="danger" role="alert">
              <strong>{error}</strong>
              {problems.length ? (
                <ul>
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          <TextField
            label={text.newPasswordLabel}
            type="password"
            autoComplete="new-password"
            value={snapshot.context.password}
            onValueChange={(value) => send({ type: 'PASSWORD_CHANGED', value })}
            hint={text.passwordRules.join(' ')}
            disabled={busy}
          />
          <TextField
            label={text.confirmPasswordLabel}
            type="password"
            autoComplete="new-password"
            value={snapshot.context.confirmation}
            onValueChange={(value) => send({ type: 'CONFIRMATION_CHANGED', value })}
            disabled={busy}
          />
          <Button type="submit" disabled={busy}>
            {busy ? messages.common.loading : text.submitPasswordChange}
          </Button>
          <Link to="/login">{text.backToLogin}</Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
