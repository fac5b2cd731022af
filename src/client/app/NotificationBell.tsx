/** The notification bell of the top bar. Export jobs (a later issue) post their notifications here. */
import { useState } from 'react';
import { messages } from '../../contracts/messages';
import { Button } from '../ui/primitives';
import { styled } from '../ui/theme';

const Wrapper = styled('div', { position: 'relative' });
const Panel = styled('div', {
  position: 'absolute',
  right: 0,
  top: '44px',
  width: '280px',
  backgroundColor: '$surface',
  color: '$text',
  borderRadius: '$2',
  boxShadow: '$raised',
  padding: '$3',
});

export function NotificationBell() {
  const [open, setOpen] = useState(false);
  return (
    <Wrapper onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <Button
        variant="ghost"
        css={{ color: 'white' }}
        aria-label={messages.navigation.shell.notifications}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
      </Button>
      {open ? (
        <Panel role="region" aria-label={messages.navigation.shell.notifications}>
          {messages.navigation.shell.noNotifications}
        </Panel>
      ) : null}
    </Wrapper>
  );
}
