/**
 * /update_payment_data (SPEC §2; issue 17 'Links'): 'Actualización de datos bancarios requerida',
 * the intro, 'Observaciones: ...' when the server sends them, only the fields in update_fields
 * (bank as a list for ARG and CHL, as in the wizard), steps 'Actualizar datos' and 'Solicitud
 * enviada' with the promise of contact within 5 business days. Renders the paymentUpdate machine.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import {
  accountTypesFor,
  bankOptionsFor,
  type PaymentTextField,
  paymentFieldLabel,
} from '../../../contracts/refund';
import { providedPaymentUpdateMachine } from '../../refund/linkActors';
import {
  Alert,
  Button,
  Card,
  Cell,
  Grid,
  Heading,
  Muted,
  Row,
  SelectField,
  Spinner,
  Stack,
  Subheading,
  TextField,
} from '../../ui/primitives';
import { Stepper } from '../../ui/stepper';
import { AccessError, useSupportEmail } from './PendingDocsView';

const text = messages.refundLinks;

export default function PaymentUpdateView() {
  const [params] = useSearchParams();
  const actor = useActorRef(providedPaymentUpdateMachine, {
    input: { refundId: params.get('refund_id') ?? '', hash: params.get('hash') ?? '' },
  });
  const snapshot = useSelector(actor, (state) => state);
  const supportEmail = useSupportEmail();
  const { access, values, errors, error } = snapshot.context;
  const sent = snapshot.matches('sent');
  const failed = snapshot.matches('failed');
  const busy = snapshot.matches('sending');

  if (snapshot.matches('loading')) return <Spinner label={messages.common.loading} />;
  if (snapshot.matches('accessError') || !access) return <AccessError message={error} />;
  const country = access.country_residence;
  const set = (field: PaymentTextField, value: string) => actor.send({ type: 'FIELD_CHANGED', field, value });

  const control = (field: PaymentTextField) => {
    const label = paymentFieldLabel(field, country);
    const banks = field === 'bank' ? bankOptionsFor(country) : null;
    const options = banks
      ? banks.map((bank) => ({ value: bank.code, label: bank.name }))
      : field === 'account_type'
        ? accountTypesFor(country).map((value) => ({ value, label: value }))
        : null;
    if (options)
      return (
        <SelectField
          label={label}
          error={errors[field]}
          value={values[field] ?? ''}
          options={options}
          placeholder="—"
          onValueChange={(value) => set(field, value)}
        />
      );
    return (
      <TextField
        label={label}
        value={values[field] ?? ''}
        error={errors[field]}
        disabled={busy}
        onValueChange={(value) => set(field, value)}
      />
    );
  };

  return (
    <Stack>
      <Heading>{text.paymentTitle}</Heading>
      <Stepper steps={[text.stepUpdate, text.stepSent]} current={sent || failed ? 1 : 0} />
      {sent ? (
        <Card css={{ textAlign: 'center' }} data-testid="link-result">
          <Subheading>{text.stepSent}</Subheading>
          <p>{text.paymentSentText}</p>
        </Card>
      ) : failed ? (
        <Card css={{ textAlign: 'center' }} data-testid="link-result">
          <Stack>
            <Subheading>{text.failureTitle}</Subheading>
            <p>{text.paymentFailureText}</p>
            {error ? <Alert tone="danger">{error}</Alert> : null}
            <Muted>{text.failureMailbox(supportEmail)}</Muted>
            <Row css={{ justifyContent: 'center' }}>
              <Button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
                {messages.common.retry}
              </Button>
            </Row>
          </Stack>
        </Card>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          <Card>
            <Stack>
              <p>{text.paymentIntro}</p>
              {access.observations ? (
                <Alert tone="warning">{text.observations(access.observations)}</Alert>
              ) : null}
              <Grid>
                {access.update_fields.map((field) => (
                  <Cell span={6} key={field}>
                    {control(field)}
                  </Cell>
                ))}
              </Grid>
              <Row css={{ justifyContent: 'flex-end' }}>
                {busy ? <Spinner label={text.updating} /> : null}
                <Button type="submit" disabled={busy}>
                  {text.update}
                </Button>
              </Row>
            </Stack>
          </Card>
        </form>
      )}
    </Stack>
  );
}
