/**
 * A declaration made ready to run (issue 29): its selection, its permissions resolved once, the
 * checks, the office scope, and how one record is read and presented. Reading, writing, actions,
 * the service and the HTTP routes all take this one model, so none of them can read a record
 * outside the scope or skip a permission another one checks.
 */
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { historyEntityOf } from '../../../contracts/engine';
import { messages } from '../../../contracts/messages';
import { listRowScopeOf, rowScopeOf } from '../../auth/officeScope';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { joined } from '../listQuery';
import {
  type ActionInputs,
  ALL_OPERATIONS,
  type AnyContract,
  allows,
  type Extra,
  type Loader,
  type Loaders,
  type Operation,
  type Permission,
  type Reader,
  type ResourceAction,
  type ResourceDefinition,
  type ResourceRow,
  type TableWithId,
} from './definition';

/** Any declaration, its types erased: the engine's internals work on these (one cast, at registration). */
export type AnyDefinition = ResourceDefinition<AnyContract, TableWithId, Extra, Loaders, ActionInputs>;
/** A row as the engine reads it, its types erased. */
export type AnyRow = ResourceRow<TableWithId, Extra, Loaders>;
/** An answer as the API sends it, its types erased. */
export type AnyEntity = Record<string, unknown>;

export interface ResourceModel {
  context: AppContext;
  definition: AnyDefinition;
  contract: AnyContract;
  table: TableWithId;
  /** The history entity (`zone`, `voucher`...). */
  entity: string;
  operations: ReadonlySet<Operation>;
  /** The columns and computed columns of a row. */
  selection: Record<string, PgColumn | SQL>;
  keyOfColumn: ReadonlyMap<PgColumn, string>;
  hasUpdatedAt: boolean;
  actions: Readonly<Record<string, ResourceAction<AnyRow, AnyEntity, z.ZodType>>>;
  hasActions: boolean;
  permissionOf(operation: Operation): Permission<AnyRow>;
  /** The action's permission; throws 404 for an action the module does not declare. */
  actionPermission(name: string): Permission<AnyRow>;
  /** Fixed permissions, checked before anything is read (403). */
  checkBefore(permission: Permission<AnyRow>, principal: Principal): void;
  /** Predicates, checked with the record (null for lists and creates; 403). */
  checkWith(permission: Permission<AnyRow>, principal: Principal, row: AnyRow | null): void;
  serialize(row: AnyRow): AnyEntity;
  /** What of a read answer this principal may see (the declaration's `redact`). */
  visible(principal: Principal, answer: AnyEntity): AnyEntity;
  /** The row scope of one record (undefined: every row). */
  scopeOf(principal: Principal): SQL | undefined;
  /** The row scope of a list (the office tree resolved to ids first). */
  listScopeOf(reader: Reader, principal: Principal): Promise<SQL | undefined>;
  withRelations(reader: Reader, rows: readonly object[]): Promise<AnyRow[]>;
  /** One record, inside the principal's scope when given (null: every record). */
  readOne(reader: Reader, id: number, principal: Principal | null): Promise<AnyRow | undefined>;
  /** One record inside the principal's scope; 404 outside it. */
  readScoped(reader: Reader, id: number, principal: Principal): Promise<AnyRow>;
  /** The record as the API answers it (the nested detail when declared). */
  present(reader: Reader, row: AnyRow): Promise<AnyEntity>;
  /** The answer with `allowed_actions` set (modules with actions). */
  withAllowed(answer: AnyEntity, principal: Principal, row: AnyRow): AnyEntity;
}

export function modelOf(context: AppContext, definition: AnyDefinition): ResourceModel {
  const { contract, table } = definition;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const selection = { ...columns, ...(definition.extra ?? {}) };
  const operations = new Set(definition.operations ?? ALL_OPERATIONS);
  const actions = (definition.actions ?? {}) as unknown as Record<
    string,
    ResourceAction<AnyRow, AnyEntity, z.ZodType>
  >;
  const hasActions = Object.keys(actions).length > 0;
  if ((operations.has('create') || operations.has('update')) && !definition.values)
    throw new Error(`${contract.path}: a module with writes declares values()`);

  // Each operation's and action's permission, resolved once (a list asks them for every row).
  const permissions = new Map<Operation, Permission<AnyRow>>(
    ALL_OPERATIONS.map((operation): [Operation, Permission<AnyRow>] => [
      operation,
      definition.permissions?.[operation] ?? {
        resource: contract.resource,
        action: operation === 'list' || operation === 'detail' ? 'view' : 'add',
      },
    ]),
  );
  const permissionOf = (operation: Operation) => permissions.get(operation) as Permission<AnyRow>;
  const actionPermissions = new Map<string, Permission<AnyRow>>(
    Object.entries(actions).map(([name, action]) => [
      name,
      action.permission ?? { resource: contract.resource, action: 'add' },
    ]),
  );
  const actionPermission = (name: string): Permission<AnyRow> => {
    const permission = Object.hasOwn(actions, name) ? actionPermissions.get(name) : undefined;
    if (!permission) throw notFound(messages.common.notFound);
    return permission;
  };

  function checkBefore(permission: Permission<AnyRow>, principal: Principal) {
    if (typeof permission !== 'function' && !allows(permission, principal, null))
      throw forbidden(messages.common.forbidden);
  }
  function checkWith(permission: Permission<AnyRow>, principal: Principal, row: AnyRow | null) {
    if (typeof permission === 'function' && !permission(principal, row))
      throw forbidden(messages.common.forbidden);
  }

  const serialize = (row: AnyRow) => definition.serialize(row as never) as AnyEntity;
  const scopeOf = (principal: Principal) => rowScopeOf(definition.ownership, principal);

  async function withRelations(reader: Reader, rows: readonly object[]): Promise<AnyRow[]> {
    const loaders = Object.entries(definition.relations ?? {}) as [string, Loader<unknown>][];
    const idOfRow = (row: object) => (row as { id: number }).id;
    if (!loaders.length || !rows.length) return rows as AnyRow[];
    const ids = rows.map(idOfRow);
    const loaded: [string, ReadonlyMap<number, unknown>][] = [];
    // One after the other: inside a transaction they share one connection.
    for (const [name, load] of loaders) loaded.push([name, await load(reader, ids)]);
    return rows.map((row) => {
      const attached: Record<string, unknown> = { ...row };
      for (const [name, values] of loaded) attached[name] = values.get(idOfRow(row));
      return attached as AnyRow;
    });
  }

  async function readOne(reader: Reader, id: number, principal: Principal | null) {
    const scope = principal ? scopeOf(principal) : undefined;
    const [row] = await joined(
      reader
        .select(selection)
        .from(table as PgTable)
        .$dynamic(),
      definition.joins,
    ).where(scope ? and(eq(table.id, id), scope) : eq(table.id, id));
    if (!row) return undefined;
    const [withLoaded] = await withRelations(reader, [row]);
    return withLoaded;
  }

  async function readScoped(reader: Reader, id: number, principal: Principal) {
    const row = await readOne(reader, id, principal);
    if (!row) throw notFound(messages.common.notFound);
    return row;
  }

  const writeOperations = (['update', 'remove'] as const).filter((operation) => operations.has(operation));
  const actionEntries = Object.entries(actions);
  const offerEntries = Object.entries(definition.offers ?? {}) as [string, Permission<AnyRow>][];
  function allowedActionsOf(principal: Principal, row: AnyRow): string[] {
    const allowed: string[] = [];
    for (const operation of writeOperations)
      if (allows(permissionOf(operation), principal, row)) allowed.push(operation);
    for (const [name, action] of actionEntries)
      if (allows(actionPermission(name), principal, row) && !action.refuse?.(row)) allowed.push(name);
    for (const [name, permission] of offerEntries)
      if (!allowed.includes(name) && allows(permission, principal, row)) allowed.push(name);
    return allowed;
  }

  return {
    context,
    definition,
    contract,
    table,
    entity: historyEntityOf(contract.path),
    operations,
    selection,
    keyOfColumn: new Map(Object.entries(columns).map(([key, column]) => [column, key])),
    hasUpdatedAt: 'updatedAt' in columns,
    actions,
    hasActions,
    permissionOf,
    actionPermission,
    checkBefore,
    checkWith,
    serialize,
    visible: (principal, answer) =>
      definition.redact ? (definition.redact(principal, answer as never) as AnyEntity) : answer,
    scopeOf,
    listScopeOf: (reader, principal) => listRowScopeOf(reader, definition.ownership, principal),
    withRelations,
    readOne,
    readScoped,
    present: async (reader, row) =>
      (definition.detail ? await definition.detail(reader, row as never) : serialize(row)) as AnyEntity,
    // The answer is the one this request serialized, so the key is set on it rather than on a
    // copy (a list page copied every row for it).
    withAllowed: (answer, principal, row) => {
      if (hasActions)
        (answer as { allowed_actions?: string[] }).allowed_actions = allowedActionsOf(principal, row);
      return answer;
    },
  };
}
