/**
 * The generic master-data calls for a descriptor (SPEC §7 'Master data', DRF conventions):
 * list with offset/limit/ordering and the filters, detail, POST (201), PUT /x/{id}/, DELETE (204),
 * and the options of a select (another module's list with limit=10000). Answers are parsed with
 * the module's contract. These are the actors the generic machines get with .provide().
 */
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type {
  FieldAccessMap,
  FormMode,
  FormOption,
  FormOptions,
  FormValues,
  LoadedForm,
  LoadFormRequest,
  SaveRequest,
} from '../../../machines/resourceForm';
import type {
  BulkItemResult,
  BulkRequest,
  ListPage,
  ListQuery,
  ResourceRecord,
  RowActionRequest,
} from '../../../machines/resourceList';
import { FieldErrorsError, isRefusal, UserFacingError } from '../../../machines/support/errors';
import { type AccessSubject, fieldAccessOf } from '../../contracts/access';
import {
  bulkActionResultSchema,
  COUNT_KINDS,
  EXACT_COUNT_PARAM,
  EXACT_COUNT_VALUE,
} from '../../contracts/engine';
import { paginatedSchema, SELECTOR_LIMIT } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import type { FieldView } from '../../contracts/roleRules';
import type {
  FieldDescriptor,
  OptionSource,
  ResourceDescriptor,
  TemplateDescriptor,
} from '../resources/descriptor';
import { filterParamsOf, flatFields, optionSourceOf, TEMPLATE_OPTIONS } from '../resources/descriptor';
import { request } from './http';

const recordSchema = z.looseObject({ id: z.number().int() });

function parseRecord(descriptor: ResourceDescriptor, data: unknown): ResourceRecord {
  return { ...recordSchema.parse(data), ...(descriptor.entity.parse(data) as object) } as ResourceRecord;
}

/** The list parameters of a query: filters, the tab's parameters, offset, limit, ordering. */
export function listParams(
  descriptor: ResourceDescriptor,
  query: ListQuery,
): Record<string, string | number> {
  const tab = descriptor.tabs.find((candidate) => candidate.key === query.tab) ?? descriptor.tabs[0];
  const params: Record<string, string | number> = {
    ...tab?.params,
    offset: query.offset,
    limit: query.limit,
  };
  for (const param of descriptor.filters.flatMap(filterParamsOf)) {
    const value = query.filters[param];
    if (value !== undefined && value !== '') params[param] = value;
  }
  if (query.ordering) params.ordering = query.ordering;
  return params;
}

const listAnswerSchema = z.looseObject({
  count: z.number().int(),
  results: z.array(z.unknown()),
  count_kind: z.enum(COUNT_KINDS).optional(),
  next: z.string().nullish(),
  previous: z.string().nullish(),
});

/** The keyset token a `next`/`previous` link carries (null: no such page, or an offset link). */
export function cursorOfLink(link: string | null | undefined): string | null {
  if (!link) return null;
  return new URL(link, 'http://link.invalid').searchParams.get('cursor');
}

export async function listRecords(descriptor: ResourceDescriptor, query: ListQuery): Promise<ListPage> {
  const params = listParams(descriptor, query);
  // The page by keyset when the list machine has its token (engine `cursor`, issue 11): the
  // answer's links then carry the neighbours' tokens.
  const pageParams: Record<string, string | number> = { ...params };
  // 'Contar exactamente' (issue 29 §counts): the exact figure whatever the table's size.
  if (query.exactCount) pageParams[EXACT_COUNT_PARAM] = EXACT_COUNT_VALUE;
  let pagePath = descriptor.path;
  if (query.cursor !== undefined) {
    delete pageParams.offset;
    // The first page's token is empty, which the query options drop: it goes in the path.
    if (query.cursor === '') pagePath = `${descriptor.path}?cursor=`;
    else pageParams.cursor = query.cursor;
  }
  // A module with a summary answers it over the same filters, computed by the server (issue 16).
  const [page, summary] = await Promise.all([
    request(listAnswerSchema, pagePath, { query: pageParams }),
    descriptor.summary
      ? request(z.unknown(), `${descriptor.path}summary/`, { query: params })
      : Promise.resolve(undefined),
  ]);
  return {
    count: page.count,
    countKind: page.count_kind ?? 'exact',
    results: page.results.map((row) => parseRecord(descriptor, row)),
    ...(summary === undefined ? {} : { summary }),
    ...(query.cursor === undefined
      ? {}
      : { cursors: { next: cursorOfLink(page.next), previous: cursorOfLink(page.previous) } }),
  };
}

/** A bulk action on the selected ids (src/contracts/engine.ts): each id's outcome. */
export async function runBulkAction(
  descriptor: ResourceDescriptor,
  input: BulkRequest,
): Promise<BulkItemResult[]> {
  const answer = await request(bulkActionResultSchema, `${descriptor.path}bulk/${input.action}/`, {
    method: 'POST',
    body: { ...input.payload, ids: input.ids },
  });
  return answer.results;
}

/** A row action (src/contracts/engine.ts): POST {path}{id}/actions/{action}/. */
export async function runRowAction(
  descriptor: ResourceDescriptor,
  input: RowActionRequest,
): Promise<unknown> {
  return request(z.unknown(), `${descriptor.path}${input.record.id}/actions/${input.action}/`, {
    method: 'POST',
    body: {},
  });
}

export async function getRecord(descriptor: ResourceDescriptor, id: number): Promise<ResourceRecord> {
  return parseRecord(descriptor, await request(z.unknown(), `${descriptor.path}${id}/`));
}

/** The server's proposal for a record copied from a template: a write body, not an entity. */
async function templateProposal(template: TemplateDescriptor, id: number): Promise<ResourceRecord> {
  return request(z.record(z.string(), z.unknown()), template.path, {
    query: { [template.param]: String(id) },
  }) as Promise<ResourceRecord>;
}

export async function createRecord(descriptor: ResourceDescriptor, body: unknown): Promise<ResourceRecord> {
  return parseRecord(descriptor, await request(z.unknown(), descriptor.path, { method: 'POST', body }));
}

export async function updateRecord(
  descriptor: ResourceDescriptor,
  id: number,
  body: unknown,
): Promise<ResourceRecord> {
  return parseRecord(
    descriptor,
    await request(z.unknown(), `${descriptor.path}${id}/`, { method: 'PUT', body }),
  );
}

export async function removeRecord(descriptor: ResourceDescriptor, id: number): Promise<void> {
  await request(z.unknown(), `${descriptor.path}${id}/`, { method: 'DELETE' });
}

/** Another module's rows (for selects): limit=10000 (SPEC §9). */
async function loadOptionRows(path: string): Promise<ResourceRecord[]> {
  const page = await request(paginatedSchema(recordSchema), path, {
    query: { limit: SELECTOR_LIMIT, offset: 0 },
  });
  return page.results as ResourceRecord[];
}

function optionOf(source: OptionSource, row: ResourceRecord): FormOption {
  return {
    value: source.value ? source.value(row) : String(row.id),
    label: source.label(row),
    ...(source.keywords ? { keywords: source.keywords(row) } : {}),
    ...(source.parent ? { parent: source.parent(row) } : {}),
  };
}

export async function loadOptions(source: OptionSource) {
  const rows = await loadOptionRows(source.path);
  return rows.map((row) => optionOf(source, row));
}

/** The options of every select field; one call per source path. */
export async function loadFieldOptions(fields: readonly FieldDescriptor[]): Promise<FormOptions> {
  const calls = new Map<string, Promise<ResourceRecord[]>>();
  const entries = await Promise.all(
    fields.map(async (field) => {
      if (Array.isArray(field.options)) return [field.name, [...field.options] as FormOption[]] as const;
      const source = optionSourceOf(field);
      if (!source) return [field.name, [] as FormOption[]] as const;
      let rows = calls.get(source.path);
      if (!rows) {
        rows = loadOptionRows(source.path);
        calls.set(source.path, rows);
      }
      // A user who may only read the record cannot list a picker's options: the record names its
      // choice (`chosenLabel`), so the form still opens.
      const loaded = await rows.catch((error: unknown) => {
        if (field.chosenLabel && isRefusal(error)) return [];
        throw error;
      });
      const options: FormOption[] = loaded.map((row) => optionOf(source, row));
      return [field.name, options] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The options with each picker's current choice, named by the record, when the list lacks it. */
export function withChosenOptions(
  fields: readonly FieldDescriptor[],
  record: ResourceRecord | null,
  options: FormOptions,
): FormOptions {
  if (!record) return options;
  const completed = { ...options };
  for (const field of fields) {
    const value = field.chosenLabel ? record[field.name] : null;
    const name = field.chosenLabel ? record[field.chosenLabel] : null;
    if (value === null || value === undefined || typeof name !== 'string') continue;
    const current = completed[field.name] ?? [];
    if (current.some((option) => option.value === String(value))) continue;
    completed[field.name] = [{ value: String(value), label: name }, ...current];
  }
  return completed;
}

/**
 * Validates form values with the module's write schema (the Spanish messages of the contract):
 * resolves to the body to send, or rejects with the field errors.
 */
export function validateValues(
  descriptor: ResourceDescriptor,
  values: FormValues,
  mode: FormMode,
  access?: FieldAccessMap,
): Record<string, unknown> {
  const whole = descriptor.toBody(values, mode);
  const body = access && mode === 'edit' ? editableBody(whole, access) : whole;
  const schema = mode === 'create' || mode === 'clone' ? descriptor.create : descriptor.write;
  const result = schema.safeParse(body);
  if (result.success) return body;
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    // Nested fields (sub-records) answer under their full name, as the server does: `karing.municipality`.
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  throw new FieldErrorsError(fields);
}

/** The resourceList actors for a descriptor. */
export function listActors(descriptor: ResourceDescriptor) {
  return {
    loadPage: fromPromise<ListPage, ListQuery>(({ input }) => listRecords(descriptor, input)),
    removeRecord: fromPromise<void, ResourceRecord>(async ({ input }) => {
      await removeRecord(descriptor, input.id);
    }),
    runBulkAction: fromPromise<BulkItemResult[], BulkRequest>(({ input }) =>
      runBulkAction(descriptor, input),
    ),
    runRowAction: fromPromise<unknown, RowActionRequest>(({ input }) => runRowAction(descriptor, input)),
  };
}

const FIELD_VIEW: Record<FormMode, FieldView> = {
  create: 'create',
  clone: 'create',
  edit: 'edit',
  show: 'show',
};

/** The per-field access of a descriptor's form for this user (src/contracts/access.ts). */
export function formFieldAccess(
  descriptor: ResourceDescriptor,
  subject: AccessSubject,
  mode: FormMode,
): FieldAccessMap | undefined {
  if (!descriptor.fieldAccess) return undefined;
  // Nested fields by their full name (`pax.email`); a records or group field is editable when
  // one of its fields is, and read-only or hidden as its fields are otherwise.
  const names = [
    ...descriptor.fields.map((field) => field.name),
    ...flatFields(descriptor.fields)
      .map((field) => field.name)
      .filter((name) => name.includes('.')),
  ];
  const access = fieldAccessOf(subject, descriptor.fieldAccess, FIELD_VIEW[mode], names);
  for (const field of descriptor.fields) {
    if (field.type !== 'records' && field.type !== 'group') continue;
    const children = (field.fields ?? []).map((child) => access[`${field.name}.${child.name}`]);
    access[field.name] = children.includes('edit') ? 'edit' : children.includes('read') ? 'read' : 'hidden';
  }
  return access;
}

/**
 * The part of a write body the user may edit: fields read-only or hidden to the user are not
 * sent (the server would refuse a change to them, and an unchanged one is no edit); of a
 * records field with per-field access, each item keeps its id and the fields the user may edit.
 */
export function editableBody(body: Record<string, unknown>, access: FieldAccessMap): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((access[key] ?? 'edit') !== 'edit') continue;
    const nested = Object.keys(access).filter((name) => name.startsWith(`${key}.`));
    if (!nested.length || !Array.isArray(value)) {
      kept[key] = value;
      continue;
    }
    kept[key] = value.map((item) =>
      typeof item === 'object' && item !== null
        ? Object.fromEntries(
            Object.entries(item).filter(
              ([field]) => field === 'id' || (access[`${key}.${field}`] ?? 'edit') === 'edit',
            ),
          )
        : item,
    );
  }
  return kept;
}

export interface FormActorsOptions {
  /** false opens records read-only (no `{resource}/add`). */
  canEdit: boolean;
  mode: FormMode;
  subject: AccessSubject;
}

/** The resourceForm actors for a descriptor. */
export function formActors(descriptor: ResourceDescriptor, { canEdit, mode, subject }: FormActorsOptions) {
  return {
    loadForm: fromPromise<LoadedForm, LoadFormRequest>(async ({ input }) => {
      if (input.mode !== 'create' && input.id === null)
        throw new UserFacingError(messages.resourceScreens.invalidRecord);
      const fields = flatFields(descriptor.fields);
      const [record, options] = await Promise.all([
        input.mode === 'create' || input.id === null
          ? null
          : input.mode === 'clone' && descriptor.template
            ? templateProposal(descriptor.template, input.id)
            : getRecord(descriptor, input.id),
        loadFieldOptions(fields),
      ]);
      // The create page's template picker ('Duplicar desde plantilla') reads its options here too.
      const templates =
        input.mode === 'create' && descriptor.template
          ? await loadOptions(descriptor.template.options).catch(() => [])
          : null;
      return {
        values: record ? descriptor.toValues(record, input.mode) : null,
        options: {
          ...withChosenOptions(fields, record, options),
          ...(templates ? { [TEMPLATE_OPTIONS]: templates } : {}),
        },
        readOnly: input.mode === 'edit' && !canEdit,
        fieldAccess: formFieldAccess(descriptor, subject, input.mode),
      };
    }),
    validateValues: fromPromise<unknown, FormValues>(async ({ input }) =>
      validateValues(descriptor, input, mode, formFieldAccess(descriptor, subject, mode)),
    ),
    saveRecord: fromPromise<ResourceRecord, SaveRequest>(async ({ input }) =>
      input.mode === 'edit' && input.id !== null
        ? updateRecord(descriptor, input.id, input.body)
        : createRecord(descriptor, input.body),
    ),
  };
}
