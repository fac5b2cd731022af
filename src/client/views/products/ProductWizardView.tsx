/**
 * The product wizard screen (issue 13; SPEC §2 'add', sub-routes create, clone, edit): renders the
 * productWizard machine in the generic WizardFrame, one body per step 0, 1, 2. The snapshot is
 * persisted in sessionStorage while resumable (a reload keeps the wizard, its hash and uploads),
 * and cleared once saved; leaving with unsaved work asks first. After the final call: SUCCESS
 * (links to the product and the list) or ERROR (Reintentar on the same hash, Volver a editar).
 */
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { productWizardMachine, RESUMABLE } from '../../../../machines/productWizard';
import type { FormGroup, FormValue, FormValues } from '../../../../machines/resourceForm';
import { messages } from '../../../contracts/messages';
import { type ProductWizardMode, RATE_CSV_TEMPLATE } from '../../../contracts/productWizard';
import { imageObjectUrl, productWizardActors, searchOffices } from '../../api/products';
import { snapshotSlot } from '../../api/wizardSnapshots';
import { ConfirmDialog } from '../../ui/dialog';
import {
  Alert,
  Button,
  Card,
  Cell,
  Checkbox,
  Field,
  Grid,
  Heading,
  Input,
  Muted,
  Row,
  SelectField,
  Spinner,
  Stack,
  Subheading,
  TextField,
} from '../../ui/primitives';
import { Table, TableWrapper } from '../../ui/table';
import { WizardFrame } from '../resources/WizardFrame';
import { useLinkBlocker } from '../shared/unsavedChanges';
import { usePersistedWizard } from '../usePersistedWizard';

const text = messages.products;
const resources = messages.resourceScreens;

export const EMPTY_PRODUCT: FormValues = {
  short_name: '',
  long_name: '',
  url_image: '',
  is_enabled: true,
  product_type_id: '',
  supplier_id: '',
  zones: [],
  offices: [],
  product_coverage: [{ coverage_id: '', limit_amount: '', currency_id: '' }],
  general_rate: '',
  particular_rates: [],
};

const storageKey = (mode: ProductWizardMode, productId: number | null) =>
  `productWizard:${mode}:${productId ?? 'new'}`;

const providedMachine = (mode: ProductWizardMode) =>
  productWizardMachine.provide({ actors: productWizardActors(mode) });

const groups = (value: FormValue | undefined): FormGroup[] =>
  Array.isArray(value) ? (value as FormGroup[]).filter((item) => typeof item === 'object') : [];
const textOf = (value: FormValue | undefined) => (typeof value === 'string' ? value : '');
const listOf = (value: FormValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function ProductWizardView({
  mode,
  productId,
}: {
  mode: ProductWizardMode;
  productId: number | null;
}) {
  // A new run (after a saved product: 'Crear otro producto') is a new machine.
  const [run, setRun] = useState(0);
  return (
    <WizardRun key={run} mode={mode} productId={productId} onRestart={() => setRun((value) => value + 1)} />
  );
}

function WizardRun({
  mode,
  productId,
  onRestart,
}: {
  mode: ProductWizardMode;
  productId: number | null;
  onRestart: () => void;
}) {
  const [slot] = useState(() => snapshotSlot(storageKey(mode, productId)));
  const [logic] = useState(() => providedMachine(mode));
  const actor = usePersistedWizard(logic, {
    slot,
    input: { mode, productId, defaults: EMPTY_PRODUCT },
    resumable: RESUMABLE,
  });
  const snapshot = useSelector(actor, (state) => state);
  const { step, values, fieldErrors, error, options, uploading, uploadRows, touched, resultId } =
    snapshot.context;

  const saved = snapshot.matches('saved');
  const blocker = useLinkBlocker(touched && !saved);
  const send = actor.send;
  const change = (field: string, value: FormValue) => send({ type: 'FIELD_CHANGED', field, value });
  const upload = (target: string, file: File | undefined) => {
    if (file) send({ type: 'UPLOAD', target, file });
  };
  const errorOf = (field: string) => fieldErrors[field] ?? null;

  const title =
    mode === 'create'
      ? text.wizardTitle
      : `${mode === 'clone' ? text.tabs.clone : text.tabs.edit}: ${text.detailTitle}`;

  let body: ReactNode;
  if (snapshot.matches('loading')) body = <Spinner label={text.loadingProduct} />;
  else if (snapshot.matches('loadFailed'))
    body = (
      <Alert tone="danger" role="alert">
        {error}{' '}
        <Button type="button" size="small" onClick={() => send({ type: 'RETRY' })}>
          {text.retry}
        </Button>
      </Alert>
    );
  else if (saved)
    body = (
      <Stack>
        <Alert tone="success" role="status">
          <strong>{text.success[mode]}</strong> {text.successBody(textOf(values.long_name))}
        </Alert>
        <Row>
          <Button as={Link} to={`/dashboard/productos/${resultId}`}>
            {text.showProduct}
          </Button>
          <Button as={Link} to="/dashboard/productos" variant="secondary">
            {text.goToList}
          </Button>
          {mode === 'create' ? (
            <Button type="button" variant="secondary" onClick={onRestart}>
              {text.createAnother}
            </Button>
          ) : null}
        </Row>
      </Stack>
    );
  else if (snapshot.matches('failed') || snapshot.matches('finalizing'))
    body = (
      <Stack>
        {snapshot.matches('finalizing') ? (
          <Spinner label={text.saving} />
        ) : (
          <Alert tone="danger" role="alert">
            <strong>{text.errorTitle}</strong>
            <p>{error}</p>
            {Object.entries(fieldErrors).map(([field, list]) => (
              <p key={field}>{list.join(' ')}</p>
            ))}
            <p>{text.errorBody}</p>
          </Alert>
        )}
        <Row>
          <Button
            type="button"
            variant="secondary"
            disabled={snapshot.matches('finalizing')}
            onClick={() => send({ type: 'EDIT' })}
          >
            {text.backToEdit}
          </Button>
          <Button
            type="button"
            disabled={snapshot.matches('finalizing')}
            onClick={() => send({ type: 'RETRY' })}
          >
            {text.retry}
          </Button>
        </Row>
      </Stack>
    );
  else {
    const busy = !snapshot.matches('editing');
    body = (
      <WizardFrame
        labels={text.steps}
        step={step}
        error={error}
        busy={busy}
        busyLabel={
          uploading ? (uploading === 'url_image' ? text.imageUploading : text.rateUploading) : text.saving
        }
        onBack={() => send({ type: 'BACK' })}
        onNext={() => send({ type: 'NEXT' })}
      >
        {step === 0 ? (
          <CategoryStep
            values={values}
            options={options}
            errorOf={errorOf}
            change={change}
            upload={upload}
            busy={busy}
            mode={mode}
          />
        ) : null}
        {step === 1 ? (
          <CoverageStep
            values={values}
            options={options}
            fieldErrors={fieldErrors}
            change={change}
            busy={busy}
          />
        ) : null}
        {step === 2 ? (
          <RateStep
            values={values}
            errorOf={errorOf}
            uploadRows={uploadRows}
            change={change}
            upload={upload}
            busy={busy}
            mode={mode}
          />
        ) : null}
      </WizardFrame>
    );
  }

  return (
    <Card>
      <Heading>{title}</Heading>
      {body}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={text.unsavedTitle}
        text={text.unsavedText}
        confirmLabel={text.unsavedLeave}
        onConfirm={() => {
          slot.clear();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      />
    </Card>
  );
}

type Options = Record<string, { value: string; label: string }[]>;

interface CategoryStepProps {
  values: FormValues;
  options: Options;
  errorOf: (field: string) => string[] | null;
  change: (field: string, value: FormValue) => void;
  upload: (target: string, file: File | undefined) => void;
  busy: boolean;
  mode: ProductWizardMode;
}

function CategoryStep({ values, options, errorOf, change, upload, busy, mode }: CategoryStepProps) {
  const zones = listOf(values.zones);
  return (
    <Stack>
      {mode === 'clone' ? <Alert tone="info">{text.cloneHint}</Alert> : null}
      <Grid>
        <Cell span={4}>
          <TextField
            label={text.shortName}
            name="short_name"
            maxLength={50}
            value={textOf(values.short_name)}
            error={errorOf('short_name')}
            onValueChange={(value) => change('short_name', value)}
          />
        </Cell>
        <Cell span={8}>
          <TextField
            label={text.longName}
            name="long_name"
            maxLength={255}
            value={textOf(values.long_name)}
            error={errorOf('long_name')}
            onValueChange={(value) => change('long_name', value)}
          />
        </Cell>
        <Cell span={4}>
          <SelectField
            label={text.category}
            name="product_type_id"
            value={textOf(values.product_type_id)}
            options={options.product_type_id ?? []}
            error={errorOf('product_type_id')}
            onValueChange={(value) => change('product_type_id', value)}
          />
        </Cell>
        <Cell span={4}>
          <SelectField
            label={text.supplier}
            name="supplier_id"
            value={textOf(values.supplier_id)}
            options={options.supplier_id ?? []}
            error={errorOf('supplier_id')}
            onValueChange={(value) => change('supplier_id', value)}
          />
        </Cell>
        <Cell span={4}>
          <Checkbox
            label={text.enabled}
            checked={values.is_enabled === true}
            onCheckedChange={(checked) => change('is_enabled', checked)}
          />
        </Cell>
      </Grid>
      <ImageField
        id={textOf(values.url_image)}
        error={errorOf('url_image')}
        busy={busy}
        upload={upload}
        change={change}
      />
      <Field label={text.zones} error={errorOf('zones')}>
        {() => (
          // biome-ignore lint/a11y/useSemanticElements: a fieldset would repeat the Field's own label
          <div role="group" aria-label={text.zones} style={{ maxHeight: 200, overflowY: 'auto', columns: 2 }}>
            {(options.zones ?? []).map((zone) => (
              <Checkbox
                key={zone.value}
                label={zone.label}
                checked={zones.includes(zone.value)}
                onCheckedChange={(checked) =>
                  change(
                    'zones',
                    checked ? [...zones, zone.value] : zones.filter((item) => item !== zone.value),
                  )
                }
              />
            ))}
          </div>
        )}
      </Field>
      <OfficePicker
        chosen={groups(values.offices)}
        error={errorOf('offices')}
        onChange={(offices) => change('offices', offices)}
      />
    </Stack>
  );
}

function ImageField({
  id,
  error,
  busy,
  upload,
  change,
}: {
  id: string;
  error: string[] | null;
  busy: boolean;
  upload: (target: string, file: File | undefined) => void;
  change: (field: string, value: FormValue) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    setPreview(null);
    if (id)
      void imageObjectUrl(id).then((next) => {
        url = next;
        if (!cancelled) setPreview(next);
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return (
    <Field label={text.image} error={error} hint={text.imageHint}>
      {(aria) => (
        <Row>
          <Input
            {...aria}
            type="file"
            name="url_image"
            accept="image/png,image/jpeg,image/webp"
            disabled={busy}
            onChange={(event) => {
              upload('url_image', event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          {preview ? (
            <img
              src={preview}
              alt={text.imagePreview}
              style={{ maxHeight: 80, maxWidth: 160, borderRadius: 4 }}
            />
          ) : (
            <Muted>{id ? text.imageUploading : text.imageNone}</Muted>
          )}
          {id ? (
            <Button type="button" size="small" variant="ghost" onClick={() => change('url_image', '')}>
              {text.imageRemove}
            </Button>
          ) : null}
        </Row>
      )}
    </Field>
  );
}

/** Offices by name (GET /office/?long_name=), several; chosen ones listed with Quitar. */
function OfficePicker({
  chosen,
  error,
  onChange,
}: {
  chosen: FormGroup[];
  error: string[] | null;
  onChange: (offices: FormGroup[]) => void;
}) {
  const [term, setTerm] = useState('');
  const [results, setResults] = useState<{ id: string; name: string }[] | null>(null);
  const [searching, setSearching] = useState(false);
  const chosenIds = new Set(chosen.map((office) => textOf(office.id)));
  const search = async () => {
    setSearching(true);
    try {
      setResults(await searchOffices(term.trim()));
    } catch {
      setResults([]);
    } finally {
      setSearching(false);
    }
  };
  return (
    <Field label={text.offices} error={error}>
      {(aria) => (
        <Stack>
          <Row>
            <Input
              {...aria}
              type="search"
              placeholder={text.officeSearch}
              aria-label={text.officeSearch}
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void search();
                }
              }}
            />
            <Button type="button" variant="secondary" disabled={searching} onClick={() => void search()}>
              {text.officeSearchButton}
            </Button>
          </Row>
          {searching ? <Spinner label={messages.common.loading} /> : null}
          {results && results.length === 0 ? <Muted>{text.officeNoResults}</Muted> : null}
          {results && results.length > 0 ? (
            <ul aria-label={text.officeSearch} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {results.map((office) => (
                <li key={office.id}>
                  <Row>
                    <span>{office.name}</span>
                    <Button
                      type="button"
                      size="small"
                      variant="ghost"
                      disabled={chosenIds.has(office.id)}
                      aria-label={`${text.officeAdd} ${office.name}`}
                      onClick={() => onChange([...chosen, { id: office.id, name: office.name }])}
                    >
                      {text.officeAdd}
                    </Button>
                  </Row>
                </li>
              ))}
            </ul>
          ) : null}
          {chosen.length === 0 ? (
            <Muted>{text.officeNone}</Muted>
          ) : (
            <ul aria-label={text.offices} style={{ margin: 0 }}>
              {chosen.map((office) => (
                <li key={textOf(office.id)}>
                  <Row>
                    <span>{textOf(office.name)}</span>
                    <Button
                      type="button"
                      size="small"
                      variant="ghost"
                      aria-label={`${text.officeRemove} ${textOf(office.name)}`}
                      onClick={() => onChange(chosen.filter((item) => item.id !== office.id))}
                    >
                      {text.officeRemove}
                    </Button>
                  </Row>
                </li>
              ))}
            </ul>
          )}
        </Stack>
      )}
    </Field>
  );
}

function CoverageStep({
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

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(RATE_CSV_TEMPLATE)}`;

function RateStep({
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
