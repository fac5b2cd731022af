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
import { type FormEvent, type ReactNode, useMemo, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { accessOf, type FormMode, resourceFormMachine } from '../../../../machines/resourceForm';
import { messages } from '../../../contracts/messages';
import { formActors } from '../../api/resources';
import { useLinkBlocker } from '../../app/unsavedChanges';
import type { ResourceDescriptor } from '../../resources/descriptor';
import { ConfirmDialog } from '../../ui/dialog';
import {
  Alert,
  Button,
  Card,
  Field,
  Grid,
  Heading,
  Row,
  SelectField,
  Spinner,
  Stack,
  TextArea,
} from '../../ui/primitives';
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../ui/tabs';
import { styled } from '../../ui/theme';
import {
  CheckboxControl,
  FIELD_RENDERERS,
  type FieldRendererProps,
  InputControl,
  MultiSelectField,
  useSubject,
} from './fieldRenderers';
import { RecordHistory } from './RecordHistory';
import type { ResourceAccess } from './ResourceArea';

const text = messages.resourceScreens;

const SpanCell = styled('div', { minWidth: 0, '@mobile': { gridColumn: 'span 1 !important' } });

interface FormViewProps {
  descriptor: ResourceDescriptor;
  mode: FormMode;
  access: ResourceAccess;
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

function ResourceForm({ descriptor, mode, access, id }: FormViewProps & { id: string | null }) {
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
      resourceFormMachine.provide({
        actors: formActors(descriptor, { canEdit: access.canEdit, mode, subject }),
        actions: { recordSaved: () => afterSave.current() },
      }),
    [descriptor, access.canEdit, mode],
  );
  const actor = useActorRef(logic, { input: { mode, id: recordId, defaults: descriptor.defaults() } });
  const snapshot = useSelector(actor, (state) => state);
  const { values, options, fieldErrors, error, dirty, fieldAccess } = snapshot.context;
  const saved = snapshot.matches('saved');

  const blocker = useLinkBlocker(dirty && !saved);

  const readOnly = snapshot.matches('showing');
  const busy = snapshot.matches('validating') || snapshot.matches('saving');
  const shownFields = descriptor.fields.filter(
    (field) => accessOf(fieldAccess, field.name) !== 'hidden' && !(field.createOnly && mode !== 'create'),
  );
  const fieldNames = new Set(shownFields.map((field) => field.name));
  const otherErrors = Object.entries(fieldErrors)
    .filter(([field]) => !fieldNames.has(field))
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
        </TabsList>
        <TabsContent value="data">{form}</TabsContent>
        <TabsContent value="history">
          <Card>
            <RecordHistory
              path={descriptor.path}
              record={recordId}
              labels={Object.fromEntries(
                descriptor.fields.map((field) => [field.source ?? field.name, field.label]),
              )}
              actionLabels={Object.fromEntries(
                [...descriptor.rowActions, ...descriptor.bulkActions].map((action) => [
                  action.action,
                  action.label,
                ]),
              )}
            />
          </Card>
        </TabsContent>
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
      {snapshot.matches('loading') ? <Spinner label={text.loading} /> : null}
      {snapshot.matches('loadFailed') ? (
        <Alert tone="danger" role="alert">
          <Row justify="between">
            <span>{error}</span>
            <Row>
              <Button variant="secondary" size="small" onClick={() => actor.send({ type: 'RETRY' })}>
                {text.retry}
              </Button>
              <Link to={listPath}>{text.cancel}</Link>
            </Row>
          </Row>
        </Alert>
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
                    {shownFields.map((field) => (
                      <SpanCell key={field.name} css={{ gridColumn: `span ${field.span}` }}>
                        <FieldControl
                          field={field}
                          value={values[field.name] ?? ''}
                          error={fieldErrors[field.name]}
                          readOnly={readOnly || busy || accessOf(fieldAccess, field.name) === 'read'}
                          options={options[field.name] ?? []}
                          onChange={(value) =>
                            actor.send({ type: 'FIELD_CHANGED', field: field.name, value })
                          }
                        />
                      </SpanCell>
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

function FieldControl(props: FieldRendererProps) {
  const { field, value, error, readOnly, options, onChange } = props;
  if (field.renderer) {
    const Custom = FIELD_RENDERERS[field.renderer];
    return <Custom {...props} />;
  }
  if (field.type === 'multiselect') return <MultiSelectField {...props} />;
  const textValue = typeof value === 'string' ? value : '';
  switch (field.type) {
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
