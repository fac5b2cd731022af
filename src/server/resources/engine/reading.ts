/**
 * The engine's reads (issue 29): ONE list pipeline — parse the query, its filter conditions, the
 * principal's office scope, the ordering — used by the list, its summary and the list reader the
 * exports and the reservations CSV walk. A page is read by ../listQuery.ts (page and count as two
 * statements); a capped count is `countStatement`, written once there.
 */
import { and, eq, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { CountKind } from '../../../contracts/engine';
import { type FieldErrors, listQuerySchema } from '../../../contracts/http';
import { messages } from '../../../contracts/messages';
import { SWITCH_VALUES } from '../../../contracts/resources/fields';
import type { Principal } from '../../auth/principal';
import { FieldValidationError } from '../../http/errors';
import { contains } from '../../http/filters';
import { assertStorable, zodIssuesToFieldErrors } from '../../http/validate';
import {
  countStatement,
  exactLimitOf,
  keysetBatch,
  listPage,
  type OrderTerm,
  parseOrdering,
} from '../listQuery';
import type { Reader, ServerFilter } from './definition';
import type { AnyEntity, ResourceModel } from './model';
import type { ResourceListReader } from './registry';

const text = messages.resources;
const MAX_INT = 2_147_483_647;

/** The list query as parsed: paging, ordering and the filter parameters (strings). */
export type ListQuery = z.infer<typeof listQuerySchema> & Record<string, unknown>;

/** What the pipeline makes of a list query for a principal. */
export interface ListSelection {
  query: ListQuery;
  /** Filter conditions and the principal's scope. */
  where: SQL | undefined;
  /** The query carries a filter parameter. */
  filtered: boolean;
}

/** One page of a list, as the service answers it (the HTTP adapter adds the links). */
export interface ListResult<Entity = AnyEntity> {
  count: number;
  countKind: CountKind;
  results: Entity[];
  /** The query's offset and limit (offset paging's links). */
  offset: number;
  limit: number;
  /** Offset paging: rows follow this page. */
  hasNext: boolean;
  /** Keyset paging: the neighbouring pages' cursors. */
  cursors?: { next: string | null; previous: string | null };
}

export interface ListPipeline {
  /** Throws 403 as the list route does. */
  assertMayList(principal: Principal): void;
  /** Parse, conditions, scope; every bad parameter answered at once as field errors. */
  select(raw: unknown, principal: Principal): Promise<ListSelection>;
  /** The query's `ordering` as terms (text by its Spanish sort key, id last); 400 when unknown. */
  orderOf(requested: string | undefined): OrderTerm[];
  list(principal: Principal, raw: unknown): Promise<ListResult>;
  summary(principal: Principal, raw: unknown): Promise<unknown>;
  reader: ResourceListReader;
}

export function listPipelineOf(model: ResourceModel): ListPipeline {
  const { context, definition, contract, table } = model;
  const filterParams = Object.keys(contract.filters);
  const querySchema = listQuerySchema.extend({
    ...Object.fromEntries(filterParams.map((param) => [param, z.string().trim().max(200).optional()])),
    cursor: z.string().max(2000).optional(),
  });

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

  function assertMayList(principal: Principal) {
    model.checkBefore(model.permissionOf('list'), principal);
    model.checkWith(model.permissionOf('list'), principal, null);
  }

  async function select(raw: unknown, principal: Principal): Promise<ListSelection> {
    assertStorable(raw);
    const parsed = querySchema.safeParse(raw);
    const errors: FieldErrors = parsed.success ? {} : zodIssuesToFieldErrors(parsed.error.issues);
    const rawQuery = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const conditions = await conditionsOf(parsed.success ? parsed.data : rawQuery, errors);
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
    const scope = await model.listScopeOf(context.db, principal);
    if (scope) conditions.push(scope);
    const filtered = filterParams.some(
      (param) => typeof rawQuery[param] === 'string' && rawQuery[param] !== '',
    );
    return {
      query: parsed.data as ListQuery,
      where: conditions.length ? and(...conditions) : undefined,
      filtered,
    };
  }

  function orderOf(requested: string | undefined) {
    // `id` is always a valid ordering (the modules whose contract declares no sortable field).
    const known = { id: table.id, ...definition.ordering } as Record<string, PgColumn | SQL>;
    return parseOrdering(requested, contract.defaultOrdering, known, table.id);
  }

  async function list(principal: Principal, raw: unknown): Promise<ListResult> {
    assertMayList(principal);
    const { query, where } = await select(raw, principal);
    const order = orderOf(query.ordering);
    const cursor = typeof query.cursor === 'string' ? query.cursor : undefined;
    const page = await listPage<Record<string, unknown>>(context.db, {
      table,
      selection: model.selection,
      joins: definition.joins,
      where,
      order,
      offset: query.offset,
      limit: query.limit,
      cursor,
      exactLimit: exactLimitOf(raw, context.config.listExactCountLimit),
    });
    const loaded = await model.withRelations(context.db, page.rows);
    const results = loaded.map((row) =>
      model.withAllowed(model.visible(principal, model.serialize(row)), principal, row),
    );
    return {
      count: page.count,
      countKind: page.countKind,
      results,
      offset: query.offset,
      limit: query.limit,
      hasNext: page.hasNext,
      ...(page.cursors ? { cursors: page.cursors } : {}),
    };
  }

  const { summary } = definition;
  async function summaryOf(principal: Principal, raw: unknown): Promise<unknown> {
    if (!summary) throw new Error(`${contract.path}: no summary declared`);
    assertMayList(principal);
    const { where } = await select(raw, principal);
    return summary(context.db, where, principal);
  }

  const reader: ResourceListReader = {
    path: contract.path,
    resource: contract.resource,
    assertMayList,
    async whereOf(query, principal) {
      const { query: parsed, where, filtered } = await select(query, principal);
      return { where, filtered, order: orderOf(parsed.ordering) };
    },
    async count(db: Reader, where, cap) {
      // At most `cap` rows: the list's capped count statement, counting `cap - 1 + 1`.
      const result = (await db.execute(countStatement(table, where, cap - 1))) as unknown as {
        rows: { n: number | string }[];
      };
      return Number(result.rows[0]?.n ?? 0);
    },
    async ids(db, where, order, cursor, size) {
      const { rows, next } = await keysetBatch<{ id: number }>(db, {
        table,
        selection: { id: table.id },
        where,
        order,
        cursor,
        limit: size,
      });
      return { ids: rows.map((row) => row.id), next };
    },
    async batch(db, where, order, cursor, size) {
      const { rows, next } = await keysetBatch(db, {
        table,
        selection: model.selection,
        joins: definition.joins,
        where,
        order,
        cursor,
        limit: size,
      });
      const loaded = await model.withRelations(db, rows);
      return { next, entities: loaded.map((row) => model.serialize(row)) };
    },
  };

  return { assertMayList, select, orderOf, list, summary: summaryOf, reader };
}
