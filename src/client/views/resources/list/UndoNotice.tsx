/**
 * The undo notice of a confirmed delete (issue 18): a toast at the bottom left (the success toasts
 * sit at the right), with 'Deshacer' while the undo window lasts. The live region is always there.
 */
import { messages } from '../../../../contracts/messages';
import { styled } from '../../../ui/theme';

const UndoRegion = styled('div', {
  position: 'fixed',
  left: '$4',
  bottom: '$4',
  zIndex: 1000,
  maxWidth: 'calc(100vw - 32px)',
});
const Notice = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$4',
  padding: '$3 $4',
  borderRadius: '$2',
  backgroundColor: '#1f2937',
  color: 'white',
  boxShadow: '$card',
});
const UndoButton = styled('button', {
  all: 'unset',
  cursor: 'pointer',
  fontWeight: 700,
  color: '#fde68a',
  textDecoration: 'underline',
  '&:focus-visible': { outline: '3px solid $focus' },
});

export function UndoNotice({ undoable, onUndo }: { undoable: boolean; onUndo: () => void }) {
  return (
    <UndoRegion role="status" aria-live="polite" aria-label={messages.polish.toasts.undoRegion}>
      {undoable ? (
        <Notice>
          <span>{messages.polish.toasts.removedUndoable}</span>
          <UndoButton type="button" onClick={onUndo}>
            {messages.polish.toasts.undo}
          </UndoButton>
        </Notice>
      ) : null}
    </UndoRegion>
  );
}
