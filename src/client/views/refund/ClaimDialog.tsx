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
  claimAmountFeedback,
  type claimFormMachine,
  pagesOf,
  type ServiceKey,
} from '../../../../machines/claimForm';
import { messages } from '../../../contracts/messages';
import {
  MAX_CLAIM_FILES,
  MAX_MISSING_REASON_LENGTH,
  type ServiceAmounts,
  TRANSPORT_SERVICES,
} from '../../../contracts/refund';
import { countries, currencies } from '../../../contracts/static';
import { maskDateInput } from '../../refund/masks';
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

const text = messages.refund;
const checklistText = messages.refundChecklist;
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
  // Issue 40: how each amount was read, or why not: a hint until the machine holds an error.
  const paid = claimAmountFeedback(amounts.montoPagado, currency);
  const recovered = claimAmountFeedback(amounts.montoRecuperado, currency);
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
                label={`${text.montoPagadoLabel} (${label})`}
                inputMode="decimal"
                placeholder={text.amountPlaceholder}
                value={amounts.montoPagado}
                hint={errors[`${key}.montoPagado`] ? null : (paid.understood ?? paid.problem)}
                error={errors[`${key}.montoPagado`]}
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
                label={`${text.montoRecuperadoLabel} (${label})`}
                inputMode="decimal"
                placeholder={text.amountPlaceholder}
                value={amounts.montoRecuperado}
                hint={errors[`${key}.montoRecuperado`] ? null : (recovered.understood ?? recovered.problem)}
                error={errors[`${key}.montoRecuperado`]}
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
  if (files.length === 0) return null;
  return (
    <FileList>
      {files.map((file) => (
        <li key={file.id}>
          <Row justify="between">
            <span>{checklistText.fileWithPages(file.name, Math.max(1, file.pages ?? 1))}</span>
            <Button
              type="button"
              size="small"
              variant="ghost"
              disabled={busy}
              aria-label={`${text.removeFileButton} ${file.name}`}
              onClick={() => send({ type: 'FILE_REMOVED', id: file.id })}
            >
              {text.removeFileButton}
            </Button>
          </Row>
        </li>
      ))}
    </FileList>
  );
}

export function ClaimDialog({ actor, onClose }: { actor: ClaimFormActor; onClose: () => void }) {
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
  const amount = claimAmountFeedback(values.amount, values.currency);

  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={text.claimDialogTitle}
      footer={
        <>
          <Button type="button" variant="ghost" disabled={busy} onClick={onClose}>
            {text.claimDialogClose}
          </Button>
          <Button type="button" disabled={busy} onClick={() => send({ type: 'SUBMIT' })}>
            {text.claimDialogSubmit}
          </Button>
        </>
      }
    >
      <Stack>
        <Grid>
          <Cell span={6}>
            <SelectField
              label={text.sinisterCountryLabel}
              error={errors.sinister_country}
              value={values.sinister_country}
              options={countries.map((country) => ({ value: country.iso3, label: country.name }))}
              onValueChange={(value) => change('sinister_country', value)}
            />
          </Cell>
          <Cell span={6}>
            <TextField
              label={text.sinisterDateLabel}
              placeholder={text.sinisterDatePlaceholder}
              inputMode="numeric"
              value={values.sinister_date}
              error={errors.sinister_date}
              onValueChange={(value) => change('sinister_date', maskDateInput(value))}
            />
          </Cell>
          <Cell span={12}>
            <SelectField
              label={text.coverageLabel}
              error={errors.coverage}
              value={context.coverage}
              options={availableCoverages(context).map((coverage) => ({ value: coverage, label: coverage }))}
              onValueChange={(coverage) => send({ type: 'COVERAGE_CHOSEN', coverage })}
            />
          </Cell>
          <Cell span={6}>
            <SelectField
              label={text.currencyLabel}
              error={errors.currency}
              value={values.currency}
              options={currencies.map((currency) => ({
                value: currency.code,
                label: `${currency.code} — ${currency.name}`,
              }))}
              onValueChange={(value) => change('currency', value)}
            />
          </Cell>
          <Cell span={6}>
            <TextField
              label={text.amountLabel}
              placeholder={text.amountPlaceholder}
              inputMode="decimal"
              value={values.amount}
              // While typing, why it cannot be read is a hint; it is an error (an alert) once the
              // machine holds it, after 'Cargar' (the view renders the machine's errors only).
              hint={errors.amount ? null : (amount.understood ?? amount.problem)}
              error={errors.amount}
              onValueChange={(value) => change('amount', value)}
            />
          </Cell>
        </Grid>

        {context.isMultiCause ? (
          <section aria-label={text.multiCauseTitle}>
            <Subheading>{text.multiCauseTitle}</Subheading>
            <Muted>{text.multiCauseIntro}</Muted>
            {errors.multi_cause ? (
              <Alert tone="danger" role="alert">
                {errors.multi_cause}
              </Alert>
            ) : null}
            <ServiceRow
              label={text.alojamientos}
              service="alojamientos"
              amounts={mc.alojamientos}
              currency={values.currency}
              errors={errors}
              send={send}
            />
            <ServiceRow
              label={text.transporte}
              service="transporte"
              amounts={{ selected: mc.transporte.selected, montoPagado: '', montoRecuperado: '' }}
              currency={values.currency}
              errors={errors}
              send={send}
            >
              {errors['multi_cause.transporte'] ? (
                <Alert tone="danger" role="alert">
                  {errors['multi_cause.transporte']}
                </Alert>
              ) : null}
              {TRANSPORT_SERVICES.map((name) => (
                <ServiceRow
                  key={name}
                  label={text[name]}
                  service={`transporte.${name}`}
                  amounts={mc.transporte[name]}
                  currency={values.currency}
                  errors={errors}
                  send={send}
                />
              ))}
            </ServiceRow>
            <ServiceRow
              label={text.excursiones}
              service="excursiones"
              amounts={mc.excursiones}
              currency={values.currency}
              errors={errors}
              send={send}
            />
            <ServiceRow
              label={text.otro}
              service="otro"
              amounts={mc.otro}
              currency={values.currency}
              errors={errors}
              send={send}
            >
              <TextField
                label={text.nombreServicioLabel}
                value={mc.otro.nombreServicio}
                error={errors['multi_cause.otro.nombreServicio']}
                onValueChange={(value) => send({ type: 'SERVICE_NAME_CHANGED', value })}
              />
            </ServiceRow>
          </section>
        ) : null}

        <section aria-label={text.filesLabel}>
          <Subheading>{text.filesLabel}</Subheading>
          <Stack css={{ gap: '$3' }}>
            <Muted>{checklistText.filesCount(pagesOf(files), MAX_CLAIM_FILES)}</Muted>
            {context.requiredItems.length ? <Muted>{checklistText.checklistIntro}</Muted> : null}
            {reading && !busy ? <ReceiptReadingNotice actor={reading} /> : null}
            {context.fileNotice ? (
              <Alert tone="warning" role="alert">
                {context.fileNotice}
              </Alert>
            ) : null}
            {errors.checklist ? (
              <Alert tone="danger" role="alert">
                {errors.checklist}
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
                        ? checklistText.itemDone
                        : missing
                          ? checklistText.itemMissing
                          : checklistText.itemEmpty}
                    </Muted>
                  </Row>
                  <ReceiptList files={itemFiles} busy={busy} send={send} />
                  <Row css={{ gap: '$2', flexWrap: 'wrap' }}>
                    <FilePicker
                      label={checklistText.attachFiles}
                      testId={`claim-item-files-${index}`}
                      disabled={busy || !canAddFiles(context)}
                      onChosen={(chosen) => send({ type: 'FILES_CHOSEN', files: chosen, item })}
                    />
                    <FilePicker
                      label={checklistText.takePhoto}
                      variant="ghost"
                      capture
                      disabled={busy || !canAddFiles(context)}
                      onChosen={(chosen) => send({ type: 'FILES_CHOSEN', files: chosen, item })}
                    />
                  </Row>
                  {itemFiles.length ? null : (
                    <Checkbox
                      label={checklistText.notAvailable}
                      checked={missing}
                      disabled={busy}
                      onCheckedChange={(checked) =>
                        send({ type: 'ITEM_MISSING_TOGGLED', item, missing: checked })
                      }
                    />
                  )}
                  {missing ? (
                    <TextField
                      label={checklistText.notAvailableReason}
                      value={context.missing[item] ?? ''}
                      maxLength={MAX_MISSING_REASON_LENGTH}
                      disabled={busy}
                      error={errors[`missing.${item}`]}
                      onValueChange={(reason) => send({ type: 'MISSING_REASON_CHANGED', item, reason })}
                    />
                  ) : null}
                </ItemBox>
              );
            })}
            <ItemBox role="group" aria-labelledby="claim-item-other">
              <ItemTitle id="claim-item-other">{checklistText.otherDocuments}</ItemTitle>
              {context.requiredItems.length ? (
                <Muted css={{ margin: 0 }}>{checklistText.otherDocumentsIntro}</Muted>
              ) : null}
              <ReceiptList files={files.filter((file) => file.item === null)} busy={busy} send={send} />
              <Row>
                <FilePicker
                  label={text.addFilesButton}
                  testId="claim-files"
                  disabled={busy || !canAddFiles(context)}
                  onChosen={(chosen) => send({ type: 'FILES_CHOSEN', files: chosen, item: null })}
                />
              </Row>
            </ItemBox>
            {errors.files ? (
              <Alert tone="danger" role="alert">
                {errors.files}
              </Alert>
            ) : null}
            {busy ? (
              <>
                <Muted>{context.progress < 50 ? text.preparingFiles : text.uploadingFiles}</Muted>
                <ProgressBar value={context.progress} label={text.filesLabel} />
              </>
            ) : null}
            {context.uploadError ? (
              <Alert tone="danger" role="alert">
                {context.uploadError}
              </Alert>
            ) : null}
          </Stack>
        </section>
      </Stack>
    </Dialog>
  );
}
