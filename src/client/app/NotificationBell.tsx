/**
 * The notification bell of the top bar (SPEC §2; §4 'Export notifications'): renders the
 * exportNotifications machine. Exports being written show their progress (rows written of rows
 * to write); a ready one is a notification whose click downloads the file and marks it consumed;
 * a failed one shows the §8 error and can be dismissed.
 */
import { useSelector } from '@xstate/react';
import { type ExportItem, notificationsOf } from '../../../machines/exportNotifications';
import { messages } from '../../contracts/messages';
import { Alert, Button, ProgressBar } from '../ui/primitives';
import { styled } from '../ui/theme';
import { type ExportsActor, useExports } from '../views/shared/exports';

const text = messages.exports;
const shell = messages.navigation.shell;

const Wrapper = styled('div', { position: 'relative' });
const Panel = styled('div', {
  position: 'absolute',
  right: 0,
  top: '44px',
  width: '320px',
  backgroundColor: '$surface',
  color: '$text',
  borderRadius: '$2',
  boxShadow: '$raised',
  padding: '$3',
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
});
const Badge = styled('span', {
  position: 'absolute',
  top: '2px',
  right: '2px',
  minWidth: '18px',
  height: '18px',
  borderRadius: '$round',
  backgroundColor: '$danger',
  color: 'white',
  fontSize: '11px',
  fontWeight: 700,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});
const Entry = styled('li', { listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '$1' });
const Entries = styled('ul', { margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '$3' });
const Hidden = styled('span', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
});

const BellIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
    <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
  </svg>
);

function ExportEntry({ item, actor, busy }: { item: ExportItem; actor: ExportsActor; busy: boolean }) {
  const kind = text.kinds[item.kind];
  if (item.status === 'Pending') {
    const percent = item.rowsTotal ? (item.rowsWritten / item.rowsTotal) * 100 : 0;
    return (
      <Entry data-export={item.hash} data-status="Pending">
        <strong>{kind.label}</strong>
        <span>
          {item.rowsTotal === null && item.rowsWritten === 0
            ? text.pending
            : text.progress(item.rowsWritten, item.rowsTotal)}
        </span>
        <ProgressBar value={percent} label={kind.label} />
      </Entry>
    );
  }
  if (item.status === 'OK')
    return (
      <Entry data-export={item.hash} data-status="OK">
        <Button
          variant="secondary"
          size="small"
          disabled={busy}
          css={{ whiteSpace: 'normal', textAlign: 'left', justifyContent: 'flex-start', padding: '$2' }}
          onClick={() => actor.send({ type: 'DOWNLOAD', hash: item.hash })}
        >
          {kind.ready}
        </Button>
      </Entry>
    );
  return (
    <Entry data-export={item.hash} data-status="error">
      <Alert tone="danger" role="alert">
        {kind.error}
      </Alert>
      <Button
        variant="ghost"
        size="small"
        disabled={busy}
        onClick={() => actor.send({ type: 'DISMISS', hash: item.hash })}
      >
        {text.dismiss}
      </Button>
    </Entry>
  );
}

function Bell({ actor }: { actor: ExportsActor }) {
  const snapshot = useSelector(actor, (state) => state);
  const { items, downloadError } = snapshot.context;
  const open = !snapshot.matches({ bell: 'closed' });
  const busy = snapshot.matches({ bell: 'downloading' }) || snapshot.matches({ bell: 'consuming' });
  const unread = notificationsOf(items).length;
  return (
    <Wrapper
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        actor.send({ type: 'CLOSE' });
        // Focus goes back to the bell (issue 18), not to the page's start.
        event.currentTarget.querySelector('button')?.focus();
      }}
    >
      <Button
        variant="ghost"
        css={{ color: 'white', position: 'relative' }}
        aria-label={unread ? `${shell.notifications}: ${text.unread(unread)}` : shell.notifications}
        aria-expanded={open}
        onClick={() => actor.send({ type: 'TOGGLE' })}
      >
        <BellIcon />
        {unread ? <Badge aria-hidden="true">{unread}</Badge> : null}
      </Button>
      {open ? (
        <Panel role="region" aria-label={shell.notifications}>
          {items.length ? (
            <Entries>
              {items.map((item) => (
                <ExportEntry key={item.hash} item={item} actor={actor} busy={busy} />
              ))}
            </Entries>
          ) : (
            shell.noNotifications
          )}
          {busy ? <span role="status">{text.downloading}</span> : null}
          {downloadError ? (
            <Alert tone="danger" role="alert">
              {downloadError}
            </Alert>
          ) : null}
        </Panel>
      ) : (
        <Hidden role="status" aria-live="polite">
          {unread ? text.unread(unread) : ''}
        </Hidden>
      )}
    </Wrapper>
  );
}

export function NotificationBell() {
  const actor = useExports();
  // Outside the shell's provider (never in the product) the bell has nothing to show.
  return actor ? <Bell actor={actor} /> : null;
}
