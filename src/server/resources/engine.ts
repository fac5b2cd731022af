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
 * Pasajeros does for create). Every write runs in one transaction; a list reads its page and
 * its count as two statements (./listQuery.ts, issue 11). Unique columns and bad
 * references answer field errors (`{field: [message]}`), never a 500.
 */
import { and, eq, getTableColumns, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type FieldErrors, listQuerySchema } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import type { Action, Resource } from '../../contracts/permissions';
import { type ResourceContract, SWITCH_VALUES } from '../../contracts/resources/fields';
import { authenticate, requirePermission } from '../auth/guard';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import { FieldValidationError, HttpError, notFound } from '../http/errors';
import { contains } from '../http/filters';
import { cursorLinks, pageLinks } from '../http/pagination';
import { idFromParams, parseWith } from '../http/validate';
import { listPage, parseOrdering } from './listQuery';

const text = messages.resources;

/** How one list query parameter becomes SQL. */
export type ServerFilter =
  /** Case-insensitive contains on any of the columns (OR). */
  | { kind: 'contains'; on: readonly (PgColumn | SQL)[] }
  /** Equality; `integer` parameters must be whole numbers. */
  | { kind: 'exact'; on: PgColumn; type: 'integer' | 'text' }
  /** A boolean switch: true, false or all (the contract gives the default). */
  | { kind: 'switch'; on: PgColumn }
  | { kind: 'custom'; build: (value: string) => SQL };

export type Operation = 'list' | 'detail' | 'create' | 'update' | 'remove';

type AnyContract = ResourceContract & { filters: Record<string, unknown>; ordering: readonly string[] };
type TableWithId = PgTable & { id: PgColumn };
type Extra = Record<string, SQL>;
type ExtraValues<E extends Extra> = { [K in keyof E]: E[K] extends SQL<infer U> ? U : never };

/** A row as the engine reads it: the table's columns plus the declaration's computed ones. */
export type ResourceRow<T extends TableWithId, E extends Extra> = T['$inferSelect'] & ExtraValues<E>;

export interface ResourceDefinition<C extends AnyContract, T extends TableWithId, E extends Extra> {
  contract: C;
  table: T;
  /** Computed columns read with each row (correlated subqueries for names of related rows). */
  extra?: E;
  serialize(row: ResourceRow<T, E>): z.input<C['entity']>;
  /** The write body (validated by the contract) as column values. */
  values(input: z.output<C['write']>): T['$inferInsert'];
  filters: { [K in keyof C['filters']]: ServerFilter };
  ordering: { [K in C['ordering'][number]]: PgColumn | SQL };
  /** Columns that must be unique, case-insensitively, and the field their error goes to. */
  unique?: readonly { column: PgColumn; field: string; message?: string }[];
  /** Database column -> API field, for errors the database raises (default: without `_id`). */
  fieldOfColumn?: Record<string, string>;
  /**
   * Permission overrides; reads default to `{resource}/view`, writes to `{resource}/add`.
   * `'authenticated'` lets any signed-in user through (reference data everyone needs).
   */
  permissions?: Partial<Record<Operation, { resource: Resource; action: Action } | 'authenticated'>>;
  /**
   * Runs inside the write's transaction before the insert or update (`id` null on create); may
   * throw FieldValidationError and may answer extra column values.
   */
  beforeWrite?(
    tx: Transaction,
    input: z.output<C['write']>,
    id: number | null,
  ): Promise<Partial<T['$inferInsert']> | undefined>;
  /** Sperta: answers carry `view` (show, list, create, edit; remove as the x-view header). */
  tagView?: boolean;
}

/** Declares a module; the types tie the serializer, filters and ordering to its contract. */
export function defineResource<
  C extends AnyContract,
  T extends TableWithId,
  E extends Extra = Record<never, SQL>,
>(definition: ResourceDefinition<C, T, E>): ResourceDefinition<C, T, E> {
  return definition;
}

/** A filter on a foreign key: contains on a column of the referenced table. */
export function containsVia(foreignKey: PgColumn, targetId: PgColumn, targetColumn: PgColumn) {
  return (value: string): SQL =>
    inArray(
      foreignKey,
      sql`(select ${targetId} from ${targetId.table} where ${contains(targetColumn, value)})`,
    );
}

const MAX_INT = 2_147_483_647;
/** What a read needs: a database handle or a transaction. */
type Reader = Pick<Database, 'select' | 'execute'>;
const idOf = (request: FastifyRequest) => idFromParams(request.params);

interface PgErrorLike {
  code: string;
  detail?: string;
  constraint?: string;
}

/** The PostgreSQL error under drizzle's wrapper (node-postgres and PGlite alike). */
export function pgErrorOf(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate as PgErrorLike;
    current = candidate.cause;
  }
  return null;
}

function fieldError(field: string, message: string): FieldValidationError {
  return new FieldValidationError({ [field]: [message] } satisfies FieldErrors);
}

export function registerResource<C extends AnyContract, T extends TableWithId, E extends Extra>(
  app: FastifyInstance,
  context: AppContext,
  definition: ResourceDefinition<C, T, E>,
): void {
  const { contract, table } = definition;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const selection = { ...columns, ...(definition.extra ?? {}) };
  const keyOfColumn = new Map(Object.entries(columns).map(([key, column]) => [column, key]));
  const hasUpdatedAt = 'updatedAt' in columns;
  const collectionPath = contract.path;
  const itemPath = `${contract.path}:id/`;

  const permission = (operation: Operation) => {
    const override = definition.permissions?.[operation];
    if (override === 'authenticated') return [authenticate(context)];
    if (override) return requirePermission(context, override.resource, override.action);
    const action: Action = operation === 'list' || operation === 'detail' ? 'view' : 'add';
    return requirePermission(context, contract.resource, action);
  };

  const filterParams = Object.keys(contract.filters);
  const querySchema = listQuerySchema.extend({
    ...Object.fromEntries(filterParams.map((param) => [param, z.string().trim().max(200).optional()])),
    cursor: z.string().max(2000).optional(),
  });
  const serialize = (row: unknown) => definition.serialize(row as ResourceRow<T, E>);
  const tag = <B extends object>(body: B, view: string): B => (definition.tagView ? { ...body, view } : body);

  function conditionsOf(query: Record<string, unknown>): SQL[] {
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
          if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INT)
            throw fieldError(param, text.invalidInteger);
          conditions.push(eq(filter.on, Number(value)));
        } else conditions.push(eq(filter.on, value));
      } else if (filter.kind === 'switch') {
        const normalized = value.toLowerCase();
        if (!(SWITCH_VALUES as readonly string[]).includes(normalized))
          throw fieldError(param, text.invalidSwitch);
        if (normalized !== 'all') conditions.push(eq(filter.on, normalized === 'true'));
      } else conditions.push(filter.build(value));
    }
    return conditions;
  }

  async function readOne(tx: Reader, id: number) {
    const [row] = await tx
      .select(selection)
      .from(table as PgTable)
      .where(eq(table.id, id));
    return row;
  }

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

  /** Database errors of a write as field errors (unique, foreign key) or a Spanish detail. */
  function translate(error: unknown, operation: Operation): unknown {
    const pgError = pgErrorOf(error);
    if (!pgError) return error;
    const column = /Key \(([a-z_]+)\)/.exec(pgError.detail ?? '')?.[1];
    // 23001: ON DELETE RESTRICT; 23503: a foreign key (a missing reference, or in use on delete).
    if (pgError.code === '23001') return new HttpError(409, text.inUse);
    if (pgError.code === '23503') {
      if (operation === 'remove') return new HttpError(409, text.inUse);
      return column
        ? fieldError(fieldOfDbColumn(column), text.referenceMissing)
        : new HttpError(400, text.referenceMissing);
    }
    if (pgError.code === '23505')
      return column
        ? fieldError(fieldOfDbColumn(column), text.duplicate)
        : new HttpError(400, text.duplicate);
    if (pgError.code === '22003' || pgError.code === '22001' || pgError.code === '22008')
      return new HttpError(400, text.outOfRange);
    return error;
  }

  async function inTransaction<R>(operation: Operation, work: (tx: Transaction) => Promise<R>): Promise<R> {
    try {
      return await context.db.transaction(work);
    } catch (error) {
      throw translate(error, operation);
    }
  }

  /** Runs a read outside a transaction. */
  function readOnly<R>(work: (reader: Reader) => Promise<R>): Promise<R> {
    return work(context.db);
  }

  async function write(tx: Transaction, body: unknown, id: number | null) {
    const input = parseWith(contract.write, body) as z.output<C['write']>;
    const extra = (await definition.beforeWrite?.(tx, input, id)) ?? {};
    const values = { ...definition.values(input), ...extra } as Record<string, unknown>;
    await checkUnique(tx, values, id);
    if (id === null) {
      const [created] = await tx
        .insert(table)
        .values(values as PgInsertValue<T>)
        .returning({ id: table.id });
      return readOne(tx, created.id as number);
    }
    const changes = hasUpdatedAt ? { ...values, updatedAt: new Date() } : values;
    await tx
      .update(table)
      .set(changes as PgUpdateSetSource<T>)
      .where(eq(table.id, id));
    return readOne(tx, id);
  }

  app.get(collectionPath, { preHandler: permission('list') }, async (request) => {
    const query = parseWith(querySchema, request.query) as z.infer<typeof listQuerySchema> &
      Record<string, unknown>;
    const conditions = conditionsOf(query);
    const where = conditions.length ? and(...conditions) : undefined;
    // Page and count as separate statements (src/server/resources/listQuery.ts, issue 11).
    const order = parseOrdering(
      query.ordering,
      contract.defaultOrdering,
      definition.ordering as Record<string, PgColumn | SQL>,
      table.id,
    );
    const cursor = typeof query.cursor === 'string' ? query.cursor : undefined;
    const page = await readOnly((reader) =>
      listPage<Record<string, unknown>>(reader, {
        table,
        selection,
        where,
        order,
        offset: query.offset,
        limit: query.limit,
        cursor,
        exactLimit: context.config.listExactCountLimit,
      }),
    );
    const links = page.cursors
      ? cursorLinks(request, query.limit, page.cursors)
      : pageLinks(request, query, page.count, page.hasNext);
    return tag(
      { count: page.count, count_kind: page.countKind, ...links, results: page.rows.map(serialize) },
      'list',
    );
  });

  app.get(itemPath, { preHandler: permission('detail') }, async (request) => {
    const id = idOf(request);
    const row = await readOnly((tx) => readOne(tx, id));
    if (!row) throw notFound(messages.common.notFound);
    return tag(serialize(row) as object, 'show');
  });

  app.post(collectionPath, { preHandler: permission('create') }, async (request, reply) => {
    const row = await inTransaction('create', (tx) => write(tx, request.body, null));
    return reply.status(201).send(tag(serialize(row) as object, 'create'));
  });

  app.put(itemPath, { preHandler: permission('update') }, async (request) => {
    const id = idOf(request);
    const row = await inTransaction('update', async (tx) => {
      if (!(await readOne(tx, id))) throw notFound(messages.common.notFound);
      return write(tx, request.body, id);
    });
    return tag(serialize(row) as object, 'edit');
  });

  app.delete(itemPath, { preHandler: permission('remove') }, async (request, reply) => {
    const id = idOf(request);
    const deleted = await inTransaction('remove', (tx) =>
      tx.delete(table).where(eq(table.id, id)).returning({ id: table.id }),
    );
    if (!deleted.length) throw notFound(messages.common.notFound);
    if (definition.tagView) reply.header('x-view', 'remove');
    return reply.status(204).send();
  });
}

/** Registers many declarations (their types differ, so each keeps its own). */
export type ResourceRegistration = (app: FastifyInstance, context: AppContext) => void;

export function resource<C extends AnyContract, T extends TableWithId, E extends Extra>(
  definition: ResourceDefinition<C, T, E>,
): ResourceRegistration {
  return (app, context) => registerResource(app, context, definition);
}
