/**
 * Issue 31: what was read on the receipt just chosen, as the receiptReading machine says
 * (docs/receipt-reading.md): 'Leyendo el comprobante…' while reading, the suggestion with
 * 'Usar estos datos' / 'No, gracias', a short note once accepted; a failed or dismissed reading
 * shows nothing.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { receiptReadingMachine } from '../../../../machines/receiptReading';
import { messages } from '../../../contracts/messages';
import { Alert, Button, Muted, Row } from '../../ui/primitives';

const text = messages.receiptReading;
export type ReceiptReadingActor = ActorRefFrom<typeof receiptReadingMachine>;

export function ReceiptReadingNotice({
  actor,
  canUse = true,
}: {
  actor: ReceiptReadingActor;
  /** Whether there is a form to fill (the pending-documents page only shows what was read). */
  canUse?: boolean;
}) {
  const state = useSelector(actor, (snapshot) => ({
    value: snapshot.value,
    suggestion: snapshot.context.suggestion,
  }));
  if (state.value === 'reading' || state.value === 'waiting')
    return (
      <Muted role="status" aria-live="polite">
        {text.reading}
      </Muted>
    );
  if (state.value === 'accepted')
    return (
      <Alert tone="info" role="status">
        {text.accepted}
      </Alert>
    );
  if (state.value !== 'suggested' || !state.suggestion) return null;
  const { amount, currency, date } = state.suggestion;
  if (!canUse)
    return (
      <Alert tone="info" role="status">
        {text.readOnly(amount, currency, date)}
      </Alert>
    );
  return (
    <Alert tone="info" role="status">
      <Row justify="between">
        <span>{text.suggestion(amount, currency, date)}</span>
        <Row css={{ gap: '$2' }}>
          <Button type="button" size="small" onClick={() => actor.send({ type: 'ACCEPT' })}>
            {text.useData}
          </Button>
          <Button type="button" size="small" variant="ghost" onClick={() => actor.send({ type: 'DISMISS' })}>
            {text.dismiss}
          </Button>
        </Row>
      </Row>
    </Alert>
  );
}
