/** /refund 'Solicitud de reintegro' (SPEC §2): documento, voucherId, 'Continuar', the 30-day note. */
import { type FormEvent, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRecordedMachine } from '../../qa/useRecordedMachine';
import { adoptLoginLanguage, useTranslator } from '../../refund/language';
import { providedRefundLoginMachine } from '../../refund/loginActors';
import { Alert, Button, Card, Heading, Muted, Stack, TextField } from '../../ui/primitives';

export function RefundLoginView() {
  const [snapshot, send] = useRecordedMachine(providedRefundLoginMachine);
  const navigate = useNavigate();
  const { t, fromSpanish } = useTranslator();
  const { documento, voucherId, fieldErrors, error } = snapshot.context;
  const busy = snapshot.matches('authenticating');

  useEffect(() => {
    if (snapshot.status === 'done') {
      // Issue 42: the newest refund's stored language, else the country's (unless one was chosen).
      adoptLoginLanguage(
        snapshot.output?.refunds.country_residence ?? '',
        snapshot.output?.submitted_refunds?.[0]?.language,
      );
      navigate('/dashboardRefund', { state: snapshot.output });
    }
  }, [snapshot.status, snapshot.output, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <Card css={{ maxWidth: 480, margin: '0 auto' }}>
      <Heading>{t('refund.loginTitle')}</Heading>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error ? (
            <Alert tone="danger" role="alert">
              {fromSpanish(error)}
            </Alert>
          ) : null}
          <TextField
            label={t('refund.documentLabel')}
            placeholder={t('refund.documentPlaceholder')}
            name="documento"
            autoComplete="off"
            value={documento}
            error={fieldErrors.documento && fromSpanish(fieldErrors.documento)}
            onValueChange={(value) => send({ type: 'FIELDS_CHANGED', values: { documento: value } })}
          />
          <TextField
            label={t('refund.voucherIdLabel')}
            placeholder={t('refund.voucherIdPlaceholder')}
            name="voucherId"
            autoComplete="off"
            inputMode="numeric"
            value={voucherId}
            error={fieldErrors.voucherId && fromSpanish(fieldErrors.voucherId)}
            onValueChange={(value) => send({ type: 'FIELDS_CHANGED', values: { voucherId: value } })}
          />
          <Button type="submit" disabled={busy}>
            {t('refund.loginButton')}
          </Button>
          <Muted>{t('refund.thirtyDayNote')}</Muted>
        </Stack>
      </form>
    </Card>
  );
}
