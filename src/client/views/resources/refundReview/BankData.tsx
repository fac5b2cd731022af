/** The bank data card: masked, revealed on request (the server records it in the history). */
import { useActorRef, useSelector } from '@xstate/react';
import type { ReviewedRefund } from '../../../../../machines/refundReview';
import { messages } from '../../../../contracts/messages';
import { Alert, Button, Card, Muted, Row, Stack, Subheading } from '../../../ui/primitives';
import { bankRevealLogic } from '../detailWiring';
import { Item, Items, text } from './parts';

export function BankData({ refund, mayReveal }: { refund: ReviewedRefund; mayReveal: boolean }) {
  const actor = useActorRef(bankRevealLogic, { input: { id: refund.id } });
  const snapshot = useSelector(actor, (state) => state);
  const { data, error } = snapshot.context;
  const shown = data ?? refund.payment;
  return (
    <Card aria-labelledby="refund-bank">
      <Subheading id="refund-bank">{text.bankData}</Subheading>
      {shown ? (
        <Stack>
          {shown.cci_unverified ? (
            <Alert tone="warning" role="status" data-testid="cci-unverified">
              {messages.refund.cciUnverified}
            </Alert>
          ) : null}
          <Items>
            {shown.fields.map(({ field, value }) => (
              <Item key={field} label={text.bankFields[field] ?? field}>
                <span data-testid={`bank-${field}`}>{value}</span>
              </Item>
            ))}
          </Items>
          {error ? (
            <Alert tone="danger" role="alert">
              {error}
            </Alert>
          ) : null}
          {mayReveal ? (
            <Row>
              {snapshot.matches('revealed') ? (
                <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'HIDE' })}>
                  {text.hide}
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  size="small"
                  disabled={snapshot.matches('revealing')}
                  onClick={() => actor.send({ type: 'REVEAL' })}
                >
                  {snapshot.matches('revealing') ? text.revealing : text.reveal}
                </Button>
              )}
              <Muted>{text.revealNote}</Muted>
            </Row>
          ) : null}
        </Stack>
      ) : (
        <Muted>{text.noBankData}</Muted>
      )}
    </Card>
  );
}
