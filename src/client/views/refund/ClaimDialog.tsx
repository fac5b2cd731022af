/**
 * Dialog 'Carga de reintegro' (SPEC §2): country, date (__/__/____), coverage (without those
 * already loaded), currency, amount (masked), 'Comprobantes' with a progress bar, and the
 * penalty-letter section for the multi-cause coverage. Renders the claimForm machine.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  availableCoverages,
  type ClaimField,
  type ClaimFormEvent,
  canAddFiles,
  type claimFormMachine,
  type ServiceKey,
} from '../../../../machines/claimForm';
import { messages } from '../../../contracts/messages';
import { MAX_CLAIM_FILES, type ServiceAmounts, TRANSPORT_SERVICES } from '../../../contracts/refund';
import { countries, currencies } from '../../../contracts/static';
import { maskAmountInput, maskDateInput } from '../../refund/masks';
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

const text = messages.refund;
export type ClaimFormActor = ActorRefFrom<typeof claimFormMachine>;

const FileList = styled('ul', {
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
});
const Indented = styled('div', { paddingLeft: '$5', display: 'flex', flexDirection: 'column', gap: '$2' });

function ServiceRow({
  label,
  service,
  amounts,
  errors,
  send,
  children,
}: {
  label: string;
  service: ServiceKey;
  amounts: ServiceAmounts;
  errors: Record<string, string | undefined>;
  send: (event: ClaimFormEvent) => void;
  children?: React.ReactNode;
}) {
  const key = `multi_cause.${service}`;
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
                error={errors[`${key}.montoPagado`]}
                onValueChange={(value) =>
                  send({
                    type: 'SERVICE_AMOUNT_CHANGED',
                    service,
                    amount: 'montoPagado',
                    value: maskAmountInput(value),
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
                error={errors[`${key}.montoRecuperado`]}
                onValueChange={(value) =>
                  send({
                    type: 'SERVICE_AMOUNT_CHANGED',
                    service,
                    amount: 'montoRecuperado',
                    value: maskAmountInput(value),
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

export function ClaimDialog({ actor, onClose }: { actor: ClaimFormActor; onClose: () => void }) {
  const snapshot = useSelector(actor, (state) => state);
  const context = snapshot.context;
  const { values, errors, files, multiCause: mc } = context;
  const busy = snapshot.matches('preparing');
  const send = (event: ClaimFormEvent) => actor.send(event);
  const change = (field: ClaimField, value: string) =>
    send({ type: 'FIELDS_CHANGED', values: { [field]: value } });

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
          {context.requiredItems.length ? (
            <Cell span={12}>
              <Alert tone="warning">
                {text.requiredItemsWarning}
                <ul>
                  {context.requiredItems.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </Alert>
            </Cell>
          ) : null}
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
              error={errors.amount}
              onValueChange={(value) => change('amount', maskAmountInput(value))}
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
              errors={errors}
              send={send}
            />
            <ServiceRow
              label={text.transporte}
              service="transporte"
              amounts={{ selected: mc.transporte.selected, montoPagado: '', montoRecuperado: '' }}
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
                  errors={errors}
                  send={send}
                />
              ))}
            </ServiceRow>
            <ServiceRow
              label={text.excursiones}
              service="excursiones"
              amounts={mc.excursiones}
              errors={errors}
              send={send}
            />
            <ServiceRow label={text.otro} service="otro" amounts={mc.otro} errors={errors} send={send}>
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
          <Stack css={{ gap: '$2' }}>
            <Row justify="between">
              <Muted>{text.filesCount(files.length, MAX_CLAIM_FILES)}</Muted>
              <FilePicker
                label={text.addFilesButton}
                testId="claim-files"
                disabled={busy || !canAddFiles(context)}
                onChosen={(chosen) => send({ type: 'FILES_CHOSEN', files: chosen })}
              />
            </Row>
            {context.fileNotice ? (
              <Alert tone="warning" role="alert">
                {context.fileNotice}
              </Alert>
            ) : null}
            {files.length ? (
              <FileList>
                {files.map((file) => (
                  <li key={file.id}>
                    <Row justify="between">
                      <span>{file.name}</span>
                      <Button
                        type="button"
                        size="small"
                        variant="ghost"
                        disabled={busy}
                        onClick={() => send({ type: 'FILE_REMOVED', id: file.id })}
                      >
                        {text.removeFileButton}
                      </Button>
                    </Row>
                  </li>
                ))}
              </FileList>
            ) : null}
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
