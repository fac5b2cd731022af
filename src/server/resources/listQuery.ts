/**
 * The engine's list read path (issue 11): a page and a count as two statements.
 *
 * - Page: `select <ids and ordering keys> ... order by ... limit n+1 offset k` (one more row than
 *   asked tells whether a next page exists without counting), then the page's rows by id (their
 *   columns, joined names and computed columns) from a named statement PostgreSQL plans once per
 *   connection. A deep offset walks an index of ids, never the rows. The planner picks the index
 *   that fits the filter and ordering: the primary key for `-id`, a trigram index for a selective
 *   contains filter, a b-tree for an exact one. Exports read the same page as one statement (a
 *   deferred join: the ids as a subquery joined back to the table).
 * - Keyset ('cursor') paging: with `cursor` in the query, the page starts after (or before) the
 *   ordering keys of a row the previous answer named, so inserts never shift it; `offset`/`limit`
 *   keep working for the API.
 * - Count: a last page at a known position (offset, or the first keyset page) counts itself.
 *   Otherwise exact while at most `exactLimit` rows match (`select count(*) from (select 1 ... limit
 *   exactLimit+1)`). Past it, without a filter, the planner's estimate of the table's rows
 *   (`count_kind: 'estimate'`); with a filter, the cap itself (`count_kind: 'capped'`: more than
 *   `count` rows match). Non-exact counts are kept per filter, since they answer 'more than
 *   10,000' or 'about a million' and cost a scan of 10,001 rows to learn again: the count goes on
 *   past the cap by a margin (`countMarginOf`, a tenth of it), and the answer is kept while the
 *   rows removed from its table since (counted by migration 0040's announcements) fit in what it
 *   counted past the cap; inserts never make 'more than' false.
 * - Deep offsets (`offset` ≥ `ANCHOR_FROM`): a B-tree cannot skip half a million entries without
 *   walking them (≈ 30 ms at offset 500,000 on a million rows). The walk is done once per filter
 *   and ordering, and what it learns is kept as anchors: the ordering keys of every
 *   `ANCHOR_STEP`-th row. A deep page then starts strictly after the nearest anchor and skips
 *   fewer than `ANCHOR_STEP` rows.
 * - Anchors, remembered lookups and non-exact counts are kept per table in
 *   src/server/cache/tableMemory.ts: dropped on every instance when the database announces a
 *   change of their table (migration 0028), whoever wrote it; served at most `UNHEARD_BOUND_MS`
 *   while that feed is not heard. `?count=exact` asks for the exact count (`exactLimitOf`).
 */
import { createHash } from 'node:crypto';
import {
  asc,
  desc,
  eq,
  fillPlaceholders,
  getTableName,
  is,
  or,
  SQL,
  type SQLWrapper,
  Subquery,
  sql,
} from 'drizzle-orm';
import { PgColumn, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { type CountKind, EXACT_COUNT_PARAM, EXACT_COUNT_VALUE } from '../../contracts/engine';
import { messages } from '../../contracts/messages';
import {
  ANNOUNCED_TABLES,
  changeMark,
  type RemovalMark,
  removalMark,
  removalsSince,
  TableMemory,
  tableChanged,
  tableChangedSince,
} from '../cache/tableMemory';
import { arrayRows, type Database } from '../db/client';
import { spanishSortKey } from '../db/schema/reference';
import { FieldValidationError, HttpError, pgErrorOf } from '../http/errors';

/** Past this many matching rows a list answers a capped count or an estimate. */
export const DEFAULT_EXACT_COUNT_LIMIT = 10_000;

type Reader = Pick<Database, 'select' | 'execute'>;
type TableWithId = PgTable & { id: PgColumn };

export interface OrderTerm {
  expression: PgColumn | SQL;
  descending: boolean;
  /** Never null (a NOT NULL column): a keyset page may then start with a range on it. */
  notNull?: boolean;
}

const TEXT_COLUMNS = new Set(['PgText', 'PgVarchar', 'PgChar']);

/**
 * What a declared ordering sorts by: a text column by its Spanish sort key ('Álvarez' among the
 * A's, 'ñ' after 'n'; migration 0020, issue 18), anything else as it is. A computed text (a joined
 * name) is declared as `spanishSortKey(sql\`...\`)` by its module.
 */
export function orderKeyOf(expression: PgColumn | SQL): PgColumn | SQL {
  return is(expression, PgColumn) && TEXT_COLUMNS.has(expression.columnType)
    ? spanishSortKey(expression)
    : expression;
}

/**
 * `ordering=-a,b` as terms over the declared orderable fields, `id` added last so the order is
 * total (a stable page boundary for offsets and cursors). The added `id` runs in the direction of
 * the first term, so one `(column, id)` index serves a column in both directions (forwards and
 * backwards) and no sorted screen sorts a large table (issue 11).
 */
export function parseOrdering(
  requested: string | undefined,
  defaultOrdering: string,
  known: Record<string, PgColumn | SQL>,
  id: PgColumn,
): OrderTerm[] {
  const terms = (requested?.trim() || defaultOrdering).split(',').map((term) => term.trim());
  const order: OrderTerm[] = [];
  for (const term of terms) {
    const descending = term.startsWith('-');
    const field = descending ? term.slice(1) : term;
    if (!Object.hasOwn(known, field))
      throw new FieldValidationError({ ordering: [messages.resources.invalidOrdering] });
    const declared = known[field];
    order.push({
      expression: orderKeyOf(declared),
      descending,
      notNull: is(declared, PgColumn) && declared.notNull,
    });
  }
  if (!terms.some((term) => term.replace(/^-/, '') === 'id'))
    order.push({ expression: id, descending: order[0]?.descending ?? false, notNull: true });
  return order;
}

type KeyValue = string | number | boolean | null;
interface Cursor {
  /** The ordering keys of the row the page starts after ('n') or before ('p'). */
  keys: KeyValue[];
  direction: 'n' | 'p';
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.direction, ...cursor.keys])).toString('base64url');
}

function invalidCursor(): FieldValidationError {
  return new FieldValidationError({ cursor: [messages.resources.invalidCursor] });
}

export function decodeCursor(token: string, terms: number): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== terms + 1) throw invalidCursor();
  const [direction, ...keys] = parsed as unknown[];
  if (direction !== 'n' && direction !== 'p') throw invalidCursor();
  for (const key of keys) {
    const ok =
      key === null ||
      typeof key === 'boolean' ||
      (typeof key === 'number' && Number.isFinite(key)) ||
      (typeof key === 'string' && key.length <= 300 && !key.includes('\u0000'));
    if (!ok) throw invalidCursor();
  }
  return { direction, keys: keys as KeyValue[] };
}

/**
 * Rows strictly after `keys` in the order of `terms` (PostgreSQL's defaults: nulls last when
 * ascending, first when descending), as `(a > x) or (a = x and b > y) or ...`.
 */
function after(terms: OrderTerm[], keys: KeyValue[]): SQL {
  const strictly = (term: OrderTerm, value: KeyValue): SQL => {
    const e = term.expression;
    if (!term.descending) return value === null ? sql`false` : sql`(${e} > ${value} or ${e} is null)`;
    return value === null ? sql`${e} is not null` : sql`${e} < ${value}`;
  };
  const equal = (term: OrderTerm, value: KeyValue): SQL =>
    value === null ? sql`${term.expression} is null` : sql`${term.expression} = ${value}`;
  const alternatives = terms.map((term, index) => {
    const prefix = terms.slice(0, index).map((previous, at) => equal(previous, keys[at]));
    return sql.join([...prefix, strictly(term, keys[index])], sql` and `);
  });
  // The same rows, with a range on the leading key an index can start from (otherwise every page
  // would walk the index from its first entry): sound only when that key is never null.
  const [lead] = terms;
  const start = keys[0];
  if (lead?.notNull && start !== null && start !== undefined) {
    const range = lead.descending ? sql`${lead.expression} <= ${start}` : sql`${lead.expression} >= ${start}`;
    return sql`(${range} and (${or(...alternatives)}))`;
  }
  return sql`(${or(...alternatives)})`;
}

function reversed(terms: OrderTerm[]): OrderTerm[] {
  return terms.map((term) => ({ ...term, descending: !term.descending }));
}

const orderBy = (terms: OrderTerm[]) =>
  terms.map((term) => (term.descending ? desc(term.expression) : asc(term.expression)));

/**
 * A table joined (left) to every row the engine reads, for the names a row shows (a voucher's
 * office and product): `table` is an alias, `on` its condition. Its columns go in the selection.
 */
export interface RowJoin {
  table: PgTable;
  on: SQL;
}

/** `query` with `joins` left-joined. */
export function joined<Q extends { leftJoin(table: PgTable, on: SQL): unknown }>(
  query: Q,
  joins: readonly RowJoin[] | undefined,
): Q {
  let result = query;
  for (const join of joins ?? []) result = result.leftJoin(join.table, join.on) as Q;
  return result;
}

export interface ListRequest {
  table: TableWithId;
  /** The columns (and computed columns) a row of the answer carries. */
  selection: Record<string, PgColumn | SQL | SQL.Aliased>;
  /** Tables whose columns the selection names (joined to the page's rows only). */
  joins?: readonly RowJoin[];
  where: SQL | undefined;
  order: OrderTerm[];
  offset: number;
  limit: number;
  /** Keyset paging: '' for the first page, or a cursor from a previous answer. */
  cursor?: string;
  exactLimit?: number;
}

export interface ListPage<R> {
  rows: R[];
  count: number;
  countKind: CountKind;
  /** Offset paging: whether rows follow this page. */
  hasNext: boolean;
  /** Keyset paging only: the cursors of the neighbouring pages (null at either end). */
  cursors?: { next: string | null; previous: string | null };
}

const KEY = '__key';
const ROW_ID = '__row_id';

/** `a desc, b asc, ...`: the terms as an ORDER BY list. */
const orderClause = (terms: OrderTerm[]): SQL =>
  sql.join(
    terms.map((term) => (term.descending ? sql`${term.expression} desc` : sql`${term.expression} asc`)),
    sql`, `,
  );

/** The ordering keys as the columns `__key0, __key1, ...`. */
const keyColumnsOf = (terms: OrderTerm[]): SQL =>
  sql.join(
    terms.map((term, index) => sql`${term.expression} as ${sql.identifier(`${KEY}${index}`)}`),
    sql`, `,
  );

/** Where a page starts and how it is ordered: after a cursor or an anchor, reversed for 'p'. */
function pagePlan(request: ListRequest, anchorKeys?: KeyValue[]) {
  const keyset = request.cursor !== undefined;
  const cursor = keyset && request.cursor ? decodeCursor(request.cursor, request.order.length) : null;
  const order = cursor?.direction === 'p' ? reversed(request.order) : request.order;
  const startAfter = cursor?.keys ?? anchorKeys;
  const conditions = [request.where, startAfter ? after(order, startAfter) : undefined].filter(
    (condition): condition is SQL => condition !== undefined,
  );
  const pageWhere = conditions.length ? sql.join(conditions, sql` and `) : undefined;
  return { cursor, order, pageWhere, offset: keyset ? 0 : request.offset };
}

/**
 * The page's ids (`__row_id`) and ordering keys (`__key<n>`), one more row than asked: plain SQL
 * run through `execute` (drizzle's query builder cost more node time to build and map than the
 * statement took to run; exported for the plan tests).
 */
export function idsStatement(request: ListRequest, anchorKeys?: KeyValue[]) {
  const { table, limit } = request;
  const { cursor, order, pageWhere, offset } = pagePlan(request, anchorKeys);
  const keys = keyColumnsOf(request.order);
  const orderSql = orderClause(order);
  const statement = sql`select ${table.id} as ${sql.identifier(ROW_ID)}, ${keys} from ${table} ${pageWhere ? sql`where ${pageWhere}` : sql``} order by ${orderSql} limit ${limit + 1} offset ${offset}`;
  return { cursor, statement };
}

/** The page as one statement, ids joined back to the table (the exports' batches; plan tests). */
export function pageStatement(db: Reader, request: ListRequest, anchorKeys?: KeyValue[]) {
  const { table, limit } = request;
  const { cursor, order, pageWhere, offset } = pagePlan(request, anchorKeys);
  const pageColumn = (name: string) => sql`${sql.identifier('page')}.${sql.identifier(name)}`;
  const keyColumns = Object.fromEntries(
    request.order.map((term, index) => [`${KEY}${index}`, sql`${term.expression}`.as(`${KEY}${index}`)]),
  );
  const idsAndKeys = db
    .select({ [ROW_ID]: sql`${table.id}`.as(ROW_ID), ...keyColumns })
    .from(table as PgTable)
    .where(pageWhere)
    .orderBy(...orderBy(order))
    .offset(offset)
    .limit(limit + 1);
  const ids = idsAndKeys.as('page');
  const pageKeys = Object.fromEntries(
    request.order.map((_, index) => [`${KEY}${index}`, pageColumn(`${KEY}${index}`)]),
  );
  const pageOrder = order.map((term, index) =>
    term.descending ? sql`${pageColumn(`${KEY}${index}`)} desc` : sql`${pageColumn(`${KEY}${index}`)} asc`,
  );
  return {
    cursor,
    query: joined(
      db
        .select({ ...request.selection, ...pageKeys })
        .from(table as PgTable)
        .innerJoin(ids, eq(table.id, pageColumn(ROW_ID)))
        .$dynamic(),
      request.joins,
    ).orderBy(...pageOrder),
  };
}

/**
 * Names of the ids statements by SQL text. A text is the same for every request of one filter
 * shape (the filters present, the ordering, the paging kind): the values are bound parameters.
 * Bounded, as each name is a statement PostgreSQL keeps prepared per connection.
 */
const idsStatementNames = new Map<string, string>();
const ID_STATEMENT_NAMES = 500;

/** `in ($1, $2, …)`: a value list whose length makes a new text (a scope's ids): left unnamed. */
const VALUE_LIST = /\bin \(\$\d+/i;

function idsStatementName(text: string): string | null {
  const known = idsStatementNames.get(text);
  if (known) return known;
  if (VALUE_LIST.test(text) || idsStatementNames.size >= ID_STATEMENT_NAMES) return null;
  const name = `ids_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  idsStatementNames.set(text, name);
  return name;
}

/**
 * The page's ids and keys. On PostgreSQL, a named statement (parsed and planned once per
 * connection, as the rows by id are) unless its text has a variable-length value list; otherwise,
 * and on PGlite, an ordinary query (issue 29, docs/performance.md 'The cost of one request').
 */
async function idsRows(db: Reader, statement: SQL, keyCount: number): Promise<Record<string, unknown>[]> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = idsStatementName(text);
  if (name === null || !(db as { $client?: unknown }).$client)
    return ((await db.execute(statement)) as unknown as Rows<Record<string, unknown>>).rows;
  const columns = [ROW_ID, ...Array.from({ length: keyCount }, (_, index) => `${KEY}${index}`)];
  return (await arrayRows(db, name, text, params)).map((values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index++) row[columns[index]] = values[index];
    return row;
  });
}

export async function listPage<R extends Record<string, unknown>>(
  db: Reader,
  request: ListRequest,
): Promise<ListPage<R>> {
  const { limit } = request;
  const keyset = request.cursor !== undefined;
  const anchored = keyset ? null : await anchorFor(db, request);
  const pageRequest = anchored ? anchored.request : request;
  // The page's ids and keys first (a one-table statement, planned for its filter and ordering),
  // then its rows by id from a named statement whose plan PostgreSQL keeps per connection:
  // planning the rows' joins and subqueries cost more than running them for 25 rows, and even a
  // plain table's one-statement page (a deferred join) cost more node and database time (1,725
  // against 2,351 req/s on the passengers list; issues 11 and 15).
  const { cursor, statement } = idsStatement(pageRequest, anchored?.keys);
  const backwards = cursor?.direction === 'p';
  const keyed = await idsRows(db, statement, request.order.length);
  const more = keyed.length > limit;
  const page = more ? keyed.slice(0, limit) : keyed;
  if (backwards) page.reverse();
  const keysOf = (row: Record<string, unknown>) =>
    request.order.map((_, index) => plainKey(row[`${KEY}${index}`]));
  // A last page at a known position counts itself: no count statement for a filter that matches
  // fewer rows than a page (an exact document number, a rare name).
  const position = keyset ? (cursor === null ? 0 : null) : request.offset;
  const countedByPage =
    !more && position !== null && (page.length > 0 || position === 0)
      ? { count: position + page.length, kind: 'exact' as const }
      : null;
  const [fetched, counted] = await Promise.all([
    rowsById(db, request, page),
    countedByPage ??
      countRows(db, request.table, request.where, request.exactLimit ?? DEFAULT_EXACT_COUNT_LIMIT),
  ]);
  const rows = fetched as unknown as R[];

  const result: ListPage<R> = {
    rows,
    count: counted.count,
    countKind: counted.kind,
    hasNext: !keyset && more,
  };
  if (keyset) {
    const first = page[0];
    const last = page[page.length - 1];
    const hasNext = backwards ? cursor !== null : more;
    const hasPrevious = backwards ? more : cursor !== null;
    result.cursors = {
      next: hasNext && last ? encodeCursor({ keys: keysOf(last), direction: 'n' }) : null,
      previous: hasPrevious && first ? encodeCursor({ keys: keysOf(first), direction: 'p' }) : null,
    };
  }
  return result;
}

/**
 * The rows after `cursor` ('' for the first) in the request's order, at most `limit`, and the
 * cursor of the rows after them (null at the end); no count. The export engine reads a whole list
 * in the order the screen shows it this way, a batch at a time.
 */
export async function keysetBatch<R extends Record<string, unknown>>(
  db: Reader,
  request: Omit<ListRequest, 'offset' | 'cursor' | 'exactLimit'> & { cursor: string },
): Promise<{ rows: R[]; next: string | null }> {
  const { query } = pageStatement(db, { ...request, offset: 0 });
  const fetched: Record<string, unknown>[] = await query;
  const more = fetched.length > request.limit;
  const page = more ? fetched.slice(0, request.limit) : fetched;
  const last = page[page.length - 1];
  const keys = last ? request.order.map((_, index) => plainKey(last[`${KEY}${index}`])) : [];
  return {
    rows: page as unknown as R[],
    next: more && last ? encodeCursor({ keys, direction: 'n' }) : null,
  };
}

/** The rows (selection and joins) whose ids are in `ids` (exported for the plan tests). */
export function rowsByIdStatement(
  db: Reader,
  request: Pick<ListRequest, 'table' | 'selection' | 'joins'>,
  ids: SQL | ReturnType<typeof sql.placeholder>,
) {
  const { table, selection, joins } = request;
  return joined(
    db
      .select(selection)
      .from(table as PgTable)
      .$dynamic(),
    joins,
  ).where(sql`${table.id} = any(${ids})`);
}

/**
 * How a selected field's driver value is decoded: a table column by its own `mapFromDriverValue`
 * (drizzle's declared column API: dates, numerics, JSON, custom types); a computed column
 * (`sql\`...\``) is answered as the driver reads it, and its module's serializer converts it.
 * (`mapWith` on a computed column is not honoured here: reading its decoder back would need a
 * drizzle internal, issue 29.)
 */
type Decode = ((value: unknown) => unknown) | null;
function decoderOf(field: PgColumn | SQL | SQL.Aliased): Decode {
  return is(field, PgColumn) ? (value) => field.mapFromDriverValue(value) : null;
}

interface ByIdStatement {
  name: string;
  text: string;
  /** Its parameters: the values the selection names, and the ids' placeholder. */
  params: unknown[];
  keys: string[];
  decoders: Decode[];
}
const byIdStatements = new WeakMap<object, ByIdStatement>();

/** The named rows-by-id statement of a selection (its SQL, and how each column is decoded). */
function byIdStatementOf(db: Reader, request: ListRequest): ByIdStatement {
  const { selection } = request;
  let statement = byIdStatements.get(selection);
  if (!statement) {
    const { sql: text, params } = rowsByIdStatement(db, request, sql.placeholder('ids')).toSQL();
    statement = {
      name: `rows_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`,
      text,
      params,
      keys: Object.keys(selection),
      decoders: Object.values(selection).map(decoderOf),
    };
    byIdStatements.set(selection, statement);
  }
  return statement;
}

/**
 * `selection` of the rows whose ids `page` lists (as `__row_id`), in that order: one named
 * statement per selection, `id = any($1)`, whose plan PostgreSQL keeps per connection (PGlite runs
 * it as an ordinary query). Its rows are read as arrays and decoded column by column with
 * decoders found once (drizzle's generic mapping looked every column's kind up on every row).
 */
async function rowsById(
  db: Reader,
  request: ListRequest,
  page: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  if (!page.length) return [];
  const { name, text, params, keys, decoders } = byIdStatementOf(db, request);
  const ids = page.map((keyed) => Number(keyed[ROW_ID]));
  const idColumn = keys.indexOf('id');
  const byId = new Map<number, Record<string, unknown>>();
  for (const values of await arrayRows(db, name, text, fillPlaceholders(params, { ids }))) {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < keys.length; index++) {
      const value = values[index];
      const decode = decoders[index];
      row[keys[index]] = value === null || value === undefined ? null : decode ? decode(value) : value;
    }
    byId.set(Number(values[idColumn]), row);
  }
  // A row deleted between the two statements is left out of the page.
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

function plainKey(value: unknown): KeyValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  return String(value);
}

// ---- deep offsets ---------------------------------------------------------------------------

/** Offsets from this one on start from an anchor. */
export const ANCHOR_FROM = 10_000;
/** Rows between two anchors: a deep page skips fewer than this many. */
export const ANCHOR_STEP = 1_000;
/**
 * How long anchors, lookups and non-exact counts are kept at most while the table does not change
 * (src/server/cache/tableMemory.ts: a change announced by the database drops them at once; with
 * the feed not heard they are kept `UNHEARD_BOUND_MS`).
 */
export const LIST_MEMORY_MS = 30_000;

interface Anchors {
  /** anchors[i]: the ordering keys of the row at position (i + 1) * ANCHOR_STEP - 1. */
  keys: KeyValue[][];
  /** Rows walked to learn them (the table may end before). */
  reach: number;
}
const anchorMemory = new TableMemory<Anchors>({ max: 200, ttl: LIST_MEMORY_MS });
/**
 * Walks under way, shared by the requests that need the same anchors at once (a per-call map:
 * each entry leaves when its walk ends), with the change mark taken when each started.
 */
const anchorWalks = new Map<string, { walk: Promise<Anchors>; mark: number }>();
let anchorWalksDone = 0;

/** Anchor walks run since start (tests check that repeated deep pages reuse one). */
export function anchorWalkCount(): number {
  return anchorWalksDone;
}

/**
 * The tables a list answer depends on: its own first, then every table its filter names (a
 * subquery's, a joined lookup's), found through drizzle's declared SQL API (`queryChunks`,
 * `getSQL`). Remembered answers are dropped when any of them changes.
 */
export function tablesOf(table: PgTable, where: SQL | undefined): string[] {
  const names = new Set([getTableName(table)]);
  const seen = new Set<unknown>();
  const visit = (chunk: unknown, depth: number): void => {
    if (chunk === null || typeof chunk !== 'object' || seen.has(chunk) || depth > 50) return;
    seen.add(chunk);
    if (is(chunk, PgColumn)) names.add(getTableName(chunk.table));
    else if (is(chunk, PgTable)) names.add(getTableName(chunk));
    else if (is(chunk, SQL)) for (const inner of chunk.queryChunks) visit(inner, depth + 1);
    else if (is(chunk, SQL.Aliased)) visit(chunk.sql, depth + 1);
    else if (is(chunk, Subquery)) visit(chunk._.sql, depth + 1);
    else if (Array.isArray(chunk)) for (const inner of chunk) visit(inner, depth + 1);
    else if (typeof (chunk as Partial<SQLWrapper>).getSQL === 'function')
      visit((chunk as SQLWrapper).getSQL(), depth + 1);
  };
  visit(where, 0);
  return [...names];
}

function anchorKey(request: ListRequest): string {
  const filter = request.where ? dialect.sqlToQuery(request.where) : { sql: '', params: [] };
  const order = dialect.sqlToQuery(orderClause(request.order));
  return `${filter.sql}|${JSON.stringify(filter.params)}|${order.sql}`;
}

/** The ordering keys of every ANCHOR_STEP-th row among the first `reach` (exported for the plan tests). */
export function anchorStatement(request: ListRequest, reach: number): SQL {
  const { table, where, order } = request;
  const keys = keyColumnsOf(order);
  const orderSql = orderClause(order);
  const names = sql.join(
    order.map((_, index) => sql.identifier(`${KEY}${index}`)),
    sql`, `,
  );
  return sql`select ${names} from (select ${keys}, row_number() over (order by ${orderSql}) as __position from ${table} ${where ? sql`where ${where}` : sql``} order by ${orderSql} limit ${reach}) as walked where __position % ${ANCHOR_STEP} = 0 order by __position`;
}

/**
 * For a deep offset, the keys to start after and the offset left to skip from there; null for a
 * shallow one.
 */
async function anchorFor(
  db: Reader,
  request: ListRequest,
): Promise<{ keys: KeyValue[]; request: ListRequest } | null> {
  if (request.offset < ANCHOR_FROM) return null;
  const block = Math.floor(request.offset / ANCHOR_STEP);
  const tableName = getTableName(request.table);
  const tables = tablesOf(request.table, request.where);
  const key = anchorKey(request);
  let anchors = anchorMemory.get(db, tables, key);
  // A walk that found fewer anchors than it could have reached the end of the rows.
  const reachedEnd = (known: Anchors) => known.keys.length < known.reach / ANCHOR_STEP;
  if (!anchors || (anchors.reach < block * ANCHOR_STEP && !reachedEnd(anchors))) {
    const walkKey = `${tableName}|${key}`;
    let walking = anchorWalks.get(walkKey);
    // A walk that started before the table changed is not joined.
    if (!walking || tables.some((table) => tableChangedSince(table, walking?.mark ?? 0))) {
      // Walk a little past the asked block, so the next pages of the neighbourhood need no walk.
      const reach = (block + 10) * ANCHOR_STEP;
      const mark = changeMark();
      const walk = walkAnchors(db, request, reach).finally(() => {
        if (anchorWalks.get(walkKey)?.walk === walk) anchorWalks.delete(walkKey);
      });
      walking = { walk, mark };
      anchorWalks.set(walkKey, walking);
    }
    anchors = await walking.walk;
    anchorMemory.set(db, tables, key, anchors, walking.mark);
  }
  const usable = Math.min(block, anchors.keys.length);
  if (usable === 0) return null;
  return {
    keys: anchors.keys[usable - 1],
    request: { ...request, offset: request.offset - usable * ANCHOR_STEP },
  };
}

async function walkAnchors(db: Reader, request: ListRequest, reach: number): Promise<Anchors> {
  const result = (await db.execute(anchorStatement(request, reach))) as unknown as Rows<
    Record<string, unknown>
  >;
  anchorWalksDone += 1;
  return {
    keys: result.rows.map((row) => request.order.map((_, index) => plainKey(row[`${KEY}${index}`]))),
    reach,
  };
}

/**
 * Forgets what this instance remembers of `table` (anchors, lookups, non-exact counts): called
 * after every write the engine commits to it, so this instance's next page is exact without
 * waiting for the database's announcement of the change (which drops the same on every
 * instance, this one included, a few milliseconds later). `removed`: the rows the write may
 * have removed from a filter's matches (`rowsRemovedIn`); a count with slack for them is kept.
 */
export function forgetListMemory(table: PgTable, removed?: number): void {
  tableChanged(getTableName(table), 'local', removed);
}

/**
 * The rows of `table` the transaction `tx` has updated or deleted so far, by migration 0040's
 * triggers (the transaction-local running total); undefined for a table without them. Read just
 * before the commit, it is what the write may have removed from any filter's matches.
 */
export async function rowsRemovedIn(tx: Reader, table: PgTable): Promise<number | undefined> {
  const name = getTableName(table);
  if (!ANNOUNCED_TABLES.has(name)) return undefined;
  const result = (await tx.execute(
    sql`select current_setting(${`extranet.removed_${name}`}, true) as n`,
  )) as unknown as Rows<{ n: string | null }>;
  const running = result.rows[0]?.n;
  return running ? Number(running) : 0;
}

// ---- small lookups --------------------------------------------------------------------------

const lookupMemory = new TableMemory<{ answer: unknown }>({ max: 500, ttl: LIST_MEMORY_MS });

/**
 * `load()`'s answer, remembered per reader, `table` and `key` until the table changes (at most
 * `LIST_MEMORY_MS`; `UNHEARD_BOUND_MS` while the change feed is not heard): a list filter's lookup
 * in a small table (the products whose name contains a fragment, `containsVia`) runs once for a
 * burst of pages instead of once per page.
 */
export async function rememberedLookup<T>(
  reader: object,
  table: PgTable,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const remembered = await lookupMemory.remember(reader, [getTableName(table)], key, async () => ({
    answer: await load(),
  }));
  return remembered.answer as T;
}

// ---- counts ---------------------------------------------------------------------------------

const dialect = new PgDialect();
const countMemory = new TableMemory<{ count: number; kind: CountKind }>({ max: 500, ttl: LIST_MEMORY_MS });

/** Forgets the remembered non-exact counts, anchors and lookups (tests). */
export function clearCountCache(): void {
  countMemory.clear();
  anchorMemory.clear();
  lookupMemory.clear();
}

type Rows<T> = { rows: T[] };

/** `exactLimit` meaning no limit: the exact count whatever the number of rows (`?count=exact`). */
export const EXACT_COUNT = Number.POSITIVE_INFINITY;
/** The longest an exact count (`?count=exact`) may run on PostgreSQL before it answers 503. */
export const EXACT_COUNT_TIMEOUT_MS = 15_000;

/**
 * The count limit a list request asks for: `EXACT_COUNT` with `?count=exact` (EXACT_COUNT_PARAM,
 * EXACT_COUNT_VALUE), else the configured `exactLimit`. Any other value of the parameter is a
 * field error (400).
 */
export function exactLimitOf(query: unknown, exactLimit: number): number {
  const value =
    typeof query === 'object' && query !== null && Object.hasOwn(query, EXACT_COUNT_PARAM)
      ? (query as Record<string, unknown>)[EXACT_COUNT_PARAM]
      : undefined;
  if (value === undefined) return exactLimit;
  if (value === EXACT_COUNT_VALUE) return EXACT_COUNT;
  throw new FieldValidationError({ [EXACT_COUNT_PARAM]: [messages.resources.invalidCountParam] });
}

/**
 * How far a capped count goes past its cap: the rows it may lose (updates and deletes counted by
 * migration 0040) and still answer 'more than `exactLimit`' without counting again.
 */
export function countMarginOf(exactLimit: number): number {
  return Math.ceil(exactLimit / 10);
}

/** At most `exactLimit + 1` matching rows counted (exported for the plan tests). */
export function countStatement(table: PgTable, where: SQL | undefined, exactLimit: number): SQL {
  return sql`select count(*)::int as n from (select 1 from ${table} ${where ? sql`where ${where}` : sql``} limit ${exactLimit + 1}) as capped`;
}

/**
 * Every matching row counted, under a statement timeout of `timeoutMs` where the reader can open a
 * transaction (PostgreSQL; PGlite ignores it): a count that runs out answers 503 in Spanish
 * instead of holding the request.
 */
async function exactCount(
  db: Reader,
  table: PgTable,
  where: SQL | undefined,
  timeoutMs: number,
): Promise<number> {
  const statement = sql`select count(*)::bigint as n from ${table} ${where ? sql`where ${where}` : sql``}`;
  const run = async (reader: Pick<Database, 'execute'>) =>
    Number(((await reader.execute(statement)) as unknown as Rows<{ n: number | string }>).rows[0]?.n ?? 0);
  const transactional = db as Partial<Pick<Database, 'transaction'>>;
  try {
    if (typeof transactional.transaction !== 'function') return await run(db);
    return await transactional.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(Math.round(timeoutMs))}, true)`);
      return run(tx);
    });
  } catch (error) {
    // query_canceled: the statement timeout ran out.
    if (pgErrorOf(error)?.code === '57014') throw new HttpError(503, messages.resources.exactCountTimeout);
    throw error;
  }
}

export async function countRows(
  db: Reader,
  table: PgTable,
  where: SQL | undefined,
  exactLimit: number,
  timeoutMs = EXACT_COUNT_TIMEOUT_MS,
): Promise<{ count: number; kind: CountKind }> {
  if (exactLimit === EXACT_COUNT)
    return { count: await exactCount(db, table, where, timeoutMs), kind: 'exact' };
  const tableName = getTableName(table);
  const filter = where ? dialect.sqlToQuery(where) : { sql: '', params: [] };
  const cacheKey = `${exactLimit}|${filter.sql}|${JSON.stringify(filter.params)}`;
  const tables = tablesOf(table, where);
  const remembered = countMemory.get(db, tables, cacheKey);
  if (remembered) return remembered;

  // Requests asking while the same count runs wait for it, and take its answer if it is still
  // true: no change of its tables since it started (an exact count), or removals it has slack
  // for (a capped one). Otherwise they count themselves.
  const flights = countFlights.get(db) ?? new Map<string, CountFlight>();
  countFlights.set(db, flights);
  const flightKey = `${tables.join(',')}|${cacheKey}`;
  const running = flights.get(flightKey);
  if (running) {
    const { answer, slack } = await running.counting;
    const removed = removalsSince(tables, running.mark);
    const stillTrue =
      slack === null
        ? !tables.some((name) => tableChangedSince(name, running.mark.change))
        : removed !== undefined && removed <= slack;
    if (stillTrue) return answer;
  }
  const flight = { mark: removalMark(tableName), counting: countAnswer(db, table, where, exactLimit) };
  flights.set(flightKey, flight);
  try {
    const { answer, slack } = await flight.counting;
    // 'More than 10,000' and 'about a million' cost a scan of 10,001 rows to learn again: kept
    // while the rows removed since fit in what was counted past the cap.
    if (slack !== null) countMemory.setTolerant(db, tables, cacheKey, answer, flight.mark, slack);
    return answer;
  } finally {
    if (flights.get(flightKey) === flight) flights.delete(flightKey);
  }
}

/** Counts in progress, per reader and count: later requests for the same count wait for it. */
const countFlights = new WeakMap<object, Map<string, CountFlight>>();

interface CountFlight {
  mark: RemovalMark;
  counting: Promise<Counted>;
}

/** A count's answer and, past the cap, the rows it counted beyond it (null: exact). */
interface Counted {
  answer: { count: number; kind: CountKind };
  slack: number | null;
}

async function countAnswer(
  db: Reader,
  table: PgTable,
  where: SQL | undefined,
  exactLimit: number,
): Promise<Counted> {
  const result = (await db.execute(
    countStatement(table, where, exactLimit + countMarginOf(exactLimit)),
  )) as unknown as Rows<{
    n: number | string;
  }>;
  const counted = Number(result.rows[0]?.n ?? 0);
  if (counted <= exactLimit) return { answer: { count: counted, kind: 'exact' }, slack: null };

  let answer: { count: number; kind: CountKind } = { count: exactLimit, kind: 'capped' };
  if (!where) {
    // The planner's own figure for the table (kept by ANALYZE and autovacuum).
    const estimate = (await db.execute(
      sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = to_regclass(${getTableName(table)})`,
    )) as unknown as Rows<{ n: number | string }>;
    const rows = Number(estimate.rows[0]?.n ?? 0);
    if (rows > exactLimit) answer = { count: rows, kind: 'estimate' };
  }
  return { answer, slack: counted - (exactLimit + 1) };
}
