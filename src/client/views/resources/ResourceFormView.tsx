/**
 * A module's form (SPEC §2 'Dashboard sections', §5 'Admin forms'): create, edit, Mostrar
 * (read-only with 'Cancel') and clone, on a 12-column grid with 'Cancelar' and 'Guardar'. Client
 * messages come from the contract's zod schema; server field errors show under their field.
 * Leaving with unsaved changes asks first (in-app links through useLinkBlocker, reload and close
 * through beforeunload). Renders the resourceForm machine and sends its events; the navigation
 * after a save is the machine's `recordSaved` action, provided here. Fields the user may only read
 * are read-only, hidden ones are not rendered (per-field access from access.ts).
 */

import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  accessOf,
  type FieldAccessMap,
  type FormGroup,
  type FormMode,
  type FormOption,
  type FormOptions,
} from '../../../../machines/resourceForm';
import { amountFeedback } from '../../../contracts/amountInput';
import { messages } from '../../../contracts/messages';
import {
  asGroup,
  asGroups,
  type FieldDescriptor,
  groupDefaults,
  offeredOptions,
  PRESENT_KEY,
  type ResourceDescriptor,
  TEMPLATE_OPTIONS,
} from '../../resources/descriptor';
import { ConfirmDialog } from '../../ui/dialog';
import {
  Alert,
  Button,
  Card,
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
  TextArea,
} from '../../ui/primitives';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs';
import { styled } from '../../ui/theme';
import { useLinkBlocker } from '../shared/unsavedChanges';
import type { ResourceAccess } from './access';
import {
  CheckboxControl,
  FIELD_RENDERERS,
  type FieldRendererProps,
  InputControl,
  MultiSelectField,
  useSubject,
} from './fieldRenderers';
import { historyReadingOf } from './historyLines';
import { RecordHistory } from './RecordHistory';
import { ShowTab, showTabLabel } from './showTabs';
import { resourceFormLogic } from './wiring';

const text = messages.resourceScreens;

const SpanCell = styled('div', { minWidth: 0, '@mobile': { gridColumn: 'span 1 !important' } });

interface FormViewProps {
  descriptor: ResourceDescriptor;
  mode: FormMode;
  access: ResourceAccess;
  /** Shown under the page's title, above the record (a voucher's documents panel). */
  header?: ReactNode;
}

/** Keys the form by record, so moving from one record to another starts a fresh machine. */
export function ResourceFormView(props: FormViewProps) {
  const { id } = useParams();
  return <ResourceForm key={`${props.mode}:${id ?? ''}`} {...props} id={id ?? null} />;
}

function titleOf(mode: FormMode, title: string): string {
  switch (mode) {
    case 'create':
      return text.createTitle(title);
    case 'edit':
      return text.editTitle(title);
    case 'clone':
      return text.cloneTitle(title);
    default:
      return text.showTitle(title);
  }
}

function ResourceForm({ descriptor, mode, access, id, header }: FormViewProps & { id: string | null }) {
  const navigate = useNavigate();
  const subject = useSubject();
  const recordId = id && /^\d{1,10}$/.test(id) ? Number(id) : null;
  // Back to the list as it was (filters, page, order) when the form was opened from it.
  const listSearch = (useLocation().state as { listSearch?: unknown } | null)?.listSearch;
  const listPath = `/dashboard/${descriptor.routing}${typeof listSearch === 'string' ? listSearch : ''}`;
  const afterSave = useRef(() => navigate(listPath));
  afterSave.current = () => navigate(listPath);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the machine is built once per form; the subject is read at load
  const logic = useMemo(
    () =>
      resourceFormLogic(descriptor, { canEdit: access.canEdit, mode, subject }, () => afterSave.current()),
    [descriptor, access.canEdit, mode],
  );
  const actor = useActorRef(logic, {
    input: { mode, id: recordId, defaults: descriptor.defaults(), derive: descriptor.derive ?? undefined },
  });
  const snapshot = useSelector(actor, (state) => state);
  const { values, options, fieldErrors, error, dirty, fieldAccess } = snapshot.context;
  const saved = snapshot.matches('saved');

  const blocker = useLinkBlocker(dirty && !saved);

  const readOnly = snapshot.matches('showing');
  const busy = snapshot.matches('validating') || snapshot.matches('saving');
  const shownFields = descriptor.fields
    .filter(
      (field) => accessOf(fieldAccess, field.name) !== 'hidden' && !(field.createOnly && mode !== 'create'),
    )
    // A hint meant for one mode only (the password's 'leave it empty' on edit) shows only there.
    .map((field) =>
      field.hintMode && field.hintMode !== (readOnly ? 'show' : mode) ? { ...field, hint: undefined } : field,
    );
  const fieldNames = new Set(shownFields.map((field) => field.name));
  // Errors of nested fields (`karing.municipality`, `aditional_offices.0.name`) show under them.
  const shownError = (key: string) =>
    fieldNames.has(key) || shownFields.some((field) => field.fields && key.startsWith(`${field.name}.`));
  const otherErrors = Object.entries(fieldErrors)
    .filter(([field]) => !shownError(field))
    .flatMap(([, list]) => list);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'SUBMITTED' });
  };

  // Mostrar carries the record's history beside its data (issue 9 'Audit history').
  const withHistory = (form: ReactNode) =>
    mode === 'show' && recordId !== null ? (
      <TabsRoot defaultValue="data">
        <TabsList aria-label={descriptor.title}>
          <TabsTrigger value="data">{messages.history.tabData}</TabsTrigger>
          <TabsTrigger value="history">{messages.history.tabHistory}</TabsTrigger>
          {descriptor.showTabs.map((tab) => (
            <TabsTrigger key={tab} value={tab}>
              {showTabLabel(tab)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="data">{form}</TabsContent>
        <TabsContent value="history">
          <Card>
            <RecordHistory
              path={descriptor.path}
              record={recordId}
              {...historyReadingOf(descriptor)}
              actionLabels={Object.fromEntries(
                [...descriptor.rowActions, ...descriptor.bulkActions].map((action) => [
                  action.action,
                  action.label,
                ]),
              )}
            />
          </Card>
        </TabsContent>
        {descriptor.showTabs.map((tab) => (
          <TabsContent key={tab} value={tab}>
            <Card>
              <ShowTab tab={tab} record={recordId} />
            </Card>
          </TabsContent>
        ))}
      </TabsRoot>
    ) : (
      form
    );

  if (mode !== 'create' && recordId === null) {
    return (
      <Alert tone="danger" role="alert">
        {text.invalidRecord} <Link to={listPath}>{descriptor.title}</Link>
      </Alert>
    );
  }

  return (
    <Stack>
      <Heading>{titleOf(readOnly ? 'show' : mode, descriptor.title)}</Heading>
      {header}
      {snapshot.matches('loading') ? <Spinner label={text.loading} /> : null}
      {snapshot.matches('loadFailed') ? (
        <Alert tone="danger" role="alert">
          <Row justify="between">
            <span>{error}</span>
            <Row>
              {snapshot.context.retryable ? (
                <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
                  {text.retry}
                </Button>
              ) : null}
              <Link to={listPath}>{text.cancel}</Link>
            </Row>
          </Row>
        </Alert>
      ) : null}
      {mode === 'create' && options[TEMPLATE_OPTIONS]?.length && snapshot.matches('editing') ? (
        <TemplatePicker
          options={options[TEMPLATE_OPTIONS]}
          onUse={(id) => navigate(`../${id}/clone`, { state: { listSearch } })}
        />
      ) : null}
      {snapshot.matches('loading') || snapshot.matches('loadFailed')
        ? null
        : withHistory(
            <Card>
              <form onSubmit={submit} noValidate aria-label={descriptor.title}>
                <Stack>
                  {error || otherErrors.length ? (
                    <Alert tone="danger" role="alert">
                      {[error, ...otherErrors].filter(Boolean).join(' ')}
                    </Alert>
                  ) : null}
                  <Grid>
                    {shownFields.map((field, index) => (
                      <SectionedCell key={field.name} field={field} previous={shownFields[index - 1]}>
                        <FieldControl
                          field={field}
                          value={values[field.name] ?? ''}
                          error={fieldErrors[field.name]}
                          readOnly={
                            readOnly || busy || field.readOnly || accessOf(fieldAccess, field.name) === 'read'
                          }
                          options={offeredOptions(field, options[field.name] ?? [], values)}
                          onChange={(value) =>
                            actor.send({ type: 'FIELD_CHANGED', field: field.name, value })
                          }
                          nested={{
                            errors: fieldErrors,
                            options,
                            path: field.name,
                            fieldAccess,
                            accessPath: field.name,
                          }}
                        />
                      </SectionedCell>
                    ))}
                  </Grid>
                  <Row justify="end">
                    {readOnly ? (
                      <Button as={Link} to={listPath} variant="secondary">
                        {text.showCancel}
                      </Button>
                    ) : (
                      <>
                        <Button as={Link} to={listPath} variant="ghost">
                          {text.cancel}
                        </Button>
                        <Button type="submit" disabled={busy}>
                          {busy ? text.saving : text.save}
                        </Button>
                      </>
                    )}
                  </Row>
                </Stack>
              </form>
            </Card>,
          )}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={text.unsavedTitle}
        text={text.unsavedText}
        confirmLabel={text.unsavedLeave}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Stack>
  );
}

/** A field's cell, after its section's heading when the section changes (form sections). */
function SectionedCell({
  field,
  previous,
  children,
}: {
  field: FieldDescriptor;
  previous: FieldDescriptor | undefined;
  children: React.ReactNode;
}) {
  const heading = field.section && field.section !== previous?.section ? field.section : null;
  return (
    <>
      {heading ? (
        <SpanCell css={{ gridColumn: 'span 12' }}>
          <Subheading>{heading}</Subheading>
        </SpanCell>
      ) : null}
      <SpanCell css={{ gridColumn: `span ${field.span}` }}>{children}</SpanCell>
    </>
  );
}

/** What nested fields (groups, records) need: every error and option, and their own path. */
interface NestedContext {
  errors: Record<string, string[]>;
  options: FormOptions;
  /** The field's error key: `karing`, `aditional_offices.0`. */
  path: string;
  /** The per-field access of the form, and the field's key in it (no item index: `pax`). */
  fieldAccess: FieldAccessMap;
  accessPath: string;
}

type FieldControlProps = FieldRendererProps & { nested: NestedContext };

/** The fields of a nested record on their own grid, each error under its field. */
function NestedGrid({
  field,
  group,
  readOnly,
  nested,
  optionPath,
  onChange,
}: {
  field: FieldDescriptor;
  group: FormGroup;
  readOnly: boolean;
  nested: NestedContext;
  /** Where the options of the children are (records share one set for every item). */
  optionPath: string;
  onChange: (group: FormGroup) => void;
}) {
  return (
    <Grid>
      {(field.fields ?? [])
        .filter((child) => accessOf(nested.fieldAccess, `${nested.accessPath}.${child.name}`) !== 'hidden')
        .map((child) => (
          <SpanCell key={child.name} css={{ gridColumn: `span ${child.span}` }}>
            <FieldControl
              field={child}
              value={group[child.name] ?? ''}
              error={nested.errors[`${nested.path}.${child.name}`]}
              readOnly={
                readOnly || accessOf(nested.fieldAccess, `${nested.accessPath}.${child.name}`) === 'read'
              }
              options={nested.options[`${optionPath}.${child.name}`] ?? []}
              onChange={(value) => onChange({ ...group, [child.name]: value })}
              nested={{
                ...nested,
                path: `${nested.path}.${child.name}`,
                accessPath: `${nested.accessPath}.${child.name}`,
              }}
            />
          </SpanCell>
        ))}
    </Grid>
  );
}

/** A sub-record inside the form; with `presence`, a checkbox says whether it is there. */
function GroupField({ field, value, readOnly, onChange, nested }: FieldControlProps) {
  const group = { ...groupDefaults(field), ...asGroup(value) };
  const present = !field.presence || group[PRESENT_KEY] === true;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would repeat the section heading
    <div role="group" aria-label={field.label}>
      {field.presence ? (
        <Checkbox
          label={field.presence}
          checked={present}
          disabled={readOnly}
          onCheckedChange={(checked) => onChange({ ...group, [PRESENT_KEY]: checked })}
        />
      ) : null}
      {present ? (
        <NestedGrid
          field={field}
          group={group}
          readOnly={readOnly}
          nested={nested}
          optionPath={nested.path}
          onChange={onChange}
        />
      ) : null}
    </div>
  );
}

/** A list of sub-records inside the form: add, edit and remove items; saved with the record. */
function RecordsField({ field, value, readOnly, onChange, nested }: FieldControlProps) {
  const items = asGroups(value);
  const itemLabel = field.itemLabel ?? ((index: number) => `${field.label} ${index}`);
  const change = (index: number, item: FormGroup) =>
    onChange(items.map((current, position) => (position === index ? item : current)));
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's legend would repeat the section heading
    <div role="group" aria-label={field.label}>
      <Stack>
        {items.length === 0 ? <p>{text.noItems}</p> : null}
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id until saved; position is their identity
          <Card key={index} aria-label={itemLabel(index + 1)} role="group">
            <Row justify="between">
              <strong>{itemLabel(index + 1)}</strong>
              {readOnly || field.fixedItems ? null : (
                <Button
                  type="button"
                  variant="ghost"
                  size="small"
                  aria-label={`${text.removeItem} ${itemLabel(index + 1)}`}
                  onClick={() => onChange(items.filter((_, position) => position !== index))}
                >
                  {text.removeItem}
                </Button>
              )}
            </Row>
            <NestedGrid
              field={field}
              group={item}
              readOnly={readOnly}
              nested={{ ...nested, path: `${nested.path}.${index}` }}
              optionPath={nested.path}
              onChange={(next) => change(index, next)}
            />
          </Card>
        ))}
        {readOnly ||
        field.fixedItems ||
        items.length >= (field.maxItems ?? Number.POSITIVE_INFINITY) ? null : (
          <Row>
            <Button
              type="button"
              variant="secondary"
              onClick={() => onChange([...items, groupDefaults(field)])}
            >
              {field.addLabel ?? text.addItem}
            </Button>
          </Row>
        )}
      </Stack>
    </div>
  );
}

const MAX_SHOWN_OPTIONS = 50;

/**
 * 'Duplicar desde plantilla' (issue 32): the create page offers a record to start from; using it
 * opens the create form filled with the server's copy (`:id/clone`).
 */
function TemplatePicker({ options, onUse }: { options: FormOption[]; onUse: (id: string) => void }) {
  const [chosen, setChosen] = useState('');
  return (
    <Card aria-labelledby="template-title">
      <Stack>
        <Subheading id="template-title">{text.templateTitle}</Subheading>
        <Muted>{text.templateHint}</Muted>
        <SearchSelectField
          field={{ name: 'template', label: text.templateLabel, type: 'searchselect', span: 12 }}
          value={chosen}
          error={undefined}
          readOnly={false}
          options={options}
          onChange={(value) => setChosen(typeof value === 'string' ? value : '')}
        />
        <Row justify="end">
          <Button type="button" variant="secondary" disabled={chosen === ''} onClick={() => onUse(chosen)}>
            {text.useTemplate}
          </Button>
        </Row>
      </Stack>
    </Card>
  );
}

/** Case and accents folded, so 'mexico' finds 'México'. */
const searchable = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');

/**
 * A select over many options (municipalities, offices) with a search box that narrows them by
 * label and keywords (an office's unit, tags and country: the four office search modes).
 */
function SearchSelectField({ field, value, error, readOnly, options, onChange }: FieldRendererProps) {
  const [search, setSearch] = useState('');
  const selected = typeof value === 'string' ? value : '';
  const needle = searchable(search.trim());
  const matching = needle
    ? options.filter((option) => searchable(`${option.label} ${option.keywords ?? ''}`).includes(needle))
    : options;
  const shown = matching.slice(0, MAX_SHOWN_OPTIONS);
  const current = options.find((option) => option.value === selected);
  if (current && !shown.includes(current)) shown.unshift(current);
  return (
    <Stack css={{ gap: '$1' }}>
      <Field
        label={text.optionSearch(field.label)}
        hint={text.optionMatches(Math.min(matching.length, MAX_SHOWN_OPTIONS), matching.length)}
      >
        {(aria) => (
          <Input
            {...aria}
            type="search"
            value={search}
            readOnly={readOnly}
            autoComplete="off"
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </Field>
      <SelectField
        label={field.label}
        error={error}
        hint={field.hint}
        name={field.name}
        value={selected}
        disabled={readOnly}
        options={shown}
        placeholder={text.selectPlaceholder}
        onValueChange={onChange}
      />
    </Stack>
  );
}

function FieldControl(props: FieldControlProps) {
  const { field, value, error, readOnly, options, onChange } = props;
  if (field.renderer) {
    const Custom = FIELD_RENDERERS[field.renderer];
    return <Custom {...props} />;
  }
  if (field.type === 'multiselect') return <MultiSelectField {...props} />;
  if (field.type === 'group') return <GroupField {...props} />;
  if (field.type === 'records') return <RecordsField {...props} />;
  if (field.type === 'searchselect') return <SearchSelectField {...props} />;
  const textValue = typeof value === 'string' ? value : '';
  switch (field.type) {
    case 'amount': {
      // Issue 40: typed as people type it ('1.234,56', '1,234.56'), never rewritten; the field
      // says how it reads it ('Se guardará: 1.234,56') or why it cannot, as a hint while typing;
      // an error only once the machine holds it, after 'Guardar' (the view renders its errors).
      const feedback = amountFeedback(textValue, { verb: messages.amounts.willSave });
      const reading = error?.length ? null : (feedback.understood ?? feedback.problem);
      return (
        <InputControl
          {...props}
          inputMode="decimal"
          placeholder="0,00"
          error={error}
          hint={[reading, field.hint].filter(Boolean).join(' ') || undefined}
        />
      );
    }
    case 'checkbox':
      return <CheckboxControl {...props} />;
    case 'select':
      return (
        <SelectField
          label={field.label}
          error={error}
          hint={field.hint}
          name={field.name}
          value={textValue}
          disabled={readOnly}
          options={options}
          placeholder={text.selectPlaceholder}
          onValueChange={onChange}
        />
      );
    case 'textarea':
    case 'lines':
      return (
        <Field label={field.label} error={error} hint={field.hint}>
          {(aria) => (
            <TextArea
              {...aria}
              name={field.name}
              value={textValue}
              readOnly={readOnly}
              maxLength={field.maxLength}
              onChange={(event) => onChange(event.target.value)}
            />
          )}
        </Field>
      );
    default:
      return (
        <InputControl
          {...props}
          maxLength={field.type === 'date' ? 10 : field.maxLength}
          type={field.type === 'email' ? 'email' : 'text'}
          inputMode={
            field.type === 'digits' || field.type === 'integer' || field.type === 'date'
              ? 'numeric'
              : field.type === 'decimal'
                ? 'decimal'
                : undefined
          }
          placeholder={field.type === 'date' ? text.datePlaceholder : undefined}
        />
      );
  }
}
