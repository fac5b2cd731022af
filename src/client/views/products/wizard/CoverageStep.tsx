/** Step 1 'Coberturas': coverage rows (coverage, limit, currency), added and removed. */
import type { FormValue, FormValues } from '../../../../../machines/resourceForm';
import { amountFeedback } from '../../../../contracts/amountInput';
import { messages } from '../../../../contracts/messages';
import { Alert, Button, Cell, Grid, Row, SelectField, Stack, TextField } from '../../../ui/primitives';
import { groups, type Options, text, textOf } from './values';

/** Issue 40: how a typed limit is read ('Se guardará: 30.000,00'), or why it cannot be. */
const limitHint = (typed: string) => {
  const feedback = amountFeedback(typed, { verb: messages.amounts.willSave });
  return feedback.understood ?? feedback.problem;
};

export function CoverageStep({
  values,
  options,
  fieldErrors,
  change,
  busy,
}: {
  values: FormValues;
  options: Options;
  fieldErrors: Record<string, string[]>;
  change: (field: string, value: FormValue) => void;
  busy: boolean;
}) {
  const rows = groups(values.product_coverage);
  const setRow = (index: number, key: string, value: string) =>
    change(
      'product_coverage',
      rows.map((row, at) => (at === index ? { ...row, [key]: value } : row)),
    );
  const errorAt = (index: number, key: string) => fieldErrors[`product_coverage.${index}.${key}`] ?? null;
  return (
    <Stack>
      {fieldErrors.product_coverage ? (
        <Alert tone="danger" role="alert">
          {fieldErrors.product_coverage.join(' ')}
        </Alert>
      ) : null}
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until saved
        <Grid key={index} role="group" aria-label={`${text.coverage} ${index + 1}`}>
          <Cell span={6}>
            <SelectField
              label={text.coverage}
              value={textOf(row.coverage_id)}
              options={options.coverage_id ?? []}
              error={errorAt(index, 'coverage_id')}
              onValueChange={(value) => setRow(index, 'coverage_id', value)}
            />
          </Cell>
          <Cell span={3}>
            <TextField
              label={text.coverageLimit}
              inputMode="decimal"
              value={textOf(row.limit_amount)}
              // While typing, why it cannot be read is a hint; an error once the machine holds it.
              hint={errorAt(index, 'limit_amount') ? null : limitHint(textOf(row.limit_amount))}
              error={errorAt(index, 'limit_amount')}
              onValueChange={(value) => setRow(index, 'limit_amount', value)}
            />
          </Cell>
          <Cell span={3}>
            <SelectField
              label={text.coverageCurrency}
              value={textOf(row.currency_id)}
              options={options.currency_id ?? []}
              error={errorAt(index, 'currency_id')}
              onValueChange={(value) => setRow(index, 'currency_id', value)}
            />
          </Cell>
          <Cell span={12}>
            <Button
              type="button"
              variant="ghost"
              size="small"
              disabled={busy}
              aria-label={`${text.coverageRemove} ${text.coverage} ${index + 1}`}
              onClick={() =>
                change(
                  'product_coverage',
                  rows.filter((_, at) => at !== index),
                )
              }
            >
              {text.coverageRemove}
            </Button>
          </Cell>
        </Grid>
      ))}
      <Row>
        <Button
          type="button"
          variant="secondary"
          disabled={busy}
          onClick={() =>
            change('product_coverage', [...rows, { coverage_id: '', limit_amount: '', currency_id: '' }])
          }
        >
          {text.coverageAdd}
        </Button>
      </Row>
    </Stack>
  );
}
