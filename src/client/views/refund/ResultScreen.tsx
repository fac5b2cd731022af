/** Final screen (SPEC §2): success or failure texts, 'Inicio', the redirect note. */
import { useSelector } from '@xstate/react';
import { messages } from '../../../contracts/messages';
import { withSupportEmail } from '../../../contracts/messages/refund';
import { Alert, Button, Card, Heading, Muted, Row, Stack } from '../../ui/primitives';
import type { WizardActor } from './wizardActor';

const text = messages.refund;

export function ResultScreen({ actor, supportEmail }: { actor: WizardActor; supportEmail: string }) {
  const snapshot = useSelector(actor, (state) => state);
  const failed = snapshot.matches('failed');
  const error = snapshot.context.error;
  return (
    <Card css={{ maxWidth: 640, margin: '0 auto', textAlign: 'center' }}>
      <Stack>
        <Heading>{failed ? text.failureTitle : text.successTitle}</Heading>
        <p>{failed ? withSupportEmail(text.failureBody, supportEmail) : text.successBody}</p>
        {!failed && snapshot.context.result ? (
          <p data-testid="refund-number">
            <strong>{messages.refundLinks.refundNumber(snapshot.context.result.refund.id)}</strong>
          </p>
        ) : null}
        {failed && error && error !== text.failureTitle ? <Alert tone="danger">{error}</Alert> : null}
        <Row css={{ justifyContent: 'center' }}>
          {failed ? (
            <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'RETRY' })}>
              {messages.common.retry}
            </Button>
          ) : null}
          <Button type="button" onClick={() => actor.send({ type: 'HOME' })}>
            {text.homeButton}
          </Button>
        </Row>
        {failed ? null : <Muted>{text.redirectNote}</Muted>}
      </Stack>
    </Card>
  );
}
