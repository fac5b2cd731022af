/**
 * /update_payment_data (SPEC §2; issue 17 'Links'): 'Actualización de datos bancarios requerida',
 * the intro, 'Observaciones: ...' when the server sends them, only the fields in update_fields
 * (bank as a list for ARG and CHL, as in the wizard), steps 'Actualizar datos' and 'Solicitud
 * enviada' with the promise of contact within 5 business days. Renders the paymentUpdate machine,
 * in the link pages' frame (LinkPageFrame).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router-dom';
import { warningsOf } from '../../../../machines/paymentUpdate';
import {
  accountTypesFor,
  bankOptionsFor,
  type PaymentTextField,
  paymentFieldLabel,
} from '../../../contracts/refund';
import { useStoredLanguage, useTranslator } from '../../refund/language';
import { providedPaymentUpdateMachine } from '../../refund/linkActors';
import { Alert, Cell, Checkbox, Grid, SelectField, Stack, TextField } from '../../ui/primitives';
import { LinkPageFrame } from './LinkPageFrame';

export default function PaymentUpdateView() {
  const [params] = useSearchParams();
  const actor = useActorRef(providedPaymentUpdateMachine, {
    input: { refundId: params.get('refund_id') ?? '', hash: params.get('hash') ?? '' },
  });
  const snapshot = useSelector(actor, (state) => state);
  const { values, errors } = snapshot.context;
  const { t, fromSpanish } = useTranslator();
  useStoredLanguage(snapshot.context.access?.language);
  const busy = snapshot.matches('sending');
  const set = (field: PaymentTextField, value: string) => actor.send({ type: 'FIELD_CHANGED', field, value });
  const warnings = warningsOf(snapshot.context);

  const control = (field: PaymentTextField, country: string) => {
    const label = fromSpanish(paymentFieldLabel(field, country));
    const banks = field === 'bank' ? bankOptionsFor(country) : null;
    const options = banks
      ? banks.map((bank) => ({ value: bank.code, label: bank.name }))
      : field === 'account_type'
        ? accountTypesFor(country).map((value) => ({ value, label: fromSpanish(value) }))
        : null;
    if (options)
      return (
        <SelectField
          label={label}
          error={fromSpanish(errors[field]) || undefined}
          value={values[field] ?? ''}
          options={options}
          placeholder="—"
          onValueChange={(value) => set(field, value)}
        />
      );
    const input = (
      <TextField
        label={label}
        value={values[field] ?? ''}
        error={fromSpanish(errors[field]) || undefined}
        hint={fromSpanish(warnings[field]) || undefined}
        inputMode={field === 'phone' ? 'tel' : undefined}
        disabled={busy}
        onValueChange={(value) => set(field, value)}
      />
    );
    // Issue 40: a CCI whose check digits do not follow the published rule is confirmed (and
    // flagged to staff), never refused nor stored silently.
    if (field === 'bank_adress' && warnings.bank_adress)
      return (
        <Stack css={{ gap: '$2' }}>
          {input}
          <Checkbox
            label={t('refund.cciConfirmLabel')}
            checked={snapshot.context.cciConfirmed}
            onCheckedChange={(confirmed) => actor.send({ type: 'CCI_CONFIRMED', confirmed })}
          />
        </Stack>
      );
    return input;
  };

  return (
    <LinkPageFrame
      snapshot={snapshot}
      actor={actor}
      busy={busy}
      texts={{
        title: t('links.paymentTitle'),
        step: t('links.stepUpdate'),
        sentTitle: t('links.stepSent'),
        sentText: t('links.paymentSentText'),
        failureText: t('links.paymentFailureText'),
        submit: t('links.update'),
        busy: t('links.updating'),
      }}
    >
      {(access) => (
        <>
          <p>{t('links.paymentIntro')}</p>
          {access.observations ? (
            <Alert tone="warning">{t('links.observations', { text: access.observations })}</Alert>
          ) : null}
          <Grid>
            {access.update_fields.map((field) => (
              <Cell span={6} key={field}>
                {control(field, access.country_residence)}
              </Cell>
            ))}
          </Grid>
        </>
      )}
    </LinkPageFrame>
  );
}
