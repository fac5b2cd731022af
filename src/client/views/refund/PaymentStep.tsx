/**
 * Step 'Datos del pago' / 'Datos de la cuenta' (SPEC §2, §5): the fields of the traveller's country
 * (paymentFieldsFor), bank dropdown for ARG and CHL, account types per country, authorization
 * uploads for 'Autorizar a tercero' and the model authorization letter.
 */
import { useSelector } from '@xstate/react';
import {
  accountTypesFor,
  bankOptionsFor,
  PAYMENT_METHODS,
  type PaymentField,
  type PaymentFileField,
  type PaymentTextField,
  paymentFieldLabel,
  paymentFieldsFor,
  paymentFileFields,
  paymentWarnings,
  REFUND_METHODS,
  THIRD_PARTY,
} from '../../../contracts/refund';
import { authorizationLetterUrl } from '../../api/refund';
import { useTranslator } from '../../refund/language';
import {
  Alert,
  Button,
  Cell,
  Checkbox,
  Grid,
  Muted,
  ProgressBar,
  Row,
  SelectField,
  Stack,
  Subheading,
  TextField,
} from '../../ui/primitives';
import { FilePicker } from './FilePicker';
import type { WizardActor } from './wizardActor';

export function PaymentStep({ actor }: { actor: WizardActor }) {
  const snapshot = useSelector(actor, (state) => state);
  const {
    payment,
    paymentErrors,
    authorizationNotice,
    login,
    uploadingField,
    uploadProgress,
    queuedAuthorizationFiles,
  } = snapshot.context;
  const { t, fromSpanish: fs, language } = useTranslator();
  const country = login.refunds.country_residence;
  const fields = paymentFieldsFor(country, payment.refund_method);
  const warnings = paymentWarnings(payment, country);
  const uploading = snapshot.matches({ payment: 'uploadingAuthorization' });
  const set = (field: PaymentTextField, value: string) =>
    actor.send({ type: 'PAYMENT_CHANGED', values: { [field]: value } });

  const select = (
    field: PaymentTextField,
    options: readonly { value: string; label: string }[],
    placeholder = '—',
  ) => (
    <SelectField
      label={fs(paymentFieldLabel(field, country))}
      error={fs(paymentErrors[field]) || undefined}
      value={payment[field]}
      options={options}
      placeholder={placeholder}
      onValueChange={(value) => set(field, value)}
    />
  );

  const control = (field: PaymentField) => {
    if ((paymentFileFields as readonly string[]).includes(field)) return null;
    const textField = field as PaymentTextField;
    if (field === 'refund_method')
      return select(
        textField,
        REFUND_METHODS.map((value) => ({ value, label: fs(value) })),
      );
    if (field === 'payment_method')
      return select(
        textField,
        PAYMENT_METHODS.map((value) => ({ value, label: fs(value) })),
      );
    if (field === 'account_type')
      return select(
        textField,
        accountTypesFor(country).map((value) => ({ value, label: fs(value) })),
      );
    if (field === 'bank') {
      const banks = bankOptionsFor(country);
      if (banks)
        return select(
          textField,
          banks.map((bank) => ({ value: bank.code, label: bank.name })),
          t('refund.bankPlaceholder'),
        );
    }
    const input = (
      <TextField
        label={fs(paymentFieldLabel(field, country))}
        value={payment[textField]}
        error={fs(paymentErrors[textField]) || undefined}
        inputMode={field === 'phone' ? 'tel' : undefined}
        hint={fs(warnings[field]) || (field === 'cbu' ? t('refund.cbuOrAliasHint') : undefined)}
        onValueChange={(value) => set(textField, value)}
      />
    );
    // Issue 40: a CCI whose check digits do not follow the published rule is confirmed by the
    // traveller (and flagged to staff), never refused nor stored silently.
    if (field === 'bank_adress' && warnings.bank_adress)
      return (
        <Stack css={{ gap: '$2' }}>
          {input}
          <Checkbox
            label={t('refund.cciConfirmLabel')}
            checked={payment.cci_confirmed === true}
            onCheckedChange={(checked) =>
              actor.send({ type: 'PAYMENT_CHANGED', values: { cci_confirmed: checked } })
            }
          />
        </Stack>
      );
    return input;
  };

  // Files picked while another upload is in flight wait their turn (issue 30 §4): listed, never dropped.
  const waitingFiles = (field: PaymentFileField) =>
    (queuedAuthorizationFiles ?? [])
      .filter((choice) => choice.field === field)
      .flatMap((choice) => choice.files);

  const uploadField = (field: PaymentFileField) => (
    <Cell span={6} key={field}>
      <Stack css={{ gap: '$2' }}>
        <Row justify="between">
          <strong>{fs(paymentFieldLabel(field, country))}</strong>
          <FilePicker
            label={`${t('refund.addFilesButton')} (${fs(paymentFieldLabel(field, country))})`}
            testId={`payment-${field}`}
            onChosen={(files) => actor.send({ type: 'AUTHORIZATION_FILES_CHOSEN', field, files })}
          />
        </Row>
        <ul>
          {payment[field].map((file) => (
            <li key={file.id}>
              <Row justify="between">
                <span>{file.name}</span>
                <Button
                  type="button"
                  size="small"
                  variant="ghost"
                  disabled={uploading}
                  onClick={() => actor.send({ type: 'AUTHORIZATION_FILE_REMOVED', field, id: file.id })}
                >
                  {t('refund.removeFileButton')}
                </Button>
              </Row>
            </li>
          ))}
          {waitingFiles(field).map((file) => (
            <li key={file.id}>
              <Muted>{t('refund.uploadWaiting', { name: file.name })}</Muted>
            </li>
          ))}
        </ul>
        {uploading && uploadingField === field ? (
          <ProgressBar value={uploadProgress} label={t('refund.uploadingFiles')} />
        ) : null}
        {authorizationNotice[field] ? (
          <Alert tone="warning" role="alert">
            {fs(authorizationNotice[field])}
          </Alert>
        ) : null}
        {paymentErrors[field] ? (
          <Alert tone="danger" role="alert">
            {fs(paymentErrors[field])}
          </Alert>
        ) : null}
      </Stack>
    </Cell>
  );

  return (
    <section>
      <Subheading>{t('refund.paymentTitle')}</Subheading>
      <Grid>
        {fields
          .filter((field) => !(paymentFileFields as readonly string[]).includes(field))
          .map((field) => (
            <Cell span={6} key={field}>
              {control(field)}
            </Cell>
          ))}
        {payment.refund_method === THIRD_PARTY ? (
          <>
            <Cell span={12}>
              <Muted>{t('refund.authorizationIntro')}</Muted>
              <a href={`${authorizationLetterUrl}?lang=${language}`} download={t('letter.fileName')}>
                {t('refund.downloadAuthorizationLetter')}
              </a>
            </Cell>
            {paymentFileFields.map(uploadField)}
          </>
        ) : null}
      </Grid>
    </section>
  );
}
