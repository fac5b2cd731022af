/**
 * The shell's notification region (issue 18): success messages after a save, a delete or an
 * action. Always present and polite (role=status), so screen readers announce what is added.
 */
import { useSyncExternalStore } from 'react';
import { messages } from '../../contracts/messages';
import { styled } from '../ui/theme';
import { currentToasts, dismissToast, subscribeToasts } from '../views/shared/toasts';

const text = messages.polish.toasts;

export function ToastRegion() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  return (
    <Region role="status" aria-live="polite" aria-label={text.region}>
      {toasts.map((toast) => (
        <Item key={toast.id}>
          <span>{toast.text}</span>
          <Close
            type="button"
            aria-label={text.close}
            title={text.close}
            onClick={() => dismissToast(toast.id)}
          >
            ×
          </Close>
        </Item>
      ))}
    </Region>
  );
}

const Region = styled('div', {
  position: 'fixed',
  right: '$4',
  bottom: '$4',
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  maxWidth: 'min(420px, calc(100vw - 32px))',
});
const Item = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  padding: '$3 $4',
  borderRadius: '$2',
  backgroundColor: '#14532d',
  color: 'white',
  boxShadow: '$card',
});
const Close = styled('button', {
  all: 'unset',
  cursor: 'pointer',
  fontSize: '20px',
  lineHeight: 1,
  padding: '0 $1',
  '&:focus-visible': { outline: '3px solid $focus' },
});
