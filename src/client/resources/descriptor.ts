/**
 * A back-office module as data (ARCHITECTURE 'Client': resources/): its route and title, tabs,
 * list columns (SPEC §2 'List columns', in that order), filters (SPEC §2 'List filters'), form
 * fields on a 12-column grid, the zod contracts (src/contracts/resources), the API path, the
 * permission resource and which actions exist. The generic machines (resourceList, resourceForm)
 * and the generic screens (views/resources) read only this; a module is a descriptor, not code.
 *
 * Descriptors are data: no views, sessions or HTTP calls inside them. A field may name a custom
 * renderer by key (`renderer`); the views map keys to components (views/resources/fieldRenderers).
 * Values are not only text: multi-selects hold lists of ids or keys, sent as arrays. A descriptor
 * may name the entity whose per-field access rules apply (`fieldAccess`), its bulk actions and
 * its row actions (offered per row from the record's `allowed_actions`).
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import type {
  DeriveValues,
  FormGroup,
  FormMode,
  FormOption,
  FormValue,
  FormValues,
} from '../../../machines/resourceForm';
import type { ResourceRecord } from '../../../machines/resourceList';
import { EXPORT_KINDS, type ExportKind } from '../../contracts/exports';
import { formatAmount, formatDate, formatLocalDate } from '../../contracts/format';
import { messages } from '../../contracts/messages';
import { findSection, type Section } from '../../contracts/modules';
import type { Action, Resource } from '../../contracts/permissions';
import type { FilterDescriptor, ResourceContract } from '../../contracts/resources/fields';
import type { FieldEntity } from '../../contracts/roleRules';

const labels = messages.resourceScreens.fields;
export type FieldLabelKey = keyof typeof labels;

export type FieldType =
  | 'text'
  | 'email'
  /** Numeric text (phone, doc_number: SPEC §5 'numeric'). */
  | 'digits'
  /** A whole number sent as a number ('' leaves it out). */
  | 'integer'
  /** An exact decimal sent as text (',' or '.' as decimal mark). */
  | 'decimal'
  /** Typed DD/MM/AAAA (SPEC §5 'Date'). */
  | 'date'
  | 'select'
  | 'checkbox'
  | 'textarea'
  /** A list of texts, one per line. */
  | 'lines'
  /** Several options: the value is the list of chosen option values (ids or keys), sent as an array. */
  | 'multiselect'
  /** Money or a percentage with the amount mask (thousands '.', decimal ',', SPEC §5), sent as typed. */
  | 'amount'
  /** A select over many options with a search box that narrows them (municipalities). */
  | 'searchselect'
  /** A nested record edited inside the form (a sub-record): its `fields`, sent as an object. */
  | 'group'
  /** A list of nested records (sub-records), added and removed in the form, sent as an array. */
  | 'records';

/** Custom field renderers, by key; views/resources/fieldRenderers.tsx maps each key to a component. */
export type FieldRendererKey = 'password' | 'superuserFlag' | 'permissionPicker';

/** Options read from another module's list (fetched with limit=10000, SPEC §9). */
export interface OptionSource {
  /** API path of the module, for example '/country/'. */
  path: string;
  label: (row: ResourceRecord) => string;
  /** The option's value (default: the row's id). */
  value?: (row: ResourceRecord) => string;
  /** Extra text a searchable picker matches (issue 32: the office picker searches as the four office search modes do). */
  keywords?: (row: ResourceRecord) => string;
  /** The id of the record the option belongs to, for `optionsFilteredBy` (a business unit's country). */
  parent?: (row: ResourceRecord) => string;
}

export type Span = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

export interface FieldDescriptor {
  /** The form field, which is also the write body's key and the key of its server errors. */
  name: string;
  label: string;
  type: FieldType;
  span: Span;
  /** The entity key the value is read from when a record is loaded (default: `name`). */
  source?: string;
  /** Static options, or another module's rows. */
  options?: readonly FormOption[] | OptionSource;
  /**
   * Offer only the options whose `parent` is this other field's current value (issue 32: the
   * office's business unit by its country); every option while that field is empty.
   */
  optionsFilteredBy?: string;
  /**
   * The record's key naming its chosen option (`office_name`): the picker shows the current
   * choice even to a user who may not list every option (a read-only viewer).
   */
  chosenLabel?: string;
  /** Select values are ids (numbers) unless this is false (static text options). */
  numeric?: boolean;
  default?: FormValue;
  /** Shown with the field. */
  hint?: string;
  /** Show the hint only in this mode (the password's 'leave it empty to keep it' on edit). */
  hintMode?: FormMode;
  maxLength?: number;
  /** A custom control, by key (the views map keys to components). */
  renderer?: FieldRendererKey;
  /** Only in the create form (and only sent on create): Grupos' initial status. */
  createOnly?: boolean;
  /** Shown for everyone and never edited: the server does not change it (a reservation's id or total). */
  readOnly?: boolean;
  /** Form value -> body value (default by type). */
  toBody?: (value: FormValue) => unknown;
  /** Entity value -> form value (default by type). */
  fromRecord?: (value: unknown) => FormValue;
  /** A heading shown before this field when it differs from the previous field's (form sections). */
  section?: string;
  /** The fields of a `group` or of each item of `records` (names relative to it). */
  fields?: readonly FieldDescriptor[];
  /**
   * A `group` that may be absent: a checkbox with this label says whether it is there; without
   * it the group is sent as null (the server removes the sub-record).
   */
  presence?: string;
  /** `records`: the add button's label and each item's heading. */
  addLabel?: string;
  itemLabel?: (index: number) => string;
  /** `records`: the most items the form offers. */
  maxItems?: number;
  /**
   * `records`: the record's own items, edited in place and never added or removed here (a
   * voucher's passengers); each item's fields are editable or read-only one by one through the
   * form's per-field access under `<name>.<field>` (`pax.email`).
   */
  fixedItems?: boolean;
}

/** The form value key of a `group`'s presence checkbox. */
export const PRESENT_KEY = '__present';
/** The form value key holding an existing item's id in `records`. */
export const ITEM_ID_KEY = 'id';

export interface ColumnDescriptor {
  key: string;
  header: string;
  /** The `ordering` field, when the server can sort by this column. */
  sortField: string | null;
  render: (row: ResourceRecord) => ReactNode;
  /**
   * Hidden by default, offered in the list's column chooser (issue 32: every list fits 1366px
   * with its default columns).
   */
  optional?: boolean;
  /** A cell kept on one line (an amount: 'ARS 1.234.567,89' never split after its currency). */
  nowrap?: boolean;
}

export interface FilterField {
  param: string;
  label: string;
  kind: FilterDescriptor['kind'];
  /** For a switch: the value applied when the parameter is absent. */
  default?: string;
  /** Static choices (switches, document types). */
  options?: readonly FormOption[];
  /**
   * Search modes (SPEC §2 'Office search modes'): one text searched by the chosen mode's
   * parameter; `param` is then only the control's name, never sent.
   */
  modes?: readonly { param: string; label: string }[];
}

/** The list parameters a filter control may set (a search-mode filter sets one of its modes'). */
export function filterParamsOf(filter: FilterField): string[] {
  return filter.modes ? filter.modes.map((mode) => mode.param) : [filter.param];
}

export interface TabDescriptor {
  /** null for the first (default) tab. */
  key: string | null;
  label: string;
  /** Extra list parameters while the tab is active. */
  params?: Record<string, string>;
}

export interface ResourceActions {
  show: boolean;
  edit: boolean;
  remove: boolean;
  clone: boolean;
}

/** A custom action (src/contracts/engine.ts): POST {path}{id}/actions/{action}/ or {path}bulk/{action}/. */
export interface ActionDescriptor {
  action: string;
  label: string;
  /** After the action, open the record the server answered as `action_result.id` (show or edit). */
  opens?: 'show' | 'edit';
  /**
   * Fields the action asks for before it runs (Facturación's invoice: document type, number,
   * date), sent with the ids; a field with options is a select.
   */
  fields?: readonly ActionField[];
}

export interface ActionField {
  name: string;
  label: string;
  options?: readonly FormOption[];
  placeholder?: string;
  maxLength?: number;
}

/** Figures over the whole filtered list shown above it, by key (views/resources/listSummaries). */
export type ListSummaryKey = 'invoicingTotals';

/** Extra tabs of the show view beside 'Datos' and 'Historial', by key (Facturación: the payment detail). */
export type ShowTabKey = 'paymentDetail';

/**
 * A list export on the server's export engine (issue 12): the list offers 'Exportar', which starts
 * the export with the list's current filters; the bell tells when the file is ready.
 */
export interface ExportDescriptor {
  kind: ExportKind;
  /** The start path (GET, with the list's filters), e.g. '/office_report/'. */
  path: string;
  /** The downloaded file's name, e.g. 'filter_offices.xlsx'. */
  fileName: string;
}

export interface ResourceDescriptor {
  routing: string;
  title: string;
  section: Section;
  /** API path with its trailing slash. */
  path: string;
  resource: Resource;
  /** Parses one row (list and detail answers). */
  entity: z.ZodType;
  /** The write body's schema: client validation and the server's both. */
  write: z.ZodType;
  /** What a create (or clone) is validated with, when stricter than `write`. */
  create: z.ZodType;
  tabs: readonly TabDescriptor[];
  columns: readonly ColumnDescriptor[];
  filters: readonly FilterField[];
  fields: readonly FieldDescriptor[];
  actions: ResourceActions;
  /** Edits and deletes need this permission (default `{resource}/add`). */
  editPermission: { resource: Resource; action: Action };
  /** How the delete confirmation names a row. */
  recordName: (row: ResourceRecord) => string;
  /** Form values of an empty form. */
  defaults: () => FormValues;
  /** A loaded record as form values. */
  toValues: (record: ResourceRecord, mode: FormMode) => FormValues;
  /** Form values as the write body (validated with `write`, sent as is). */
  toBody: (values: FormValues, mode: FormMode) => Record<string, unknown>;
  /** The entity whose per-field access rules (src/contracts/access.ts) apply to the form. */
  fieldAccess: FieldEntity | null;
  /** Actions on the selected rows (the list offers selection only when there are some). */
  bulkActions: readonly ActionDescriptor[];
  /** Actions on one row, offered when the row's allowed_actions hold them. */
  rowActions: readonly ActionDescriptor[];
  /** A show view of its own instead of the read-only form, by key (views/resources/detailViews). */
  detailView: DetailViewKey | null;
  /** A row action the delete confirmation offers when the delete is refused (Productos: disable). */
  deleteFallback: string | null;
  /** The list's export ('Exportar'), or null. */
  export: ExportDescriptor | null;
  /** A file of the list's current filters fetched at once ('Descargar CSV'), or null. */
  download: ListDownloadDescriptor | null;
  /** The server's figures over the filtered list (`GET {path}summary/`), shown above it, or null. */
  summary: ListSummaryKey | null;
  showTabs: readonly ShowTabKey[];
  /** Where a new record is proposed from a template ('Duplicar desde plantilla'), or null. */
  template: TemplateDescriptor | null;
  /** Values that follow from a change, shown before saving (Vouchers: the net price), or null. */
  derive: DeriveValues | null;
}

/** The key of the template picker's options in a create form's options (never a field name). */
export const TEMPLATE_OPTIONS = '#template';

/**
 * A create from a template (issue 32, Oficinas' 'Duplicar desde plantilla'): the create page offers
 * the template's picker, and `:id/clone` opens the create form filled with the server's proposal
 * (`GET {path}?{param}={id}`: the copy's body, sub-records included), saved as a create.
 */
export interface TemplateDescriptor {
  path: string;
  param: string;
  /** The options of the template picker. */
  options: OptionSource;
}

/** Show views a descriptor may name; the views map each key to a screen (issue 17: the refund review). */
/**
 * A direct download of the list (SPEC §7 /csv_reservation_filter/): `GET {path}?offset=0&limit={n}`
 * with the list's filters, saved as `fileName` (the listDownload machine).
 */
export interface ListDownloadDescriptor {
  path: string;
  fileName: string;
}

export type DetailViewKey = 'refundReview' | 'voucherDocuments';

type AnyContract = ResourceContract & {
  filters: Record<string, FilterDescriptor>;
  ordering: readonly string[];
};

export interface ColumnSpec {
  key: string;
  header?: string;
  /**
   * Sort by another `ordering` field (default: the key). Issue 40: every column showing one value
   * sorts on the server; `defineDescriptor` refuses a column the contract cannot order by unless
   * it says it shows several values (a voucher's travellers, a group's permissions).
   */
  sortField?: string;
  unsortable?: 'several values';
  render?: (row: ResourceRecord) => ReactNode;
  /** Hidden by default, offered in the column chooser. */
  optional?: boolean;
  /** Kept on one line (amounts). */
  nowrap?: boolean;
}

export interface FieldSpec extends Partial<Omit<FieldDescriptor, 'name' | 'fields'>> {
  name: string;
  fields?: readonly FieldSpec[];
}

export interface FilterSpec {
  param: string;
  label?: string;
  options?: readonly FormOption[];
  modes?: readonly { param: string; label: string }[];
}

export interface DescriptorSpec {
  routing: string;
  contract: AnyContract;
  columns: readonly (string | ColumnSpec)[];
  filters: readonly (string | FilterSpec)[];
  fields: readonly FieldSpec[];
  tabs?: readonly TabDescriptor[];
  actions?: Partial<ResourceActions>;
  editPermission?: { resource: Resource; action: Action };
  recordName?: (row: ResourceRecord) => string;
  toValues?: ResourceDescriptor['toValues'];
  toBody?: ResourceDescriptor['toBody'];
  fieldAccess?: FieldEntity;
  bulkActions?: readonly ActionDescriptor[];
  rowActions?: readonly ActionDescriptor[];
  detailView?: DetailViewKey;
  deleteFallback?: string;
  /** The list's export, by kind (its path and file name come from src/contracts/exports.ts). */
  export?: { kind: ExportKind };
  download?: ListDownloadDescriptor;
  summary?: ListSummaryKey;
  showTabs?: readonly ShowTabKey[];
  template?: TemplateDescriptor;
  derive?: DeriveValues;
}

const text = messages.resourceScreens;

function labelOf(key: string): string {
  return (labels as Record<string, string>)[key] ?? key;
}

/** A cell as text: null and '' as empty, booleans as Sí/No, dates as dd/MM/yyyy. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
    // A timestamp (created_at, updated_at) as its local date, dd/MM/yyyy (issue 18).
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return formatLocalDate(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  return JSON.stringify(value);
}

export const SWITCH_OPTIONS: readonly FormOption[] = [
  { value: 'true', label: text.switchEnabled },
  { value: 'false', label: text.switchDisabled },
  { value: 'all', label: text.switchAll },
];

function defaultValueOf(field: FieldDescriptor): FormValue {
  if (field.default !== undefined) return field.default;
  if (field.type === 'multiselect' || field.type === 'records') return [];
  if (field.type === 'group') return groupDefaults(field);
  return field.type === 'checkbox' ? false : '';
}

/** An empty nested record (a new item of `records`, an absent `group`). */
export function groupDefaults(field: FieldDescriptor): FormGroup {
  const group: FormGroup = Object.fromEntries(
    (field.fields ?? []).map((child) => [child.name, defaultValueOf(child)]),
  );
  if (field.presence) group[PRESENT_KEY] = false;
  return group;
}

const isGroup = (value: FormValue | undefined): value is FormGroup =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A nested value as a group (anything else: an empty one). */
export function asGroup(value: FormValue | undefined): FormGroup {
  return isGroup(value) ? value : {};
}

/** A list value as groups (records). */
export function asGroups(value: FormValue | undefined): FormGroup[] {
  return Array.isArray(value) ? value.filter((item): item is FormGroup => isGroup(item as FormValue)) : [];
}

function isOptionSource(options: FieldDescriptor['options']): options is OptionSource {
  return Boolean(options) && !Array.isArray(options);
}

export function optionSourceOf(field: FieldDescriptor): OptionSource | null {
  return isOptionSource(field.options) ? field.options : null;
}

/**
 * The options a field offers with the form's current values: with `optionsFilteredBy`, those
 * belonging to the other field's value (and the chosen one, so a saved value never vanishes:
 * the server says why it does not fit).
 */
export function offeredOptions(
  field: FieldDescriptor,
  options: readonly FormOption[],
  values: FormValues,
): FormOption[] {
  const parentValue = field.optionsFilteredBy ? values[field.optionsFilteredBy] : undefined;
  if (typeof parentValue !== 'string' || parentValue === '') return [...options];
  const chosen = values[field.name];
  return options.filter((option) => option.parent === parentValue || option.value === chosen);
}

/** The default conversion of an entity value into a form value. */
export function formValueOf(field: FieldDescriptor, value: unknown): FormValue {
  if (field.fromRecord) return field.fromRecord(value);
  if (field.type === 'group') {
    if (value === null || value === undefined || typeof value !== 'object') return groupDefaults(field);
    const record = value as Record<string, unknown>;
    const group: FormGroup = Object.fromEntries(
      (field.fields ?? []).map((child) => [
        child.name,
        formValueOf(child, record[child.source ?? child.name]),
      ]),
    );
    if (field.presence) group[PRESENT_KEY] = true;
    return group;
  }
  if (field.type === 'records') {
    if (!Array.isArray(value)) return [];
    return value.map((item) => {
      const record = (item ?? {}) as Record<string, unknown>;
      const group: FormGroup = Object.fromEntries(
        (field.fields ?? []).map((child) => [
          child.name,
          formValueOf(child, record[child.source ?? child.name]),
        ]),
      );
      if (typeof record.id === 'number') group[ITEM_ID_KEY] = String(record.id);
      return group;
    });
  }
  if (field.type === 'amount') return formatAmount(value);
  if (field.type === 'checkbox') return value === true;
  if (field.type === 'multiselect') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  if (field.type === 'date' && typeof value === 'string') return formatDate(value);
  if (field.type === 'lines' && Array.isArray(value)) return value.map(String).join('\n');
  return String(value);
}

/** The default conversion of a form value into a body value (validated by the contract). */
export function bodyValueOf(field: FieldDescriptor, value: FormValue): unknown {
  if (field.toBody) return field.toBody(value);
  if (field.type === 'group') {
    const group = asGroup(value);
    if (field.presence && group[PRESENT_KEY] !== true) return null;
    return groupBody(field, group);
  }
  if (field.type === 'records')
    return asGroups(value).map((item) => {
      const body = groupBody(field, item);
      const id = item[ITEM_ID_KEY];
      return typeof id === 'string' && /^\d+$/.test(id) ? { id: Number(id), ...body } : body;
    });
  if (field.type === 'checkbox') return value === true;
  if (field.type === 'multiselect') {
    const chosen = Array.isArray(value) ? value.map(String) : [];
    const numeric = field.numeric ?? (isOptionSource(field.options) && !field.options.value);
    return numeric ? chosen.map(Number) : chosen;
  }
  const raw = typeof value === 'string' ? value : String(value);
  switch (field.type) {
    case 'integer':
      if (raw.trim() === '') return undefined;
      return /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
    case 'select':
    case 'searchselect': {
      const numeric = field.numeric ?? isOptionSource(field.options);
      if (raw === '') return numeric ? null : '';
      return numeric && /^\d+$/.test(raw) ? Number(raw) : raw;
    }
    case 'lines':
      return raw
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    default:
      return raw;
  }
}

function groupBody(field: FieldDescriptor, group: FormGroup): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const child of field.fields ?? []) {
    const value = bodyValueOf(child, group[child.name] ?? defaultValueOf(child));
    if (value !== undefined) body[child.name] = value;
  }
  return body;
}

/**
 * Every field with a value of its own, nested ones under their full name (`karing.municipality`,
 * `aditional_offices.name`): selects anywhere in the form get their options by these names.
 */
export function flatFields(fields: readonly FieldDescriptor[], prefix = ''): FieldDescriptor[] {
  return fields.flatMap((field) => {
    const name = `${prefix}${field.name}`;
    if (field.type === 'group' || field.type === 'records') return flatFields(field.fields ?? [], `${name}.`);
    return [{ ...field, name }];
  });
}

function completeField(field: FieldSpec): FieldDescriptor {
  return {
    ...field,
    label: field.label ?? labelOf(field.name),
    type: field.type ?? 'text',
    span: field.span ?? 6,
    fields: field.fields?.map(completeField),
  };
}

/**
 * The `ordering` field a column sorts by (issue 40: declared once, checked when the module loads):
 * its `sortField` or its key, which the contract must be able to order by; null only for a column
 * showing several values.
 */
function sortFieldOf(routing: string, column: ColumnSpec, orderable: ReadonlySet<string>): string | null {
  if (column.unsortable) {
    if (column.sortField || orderable.has(column.key))
      throw new Error(`${routing}: column ${column.key} sorts; it cannot be declared unsortable`);
    return null;
  }
  const field = column.sortField ?? column.key;
  if (!orderable.has(field))
    throw new Error(
      `${routing}: column ${column.key} cannot be sorted (add ${field} to the contract's ordering, or mark a column of several values unsortable)`,
    );
  return field;
}

/** Builds a descriptor from a module's contract and its screen data. */
export function defineDescriptor(spec: DescriptorSpec): ResourceDescriptor {
  const section = findSection(spec.routing);
  if (!section) throw new Error(`unknown section ${spec.routing}`);
  const { contract } = spec;
  const orderable = new Set<string>(contract.ordering);

  const columns: ColumnDescriptor[] = spec.columns.map((column) => {
    const columnSpec: ColumnSpec = typeof column === 'string' ? { key: column } : column;
    const sortField = sortFieldOf(spec.routing, columnSpec, orderable);
    return {
      key: columnSpec.key,
      header: columnSpec.header ?? labelOf(columnSpec.key),
      sortField,
      render: columnSpec.render ?? ((row) => cellText(row[columnSpec.key])),
      ...(columnSpec.optional ? { optional: true } : {}),
      ...(columnSpec.nowrap ? { nowrap: true } : {}),
    };
  });

  const filters: FilterField[] = spec.filters.map((filter) => {
    const filterSpec: FilterSpec = typeof filter === 'string' ? { param: filter } : filter;
    if (filterSpec.modes) {
      for (const mode of filterSpec.modes)
        if (!contract.filters[mode.param])
          throw new Error(`${spec.routing}: the contract has no filter ${mode.param}`);
      return {
        param: filterSpec.param,
        label: filterSpec.label ?? labelOf(filterSpec.param),
        kind: 'contains' as const,
        modes: filterSpec.modes,
      };
    }
    const declared = contract.filters[filterSpec.param];
    if (!declared) throw new Error(`${spec.routing}: the contract has no filter ${filterSpec.param}`);
    return {
      param: filterSpec.param,
      label:
        filterSpec.label ?? (declared.kind === 'switch' ? text.enabledFilter : labelOf(filterSpec.param)),
      kind: declared.kind,
      default: declared.kind === 'switch' ? declared.default : undefined,
      options: filterSpec.options ?? (declared.kind === 'switch' ? SWITCH_OPTIONS : undefined),
    };
  });

  const fields: FieldDescriptor[] = spec.fields.map(completeField);

  const defaults = () => Object.fromEntries(fields.map((field) => [field.name, defaultValueOf(field)]));

  return {
    routing: spec.routing,
    title: section.title,
    section,
    path: contract.path,
    resource: contract.resource,
    entity: contract.entity,
    write: contract.write,
    create: contract.create ?? contract.write,
    tabs: spec.tabs ?? [{ key: null, label: text.listTab }],
    columns,
    filters,
    fields,
    actions: { show: true, edit: true, remove: true, clone: false, ...spec.actions },
    editPermission: spec.editPermission ?? { resource: contract.resource, action: 'add' },
    recordName:
      spec.recordName ??
      ((row) =>
        typeof row.long_name === 'string' && row.long_name
          ? row.long_name
          : typeof row.short_name === 'string' && row.short_name
            ? row.short_name
            : text.recordName(row.id)),
    defaults,
    fieldAccess: spec.fieldAccess ?? null,
    bulkActions: spec.bulkActions ?? [],
    rowActions: spec.rowActions ?? [],
    detailView: spec.detailView ?? null,
    deleteFallback: spec.deleteFallback ?? null,
    export: spec.export ? { kind: spec.export.kind, ...EXPORT_KINDS[spec.export.kind] } : null,
    download: spec.download ?? null,
    summary: spec.summary ?? null,
    showTabs: spec.showTabs ?? [],
    template: spec.template ?? null,
    derive: spec.derive ?? null,
    toValues:
      spec.toValues ??
      ((record) =>
        Object.fromEntries(
          fields.map((field) => [field.name, formValueOf(field, record[field.source ?? field.name])]),
        )),
    toBody:
      spec.toBody ??
      ((values, mode) => {
        const body: Record<string, unknown> = {};
        for (const field of fields) {
          if (field.createOnly && mode !== 'create') continue;
          const value = bodyValueOf(field, values[field.name] ?? defaultValueOf(field));
          if (value !== undefined) body[field.name] = value;
        }
        return body;
      }),
  };
}
