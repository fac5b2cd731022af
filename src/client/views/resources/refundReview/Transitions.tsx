/**
 * The decisions card: the status transitions the server allows this user now
 * (src/contracts/refund/lifecycle.ts) and the confirmation form of the one asked, with its fields.
 */
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import type { DraftTextField } from '../../../../../machines/refundReview';
import { messages } from '../../../../contracts/messages';
import { REFUND_TRANSITION_NAMES } from '../../../../contracts/refund/lifecycle';
import { Alert, Button, Card, Muted, Row, Stack, Subheading } from '../../../ui/primitives';
import type { RefundReviewActor } from '../detailWiring';
import { text } from './parts';
import { TransitionFields } from './TransitionFields';

/** `mayChange`: the user's role holds refund/change (else the role, not the status, is why nothing is offered). */
export function Transitions({ actor, mayChange }: { actor: RefundReviewActor; mayChange: boolean }) {
  const snapshot = useSelector(actor, (state) => state);
  const { refund, transition, draft, fieldErrors, transitionError } = snapshot.context;
  const offered = REFUND_TRANSITION_NAMES.filter((name) => (refund?.allowed_actions ?? []).includes(name));
  const busy = snapshot.matches({ ready: 'submitting' });
  const editing = snapshot.matches({ ready: 'editing' }) || busy;
  const change = (field: DraftTextField) => (value: string) =>
    actor.send({ type: 'FIELD_CHANGED', field, value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMITTED' });
  };
  const errorOf = (key: string) => fieldErrors[key];
  return (
    <Card aria-labelledby="refund-transitions">
      <Subheading id="refund-transitions">{text.transitionsTitle}</Subheading>
      {!editing ? (
        offered.length ? (
          <Row>
            {offered.map((name) => (
              <Button
                key={name}
                variant={name === 'reject' ? 'danger' : 'secondary'}
                onClick={() => actor.send({ type: 'TRANSITION_ASKED', transition: name })}
              >
                {text.transitions[name]}
              </Button>
            ))}
          </Row>
        ) : (
          <Muted>{mayChange ? text.noTransitions : messages.refundDecisions.readOnlyRole}</Muted>
        )
      ) : transition ? (
        <form onSubmit={submit} noValidate aria-label={text.transitions[transition]}>
          <Stack>
            <strong>{text.confirmTransition(text.transitions[transition])}</strong>
            {transitionError ? (
              <Alert tone="danger" role="alert">
                {transitionError}
              </Alert>
            ) : null}
            <TransitionFields
              transition={transition}
              refund={refund}
              draft={draft}
              errorOf={errorOf}
              disabled={busy}
              change={change}
              onAmount={(claim, value) => actor.send({ type: 'AMOUNT_CHANGED', claim, value })}
              onBankField={(field) => actor.send({ type: 'BANK_FIELD_TOGGLED', field })}
            />
            <Row justify="end">
              <Button
                type="button"
                variant="ghost"
                disabled={busy}
                onClick={() => actor.send({ type: 'CANCELLED' })}
              >
                {text.cancel}
              </Button>
              <Button type="submit" disabled={busy} variant={transition === 'reject' ? 'danger' : 'primary'}>
                {busy ? text.applying : text.confirm}
              </Button>
            </Row>
          </Stack>
        </form>
      ) : null}
    </Card>
  );
}
