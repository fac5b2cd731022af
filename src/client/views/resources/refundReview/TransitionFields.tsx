/**
 * The fields of a transition's confirmation: the rejection reason, the approved amount per
 * claim, or a request to the traveller (documents, bank data) with its observations.
 */

import {
  approvedAmountFeedback,
  type DraftTextField,
  type ReviewedRefund,
  type TransitionDraft,
} from '../../../../../machines/refundReview';
import { formatMoney } from '../../../../contracts/format';
import { messages } from '../../../../contracts/messages';
import { paymentFieldLabel } from '../../../../contracts/refund';
import { bankFieldsFor, type RefundTransition } from '../../../../contracts/refund/lifecycle';
import { Alert, Checkbox, Field, Input, Stack, TextArea } from '../../../ui/primitives';
import { text } from './parts';

export function TransitionFields({
  transition,
  refund,
  draft,
  errorOf,
  disabled,
  change,
  onAmount,
  onBankField,
}: {
  transition: RefundTransition;
  refund: ReviewedRefund | null;
  draft: TransitionDraft;
  errorOf: (key: string) => string[] | undefined;
  disabled: boolean;
  change: (field: DraftTextField) => (value: string) => void;
  onAmount: (claim: number, value: string) => void;
  onBankField: (field: string) => void;
}) {
  switch (transition) {
    case 'reject':
      return (
        <Field label={text.reasonLabel} error={errorOf('reason')}>
          {(aria) => (
            <TextArea
              {...aria}
              name="reason"
              value={draft.reason}
              maxLength={500}
              readOnly={disabled}
              onChange={(event) => change('reason')(event.target.value)}
            />
          )}
        </Field>
      );
    case 'approve':
      return (
        <Stack>
          {errorOf('amounts') ? (
            <Alert tone="danger" role="alert">
              {errorOf('amounts')?.join(' ')}
            </Alert>
          ) : null}
          {(refund?.claims ?? []).map((claim, index) => {
            const typed = draft.amounts[String(claim.id)] ?? '';
            // Issue 40: typed in either format, read as its label prints it; says how it read it.
            const feedback = approvedAmountFeedback(typed, claim.currency);
            return (
              <Field
                key={claim.id}
                label={`${text.approvedAmount} (${text.claim(index + 1)}: ${claim.coverage}, ${formatMoney(claim.amount, claim.currency)})`}
                // While typing, why it cannot be read is a hint; it is an error (an alert) once the
                // machine holds it, after 'Confirmar' (the view renders the machine's errors only).
                hint={errorOf(`amounts.${claim.id}`) ? null : (feedback.understood ?? feedback.problem)}
                error={errorOf(`amounts.${claim.id}`)}
              >
                {(aria) => (
                  <Input
                    {...aria}
                    name={`amount-${claim.id}`}
                    inputMode="decimal"
                    value={typed}
                    readOnly={disabled}
                    onChange={(event) => onAmount(claim.id, event.target.value)}
                  />
                )}
              </Field>
            );
          })}
        </Stack>
      );
    case 'request_documents':
      return (
        <Stack>
          <Field label={text.documentsLabel} error={errorOf('documents')}>
            {(aria) => (
              <TextArea
                {...aria}
                name="documents"
                value={draft.documents}
                readOnly={disabled}
                onChange={(event) => change('documents')(event.target.value)}
              />
            )}
          </Field>
          <Field label={text.maxFilesLabel} error={errorOf('max_files')}>
            {(aria) => (
              <Input
                {...aria}
                name="max_files"
                inputMode="numeric"
                value={draft.max_files}
                readOnly={disabled}
                onChange={(event) => change('max_files')(event.target.value)}
              />
            )}
          </Field>
          <Observations draft={draft} errorOf={errorOf} disabled={disabled} change={change} />
        </Stack>
      );
    case 'request_bank_data':
      return (
        <Stack>
          <Field label={text.bankFieldsLabel} error={errorOf('fields')}>
            {() => (
              // biome-ignore lint/a11y/useSemanticElements: a fieldset would repeat the Field's own label
              <div role="group" aria-label={text.bankFieldsLabel} style={{ columns: 3 }}>
                {bankFieldsFor(refund?.country_residence ?? '').map((field) => (
                  <Checkbox
                    key={field}
                    label={paymentFieldLabel(field, refund?.country_residence ?? '')}
                    checked={draft.fields.includes(field)}
                    disabled={disabled}
                    onCheckedChange={() => onBankField(field)}
                  />
                ))}
              </div>
            )}
          </Field>
          <Observations draft={draft} errorOf={errorOf} disabled={disabled} change={change} />
        </Stack>
      );
    case 'pay':
      return (
        <Field label={messages.refundDecisions.referenceLabel} error={errorOf('reference')}>
          {(aria) => (
            <Input
              {...aria}
              name="reference"
              value={draft.reference}
              maxLength={100}
              readOnly={disabled}
              onChange={(event) => change('reference')(event.target.value)}
            />
          )}
        </Field>
      );
    default:
      return null;
  }
}

function Observations({
  draft,
  errorOf,
  disabled,
  change,
}: {
  draft: { observations: string };
  errorOf: (key: string) => string[] | undefined;
  disabled: boolean;
  change: (field: DraftTextField) => (value: string) => void;
}) {
  return (
    <Field label={text.observationsLabel} error={errorOf('observations')}>
      {(aria) => (
        <TextArea
          {...aria}
          name="observations"
          value={draft.observations}
          maxLength={500}
          readOnly={disabled}
          onChange={(event) => change('observations')(event.target.value)}
        />
      )}
    </Field>
  );
}
