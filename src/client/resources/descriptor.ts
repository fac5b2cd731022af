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
import type { FormMode, FormOption, FormValue, FormValues } from '../../../machines/resourceForm';
import type { ResourceRecord } from '../../../machines/resourceList';
import { EXPORT_KINDS, type ExportKind } from '../../contracts/exports';
import { messages } from '../../contracts/messages';
import { findSection, type Section } from '../../contracts/modules';
import type { Action, Resource } from '../../contracts/permissions';
import type { FilterDescriptor, ResourceContract } from '../../contracts/resources/fields';
import type { FieldEntity } from '../../contracts/roleRules';
import { isoToLocalDate } from './format';

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
  | 'multiselect';

/** Custom field renderers, by key; views/resources/fieldRenderers.tsx maps each key to a component. */
export type FieldRendererKey = 'password' | 'superuserFlag' | 'permissionPicker';

/** Options read from another module's list (fetched with limit=10000, SPEC §9). */
export interface OptionSource {
  /** API path of the module, for example '/country/'. */
  path: string;
  label: (row: ResourceRecord) => string;
  /** The option's value (default: the row's id). */
  value?: (row: ResourceRecord) => string;
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
  /** Select values are ids (numbers) unless this is false (static text options). */
  numeric?: boolean;
  default?: FormValue;
  /** Shown with the field. */
  hint?: string;
  maxLength?: number;
  /** A custom control, by key (the views map keys to components). */
  renderer?: FieldRendererKey;
  /** Only in the create form (and only sent on create): Grupos' initial status. */
  createOnly?: boolean;
  /** Form value -> body value (default by type). */
  toBody?: (value: FormValue) => unknown;
  /** Entity value -> form value (default by type). */
  fromRecord?: (value: unknown) => FormValue;
}

export interface ColumnDescriptor {
  key: string;
  header: string;
  /** The `ordering` field, when the server can sort by this column. */
  sortField: string | null;
  render: (row: ResourceRecord) => ReactNode;
}

export interface FilterField {
  param: string;
  label: string;
  kind: FilterDescriptor['kind'];
  /** For a switch: the value applied when the parameter is absent. */
  default?: string;
  /** Static choices (switches, document types). */
  options?: readonly FormOption[];
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
}

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
  /** The list's export ('Exportar'), or null. */
  export: ExportDescriptor | null;
}

type AnyContract = ResourceContract & {
  filters: Record<string, FilterDescriptor>;
  ordering: readonly string[];
};

export interface ColumnSpec {
  key: string;
  header?: string;
  /** Sort by another field, or null for none (default: the key when the contract can order by it). */
  sortField?: string | null;
  render?: (row: ResourceRecord) => ReactNode;
}

export interface FieldSpec extends Partial<Omit<FieldDescriptor, 'name'>> {
  name: string;
}

export interface FilterSpec {
  param: string;
  label?: string;
  options?: readonly FormOption[];
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
  /** The list's export, by kind (its path and file name come from src/contracts/exports.ts). */
  export?: { kind: ExportKind };
}

const text = messages.resourceScreens;

function labelOf(key: string): string {
  return (labels as Record<string, string>)[key] ?? key;
}

/** A cell as text: null and '' as empty, booleans as Sí/No, dates as dd/MM/yyyy. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? text.yes : text.no;
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? isoToLocalDate(value) : value;
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
  if (field.type === 'multiselect') return [];
  return field.type === 'checkbox' ? false : '';
}

function isOptionSource(options: FieldDescriptor['options']): options is OptionSource {
  return Boolean(options) && !Array.isArray(options);
}

export function optionSourceOf(field: FieldDescriptor): OptionSource | null {
  return isOptionSource(field.options) ? field.options : null;
}

/** The default conversion of an entity value into a form value. */
export function formValueOf(field: FieldDescriptor, value: unknown): FormValue {
  if (field.fromRecord) return field.fromRecord(value);
  if (field.type === 'checkbox') return value === true;
  if (field.type === 'multiselect') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  if (field.type === 'date' && typeof value === 'string') return isoToLocalDate(value);
  if (field.type === 'lines' && Array.isArray(value)) return value.map(String).join('\n');
  return String(value);
}

/** The default conversion of a form value into a body value (validated by the contract). */
export function bodyValueOf(field: FieldDescriptor, value: FormValue): unknown {
  if (field.toBody) return field.toBody(value);
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
    case 'select': {
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

/** Builds a descriptor from a module's contract and its screen data. */
export function defineDescriptor(spec: DescriptorSpec): ResourceDescriptor {
  const section = findSection(spec.routing);
  if (!section) throw new Error(`unknown section ${spec.routing}`);
  const { contract } = spec;
  const orderable = new Set<string>(contract.ordering);

  const columns: ColumnDescriptor[] = spec.columns.map((column) => {
    const columnSpec: ColumnSpec = typeof column === 'string' ? { key: column } : column;
    const sortField =
      columnSpec.sortField !== undefined
        ? columnSpec.sortField
        : orderable.has(columnSpec.key)
          ? columnSpec.key
          : null;
    return {
      key: columnSpec.key,
      header: columnSpec.header ?? labelOf(columnSpec.key),
      sortField,
      render: columnSpec.render ?? ((row) => cellText(row[columnSpec.key])),
    };
  });

  const filters: FilterField[] = spec.filters.map((filter) => {
    const filterSpec: FilterSpec = typeof filter === 'string' ? { param: filter } : filter;
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

  const fields: FieldDescriptor[] = spec.fields.map((field) => ({
    ...field,
    label: field.label ?? labelOf(field.name),
    type: field.type ?? 'text',
    span: field.span ?? 6,
  }));

  const defaults = () => Object.fromEntries(fields.map((field) => [field.name, defaultValueOf(field)]));

  return {
    routing: spec.routing,
    title: section.title,
    section,
    path: contract.path,
    resource: contract.resource,
    entity: contract.entity,
    write: contract.write,
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
    export: spec.export ? { kind: spec.export.kind, ...EXPORT_KINDS[spec.export.kind] } : null,
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
