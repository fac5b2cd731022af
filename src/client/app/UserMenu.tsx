/**
 * The user menu (SPEC §2): 'Ir a mi sitio' (mySite machine), 'Ir a Admin viejo',
 * 'Cambiar contraseña' (passwordReset machine with the user's email and the dashboard warning of
 * SPEC §8) and 'Logout'.
 */
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { mySiteMachine } from '../../../machines/mySite';
import { passwordResetMachine } from '../../../machines/passwordReset';
import type { StaffSession } from '../../../machines/session';
import type { PublicConfig } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import { fetchCountry, fetchOffice, requestPasswordReset } from '../api/auth';
import { useRecordedMachine } from '../qa/useRecordedMachine';
import { Dialog } from '../ui/dialog';
import { Alert, Button, Muted } from '../ui/primitives';
import { styled } from '../ui/theme';
import { loadPublicConfig } from './config';
import { SessionContext } from './session';

const shell = messages.navigation.shell;

const Wrapper = styled('div', { position: 'relative' });
const MenuPanel = styled('ul', {
  position: 'absolute',
  right: 0,
  top: '44px',
  minWidth: '220px',
  listStyle: 'none',
  margin: 0,
  padding: '$2',
  backgroundColor: '$surface',
  color: '$text',
  borderRadius: '$2',
  boxShadow: '$raised',
  zIndex: 20,
});
const MenuButton = styled('button', {
  all: 'unset',
  display: 'block',
  width: '100%',
  boxSizing: 'border-box',
  padding: '$2 $3',
  borderRadius: '$1',
  cursor: 'pointer',
  '&:hover, &:focus-visible': { backgroundColor: '$primarySoft' },
});

const siteOpener = mySiteMachine.provide({
  actors: {
    fetchOffice: fromPromise(({ input }) => fetchOffice(input)),
    fetchCountry: fromPromise(({ input }) => fetchCountry(input)),
  },
  actions: { openSite: (_, params) => void window.open(params.url, '_blank', 'noopener') },
});

const changePasswordRequest = passwordResetMachine.provide({
  actors: {
    requestPasswordReset: fromPromise(({ input }: { input: { email: string } }) =>
      requestPasswordReset(input.email),
    ),
  },
});

function ChangePasswordDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const [snapshot, send] = useRecordedMachine(changePasswordRequest, {
    input: { email, failureMessage: shell.changePasswordWarning },
  });
  const busy = snapshot.matches('requesting');
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={shell.changePassword}
      description={shell.changePasswordIntro(email)}
      footer={
        snapshot.matches('sent') ? (
          <Button onClick={onClose}>{messages.common.close}</Button>
        ) : (
          <>
            <Button variant="ghost" onClick={onClose} disabled={busy}>
              {messages.common.cancel}
            </Button>
            <Button onClick={() => send({ type: 'SUBMIT' })} disabled={busy}>
              {busy ? messages.common.loading : shell.sendChangePassword}
            </Button>
          </>
        )
      }
    >
      {snapshot.matches('sent') ? <Alert tone="success">{shell.changePasswordSent}</Alert> : null}
      {snapshot.context.error || snapshot.context.emailError ? (
        <Alert tone="warning" role="alert">
          {snapshot.context.error ?? shell.changePasswordWarning}
        </Alert>
      ) : null}
    </Dialog>
  );
}

function MySiteItem({
  session,
  defaultSiteUrl,
  onChosen,
}: {
  session: StaffSession;
  defaultSiteUrl: string;
  onChosen: () => void;
}) {
  const [site, send] = useRecordedMachine(siteOpener, { input: { defaultSiteUrl } });
  const busy = site.matches('loadingOffice') || site.matches('loadingCountry');
  return (
    <li role="none">
      <MenuButton
        role="menuitem"
        disabled={busy}
        onClick={() => {
          send({ type: 'OPEN', officeId: session.user.office, accessToken: session.tokens.access });
          if (!site.context.error) onChosen();
        }}
      >
        {busy ? messages.common.loading : shell.goToMySite}
      </MenuButton>
      {site.context.error ? <Muted role="alert">{site.context.error}</Muted> : null}
    </li>
  );
}

export function UserMenu({ session }: { session: StaffSession }) {
  const sessionActor = SessionContext.useActorRef();
  const [open, setOpen] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [config, setConfig] = useState<PublicConfig | null>(null);

  useEffect(() => {
    loadPublicConfig()
      .then(setConfig)
      .catch(() => setConfig(null));
  }, []);

  const user = session.user;
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <Wrapper onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <Button
        variant="ghost"
        css={{ color: 'white' }}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={shell.userMenu}
        onClick={() => setOpen((value) => !value)}
      >
        {user.first_name || user.username} ▾
      </Button>
      {open ? (
        <MenuPanel role="menu">
          {config ? (
            <MySiteItem
              session={session}
              defaultSiteUrl={config.b2bSiteUrl}
              onChosen={() => setOpen(false)}
            />
          ) : null}
          <li role="none">
            <MenuButton
              role="menuitem"
              disabled={!config}
              onClick={choose(() => config && window.open(config.oldAdminUrl, '_blank', 'noopener'))}
            >
              {shell.goToOldAdmin}
            </MenuButton>
          </li>
          <li role="none">
            <MenuButton role="menuitem" onClick={choose(() => setChangingPassword(true))}>
              {shell.changePassword}
            </MenuButton>
          </li>
          <li role="none">
            <MenuButton role="menuitem" onClick={choose(() => sessionActor.send({ type: 'LOGOUT' }))}>
              {shell.logout}
            </MenuButton>
          </li>
        </MenuPanel>
      ) : null}
      {changingPassword ? (
        <ChangePasswordDialog email={user.email} onClose={() => setChangingPassword(false)} />
      ) : null}
    </Wrapper>
  );
}
