/** /refund 'Solicitud de reintegro' (SPEC §2): documento, voucherId, 'Continuar', the 30-day note. */
import { type FormEvent, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { messages } from '../../../contracts/messages';
import { useRecordedMachine } from '../../qa/useRecordedMachine';
import { providedRefundLoginMachine } from '../../refund/loginActors';
import { Alert, Button, Card, Heading, Muted, Stack, TextField } from '../../ui/primitives';

const text = messages.refund;

export function RefundLoginView() {
  const [snapshot, send] = useRecordedMachine(providedRefundLoginMachine);
  const navigate = useNavigate();
  const { documento, voucherId, fieldErrors, error } = snapshot.context;
  const busy = snapshot.matches('authenticating');

  useEffect(() => {
    if (snapshot.status === 'done') navigate('/dashboardRefund', { state: snapshot.output });
  }, [snapshot.status, snapshot.output, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <Card css={{ maxWidth: 480, margin: '0 auto' }}>
      <Heading>{text.loginTitle}</Heading>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error ? (
            <Alert tone="danger" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextField
            label={text.documentLabel}
            placeholder={text.documentPlaceholder}
            name="documento"
            autoComplete="off"
            value={documento}
            error={fieldErrors.documento}
            onValueChange={(value) => send({ type: 'FIELDS_CHANGED', values: { documento: value } })}
          />
          <TextField
            label={text.voucherIdLabel}
            placeholder={text.voucherIdPlaceholder}
            name="voucherId"
            autoComplete="off"
            inputMode="numeric"
            value={voucherId}
            error={fieldErrors.voucherId}
            onValueChange={(value) => send({ type: 'FIELDS_CHANGED', values: { voucherId: value } })}
          />
          <Button type="submit" disabled={busy}>
            {text.loginButton}
          </Button>
          <Muted>{text.thirtyDayNote}</Muted>
        </Stack>
      </form>
    </Card>
  );
}
