/**
 * Issue 32 'Lists': 'Vistas', the user's saved views of a list (react-admin's saved queries), kept
 * on the server per user. Saving names the current filters, tab, ordering, page size and columns;
 * applying one navigates to its URL query (the URL is the list's single source of state) and
 * shows its columns; deleting asks first.
 */
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import type { SavedView } from '../../../../contracts/listPreferences';
import { messages } from '../../../../contracts/messages';
import { ConfirmDialog } from '../../../ui/dialog';
import { Alert, Button, Muted, Row, TextField } from '../../../ui/primitives';
import { styled } from '../../../ui/theme';
import { Anchor, Popover } from './ColumnChooser';
import { failureText } from './useListPreferences';

const text = messages.lists;

const ViewList = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $3',
  padding: 0,
  '& > li': { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '$2' },
});

export function SavedViews({
  title,
  views,
  onSave,
  onApply,
  onRemove,
}: {
  title: string;
  views: readonly SavedView[];
  onSave: (name: string) => Promise<unknown>;
  onApply: (view: SavedView) => void;
  onRemove: (view: SavedView) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [removing, setRemoving] = useState<SavedView | null>(null);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !removing) {
      event.stopPropagation();
      close();
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setError(text.viewNameRequired);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSave(name.trim());
      setNotice(text.viewSaved(name.trim()));
      setName('');
    } catch (failure) {
      setError(failureText(failure, text.viewFailed));
    } finally {
      setBusy(false);
    }
  };
  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await onRemove(removing);
      setNotice(text.viewDeleted(removing.name));
      setRemoving(null);
    } catch (failure) {
      setError(failureText(failure, text.viewFailed));
      setRemoving(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Anchor onKeyDown={onKeyDown}>
      <Button
        ref={button}
        variant="ghost"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {text.views}
      </Button>
      {open ? (
        <Popover id={panelId} role="region" aria-label={text.viewsOf(title)}>
          {views.length === 0 ? (
            <Muted>{text.noViews}</Muted>
          ) : (
            <ViewList aria-label={text.viewsOf(title)}>
              {views.map((view) => (
                <li key={view.id}>
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={text.applyView(view.name)}
                    onClick={() => {
                      setOpen(false);
                      onApply(view);
                    }}
                  >
                    {view.name}
                  </Button>
                  <Button
                    variant="ghost"
                    size="small"
                    aria-label={text.deleteView(view.name)}
                    onClick={() => setRemoving(view)}
                  >
                    {text.remove}
                  </Button>
                </li>
              ))}
            </ViewList>
          )}
          <form onSubmit={submit} noValidate>
            <TextField label={text.viewName} value={name} maxLength={80} onValueChange={setName} />
            <Row>
              <Button type="submit" size="small" disabled={busy}>
                {text.saveView}
              </Button>
            </Row>
          </form>
          {error ? <Alert role="alert">{error}</Alert> : null}
          {notice ? <Muted role="status">{notice}</Muted> : null}
        </Popover>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={text.remove}
        text={removing ? text.deleteViewConfirm(removing.name) : ''}
        confirmLabel={text.remove}
        busy={busy}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </Anchor>
  );
}
