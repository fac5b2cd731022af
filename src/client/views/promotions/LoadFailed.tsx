/**
 * A promotion screen whose data could not be loaded: the machine's error, 'Reintentar' (its RETRY)
 * and the way back to the promotion.
 */
import type { ReactNode } from 'react';
import { messages } from '../../../contracts/messages';
import { Alert, Button, Row, Stack } from '../../ui/primitives';

export function LoadFailed({
  error,
  onRetry,
  back,
}: {
  error: string | null;
  onRetry: () => void;
  back: ReactNode;
}) {
  return (
    <Stack>
      <Alert tone="danger" role="alert">
        {error}
      </Alert>
      <Row>
        <Button type="button" onClick={onRetry}>
          {messages.promotions.wizard.retry}
        </Button>
        {back}
      </Row>
    </Stack>
  );
}
