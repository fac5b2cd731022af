/** /login (SPEC §2): 'Email o usuario', 'Password', 'Mantener logueado', link to /recovery, 'Entrar'. */
import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { authMessages } from '../../../contracts/messages/auth';
import { commonMessages } from '../../../contracts/messages/common';
import { Alert, Button, Checkbox, Field, Input, Spinner, Stack } from '../../ui/primitives';
import { SessionContext } from '../shared/session';
import { AuthLayout } from './AuthLayout';

const text = authMessages;

export function Component() {
  const snapshot = SessionContext.useSelector((state) => state);
  const session = SessionContext.useActorRef();
  const [search] = useSearchParams();
  const location = useLocation();
  const redirectError = (location.state as { error?: string } | null)?.error ?? null;

  if (snapshot.matches('loggedIn')) return <Navigate to="/dashboard" replace />;
  if (snapshot.matches('restoring')) {
    return (
      <AuthLayout title={text.loginTitle}>
        <Spinner label={commonMessages.loading} />
      </AuthLayout>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    session.send({
      type: 'LOGIN',
      credentials: {
        username: String(form.get('username') ?? ''),
        password: String(form.get('password') ?? ''),
        remember: form.get('remember') === 'on',
      },
    });
  };
  // Signing out waits for the server (up to REVOKE_TIMEOUT_MS) and takes no LOGIN meanwhile: the
  // form says it is busy instead of offering an 'Entrar' that does nothing.
  const busy = snapshot.matches('authenticating') || snapshot.matches('loggingOut');
  const { fieldErrors, error, notice } = snapshot.context;
  const resetNotice =
    search.get('reset') === 'sent'
      ? text.recoverySent
      : search.get('reset') === 'done'
        ? text.checkEmailAfterReset
        : null;

  return (
    <AuthLayout title={text.loginTitle}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {notice ? (
            <Alert tone="warning" role="alert">
              {notice}
            </Alert>
          ) : null}
          {resetNotice && !notice ? <Alert tone="success">{resetNotice}</Alert> : null}
          {error || redirectError ? (
            <Alert tone="danger" role="alert">
              {error ?? redirectError}
            </Alert>
          ) : null}
          <Field label={text.usernameLabel} error={fieldErrors.username}>
            {(aria) => <Input {...aria} name="username" autoComplete="username" autoFocus disabled={busy} />}
          </Field>
          <Field label={text.passwordLabel} error={fieldErrors.password}>
            {(aria) => (
              <Input
                {...aria}
                name="password"
                type="password"
                autoComplete="current-password"
                disabled={busy}
              />
            )}
          </Field>
          <Checkbox
            label={text.rememberMe}
            name="remember"
            defaultChecked={false}
            onCheckedChange={() => {}}
            disabled={busy}
          />
          <Button type="submit" disabled={busy}>
            {busy ? commonMessages.loading : text.submitLogin}
          </Button>
          <Link to="/recovery">{text.forgotPassword}</Link>
        </Stack>
      </form>
    </AuthLayout>
  );
}
