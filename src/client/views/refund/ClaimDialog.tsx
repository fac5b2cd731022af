/**
 * Dialog 'Carga de reintegro' (SPEC §2): country, date (__/__/____), coverage (without those
 * already loaded), currency, amount (masked), 'Comprobantes' with a progress bar, and the
 * penalty-letter section for the multi-cause coverage. Renders the claimForm machine.
 *
 * Issue 30 §3: the receipts are a checklist of the coverage's required documents; each item holds
 * its files ('Adjuntar archivos', 'Sacar foto' with the camera on phones) or 'No lo tengo' with a
 * reason; 'Otros documentos' takes the rest with the dialog's one 'Agregar archivos'. The counter
 * counts pages, as the limit does.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  availableCoverages,
  CLAIM_READING_ID,
  type ClaimField,
  type ClaimFormEvent,
  type ClaimReceipt,
  canAddFiles,
  type claimFormMachine,
  pagesOf,
  type ServiceKey,
} from '../../../../machines/claimForm';
import { amountFeedbackIn, type Translator } from '../../../contracts/i18n/core';
import {
  MAX_AMOUNT_INTEGER_DIGITS,
  MAX_CLAIM_FILES,
  MAX_MISSING_REASON_LENGTH,
  type ServiceAmounts,
  TRANSPORT_SERVICES,
} from '../../../contracts/refund';
import { countries, currencies } from '../../../contracts/static';
import { useTranslator } from '../../refund/language';
import { maskDateInput } from '../../refund/masks';
import { countryLabel, currencyLabel } from '../../refund/names';
import { Dialog } from '../../ui/dialog';
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
import { styled } from '../../ui/theme';
import { FilePicker } from './FilePicker';
import { type ReceiptReadingActor, ReceiptReadingNotice } from './ReceiptReadingNotice';

/** Issue 42: how a typed amount was understood, in the traveller's language and format. */
const feedbackOf = (tr: Translator, typed: string, currency: string) =>
  amountFeedbackIn(tr.language, typed, {
    currency: currency || null,
    maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS,
  });
export type ClaimFormActor = ActorRefFrom<typeof claimFormMachine>;

const FileList = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
});
const ItemBox = styled('div', {
  border: '1px solid $border',
  borderRadius: '$1',
  padding: '$3',
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
});
const ItemTitle = styled('h3', { fontSize: '$3', margin: 0, fontWeight: 600 });
const Indented = styled('div', { paddingLeft: '$5', display: 'flex', flexDirection: 'column', gap: '$2' });

function ServiceRow({
  label,
  service,
  amounts,
  currency,
  errors,
  send,
  children,
}: {
  label: string;
  service: ServiceKey;
  amounts: ServiceAmounts;
  /** The claim's currency: its minor units read the amounts (issue 40). */
  currency: string;
  errors: Record<string, string | undefined>;
  send: (event: ClaimFormEvent) => void;
  children?: React.ReactNode;
}) {
  const key = `multi_cause.${service}`;
  const tr = useTranslator();
  const { t } = tr;
  const fs = (message: string | null | undefined) => tr.fromSpanish(message) || undefined;
  // Issue 40: how each amount was read, or why not: a hint until the machine holds an error.
  const paid = feedbackOf(tr, amounts.montoPagado, currency);
  const recovered = feedbackOf(tr, amounts.montoRecuperado, currency);
  return (
    <div>
      <Checkbox
        label={label}
        checked={amounts.selected}
        onCheckedChange={(selected) => send({ type: 'SERVICE_TOGGLED', service, selected })}
      />
      {amounts.selected && service !== 'transporte' ? (
        <Indented>
          <Grid>
            <Cell span={6}>
              <TextField
                label={`${t('refund.montoPagadoLabel')} (${label})`}
                inputMode="decimal"
                placeholder={t('refund.amountPlaceholder')}
                value={amounts.montoPagado}
                hint={errors[`${key}.montoPagado`] ? null : (paid.understood ?? paid.problem)}
                error={fs(errors[`${key}.montoPagado`])}
                onValueChange={(value) =>
                  send({
                    type: 'SERVICE_AMOUNT_CHANGED',
                    service,
                    amount: 'montoPagado',
                    value,
                  })
                }
              />
            </Cell>
            <Cell span={6}>
              <TextField
                label={`${t('refund.montoRecuperadoLabel')} (${label})`}
                inputMode="decimal"
                placeholder={t('refund.amountPlaceholder')}
                value={amounts.montoRecuperado}
                hint={errors[`${key}.montoRecuperado`] ? null : (recovered.understood ?? recovered.problem)}
                error={fs(errors[`${key}.montoRecuperado`])}
                onValueChange={(value) =>
                  send({
                    type: 'SERVICE_AMOUNT_CHANGED',
                    service,
                    amount: 'montoRecuperado',
                    value,
                  })
                }
              />
            </Cell>
          </Grid>
          {children}
        </Indented>
      ) : amounts.selected ? (
        <Indented>{children}</Indented>
      ) : null}
    </div>
  );
}

/** The receipts of one checklist item, each with 'Quitar'. */
function ReceiptList({
  files,
  busy,
  send,
}: {
  files: readonly ClaimReceipt[];
  busy: boolean;
  send: (event: ClaimFormEvent) => void;
}) {
  const { t } = useTranslator();
  if (files.length === 0) return null;
  return (
    <FileList>
      {files.map((file) => (
        <li key={file.id}>
          <Row justify="between">
            <span>
              {t('checklist.fileWithPages', { name: file.name, pages: Math.max(1, file.pages ?? 1) })}
            </span>
            <Button
              type="button"
              size="small"
              variant="ghost"
              disabled={busy}
              aria-label={`${t('refund.removeFileButton')} ${file.name}`}
              onClick={() => send({ type: 'FILE_REMOVED', id: file.id })}
            >
              {t('refund.removeFileButton')}
            </Button>
          </Row>
        </li>
      ))}
    </FileList>
  );
}

export function ClaimDialog({
  actor,
  onClose,
  coverageLabel,
}: {
  actor: ClaimFormActor;
  onClose: () => void;
  /** Issue 42: a coverage's name (the Spanish one the machine holds) in the traveller's language. */
  coverageLabel: (spanish: string) => string;
}) {
  const snapshot = useSelector(actor, (state) => state);
  const context = snapshot.context;
  const { values, errors, files, multiCause: mc } = context;
  const busy = snapshot.matches('preparing');
  // Issue 31: the reading of the receipt just chosen (a child of the claim form).
  const reading = snapshot.children[CLAIM_READING_ID] as ReceiptReadingActor | undefined;
  const send = (event: ClaimFormEvent) => actor.send(event);
  const change = (field: ClaimField, value: string) =>
    send({ type: 'FIELDS_CHANGED', values: { [field]: value } });
  // Issue 40: how the typed amount was understood ('Se cargará: USD 1.000,50'), or why not.
  const tr = useTranslator();
  const { t } = tr;
  const fs = (message: string | null | undefined) => tr.fromSpanish(message) || undefined;
  const amount = feedbackOf(tr, values.amount, values.currency);

  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={t('refund.claimDialogTitle')}
      footer={
        <>
          <Button type="button" variant="ghost" disabled={busy} onClick={onClose}>
            {t('refund.claimDialogClose')}
          </Button>
          <Button type="button" disabled={busy} onClick={() => send({ type: 'SUBMIT' })}>
            {t('refund.claimDialogSubmit')}
          </Button>
        </>
      }
    >
      <Stack>
        <Grid>
          <Cell span={6}>
            <SelectField
              label={t('refund.sinisterCountryLabel')}
              error={fs(errors.sinister_country)}
              value={values.sinister_country}
              options={countries
                .map((country) => ({ value: country.iso3, label: countryLabel(tr, country.iso3) }))
                // Spanish keeps the catalogue's order; other languages sort their own names.
                .sort((a, b) => (tr.language === 'es' ? 0 : a.label.localeCompare(b.label, tr.locale)))}
              onValueChange={(value) => change('sinister_country', value)}
            />
          </Cell>
          <Cell span={6}>
            <TextField
              label={t('refund.sinisterDateLabel')}
              placeholder={t('refund.sinisterDatePlaceholder')}
              inputMode="numeric"
              value={values.sinister_date}
              error={fs(errors.sinister_date)}
              onValueChange={(value) => change('sinister_date', maskDateInput(value))}
            />
          </Cell>
          <Cell span={12}>
            <SelectField
              label={t('refund.coverageLabel')}
              error={fs(errors.coverage)}
              value={context.coverage}
              options={availableCoverages(context).map((coverage) => ({
                value: coverage,
                label: coverageLabel(coverage),
              }))}
              onValueChange={(coverage) => send({ type: 'COVERAGE_CHOSEN', coverage })}
            />
          </Cell>
          <Cell span={6}>
            <SelectField
              label={t('refund.currencyLabel')}
              error={fs(errors.currency)}
              value={values.currency}
              options={currencies.map((currency) => ({
                value: currency.code,
                label: `${currency.code} — ${currencyLabel(tr, currency.code)}`,
              }))}
              onValueChange={(value) => change('currency', value)}
            />
          </Cell>
          <Cell span={6}>
            <TextField
              label={t('refund.amountLabel')}
              placeholder={t('refund.amountPlaceholder')}
              inputMode="decimal"
              value={values.amount}
              // While typing, why it cannot be read is a hint; it is an error (an alert) once the
              // machine holds it, after 'Cargar' (the view renders the machine's errors only).
              hint={errors.amount ? null : (amount.understood ?? amount.problem)}
              error={fs(errors.amount)}
              onValueChange={(value) => change('amount', value)}
            />
          </Cell>
        </Grid>

        {context.isMultiCause ? (
          <section aria-label={t('refund.multiCauseTitle')}>
            <Subheading>{t('refund.multiCauseTitle')}</Subheading>
            <Muted>{t('refund.multiCauseIntro')}</Muted>
            {errors.multi_cause ? (
              <Alert tone="danger" role="alert">
                {fs(errors.multi_cause)}
              </Alert>
            ) : null}
            <ServiceRow
              label={t('refund.alojamientos')}
              service="alojamientos"
              amounts={mc.alojamientos}
              currency={values.currency}
              errors={errors}
              send={send}
            />
            <ServiceRow
              label={t('refund.transporte')}
              service="transporte"
              amounts={{ selected: mc.transporte.selected, montoPagado: '', montoRecuperado: '' }}
              currency={values.currency}
              errors={errors}
              send={send}
            >
              {errors['multi_cause.transporte'] ? (
                <Alert tone="danger" role="alert">
                  {fs(errors['multi_cause.transporte'])}
                </Alert>
              ) : null}
              {TRANSPORT_SERVICES.map((name) => (
                <ServiceRow
                  key={name}
                  label={t(`refund.${name}`)}
                  service={`transporte.${name}`}
                  amounts={mc.transporte[name]}
                  currency={values.currency}
                  errors={errors}
                  send={send}
                />
              ))}
            </ServiceRow>
            <ServiceRow
              label={t('refund.excursiones')}
              service="excursiones"
              amounts={mc.excursiones}
              currency={values.currency}
              errors={errors}
              send={send}
            />
            <ServiceRow
              label={t('refund.otro')}
              service="otro"
              amounts={mc.otro}
              currency={values.currency}
              errors={errors}
              send={send}
            >
              <TextField
                label={t('refund.nombreServicioLabel')}
                value={mc.otro.nombreServicio}
                error={fs(errors['multi_cause.otro.nombreServicio'])}
                onValueChange={(value) => send({ type: 'SERVICE_NAME_CHANGED', value })}
              />
            </ServiceRow>
          </section>
        ) : null}

        <section aria-label={t('refund.filesLabel')}>
          <Subheading>{t('refund.filesLabel')}</Subheading>
          <Stack css={{ gap: '$3' }}>
            <Muted>{t('checklist.filesCount', { count: pagesOf(files), max: MAX_CLAIM_FILES })}</Muted>
            {context.requiredItems.length ? <Muted>{t('checklist.checklistIntro')}</Muted> : null}
            {reading && !busy ? <ReceiptReadingNotice actor={reading} /> : null}
            {context.fileNotice ? (
              <Alert tone="warning" role="alert">
                {fs(context.fileNotice)}
              </Alert>
            ) : null}
            {errors.checklist ? (
              <Alert tone="danger" role="alert">
                {fs(errors.checklist)}
              </Alert>
            ) : null}
            {context.requiredItems.map((item, index) => {
              const itemFiles = files.filter((file) => file.item === item);
              const missing = item in context.missing;
              return (
                <ItemBox key={item} role="group" aria-labelledby={`claim-item-${index}`}>
                  <Row justify="between">
                    <ItemTitle id={`claim-item-${index}`}>{item}</ItemTitle>
                    <Muted css={{ margin: 0 }}>
                      {itemFiles.length
                        ? t('checklist.itemDone')
                        : missing
                          ? t('checklist.itemMissing')
                          : t('checklist.itemEmpty')}
                    </Muted>
                  </Row>
                  <ReceiptList files={itemFiles} busy={busy} send={send} />
                  <Row css={{ gap: '$2', flexWrap: 'wrap' }}>
                    <FilePicker
                      label={t('checklist.attachFiles')}
                      testId={`claim-item-files-${index}`}
                      disabled={busy || !canAddFiles(context)}
                      onChosen={(chosen) => send({ type: 'FILES_CHOSEN', files: chosen, item })}
                    />
                    <FilePicker
                      label={t('checklist.takePhoto')}
                      variant="ghost"
                      capture
                      disabled={busy || !canAddFiles(context)}
                      onChosen={(chosen) => send({ type: 'FILES_CHOSEN', files: chosen, item })}
                    />
                  </Row>
                  {itemFiles.length ? null : (
                    <Checkbox
                      label={t('checklist.notAvailable')}
                      checked={missing}
                      disabled={busy}
                      onCheckedChange={(checked) =>
                        send({ type: 'ITEM_MISSING_TOGGLED', item, missing: checked })
                      }
                    />
                  )}
                  {missing ? (
                    <TextField
                      label={t('checklist.notAvailableReason')}
                      value={context.missing[item] ?? ''}
                      maxLength={MAX_MISSING_REASON_LENGTH}
                      disabled={busy}
                      error={fs(errors[`missing.${item}`])}
                      onValueChange={(reason) => send({ type: 'MISSING_REASON_CHANGED', item, reason })}
                    />
                  ) : null}
                </ItemBox>
              );
            })}
            <ItemBox role="group" aria-labelledby="claim-item-other">
              <ItemTitle id="claim-item-other">{t('checklist.otherDocuments')}</ItemTitle>
              {context.requiredItems.length ? (
                <Muted css={{ margin: 0 }}>{t('checklist.otherDocumentsIntro')}</Muted>
              ) : null}
              <ReceiptList files={files.filter((file) => file.item === null)} busy={busy} send={send} />
              <Row>
                <FilePicker
                  label={t('refund.addFilesButton')}
                  testId="claim-files"
                  disabled={busy || !canAddFiles(context)}
                  onChosen={(chosen) => send({ type: 'FILES_CHOSEN', files: chosen, item: null })}
                />
              </Row>
            </ItemBox>
            {errors.files ? (
              <Alert tone="danger" role="alert">
                {fs(errors.files)}
              </Alert>
            ) : null}
            {busy ? (
              <>
                <Muted>
                  {context.progress < 50 ? t('refund.preparingFiles') : t('refund.uploadingFiles')}
                </Muted>
                <ProgressBar value={context.progress} label={t('refund.filesLabel')} />
              </>
            ) : null}
            {context.uploadError ? (
              <Alert tone="danger" role="alert">
                {fs(context.uploadError)}
              </Alert>
            ) : null}
          </Stack>
        </section>
      </Stack>
    </Dialog>
  );
}
