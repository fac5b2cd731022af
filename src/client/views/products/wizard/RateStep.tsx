/** Step 2 'Tarifas': the CSV template, the general rate and one particular rate per office. */
import type { FormGroup, FormValue, FormValues } from '../../../../../machines/resourceForm';
import { messages } from '../../../../contracts/messages';
import { type ProductWizardMode, RATE_CSV_TEMPLATE } from '../../../../contracts/productWizard';
import { Alert, Button, Field, Input, Muted, Row, Stack, Subheading } from '../../../ui/primitives';
import { Table, TableWrapper } from '../../../ui/table';
import { groups, text, textOf } from './values';

const resources = messages.resourceScreens;

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(RATE_CSV_TEMPLATE)}`;

export function RateStep({
  values,
  errorOf,
  uploadRows,
  change,
  upload,
  busy,
  mode,
}: {
  values: FormValues;
  errorOf: (field: string) => string[] | null;
  uploadRows: string[];
  change: (field: string, value: FormValue) => void;
  upload: (target: string, file: File | undefined) => void;
  busy: boolean;
  mode: ProductWizardMode;
}) {
  const general =
    values.general_rate && typeof values.general_rate === 'object' && !Array.isArray(values.general_rate)
      ? (values.general_rate as FormGroup)
      : null;
  const offices = groups(values.offices);
  const particular = groups(values.particular_rates);
  const current =
    values.current_rates && typeof values.current_rates === 'object' && !Array.isArray(values.current_rates)
      ? (values.current_rates as FormGroup)
      : {};
  const currentRows = (key: string) => {
    const rows = Number(textOf(current[key]));
    return rows > 0 ? <Muted>{text.rateCurrent(rows)}</Muted> : null;
  };
  const particularOf = (officeId: string) => particular.find((row) => textOf(row.office_id) === officeId);
  const rowErrors = uploadRows.length ? (
    <Alert tone="danger" role="alert">
      <strong>{text.rateErrorsTitle}</strong>
      <ul>
        {uploadRows.map((row) => (
          <li key={row}>{row}</li>
        ))}
      </ul>
    </Alert>
  ) : null;
  return (
    <Stack>
      <Row>
        <a href={templateHref} download="tarifa_plantilla.csv">
          {text.rateTemplate}
        </a>
      </Row>
      <Subheading>{text.generalRate}</Subheading>
      <Field
        label={text.rateFile}
        error={errorOf('general_rate')}
        hint={mode === 'edit' ? text.rateKeep : mode === 'clone' ? text.rateCopy : undefined}
      >
        {(aria) => (
          <Row>
            <Input
              {...aria}
              type="file"
              name="general_rate"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => {
                upload('general_rate', event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            {general ? (
              <span role="status">{text.rateLoaded(textOf(general.name), Number(general.rows))}</span>
            ) : null}
          </Row>
        )}
      </Field>
      {rowErrors}
      <Subheading>{text.particularRates}</Subheading>
      {errorOf('particular_rates') ? (
        <Alert tone="danger" role="alert">
          {errorOf('particular_rates')?.join(' ')}
        </Alert>
      ) : null}
      <TableWrapper>
        <Table>
          <thead>
            <tr>
              <th scope="col">{text.particularOffice}</th>
              <th scope="col">{text.rateFile}</th>
              <th scope="col">{resources.actions}</th>
            </tr>
          </thead>
          <tbody>
            {offices.map((office) => {
              const officeId = textOf(office.id);
              const loaded = particularOf(officeId);
              return (
                <tr key={officeId}>
                  <td>{textOf(office.name)}</td>
                  <td>
                    <Input
                      type="file"
                      accept=".csv,text/csv"
                      aria-label={`${text.rateFile} ${textOf(office.name)}`}
                      disabled={busy}
                      onChange={(event) => {
                        upload(`particular:${officeId}`, event.target.files?.[0]);
                        event.target.value = '';
                      }}
                    />
                    {loaded ? (
                      <span role="status"> {text.rateLoaded(textOf(loaded.name), Number(loaded.rows))}</span>
                    ) : (
                      currentRows(officeId)
                    )}
                  </td>
                  <td>
                    {loaded ? (
                      <Button
                        type="button"
                        size="small"
                        variant="ghost"
                        onClick={() =>
                          change(
                            'particular_rates',
                            particular.filter((row) => textOf(row.office_id) !== officeId),
                          )
                        }
                      >
                        {text.officeRemove}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableWrapper>
    </Stack>
  );
}
