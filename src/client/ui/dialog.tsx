/** Modal dialog (Radix): focus trapped, Escape closes and gives focus back, title announced. */
import * as RadixDialog from '@radix-ui/react-dialog';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { messages } from '../../contracts/messages';
import { Button, Row } from './primitives';
import { styled } from './theme';

const Overlay = styled(RadixDialog.Overlay, {
  position: 'fixed',
  inset: 0,
  backgroundColor: 'rgba(16, 24, 40, 0.45)',
});
const Content = styled(RadixDialog.Content, {
  position: 'fixed',
  top: '50%',
  left: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(640px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 32px)',
  overflowY: 'auto',
  backgroundColor: '$surface',
  borderRadius: '$2',
  boxShadow: '$raised',
  padding: '$5',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  variants: { size: { wide: { width: 'min(860px, calc(100vw - 32px))' }, normal: {} } },
});
const Title = styled(RadixDialog.Title, { margin: 0, fontSize: '$4' });
const Description = styled(RadixDialog.Description, { margin: 0, color: '$muted' });

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

export function Dialog({ open, onOpenChange, title, description, children, footer, wide }: DialogProps) {
  // Our dialogs open from state, without a Radix Trigger, so Radix has nothing to give the focus
  // back to: remember what had it when the dialog opened (before Radix moves it inside), and
  // return it there on close (issue 18: Escape closes and focus goes back where it was).
  const returnTo = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement) returnTo.current = document.activeElement;
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content
          size={wide ? 'wide' : 'normal'}
          aria-describedby={description ? undefined : undefined}
          onCloseAutoFocus={(event) => {
            const target = returnTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <Title>{title}</Title>
          {description ? <Description>{description}</Description> : <RadixDialog.Description />}
          {children}
          {footer ? <Row justify="end">{footer}</Row> : null}
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Another way out shown with the buttons (a refused delete offers to disable instead). */
  extra?: ReactNode;
  /** What the action asks for before it runs (Facturación's invoice: document type, number, date). */
  children?: ReactNode;
}

/** 'Estas seguro?' style confirmation before destroying something. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
  extra,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onCancel())}
      title={title}
      description={text}
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {messages.common.cancel}
          </Button>
          {extra}
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error ? <ErrorBox role="alert">{error}</ErrorBox> : null}
    </Dialog>
  );
}
const ErrorBox = styled('div', { color: '$danger' });
