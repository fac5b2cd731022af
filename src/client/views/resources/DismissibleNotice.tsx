/**
 * A machine's notice (a file saved, a mail sent, or why not) with a button that dismisses it: an
 * alert for a failure, a status otherwise. The machine owns the notice; DISMISS is its event.
 */
import type { ComponentProps } from 'react';
import { Alert, Button, Row } from '../../ui/primitives';

export interface Notice {
  tone: 'success' | 'danger';
  text: string;
}

export function DismissibleNotice({
  notice,
  closeLabel,
  onDismiss,
  css,
}: {
  notice: Notice;
  closeLabel: string;
  onDismiss: () => void;
  css?: ComponentProps<typeof Alert>['css'];
}) {
  return (
    <Alert tone={notice.tone} role={notice.tone === 'danger' ? 'alert' : 'status'} css={css}>
      <Row justify="between">
        <span>{notice.text}</span>
        <Button type="button" variant="ghost" size="small" onClick={onDismiss}>
          {closeLabel}
        </Button>
      </Row>
    </Alert>
  );
}
