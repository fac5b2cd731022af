/**
 * The user menu (SPEC §2): 'Ir a mi sitio' (mySite machine), 'Ir a Admin viejo',
 * 'Cambiar contraseña' (passwordReset machine with the user's email and the dashboard warning of
 * SPEC §8) and 'Logout'.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { StaffSession } from '../../../machines/session';
import type { PublicConfig } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import { loadPublicConfig } from '../api/publicConfig';
import { useRecordedMachine } from '../qa/useRecordedMachine';
import { Dialog } from '../ui/dialog';
import { Alert, Button, Muted } from '../ui/primitives';
import { styled } from '../ui/theme';
import { passwordResetLogic } from '../views/auth/wiring';
import { SessionContext } from '../views/shared/session';
import { mySiteLogic } from './wiring';

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

/** The mySite machine (./wiring.ts) with this menu's tab. */
function useSiteOpener() {
  const tab = useRef<Window | null>(null);
  return useMemo(() => mySiteLogic(tab), []);
}

function ChangePasswordDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const [snapshot, send] = useRecordedMachine(passwordResetLogic, {
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

/**
 * 'Ir a mi sitio' runs in the user menu's own machine, which outlives the open menu: the menu
 * closes at once while the office and country load, and the tab opened in the click follows.
 */
function useMySite(session: StaffSession, defaultSiteUrl: string) {
  const logic = useSiteOpener();
  const [site, send] = useRecordedMachine(logic, { input: { defaultSiteUrl } });
  return {
    busy: site.matches('loadingOffice') || site.matches('loadingCountry'),
    error: site.context.error,
    open: () => send({ type: 'OPEN', officeId: session.user.office, accessToken: session.tokens.access }),
  };
}

export function UserMenu({ session }: { session: StaffSession }) {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    loadPublicConfig()
      .then(setConfig)
      .catch(() => setConfig(null));
  }, []);
  // Kept here, not in the panel: a menu opened before the configuration arrives stays open.
  const [open, setOpen] = useState(false);
  // Mounted again once the configuration arrives, so the site machine starts with its default address.
  return (
    <UserMenuPanel
      key={config ? 'ready' : 'loading'}
      session={session}
      config={config}
      open={open}
      setOpen={setOpen}
    />
  );
}

function UserMenuPanel({
  session,
  config,
  open,
  setOpen,
}: {
  session: StaffSession;
  config: PublicConfig | null;
  open: boolean;
  setOpen: (update: boolean | ((open: boolean) => boolean)) => void;
}) {
  const sessionActor = SessionContext.useActorRef();
  const [changingPassword, setChangingPassword] = useState(false);
  const site = useMySite(session, config?.b2bSiteUrl ?? 'about:blank');
  const user = session.user;
  const choose = (action: () => void) => () => {
    setOpen(false);
    action();
  };
  return (
    <Wrapper
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        setOpen(false);
        // Focus goes back to the menu's button (issue 18), not to the page's start.
        event.currentTarget.querySelector('button')?.focus();
      }}
    >
      <Button
        variant="ghost"
        css={{ color: 'white' }}
        aria-haspopup="menu"
        aria-expanded={open}
        // The name starts with the visible label (axe label-content-name-mismatch, issue 18).
        aria-label={`${user.first_name || user.username} - ${shell.userMenu}`}
        onClick={() => setOpen((value) => !value)}
      >
        {user.first_name || user.username} ▾
      </Button>
      {open ? (
        <MenuPanel role="menu">
          <li role="none">
            <MenuButton role="menuitem" disabled={!config || site.busy} onClick={choose(site.open)}>
              {site.busy ? messages.common.loading : shell.goToMySite}
            </MenuButton>
          </li>
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
      {site.error ? <Muted role="alert">{site.error}</Muted> : null}
      {changingPassword ? (
        <ChangePasswordDialog email={user.email} onClose={() => setChangingPassword(false)} />
      ) : null}
    </Wrapper>
  );
}
