/**
 * The engine's declaration types (issue 3; split out of engine.ts by issue 29): what a module
 * declares — its contract, table, serializer, filters, ordering, ownership, permissions, hooks
 * and actions — and the small helpers a declaration uses (`defineResource`, `loader`, `anyOf`).
 * Nothing here runs a query; ./reading.ts, ./writing.ts and ./actions.ts do.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { type Action, can, type Resource } from '../../../contracts/permissions';
import type { ResourceContract } from '../../../contracts/resources/fields';
import type { Ownership } from '../../auth/officeScope';
import type { Principal } from '../../auth/principal';
import type { Database, Transaction } from '../../db/client';
import type { RowJoin } from '../listQuery';

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
export const ALL_OPERATIONS: readonly Operation[] = ['list', 'detail', 'create', 'update', 'remove'];

export type AnyContract = ResourceContract & {
  filters: Record<string, unknown>;
  ordering: readonly string[];
};
export type TableWithId = PgTable & { id: PgColumn };
export type Extra = Record<string, SQL | PgColumn>;
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
export type Loaders = Record<string, Loader<unknown>>;

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

export type ActionInputs = Record<string, z.ZodType>;

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
