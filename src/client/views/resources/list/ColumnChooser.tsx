/**
 * Issue 32 'Lists': 'Columnas', the list's column chooser (like react-admin's SelectColumnsButton):
 * a button opening a checkbox per column, in the list's order. The choice is the user's, kept on
 * the server (useListPreferences). Keyboard: the button toggles, Escape closes and returns focus;
 * the last shown column cannot be unchecked.
 */
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { messages } from '../../../../contracts/messages';
import type { ColumnDescriptor } from '../../../resources/descriptor';
import { Alert, Button, Checkbox } from '../../../ui/primitives';
import { styled } from '../../../ui/theme';

const text = messages.lists;

export const Popover = styled('div', {
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 4px)',
  zIndex: 20,
  minWidth: '240px',
  maxHeight: '60vh',
  overflowY: 'auto',
  padding: '$3',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$2',
  boxShadow: '$raised',
});
export const Anchor = styled('div', { position: 'relative', display: 'inline-block' });
const Fieldset = styled('fieldset', {
  border: 'none',
  margin: 0,
  padding: 0,
  '& > legend': { fontWeight: 600, marginBottom: '$2', padding: 0 },
});

export function ColumnChooser({
  title,
  columns,
  shown,
  error,
  onChange,
}: {
  title: string;
  columns: readonly ColumnDescriptor[];
  /** The keys shown now. */
  shown: readonly string[];
  error: string | null;
  onChange: (keys: string[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };
  const toggle = (key: string, checked: boolean) => {
    const next = new Set(shown);
    if (checked) next.add(key);
    else next.delete(key);
    onChange(columns.filter((column) => next.has(column.key)).map((column) => column.key));
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
        {text.columns}
      </Button>
      {open ? (
        <Popover id={panelId}>
          <Fieldset>
            <legend>{text.columnsOf(title)}</legend>
            {columns.map((column) => {
              const checked = shown.includes(column.key);
              return (
                <Checkbox
                  key={column.key}
                  label={column.header}
                  checked={checked}
                  disabled={checked && shown.length === 1}
                  onCheckedChange={(value) => toggle(column.key, value)}
                />
              );
            })}
          </Fieldset>
          {error ? <Alert role="alert">{error}</Alert> : null}
        </Popover>
      ) : null}
    </Anchor>
  );
}
