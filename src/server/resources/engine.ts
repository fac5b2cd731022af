/**
 * The server resource engine (issue 3): a master-data module is declared once — its contract
 * (path, permission resource, entity, write schema, filters, ordering), its table, the row ->
 * API serializer, how filters map to SQL, which columns are unique — and `registerResource`
 * answers, DRF-style:
 *
 *   GET    {path}?offset&limit&ordering&<filters>  -> {count, next, previous, results}
 *   GET    {path}{id}/                             -> the entity
 *   POST   {path}                                  -> 201 the entity
 *   PUT    {path}{id}/                             -> the entity (full validation)
 *   DELETE {path}{id}/                             -> 204; 409 {detail} while other records use it
 *
 * Reads need `{resource}/view`, writes `{resource}/add` (a declaration may name others, as
 * Pasajeros does for create). Which records: the declaration's required `ownership` (issue 28 §2,
 * docs/security-office-scope.md) scopes every read and write to the user's offices (outside: 404). Every write runs in one transaction; a list reads its page and
 * its count as two statements (./listQuery.ts, issue 11). Unique columns and bad
 * references answer field errors (`{field: [message]}`), never a 500.
 */
import { and, eq, getTableColumns, getTableName, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bulkActionRequestSchema, historyEntityOf } from '../../contracts/engine';
import { type FieldErrors, listQuerySchema } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import { type Action, can, type Resource } from '../../contracts/permissions';
import { type ResourceContract, SWITCH_VALUES } from '../../contracts/resources/fields';
import { authenticate, principalOf } from '../auth/guard';
import { listRowScopeOf, type Ownership, rowScopeOf } from '../auth/officeScope';
import type { Principal } from '../auth/principal';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import { databaseErrorAnswer, FieldValidationError, forbidden, HttpError, notFound } from '../http/errors';
import { contains, containsPattern } from '../http/filters';
import { cursorLinks, pageLinks } from '../http/pagination';
import { assertStorable, idFromParams, parseWith, zodIssuesToFieldErrors } from '../http/validate';
import { writeAudit } from './audit';
import {
  exactLimitOf,
  forgetListMemory,
  joined,
  keysetBatch,
  listPage,
  type OrderTerm,
  parseOrdering,
  type RowJoin,
  rememberedLookup,
} from './listQuery';

const text = messages.resources;

/** How one list query parameter becomes SQL. */
export type ServerFilter =
  /** Case-insensitive contains on any of the columns (OR). */
  | { kind: 'contains'; on: readonly (PgColumn | SQL)[] }
  /** Equality; `integer` parameters must be whole numbers. */
  | { kind: 'exact'; on: PgColumn; type: 'integer' | 'text' }
  /** A boolean switch: true, false or all (the contract gives the default). */
  | { kind: 'switch'; on: PgColumn }
  /** Any condition; it may read the database first (`containsVia` reads the matching ids). */
  | { kind: 'custom'; build: (value: string, reader: Reader) => SQL | Promise<SQL> };

export type Operation = 'list' | 'detail' | 'create' | 'update' | 'remove';
const ALL_OPERATIONS: readonly Operation[] = ['list', 'detail', 'create', 'update', 'remove'];

type AnyContract = ResourceContract & { filters: Record<string, unknown>; ordering: readonly string[] };
type TableWithId = PgTable & { id: PgColumn };
type Extra = Record<string, SQL | PgColumn>;
/** A computed column's value; a joined table's column may be null (a left join found no row). */
type ExtraValues<E extends Extra> = {
  [K in keyof E]: E[K] extends SQL<infer U> ? U : E[K] extends PgColumn ? E[K]['_']['data'] | null : never;
};

/** What a read needs: a database handle or a transaction. */
export type Reader = Pick<Database, 'select' | 'selectDistinct' | 'execute'>;

/**
 * A relation loader: the related values of a page of records (or of one record), in one query,
 * keyed by record id. The engine attaches them to each row under the loader's name (absent ids:
 * `undefined`), so a list of N rows costs one query per relation, never one per row.
 */
export type Loader<V> = (reader: Reader, ids: readonly number[]) => Promise<ReadonlyMap<number, V>>;
type Loaders = Record<string, Loader<unknown>>;

/** Declares a relation loader (types its arguments; the value type comes from what it answers). */
export const loader = <V>(load: Loader<V>): Loader<V> => load;
type LoadedValues<L extends Loaders> = {
  [K in keyof L]: L[K] extends Loader<infer V> ? V | undefined : never;
};

/** A row as the engine reads it: the table's columns, the computed ones and the loaded relations. */
export type ResourceRow<
  T extends TableWithId,
  E extends Extra,
  L extends Loaders = Record<never, Loader<unknown>>,
> = T['$inferSelect'] & ExtraValues<E> & LoadedValues<L>;

/** The entity as the API answers it. */
export type EntityOf<C extends AnyContract> = z.input<C['entity']>;
/** A validated write body. */
export type WriteInputOf<C extends AnyContract> = z.output<C['write']>;

/**
 * Who may do something: any signed-in user, a `{resource, action}` permission, or a predicate of
 * the principal and, for one record, of that record (`null` for lists and creates). Fixed
 * permissions are checked before the record is read; predicates after it (inside the scope), so a
 * predicate may say 'own office'. Compose with `anyOf`.
 */
export type Permission<R> = 'authenticated' | { resource: Resource; action: Action } | RecordPredicate<R>;

/** A predicate of the principal and the record (method syntax: a `Permission<null>` fits any row). */
export type RecordPredicate<R> = {
  check(principal: Principal, record: R | null): boolean;
}['check'];

export function allows<R>(permission: Permission<R>, principal: Principal, record: R | null): boolean {
  if (permission === 'authenticated') return true;
  if (typeof permission === 'function') return permission(principal, record);
  return can(principal, permission.resource, permission.action);
}

/** Passes when any of the permissions passes (`office/view` OR `user/add`). */
export function anyOf<R>(...options: Permission<R>[]): Permission<R> {
  return (principal, record) => options.some((option) => allows(option, principal, record));
}

/** What `authorizeWrite` receives before every write. */
export interface WriteAuthorization<C extends AnyContract> {
  tx: Transaction;
  principal: Principal;
  operation: 'create' | 'update' | 'remove' | 'action';
  /** The custom action's name when `operation` is 'action'. */
  action?: string;
  /** The record's id; null on create. */
  id: number | null;
  /** The validated body on create and update; null on remove and actions. */
  input: WriteInputOf<C> | null;
  /** The record as the API answers it before the write; null on create. */
  current: EntityOf<C> | null;
}

/** One call of a custom action on one record. */
export interface ActionCall<R, En, I> {
  id: number;
  /** The record as read (columns, computed columns, relations) and as the API answers it. */
  row: R;
  current: En;
  /** The action's payload, validated by its `input` schema. */
  input: I;
  principal: Principal;
}

/**
 * A custom action, offered per row (`POST {path}{id}/actions/{name}/`) and in bulk
 * (`POST {path}bulk/{name}/` with `{ids, ...payload}`). It runs in a transaction (a savepoint
 * per id in bulk), after `authorizeWrite`, and is audited under its name.
 */
export interface ResourceAction<R, En, S extends z.ZodType> {
  /** The payload schema (without `ids`); an empty strict object when the action takes none. */
  input: S;
  /** Default: `{resource}/add`. Also decides whether the action is in a row's `allowed_actions`. */
  permission?: Permission<R>;
  /**
   * Why the action cannot run on this record as it is now (a status transition the record's
   * status does not allow), or null when it can. A refused record answers 409 with the reason
   * and the action is left out of its `allowed_actions`.
   */
  refuse?(row: R): string | null;
  /**
   * Does the work. What it answers (a created record's id, say) is sent back by the per-row route
   * as the answer's `action_result` (Oficinas' 'duplicate' answers the new office's id).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most actions answer nothing (an async function without return)
  run(tx: Transaction, call: ActionCall<R, En, z.output<S>>): Promise<void | Record<string, unknown>>;
}

type ActionInputs = Record<string, z.ZodType>;

export interface ResourceDefinition<
  C extends AnyContract,
  T extends TableWithId,
  E extends Extra,
  L extends Loaders = Record<never, Loader<unknown>>,
  A extends ActionInputs = Record<never, z.ZodType>,
> {
  contract: C;
  table: T;
  /** Which routes exist (default all five); a read-only module lists `['list', 'detail']`. */
  operations?: readonly Operation[];
  /**
   * Computed columns read with each row: columns of `joins` (names of related rows) or
   * correlated subqueries.
   */
  extra?: E;
  /** Tables left-joined to every row read (their aliases' columns go in `extra`). */
  joins?: readonly RowJoin[];
  /** Relation loaders, run once per page (and per detail) and attached to each row. */
  relations?: L;
  serialize(row: ResourceRow<T, E, L>): EntityOf<C>;
  /** The detail answer when it nests more than a list row (a refund with its claims and files). */
  detail?(reader: Reader, row: ResourceRow<T, E, L>): Promise<EntityOf<C>>;
  /**
   * What of a read answer (list row or detail) this principal may see; history and writes keep
   * the whole record. Oficinas: one's own office without office/view shows its core only.
   */
  redact?(principal: Principal, answer: EntityOf<C>): EntityOf<C>;
  /**
   * The write body (validated by the contract) as column values; required when writes exist.
   * Columns the body does not carry (a password hash) come from `beforeWrite`.
   */
  values?(input: WriteInputOf<C>): ColumnValues<T>;
  /** Separate create and update bodies (password required on create only); default `contract.write`. */
  schemas?: { create?: z.ZodType<WriteInputOf<C>>; update?: z.ZodType<WriteInputOf<C>> };
  filters: { [K in keyof C['filters']]: ServerFilter };
  ordering: { [K in C['ordering'][number]]: PgColumn | SQL };
  /** Columns that must be unique, case-insensitively, and the field their error goes to. */
  unique?: readonly { column: PgColumn; field: string; message?: string }[];
  /** Database column -> API field, for errors the database raises (default: without `_id`). */
  fieldOfColumn?: Record<string, string>;
  /**
   * Who may do what; reads default to `{resource}/view`, writes to `{resource}/add`.
   * `'authenticated'` lets any signed-in user through (reference data everyone needs).
   */
  permissions?: Partial<Record<Operation, Permission<ResourceRow<T, E, L>>>>;
  /**
   * Where the rows belong (issue 28 §2, src/server/auth/officeScope.ts): 'global', or the path from
   * a row to an office. Required, so a new module cannot forget it. The engine applies it to
   * list, summary, export, detail, update, delete, row and bulk actions and history (a record
   * outside it answers 404), and refuses a create or update whose row would fall outside it. A
   * list resolves the principal's office tree to ids first (Reservas, Vouchers at a million rows).
   */
  ownership: Ownership;
  /** A list query the module answers itself (Usuarios' `?queryType=LOGIN`); undefined: the list. */
  answerQuery?(query: Record<string, unknown>, principal: Principal): unknown;
  /**
   * Runs inside the transaction before every write (create, update, remove, custom action), after
   * the body was validated; throws 403 (or any HTTP error) to refuse. The place for escalation
   * rules and for `assertEditableFields` (section 6 role rules).
   */
  authorizeWrite?(args: WriteAuthorization<C>): Promise<void> | void;
  /**
   * Runs inside the write's transaction before the insert or update (`id` null on create); may
   * throw FieldValidationError and may answer extra column values (an SQL expression included).
   */
  beforeWrite?(
    tx: Transaction,
    input: WriteInputOf<C>,
    id: number | null,
    principal: Principal,
  ): Promise<ColumnValues<T> | undefined>;
  /** Child tables, in the same transaction, after the insert or update. */
  afterWrite?(
    tx: Transaction,
    id: number,
    input: WriteInputOf<C>,
    principal: Principal,
    operation: 'create' | 'update',
  ): Promise<void>;
  /** Child rows to remove, in the same transaction, before the record is deleted. */
  beforeRemove?(tx: Transaction, id: number, principal: Principal): Promise<void>;
  /** Custom actions by name; every row then carries `allowed_actions`. */
  actions?: { [K in keyof A]: ResourceAction<ResourceRow<T, E, L>, EntityOf<C>, A[K]> };
  /**
   * What a row offers beside its routes here, each from its predicate, listed in
   * `allowed_actions` (Productos: `update`, done by the product wizard's /productEdit/).
   */
  offers?: Record<string, Permission<ResourceRow<T, E, L>>>;
  /** Input fields that are secrets (passwords): history says they changed, never their value. */
  secretInputs?: readonly string[];
  /** Sperta: answers carry `view` (show, list, create, edit; remove as the x-view header). */
  tagView?: boolean;
  /**
   * Figures over the whole filtered list (Facturación's totals, issue 16), answered by
   * `GET {path}summary/` with the list's filters, scope and permission: computed by the server
   * over every matching row, never from one page.
   */
  summary?(reader: Reader, where: SQL | undefined, principal: Principal): Promise<unknown>;
}

/** Column values a hook may add: plain values or SQL expressions (`token_version + 1`). */
export type ColumnValues<T extends TableWithId> = {
  [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL;
};

/** Declares a module; the types tie the serializer, filters, ordering, hooks and actions to its contract. */
export function defineResource<
  C extends AnyContract,
  T extends TableWithId,
  E extends Extra = Record<never, SQL>,
  L extends Loaders = Record<never, Loader<unknown>>,
  A extends ActionInputs = Record<never, z.ZodType>,
>(definition: ResourceDefinition<C, T, E, L, A>): ResourceDefinition<C, T, E, L, A> {
  return definition;
}

/** Past this many matching ids, `containsVia` names them by a subquery instead of as values. */
const VIA_IDS_LIMIT = 1_000;

/**
 * A filter on a foreign key: contains on a column of the referenced (small) table. The matching
 * ids are read first, and the list's statement names them as values: the planner then knows from
 * its statistics how many rows each has (a rarely sold product's vouchers through their index, a
 * common one's along the list's order), and a value matching nothing reads no row at all. As a
 * subquery the planner guessed: a fragment matching no product walked every voucher (300 ms at a
 * million), and planning the semi-join cost more than running it (issue 15). The ids are
 * remembered for a moment per fragment (`rememberedLookup`): a burst of pages runs one lookup.
 */
export function containsVia(foreignKey: PgColumn, targetId: PgColumn, targetColumn: PgColumn) {
  // One named statement per reader (parsed and planned once per connection on PostgreSQL).
  const name = `via_${getTableName(targetId.table)}_${targetColumn.name}`;
  const prepared = new WeakMap<
    Reader,
    { execute(values: { pattern: string }): Promise<{ id: unknown }[]> }
  >();
  const statementOf = (reader: Reader) => {
    let statement = prepared.get(reader);
    if (!statement) {
      statement = reader
        .select({ id: targetId })
        .from(targetId.table)
        .where(ilike(targetColumn, sql.placeholder('pattern')))
        .limit(VIA_IDS_LIMIT + 1)
        .prepare(name);
      prepared.set(reader, statement);
    }
    return statement;
  };
  return async (value: string, reader: Reader): Promise<SQL> => {
    const matching = await rememberedLookup(
      reader,
      targetId.table,
      `${targetColumn.name}|${value}`,
      async () =>
        (await statementOf(reader).execute({ pattern: containsPattern(value) })).map((row) => row.id),
    );
    if (!matching.length) return sql`false`;
    if (matching.length > VIA_IDS_LIMIT)
      return inArray(
        foreignKey,
        sql`(select ${targetId} from ${targetId.table} where ${contains(targetColumn, value)})`,
      );
    return inArray(foreignKey, matching);
  };
}

/** Groups `[key, value]` rows into a map of arrays (the usual shape of a to-many loader). */
export function groupRows<V>(rows: readonly { key: number; value: V }[]): Map<number, V[]> {
  const grouped = new Map<number, V[]>();
  for (const { key, value } of rows) {
    const list = grouped.get(key);
    if (list) list.push(value);
    else grouped.set(key, [value]);
  }
  return grouped;
}

const MAX_INT = 2_147_483_647;
const idOf = (request: FastifyRequest) => idFromParams(request.params);

/** How the history route decides whether a principal may read one record's entries. */
export interface HistoryAccess {
  /** Throws 403/404 like the detail route would; resolves when the history may be read. */
  assertMayRead(reader: Reader, principal: Principal, recordId: string): Promise<void>;
}

const historyRegistries = new WeakMap<AppContext, Map<string, HistoryAccess>>();

/** The history access of a registered module by its entity name (`zone`, `profile`...). */
export function historyAccessOf(context: AppContext, entity: string): HistoryAccess | undefined {
  return historyRegistries.get(context)?.get(entity);
}

/**
 * What the export engine (./exports.ts, issue 12) reads of a registered module's list: the same
 * permission, filters, scope, relations and serializer as `GET {path}`, in id order by batches.
 */
export interface ResourceListReader {
  path: string;
  resource: Resource;
  /** Throws 403 as the list route would. */
  assertMayList(principal: Principal): void;
  /**
   * The list query's filter conditions, the principal's scope and the query's `ordering` (as the
   * list orders: text by its Spanish sort key, id last); bad values throw the list's field errors.
   * `filtered` when the query carries a filter parameter.
   */
  whereOf(
    query: Record<string, unknown>,
    principal: Principal,
  ): Promise<{ where: SQL | undefined; filtered: boolean; order: OrderTerm[] }>;
  /** How many rows match, counting at most `cap`. */
  count(reader: Reader, where: SQL | undefined, cap: number): Promise<number>;
  /**
   * The ids of at most `size` rows after `cursor` ('' for the first) in `order` (keyset), and the
   * cursor after them: what an export with its own lean projection reads (`ExportDefinition.project`,
   * issue 15), in the list's order.
   */
  ids(
    reader: Reader,
    where: SQL | undefined,
    order: OrderTerm[],
    cursor: string,
    size: number,
  ): Promise<{ ids: number[]; next: string | null }>;
  /** At most `size` rows after `cursor` ('' for the first) in `order` (keyset), serialized. */
  batch(
    reader: Reader,
    where: SQL | undefined,
    order: OrderTerm[],
    cursor: string,
    size: number,
  ): Promise<{ next: string | null; entities: Record<string, unknown>[] }>;
}

const listReaders = new WeakMap<AppContext, Map<string, ResourceListReader>>();

/**
 * What is registered on an app, per module (its API path): what the generated tests walk (the
 * cross-office test, tests/server/officeScope.test.ts), so a new module is covered without a test.
 */
export interface RegisteredResource {
  path: string;
  entity: string;
  resource: Resource;
  table: PgTable & { id: PgColumn };
  ownership: Ownership;
  operations: readonly Operation[];
  /** Custom actions and their payload schemas. */
  actions: readonly { name: string; input: z.ZodType }[];
  hasSummary: boolean;
}

const registrations = new WeakMap<AppContext, Map<string, RegisteredResource>>();

/** Every module registered on this app through the engine. */
export function registeredResourcesOf(context: AppContext): RegisteredResource[] {
  return [...(registrations.get(context)?.values() ?? [])];
}

/** The list reader of a module registered on this app, by its API path ('/office/'). */
export function listReaderOf(context: AppContext, path: string): ResourceListReader | undefined {
  return listReaders.get(context)?.get(path);
}

export function registerResource<
  C extends AnyContract,
  T extends TableWithId,
  E extends Extra,
  L extends Loaders,
  A extends ActionInputs,
>(app: FastifyInstance, context: AppContext, definition: ResourceDefinition<C, T, E, L, A>): void {
  type Row = ResourceRow<T, E, L>;
  type Entity = EntityOf<C>;
  const { contract, table } = definition;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const selection = { ...columns, ...(definition.extra ?? {}) };
  const keyOfColumn = new Map(Object.entries(columns).map(([key, column]) => [column, key]));
  const hasUpdatedAt = 'updatedAt' in columns;
  const collectionPath = contract.path;
  const itemPath = `${contract.path}:id/`;
  const entity = historyEntityOf(contract.path);
  const operations = new Set(definition.operations ?? ALL_OPERATIONS);
  const actions = (definition.actions ?? {}) as Record<string, ResourceAction<Row, Entity, z.ZodType>>;
  const hasActions = Object.keys(actions).length > 0;
  if ((operations.has('create') || operations.has('update')) && !definition.values)
    throw new Error(`${contract.path}: a module with writes declares values()`);
  let registered = registrations.get(context);
  if (!registered) {
    registered = new Map();
    registrations.set(context, registered);
  }
  registered.set(contract.path, {
    path: contract.path,
    entity,
    resource: contract.resource,
    table,
    ownership: definition.ownership,
    operations: [...operations],
    actions: Object.entries(actions).map(([name, action]) => ({ name, input: action.input })),
    hasSummary: Boolean(definition.summary),
  });

  // Each operation's and action's permission, resolved once (a list asks them for every row).
  const permissions = new Map<Operation, Permission<Row>>(
    ALL_OPERATIONS.map((operation) => [
      operation,
      definition.permissions?.[operation] ?? {
        resource: contract.resource,
        action: operation === 'list' || operation === 'detail' ? 'view' : 'add',
      },
    ]),
  );
  const permissionOf = (operation: Operation): Permission<Row> =>
    permissions.get(operation) as Permission<Row>;
  const actionPermissions = new Map<string, Permission<Row>>(
    Object.entries(actions).map(([name, action]) => [
      name,
      action.permission ?? { resource: contract.resource, action: 'add' },
    ]),
  );
  const actionPermission = (name: string): Permission<Row> => {
    const permission = actionPermissions.get(name);
    if (!permission) throw new Error(`${contract.path}: no action ${name}`);
    return permission;
  };

  /** Fixed permissions are checked before anything is read. */
  function checkBefore(permission: Permission<Row>, principal: Principal) {
    if (typeof permission !== 'function' && !allows(permission, principal, null))
      throw forbidden(messages.common.forbidden);
  }
  /** Predicates are checked with the record (null for lists and creates). */
  function checkWith(permission: Permission<Row>, principal: Principal, row: Row | null) {
    if (typeof permission === 'function' && !permission(principal, row))
      throw forbidden(messages.common.forbidden);
  }

  const filterParams = Object.keys(contract.filters);
  const querySchema = listQuerySchema.extend({
    ...Object.fromEntries(filterParams.map((param) => [param, z.string().trim().max(200).optional()])),
    cursor: z.string().max(2000).optional(),
  });
  const serialize = (row: unknown) => definition.serialize(row as Row);
  const visible = (principal: Principal, answer: Entity): Entity =>
    definition.redact ? definition.redact(principal, answer) : answer;
  const tag = <B extends object>(body: B, view: string): B => (definition.tagView ? { ...body, view } : body);
  const scopeOf = (principal: Principal) => rowScopeOf(definition.ownership, principal);
  const listScopeOf = (reader: Reader, principal: Principal): Promise<SQL | undefined> =>
    listRowScopeOf(reader, definition.ownership, principal);

  /** The filter conditions; bad values are collected as field errors. */
  async function conditionsOf(query: Record<string, unknown>, errors: FieldErrors): Promise<SQL[]> {
    const conditions: SQL[] = [];
    for (const param of filterParams) {
      const descriptor = contract.filters[param] as { kind: string; default?: string };
      const filter = (definition.filters as Record<string, ServerFilter>)[param];
      const raw = query[param];
      const value =
        typeof raw === 'string' ? raw : descriptor.kind === 'switch' ? descriptor.default : undefined;
      if (value === undefined || value === '') continue;
      if (filter.kind === 'contains') {
        const matches = filter.on.map((column) => contains(column, value));
        conditions.push(matches.length === 1 ? matches[0] : or(...matches)!);
      } else if (filter.kind === 'exact') {
        if (filter.type === 'integer') {
          if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INT) errors[param] = [text.invalidInteger];
          else conditions.push(eq(filter.on, Number(value)));
        } else conditions.push(eq(filter.on, value));
      } else if (filter.kind === 'switch') {
        const normalized = value.toLowerCase();
        if (!(SWITCH_VALUES as readonly string[]).includes(normalized)) errors[param] = [text.invalidSwitch];
        else if (normalized !== 'all') conditions.push(eq(filter.on, normalized === 'true'));
      } else conditions.push(await filter.build(value, context.db));
    }
    return conditions;
  }

  /** The list query and its filter conditions; every bad parameter answered at once. */
  async function parseListQuery(raw: unknown) {
    assertStorable(raw);
    const parsed = querySchema.safeParse(raw);
    const errors: FieldErrors = parsed.success ? {} : zodIssuesToFieldErrors(parsed.error.issues);
    const rawQuery = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const conditions = await conditionsOf(parsed.success ? parsed.data : rawQuery, errors);
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
    return { query: parsed.data as z.infer<typeof listQuerySchema> & Record<string, unknown>, conditions };
  }

  function orderingOf(requested: string | undefined) {
    // `id` is always a valid ordering (the modules whose contract declares no sortable field).
    const known = { id: table.id, ...definition.ordering } as Record<string, PgColumn | SQL>;
    return parseOrdering(requested, contract.defaultOrdering, known, table.id);
  }

  /** Attaches the relation loaders' values to the rows (one query per relation). */
  async function withRelations(reader: Reader, rows: readonly object[]): Promise<Row[]> {
    const loaders = Object.entries(definition.relations ?? {}) as [string, Loader<unknown>][];
    const idOfRow = (row: object) => (row as { id: number }).id;
    if (!loaders.length || !rows.length) return rows as Row[];
    const ids = rows.map(idOfRow);
    const loaded: [string, ReadonlyMap<number, unknown>][] = [];
    // One after the other: inside a transaction they share one connection.
    for (const [name, load] of loaders) loaded.push([name, await load(reader, ids)]);
    return rows.map((row) => {
      const attached: Record<string, unknown> = { ...row };
      for (const [name, values] of loaded) attached[name] = values.get(idOfRow(row));
      return attached as Row;
    });
  }

  /** The rows with their computed columns: `selection` over the table and its joins. */
  function joinedRows(reader: Reader) {
    return joined(
      reader
        .select(selection)
        .from(table as PgTable)
        .$dynamic(),
      definition.joins,
    );
  }

  /** One record, inside the principal's scope when given (null: every record). */
  async function readOne(reader: Reader, id: number, principal: Principal | null): Promise<Row | undefined> {
    const scope = principal ? scopeOf(principal) : undefined;
    const [row] = await joinedRows(reader).where(scope ? and(eq(table.id, id), scope) : eq(table.id, id));
    if (!row) return undefined;
    const [withLoaded] = await withRelations(reader, [row]);
    return withLoaded;
  }

  async function readScoped(reader: Reader, id: number, principal: Principal): Promise<Row> {
    const row = await readOne(reader, id, principal);
    if (!row) throw notFound(messages.common.notFound);
    return row;
  }

  /** The record as the API answers it (the nested detail when declared). */
  const present = async (reader: Reader, row: Row): Promise<Entity> =>
    definition.detail ? definition.detail(reader, row) : definition.serialize(row);

  const writeOperations = (['update', 'remove'] as const).filter((operation) => operations.has(operation));
  const actionEntries = Object.entries(actions);
  const offerEntries = Object.entries(definition.offers ?? {});
  /** The names of what the principal may do to the record (only for modules with actions). */
  function allowedActionsOf(principal: Principal, row: Row): string[] {
    const allowed: string[] = [];
    for (const operation of writeOperations)
      if (allows(permissionOf(operation), principal, row)) allowed.push(operation);
    for (const [name, action] of actionEntries)
      if (allows(actionPermission(name), principal, row) && !action.refuse?.(row)) allowed.push(name);
    for (const [name, permission] of offerEntries)
      if (!allowed.includes(name) && allows(permission, principal, row)) allowed.push(name);
    return allowed;
  }
  /**
   * The answer with `allowed_actions` added (modules with actions). The answer is the one this
   * request serialized, so the key is set on it rather than on a copy (a list page copied every
   * row for it).
   */
  const withAllowed = (answer: object, principal: Principal, row: Row): object => {
    if (hasActions)
      (answer as { allowed_actions?: string[] }).allowed_actions = allowedActionsOf(principal, row);
    return answer;
  };

  async function checkUnique(tx: Transaction, values: Record<string, unknown>, id: number | null) {
    const errors: FieldErrors = {};
    for (const rule of definition.unique ?? []) {
      const key = keyOfColumn.get(rule.column);
      const value = key === undefined ? undefined : values[key];
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      const sameValue =
        typeof value === 'string' ? sql`lower(${rule.column}) = lower(${value})` : eq(rule.column, value);
      const [clash] = await tx
        .select({ id: table.id })
        .from(table as PgTable)
        .where(id === null ? sameValue : and(sameValue, ne(table.id, id)))
        .limit(1);
      if (clash) errors[rule.field] = [rule.message ?? text.duplicate];
    }
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
  }

  const fieldOfDbColumn = (column: string) =>
    definition.fieldOfColumn?.[column] ?? column.replace(/_id$/, '');

  /** Database errors of a write as field errors or a Spanish detail: the app's one mapper. */
  function translate(error: unknown, operation: Operation | 'action'): unknown {
    return (
      databaseErrorAnswer(error, { fieldOfColumn: fieldOfDbColumn, removing: operation === 'remove' }) ??
      error
    );
  }

  async function inTransaction<R>(
    operation: Operation | 'action',
    work: (tx: Transaction) => Promise<R>,
  ): Promise<R> {
    try {
      const result = await context.db.transaction(work);
      // This instance's next page of the module is exact again (listQuery.ts: anchors, counts).
      forgetListMemory(table);
      return result;
    } catch (error) {
      throw translate(error, operation);
    }
  }

  /** Runs a read outside a transaction. */
  function readOnly<R>(work: (reader: Reader) => Promise<R>): Promise<R> {
    return work(context.db);
  }

  const changedSecrets = (input: unknown): string[] =>
    (definition.secretInputs ?? []).filter((key) => {
      const value = (input as Record<string, unknown>)[key];
      return value !== undefined && value !== null && value !== '';
    });

  /** Create (id null) or update: validate, authorize, write, child tables, audit; one transaction. */
  async function write(tx: Transaction, body: unknown, id: number | null, principal: Principal) {
    const operation = id === null ? 'create' : 'update';
    const currentRow = id === null ? null : await readScoped(tx, id, principal);
    checkWith(permissionOf(operation), principal, currentRow);
    const current = currentRow ? await present(tx, currentRow) : null;
    const schema = definition.schemas?.[operation] ?? contract.write;
    const input = parseWith(schema, body) as WriteInputOf<C>;
    await definition.authorizeWrite?.({ tx, principal, operation, id, input, current });
    const extra = (await definition.beforeWrite?.(tx, input, id, principal)) ?? {};
    const values = { ...definition.values!(input), ...extra } as Record<string, unknown>;
    await checkUnique(tx, values, id);
    let recordId: number;
    if (id === null) {
      const [created] = await tx
        .insert(table)
        .values(values as PgInsertValue<T>)
        .returning({ id: table.id });
      recordId = created.id as number;
    } else {
      const changes = hasUpdatedAt ? { ...values, updatedAt: new Date() } : values;
      await tx
        .update(table)
        .set(changes as PgUpdateSetSource<T>)
        .where(eq(table.id, id));
      recordId = id;
    }
    await definition.afterWrite?.(tx, recordId, input, principal, operation);
    // A write never puts a row outside the writer's scope (another office's record, a user of an
    // office outside its tree): the whole transaction is undone.
    if (scopeOf(principal) && !(await readOne(tx, recordId, principal)))
      throw forbidden(messages.permissions.outsideOfficeScope);
    const row = (await readOne(tx, recordId, null))!;
    const answer = await present(tx, row);
    await writeAudit(tx, principal, {
      entity,
      recordId,
      action: operation,
      before: current as Record<string, unknown> | null,
      after: answer as Record<string, unknown>,
      changedSecrets: changedSecrets(input),
    });
    return withAllowed(answer as object, principal, row);
  }

  /** One custom action on one record (inside the caller's transaction or savepoint). */
  /** `body` is parsed here, after the scoped read: another office's record is 404, whatever the body. */
  async function runAction(tx: Transaction, name: string, id: number, body: unknown, principal: Principal) {
    const action = actions[name];
    const row = await readScoped(tx, id, principal);
    checkWith(actionPermission(name), principal, row);
    const input = parseWith(action.input, body);
    const refusal = action.refuse?.(row);
    if (refusal) throw new HttpError(409, refusal);
    const current = await present(tx, row);
    await definition.authorizeWrite?.({
      tx,
      principal,
      operation: 'action',
      action: name,
      id,
      input: null,
      current,
    });
    const result = await action.run(tx, { id, row, current, input, principal });
    const after = await readOne(tx, id, null);
    const answer = after ? await present(tx, after) : null;
    await writeAudit(tx, principal, {
      entity,
      recordId: id,
      action: name,
      before: current as Record<string, unknown>,
      after: answer as Record<string, unknown> | null,
    });
    if (!after || !answer) return null;
    const allowed = withAllowed(answer as object, principal, after);
    return result ? { ...allowed, action_result: result } : allowed;
  }

  function actionOf(request: FastifyRequest): string {
    const name = (request.params as { action?: string }).action ?? '';
    if (!Object.hasOwn(actions, name)) throw notFound(messages.common.notFound);
    return name;
  }

  const authenticated = { preHandler: authenticate(context) };

  if (operations.has('list'))
    app.get(collectionPath, authenticated, async (request) => {
      const principal = principalOf(request);
      if (definition.answerQuery) {
        const answer = definition.answerQuery(request.query as Record<string, unknown>, principal);
        if (answer !== undefined) return answer;
      }
      checkBefore(permissionOf('list'), principal);
      checkWith(permissionOf('list'), principal, null);
      const { query, conditions } = await parseListQuery(request.query);
      const scope = await listScopeOf(context.db, principal);
      if (scope) conditions.push(scope);
      const where = conditions.length ? and(...conditions) : undefined;
      const order = orderingOf(query.ordering);
      // Page and count as separate statements (src/server/resources/listQuery.ts, issue 11).
      const cursor = typeof query.cursor === 'string' ? query.cursor : undefined;
      const page = await readOnly((reader) =>
        listPage<Record<string, unknown>>(reader, {
          table,
          selection,
          joins: definition.joins,
          where,
          order,
          offset: query.offset,
          limit: query.limit,
          cursor,
          exactLimit: exactLimitOf(request.query, context.config.listExactCountLimit),
        }),
      );
      const loaded = await withRelations(context.db, page.rows);
      const results = loaded.map((row) =>
        withAllowed(visible(principal, serialize(row)) as object, principal, row),
      );
      const links = page.cursors
        ? cursorLinks(request, query.limit, page.cursors)
        : pageLinks(request, query, page.count, page.hasNext);
      return tag({ count: page.count, count_kind: page.countKind, ...links, results }, 'list');
    });

  const { summary } = definition;
  if (operations.has('list') && summary)
    app.get(`${collectionPath}summary/`, authenticated, async (request) => {
      const principal = principalOf(request);
      checkBefore(permissionOf('list'), principal);
      checkWith(permissionOf('list'), principal, null);
      const { conditions } = await parseListQuery(request.query);
      const scope = await listScopeOf(context.db, principal);
      if (scope) conditions.push(scope);
      return readOnly((reader) =>
        summary(reader, conditions.length ? and(...conditions) : undefined, principal),
      );
    });

  if (operations.has('detail'))
    app.get(itemPath, authenticated, async (request) => {
      const principal = principalOf(request);
      checkBefore(permissionOf('detail'), principal);
      const id = idOf(request);
      const row = await readOnly((reader) => readScoped(reader, id, principal));
      checkWith(permissionOf('detail'), principal, row);
      const answer = visible(principal, await readOnly((reader) => present(reader, row)));
      return tag(withAllowed(answer as object, principal, row), 'show');
    });

  if (operations.has('create'))
    app.post(collectionPath, authenticated, async (request, reply) => {
      const principal = principalOf(request);
      checkBefore(permissionOf('create'), principal);
      const answer = await inTransaction('create', (tx) => write(tx, request.body, null, principal));
      return reply.status(201).send(tag(answer, 'create'));
    });

  if (operations.has('update'))
    app.put(itemPath, authenticated, async (request) => {
      const principal = principalOf(request);
      checkBefore(permissionOf('update'), principal);
      const id = idOf(request);
      const answer = await inTransaction('update', (tx) => write(tx, request.body, id, principal));
      return tag(answer, 'edit');
    });

  if (operations.has('remove'))
    app.delete(itemPath, authenticated, async (request, reply) => {
      const principal = principalOf(request);
      checkBefore(permissionOf('remove'), principal);
      const id = idOf(request);
      await inTransaction('remove', async (tx) => {
        const row = await readScoped(tx, id, principal);
        checkWith(permissionOf('remove'), principal, row);
        const current = await present(tx, row);
        await definition.authorizeWrite?.({ tx, principal, operation: 'remove', id, input: null, current });
        await definition.beforeRemove?.(tx, id, principal);
        await tx.delete(table).where(eq(table.id, id));
        await writeAudit(tx, principal, {
          entity,
          recordId: id,
          action: 'remove',
          before: current as Record<string, unknown>,
          after: null,
        });
      });
      if (definition.tagView) reply.header('x-view', 'remove');
      return reply.status(204).send();
    });

  if (hasActions) {
    app.post(`${contract.path}:id/actions/:action/`, authenticated, async (request, reply) => {
      const principal = principalOf(request);
      const name = actionOf(request);
      checkBefore(actionPermission(name), principal);
      const id = idOf(request);
      const body = request.body ?? {};
      const answer = await inTransaction('action', (tx) => runAction(tx, name, id, body, principal));
      // An action that removed its record answers 204, like a delete.
      return answer ? answer : reply.status(204).send();
    });

    app.post(`${contract.path}bulk/:action/`, authenticated, async (request) => {
      const principal = principalOf(request);
      const name = actionOf(request);
      checkBefore(actionPermission(name), principal);
      const { ids, ...payload } = parseWith(bulkActionRequestSchema, request.body);
      // Validated once for the whole request; each id's run parses it again after its scoped read.
      parseWith(actions[name].input, payload);
      const results = await inTransaction('action', async (tx) => {
        const outcome: ({ id: number; ok: true } | { id: number; ok: false; detail: string })[] = [];
        for (const id of [...new Set(ids)]) {
          try {
            // A savepoint per id: a refusal undoes that id's work only.
            await tx.transaction((savepoint) => runAction(savepoint, name, id, payload, principal));
            outcome.push({ id, ok: true });
          } catch (error) {
            const refusal = translate(error, 'action');
            if (refusal instanceof HttpError) outcome.push({ id, ok: false, detail: refusal.detail });
            else if (refusal instanceof FieldValidationError)
              outcome.push({ id, ok: false, detail: Object.values(refusal.fields).flat()[0] ?? '' });
            else throw refusal;
          }
        }
        return outcome;
      });
      return { results };
    });
  }

  // The history of this module's records is readable by whoever may read the record.
  let registry = historyRegistries.get(context);
  if (!registry) {
    registry = new Map();
    historyRegistries.set(context, registry);
  }
  registry.set(entity, {
    async assertMayRead(reader, principal, recordId) {
      const detail = permissionOf('detail');
      checkBefore(detail, principal);
      const id = /^\d{1,10}$/.test(recordId) ? Number(recordId) : 0;
      if (id < 1 || id > MAX_INT) throw notFound(messages.common.notFound);
      const row = await readOne(reader, id, principal);
      if (row) return checkWith(detail, principal, row);
      // A deleted record (or one outside the scope): only without a scope and with a
      // principal-level permission.
      if (scopeOf(principal) || (typeof detail === 'function' && !detail(principal, null)))
        throw notFound(messages.common.notFound);
    },
  });

  // The same list read path for the export engine (issue 12).
  let readers = listReaders.get(context);
  if (!readers) {
    readers = new Map();
    listReaders.set(context, readers);
  }
  readers.set(contract.path, {
    path: contract.path,
    resource: contract.resource,
    assertMayList(principal) {
      checkBefore(permissionOf('list'), principal);
      checkWith(permissionOf('list'), principal, null);
    },
    async whereOf(query, principal) {
      const { query: parsed, conditions } = await parseListQuery(query);
      const filtered = filterParams.some((param) => typeof query[param] === 'string' && query[param] !== '');
      const scope = await listScopeOf(context.db, principal);
      if (scope) conditions.push(scope);
      const order = orderingOf(parsed.ordering);
      return { where: conditions.length ? and(...conditions) : undefined, filtered, order };
    },
    async count(reader, where, cap) {
      const result = (await reader.execute(
        sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${cap}) as capped`,
      )) as unknown as { rows: { n: number | string }[] };
      return Number(result.rows[0]?.n ?? 0);
    },
    async ids(reader, where, order, cursor, size) {
      const { rows, next } = await keysetBatch<{ id: number }>(reader, {
        table,
        selection: { id: table.id },
        where,
        order,
        cursor,
        limit: size,
      });
      return { ids: rows.map((row) => row.id), next };
    },
    async batch(reader, where, order, cursor, size) {
      const { rows, next } = await keysetBatch(reader, {
        table,
        selection,
        joins: definition.joins,
        where,
        order,
        cursor,
        limit: size,
      });
      const loaded = await withRelations(reader, rows);
      return { next, entities: loaded.map((row) => serialize(row) as Record<string, unknown>) };
    },
  });
}

/** Registers many declarations (their types differ, so each keeps its own). */
export type ResourceRegistration = (app: FastifyInstance, context: AppContext) => void;

export function resource<
  C extends AnyContract,
  T extends TableWithId,
  E extends Extra,
  L extends Loaders,
  A extends ActionInputs,
>(definition: ResourceDefinition<C, T, E, L, A>): ResourceRegistration {
  return (app, context) => registerResource(app, context, definition);
}
