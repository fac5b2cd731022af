/**
 * Issue 31: what was read on the receipt just chosen, as the receiptReading machine says
 * (docs/receipt-reading.md): 'Leyendo el comprobante…' while reading, the suggestion with
 * 'Usar estos datos' / 'No, gracias', a short note once accepted; a failed or dismissed reading
 * shows nothing.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { receiptReadingMachine } from '../../../../machines/receiptReading';
import type { Translator } from '../../../contracts/i18n/core';
import { useTranslator } from '../../refund/language';
import { Alert, Button, Muted, Row } from '../../ui/primitives';

/** 'USD 12,345.50' read on a receipt, as the traveller's locale writes it (the currency when read). */
const readAmountIn = (tr: Translator, amount: string, currency: string | null) =>
  currency ? `${tr.amount(amount, currency)} ${currency}` : tr.amount(amount);
export type ReceiptReadingActor = ActorRefFrom<typeof receiptReadingMachine>;

export function ReceiptReadingNotice({
  actor,
  canUse = true,
}: {
  actor: ReceiptReadingActor;
  /** Whether there is a form to fill (the pending-documents page only shows what was read). */
  canUse?: boolean;
}) {
  const tr = useTranslator();
  const { t } = tr;
  const state = useSelector(actor, (snapshot) => ({
    value: snapshot.value,
    suggestion: snapshot.context.suggestion,
  }));
  if (state.value === 'reading' || state.value === 'waiting')
    return (
      <Muted role="status" aria-live="polite">
        {t('reading.reading')}
      </Muted>
    );
  if (state.value === 'accepted')
    return (
      <Alert tone="info" role="status">
        {t('reading.accepted')}
      </Alert>
    );
  if (state.value !== 'suggested' || !state.suggestion) return null;
  const { amount, currency, date } = state.suggestion;
  if (!canUse)
    return (
      <Alert tone="info" role="status">
        {t('reading.readOnly', {
          amount: readAmountIn(tr, amount, currency),
          date: date ? tr.date(date) : 'none',
        })}
      </Alert>
    );
  return (
    <Alert tone="info" role="status">
      <Row justify="between">
        <span>
          {t('reading.suggestion', {
            amount: readAmountIn(tr, amount, currency),
            date: date ? tr.date(date) : 'none',
          })}
        </span>
        <Row css={{ gap: '$2' }}>
          <Button type="button" size="small" onClick={() => actor.send({ type: 'ACCEPT' })}>
            {t('reading.useData')}
          </Button>
          <Button type="button" size="small" variant="ghost" onClick={() => actor.send({ type: 'DISMISS' })}>
            {t('reading.dismiss')}
          </Button>
        </Row>
      </Row>
    </Alert>
  );
}
