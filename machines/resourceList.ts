/**
 * A back-office list (SPEC §2 'Dashboard sections', 'List filters'): load a page, filter, page,
 * change page size, sort, switch tabs, delete a row after a confirmation, select rows and run a
 * bulk action on them (partial failure reported per row), and run a row's own actions. One machine
 * serves every module; the module's descriptor (src/client/resources) gives the actors.
 *
 * The URL is the single source of the query (filters, offset, limit, ordering, tab, exact count),
 * one direction as react-admin's list parameters: the machine takes its query only from its input
 * and from QUERY_SYNCED (the view sends it whenever the URL's query changes: a navigation, Back,
 * Forward, a pasted link). A user's query request (FILTERS_APPLIED, PAGE_CHANGED,
 * PAGE_SIZE_CHANGED, SORT_TOGGLED, TAB_CHANGED, EXACT_COUNT_ASKED) changes nothing here: it asks
 * for the requested query with the `navigate` action, which the view provides as a router
 * navigation; the new URL comes back as QUERY_SYNCED and is loaded. The one query the machine
 * corrects itself (a page past the end after rows were deleted) it writes back with a replacing
 * navigation. A URL change closes an open dialog; during a request it is loaded after it.
 * Counts past the server's threshold (issue 29 §counts): a capped count offers EXACT_COUNT_ASKED,
 * which asks for the same page with `exactCount` (`?count=exact`, src/contracts/engine.ts); the
 * flag stays while paging, sorting or resizing, and a new filter or tab drops it.
 * Row actions follow each record's `allowed_actions` (src/contracts/engine.ts): a record that
 * carries the list offers only those; one without it offers every declared action.
 * The selection holds ids; it survives reloads of the same query (after a bulk action the rows
 * that failed stay selected) and is cleared when the query changes.
 * No timers: a filter applies when the user submits it (FILTERS_APPLIED), never while typing.
 * One delay: a confirmed delete waits `UNDO_DELAY` (issue 18, react-admin's undoable delete) with
 * the row hidden and 'Deshacer' offered; UNDO brings the row back and nothing is sent. The DELETE
 * goes when the delay ends, at once when the user moves to another query (the new page loads after
 * it), and at once when the page is left (PAGE_LEFT, sent by the view as it unmounts or the tab is
 * hidden for good): a confirmed delete is never silently dropped. A refused DELETE brings the row
 * back with the reason in the confirmation, whose retry goes through the undo window again.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { CountKind } from '../src/contracts/engine';
import { messages } from '../src/contracts/messages';
import { FieldErrorsError, fieldErrorsOf, isRefusal, messageOf } from './support/errors';

/** A row as the list holds it: the API entity, with its id. */
export type ResourceRecord = { id: number } & Record<string, unknown>;

export const PAGE_SIZES = [10, 20, 50] as const;
/** How long a confirmed delete can be undone before the DELETE is sent (tests provide a shorter one). */
export const UNDO_DELAY_MS = 5_000;
export const DEFAULT_LIST_PAGE_SIZE = 10;

export interface ListQuery {
  /** Applied filters by query parameter; empty values are left out. */
  filters: Record<string, string>;
  offset: number;
  limit: number;
  /** A field, '-field' for descending; null for the server's default order. */
  ordering: string | null;
  /** The active tab's key; null for the first tab. */
  tab: string | null;
  /**
   * Keyset paging (issue 11): the page after or before the one shown, as the token the server gave
   * with it ('' for the first page), so a next page of a million rows starts from an index position
   * instead of skipping `offset` rows. Absent: by offset (a jump to a page number, a reload).
   * `offset` still says which page it is.
   */
  cursor?: string;
  /**
   * Ask the server for the exact count whatever the table's size (`?count=exact`), after the user
   * chose 'Contar exactamente' on a capped count. Absent: the server's usual (maybe capped) count.
   */
  exactCount?: boolean;
}

/** The keyset tokens of the loaded page's neighbours (null at either end, or paging by offset). */
export interface PageCursors {
  next: string | null;
  previous: string | null;
}

export interface ListPage {
  count: number;
  results: ResourceRecord[];
  /** How `count` was obtained (src/contracts/engine.ts); absent means exact. */
  countKind?: CountKind;
  /** Figures over the whole filtered list, when the module answers them (Facturación's totals). */
  summary?: unknown;
  /** Keyset tokens of the neighbouring pages, when the page was asked for by cursor. */
  cursors?: PageCursors;
}

/** A bulk action's request: the action's name and the selected ids. */
export interface BulkRequest {
  action: string;
  ids: number[];
  /** The action's own fields (Facturación's invoice: document type, number, date), sent with the ids. */
  payload: Record<string, string>;
}
/** One row's outcome of a bulk action (src/contracts/engine.ts BulkActionResult). */
export type BulkItemResult = { id: number; ok: true } | { id: number; ok: false; detail: string };

/** A row action's request: the action's name and the record. */
export interface RowActionRequest {
  action: string;
  record: ResourceRecord;
}

/** May this action be offered on this row? Its `allowed_actions` decide when the server sent them. */
export function rowAllows(record: ResourceRecord, action: string): boolean {
  const allowed = record.allowed_actions;
  return Array.isArray(allowed) ? allowed.includes(action) : true;
}

/** A bulk action as the bulk bar offers it: how many of the selected rows allow it (issue 32). */
export interface BulkOffer {
  action: string;
  /** Selected rows whose `allowed_actions` hold the action. */
  applies: number;
  /** Every selected row allows it: the bar offers it. */
  offered: boolean;
}

/**
 * The bulk bar's offer (issue 32 'Lists'): for each of the module's bulk actions, how many of the
 * selected rows allow it; an action is offered only when every selected row does, and left out
 * when none does. A selected id whose row is not on the page counts as not allowing it.
 */
export function bulkOffers(
  rows: readonly ResourceRecord[],
  selected: readonly number[],
  actions: readonly string[],
): BulkOffer[] {
  const chosen = selected.map((id) => rows.find((row) => row.id === id));
  return actions
    .map((action) => {
      const applies = chosen.filter((row) => row !== undefined && rowAllows(row, action)).length;
      return { action, applies, offered: selected.length > 0 && applies === selected.length };
    })
    .filter((offer) => offer.applies > 0);
}

/**
 * The selected rows a bulk action applies to (issue 40): those on the page whose
 * `allowed_actions` hold it. A mixed selection runs the action on these only ('Cancelar (aplica a
 * 2 de 3)'), and its confirmation names how many.
 */
export function bulkTargets(
  rows: readonly ResourceRecord[],
  selected: readonly number[],
  action: string,
): number[] {
  return selected.filter((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    return row !== undefined && rowAllows(row, action);
  });
}

export interface ResourceListContext {
  query: ListQuery;
  rows: ResourceRecord[];
  count: number;
  /** Why the page could not be loaded. */
  error: string | null;
  /** Whether retrying the failed load can help (not after a permission refusal). */
  retryable: boolean;
  /** The row the user asked to delete (the confirmation names it). */
  pendingDelete: ResourceRecord | null;
  /** Why the last delete failed; the row stays in the list. */
  deleteError: string | null;
  countKind: CountKind;
  /** Selected row ids. */
  selected: number[];
  /** The bulk action being confirmed or run. */
  bulkAction: string | null;
  /** The selected rows it applies to (`bulkTargets`): all of them, or those that allow it. */
  bulkIds: number[];
  /** Why the last bulk call failed as a whole (null when its fields say why). */
  bulkError: string | null;
  /** The server's refusal of the bulk action's own fields, each shown at its field (issue 32). */
  bulkFieldErrors: Record<string, string[]>;
  /** Per-row outcome of the last bulk action (shown when some row failed). */
  bulkResults: BulkItemResult[];
  /** The values typed for the bulk action's own fields while it is confirmed. */
  bulkPayload: Record<string, string>;
  /** The server's figures over the whole filtered list (null when the module answers none). */
  summary: unknown;
  /** The row action being confirmed or run. */
  rowAction: RowActionRequest | null;
  rowActionError: string | null;
  /** The key of the query whose rows are on screen (a query taken during an undo window differs). */
  loadedQuery: string | null;
  /** How to reach the loaded page's neighbours by keyset (null: by offset). */
  cursors: PageCursors | null;
}

export interface ResourceListInput {
  query?: Partial<ListQuery>;
}

export type ResourceListEvent =
  | { type: 'FILTERS_APPLIED'; filters: Record<string, string> }
  | { type: 'PAGE_CHANGED'; page: number }
  | { type: 'PAGE_SIZE_CHANGED'; limit: number }
  | { type: 'SORT_TOGGLED'; field: string }
  | { type: 'TAB_CHANGED'; tab: string | null }
  | { type: 'QUERY_SYNCED'; query: ListQuery }
  | { type: 'RETRY' }
  | { type: 'EXACT_COUNT_ASKED' }
  | { type: 'DELETE_ASKED'; record: ResourceRecord }
  | { type: 'DELETE_CONFIRMED' }
  | { type: 'DELETE_CANCELLED' }
  | { type: 'UNDO' }
  | { type: 'PAGE_LEFT' }
  | { type: 'ROW_TOGGLED'; id: number }
  | { type: 'PAGE_TOGGLED' }
  | { type: 'SELECTION_CLEARED' }
  | { type: 'BULK_ASKED'; action: string }
  | { type: 'BULK_PAYLOAD_CHANGED'; field: string; value: string }
  | { type: 'BULK_CONFIRMED' }
  | { type: 'BULK_CANCELLED' }
  | { type: 'BULK_REPORT_CLOSED' }
  | { type: 'ROW_ACTION_ASKED'; action: string; record: ResourceRecord }
  | { type: 'ROW_ACTION_CONFIRMED' }
  | { type: 'ROW_ACTION_CANCELLED' };

export function emptyQuery(overrides: Partial<ListQuery> = {}): ListQuery {
  return {
    filters: {},
    offset: 0,
    limit: DEFAULT_LIST_PAGE_SIZE,
    ordering: null,
    tab: null,
    ...overrides,
  };
}

/** The query a list opens with: its first page by keyset, any other by offset. */
const startingQuery = (query: ListQuery): ListQuery => (query.offset === 0 ? firstPage(query) : query);

/** `query` with the server's usual count (a new filter or tab counts afresh). */
function withoutExactCount(query: ListQuery): ListQuery {
  const { exactCount: _exact, ...rest } = query;
  return rest;
}

/** `query` paged by offset. */
function withoutCursor(query: ListQuery): ListQuery {
  const { cursor: _byOffset, ...rest } = query;
  return rest;
}

/** The first page of a changed query: by keyset, so its neighbours come by keyset too. */
const firstPage = (query: ListQuery): ListQuery => ({ ...query, offset: 0, cursor: '' });

/**
 * Page `page` of `query`: the next or previous page by the loaded page's keyset tokens, the first
 * by keyset from the start, any other (a page number, the last page) by offset.
 */
export function queryForPage(query: ListQuery, page: number, cursors: PageCursors | null): ListQuery {
  const offset = page * query.limit;
  const current = Math.floor(query.offset / query.limit);
  if (page === 0) return firstPage(query);
  if (page === current + 1 && cursors?.next) return { ...query, offset, cursor: cursors.next };
  if (page === current - 1 && cursors?.previous) return { ...query, offset, cursor: cursors.previous };
  return { ...withoutCursor(query), offset };
}

/** Drops empty filter values, so '' and absent mean the same. */
export function cleanFilters(filters: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** A stable key of a query: two queries with the same key load the same page. */
export function queryKey(query: ListQuery): string {
  return JSON.stringify([
    cleanFilters(query.filters),
    query.offset,
    query.limit,
    query.ordering,
    query.tab,
    query.exactCount === true,
  ]);
}

/**
 * The query a user's request asks for, from the query shown and the loaded page's keyset tokens
 * (null: not a query request, or an invalid page or page size). The view navigates to it.
 */
export function requestedQuery(
  query: ListQuery,
  cursors: PageCursors | null,
  event: ResourceListEvent,
): ListQuery | null {
  switch (event.type) {
    case 'FILTERS_APPLIED':
      return firstPage({ ...withoutExactCount(query), filters: cleanFilters(event.filters) });
    case 'PAGE_CHANGED':
      return Number.isInteger(event.page) && event.page >= 0
        ? queryForPage(query, event.page, cursors)
        : null;
    case 'PAGE_SIZE_CHANGED':
      return (PAGE_SIZES as readonly number[]).includes(event.limit)
        ? firstPage({ ...query, limit: event.limit })
        : null;
    case 'SORT_TOGGLED':
      return firstPage({ ...query, ordering: nextOrdering(query.ordering, event.field) });
    case 'TAB_CHANGED':
      return firstPage({ ...withoutExactCount(query), tab: event.tab });
    case 'EXACT_COUNT_ASKED':
      return { ...query, exactCount: true };
    default:
      return null;
  }
}

/** The query the URL says, as the machine loads it (a first page without a token goes by keyset). */
function syncedQuery(query: ListQuery): ListQuery {
  const cleaned = { ...query, filters: cleanFilters(query.filters) };
  return cleaned.cursor === undefined ? startingQuery(cleaned) : cleaned;
}

/** The offset of the last page (0 for an empty list). */
export function lastPageOffset(count: number, limit: number): number {
  return Math.max(0, Math.ceil(count / limit) - 1) * limit;
}

/**
 * The rows the list shows: a delete waiting out its undo window (or being sent) hides its row at
 * once; UNDO or a refusal shows it again.
 */
export function visibleRows(snapshot: {
  context: Pick<ResourceListContext, 'rows' | 'pendingDelete'>;
  matches: (value: { loaded: 'undoWindow' | 'deleting' }) => boolean;
}): ResourceRecord[] {
  const { rows, pendingDelete } = snapshot.context;
  const hiding =
    pendingDelete !== null &&
    (snapshot.matches({ loaded: 'undoWindow' }) || snapshot.matches({ loaded: 'deleting' }));
  return hiding ? rows.filter((row) => row.id !== pendingDelete.id) : rows;
}

/** Ascending, then descending, then ascending again. */
export function nextOrdering(current: string | null, field: string): string {
  return current === field ? `-${field}` : field;
}

/**
 * A user's query request, taken while the list is loading, loaded (idle or selecting), empty or
 * failed, and during an undo window: it asks the view to navigate to the requested query, when
 * that differs from the query shown; the machine's query waits for the URL (QUERY_SYNCED).
 */
const requestQuery = {
  guard: 'queryMoves',
  actions: {
    type: 'navigate',
    params: ({ context, event }: { context: ResourceListContext; event: ResourceListEvent }) => ({
      query: requestedQuery(context.query, context.cursors, event) ?? context.query,
      replace: false,
    }),
  },
} as const;
const queryRequests = {
  FILTERS_APPLIED: requestQuery,
  PAGE_CHANGED: requestQuery,
  PAGE_SIZE_CHANGED: requestQuery,
  SORT_TOGGLED: requestQuery,
  TAB_CHANGED: requestQuery,
} as const;

/** The URL's query changed: it loads (a new query clears the selection). */
const queryTransitions = {
  ...queryRequests,
  QUERY_SYNCED: {
    guard: 'queryDiffers',
    target: '#resourceList.loading',
    reenter: true,
    actions: ['syncQuery', 'clearSelection'],
  },
} as const;

/** The URL changed while a dialog was open: the dialog closes and the URL's query loads. */
const closingDialogOnUrl = {
  QUERY_SYNCED: {
    guard: 'queryDiffers',
    target: '#resourceList.loading',
    actions: ['syncQuery', 'clearSelection', 'closeDialogs'],
  },
} as const;

/** The URL changed while a request runs: its query is taken, and loaded once the request ends. */
const takingUrlDuringRequest = {
  QUERY_SYNCED: { guard: 'queryDiffers', actions: 'syncQuery' },
} as const;

/** What a loaded list takes whether rows are selected or not: queries, delete and row actions. */
const rowTransitions = {
  ...queryTransitions,
  EXACT_COUNT_ASKED: { ...requestQuery, guard: 'exactCountOffered' },
  DELETE_ASKED: { guard: 'mayRemove', target: 'confirmingDelete', actions: 'askDelete' },
  ROW_ACTION_ASKED: { guard: 'rowActionAllowed', target: 'confirmingRowAction', actions: 'askRowAction' },
} as const;

export const resourceListMachine = setup({
  types: {
    context: {} as ResourceListContext,
    events: {} as ResourceListEvent,
    input: {} as ResourceListInput,
  },
  actors: {
    loadPage: fromPromise<ListPage, ListQuery>(async () => {
      throw new Error('loadPage not provided');
    }),
    removeRecord: fromPromise<void, ResourceRecord>(async () => {
      throw new Error('removeRecord not provided');
    }),
    runBulkAction: fromPromise<BulkItemResult[], BulkRequest>(async () => {
      throw new Error('runBulkAction not provided');
    }),
    runRowAction: fromPromise<unknown, RowActionRequest>(async () => {
      throw new Error('runRowAction not provided');
    }),
  },
  guards: {
    hasRows: ({ event }) => 'output' in event && (event.output as ListPage).results.length > 0,
    /** The page asked for lies past the end (rows deleted meanwhile): go to the last page. */
    pageBeyondEnd: ({ context, event }) => {
      if (!('output' in event)) return false;
      const page = event.output as ListPage;
      return (
        page.results.length === 0 && lastPageOffset(page.count, context.query.limit) < context.query.offset
      );
    },
    queryDiffers: ({ context, event }) =>
      event.type === 'QUERY_SYNCED' && queryKey(event.query) !== queryKey(context.query),
    /** A valid query request that asks for another query than the one shown. */
    queryMoves: ({ context, event }) => {
      const requested = requestedQuery(context.query, context.cursors, event);
      return requested !== null && queryKey(requested) !== queryKey(context.query);
    },
    /** The count shown is capped and no exact count was asked for yet: 'Contar exactamente'. */
    // Issue 40: an unfiltered list's estimate ('unos 15.217') may be counted exactly too.
    exactCountOffered: ({ context }) => context.countKind !== 'exact' && context.query.exactCount !== true,
    hasSelection: ({ context }) => context.selected.length > 0,
    /** The rows on screen are the current query's (no query was taken during an undo window). */
    rowsOfQuery: ({ context }) => context.loadedQuery === queryKey(context.query),
    /** The toggle leaves nothing selected. */
    lastDeselected: ({ context, event }) =>
      event.type === 'ROW_TOGGLED' && context.selected.length === 1 && context.selected[0] === event.id,
    /** Every row of the page is already selected: the page toggle clears the selection. */
    pageSelected: ({ context }) => context.rows.every((row) => context.selected.includes(row.id)),
    knownRow: ({ context, event }) =>
      event.type === 'ROW_TOGGLED' && context.rows.some((row) => row.id === event.id),
    mayRemove: ({ event }) => event.type === 'DELETE_ASKED' && rowAllows(event.record, 'remove'),
    rowActionAllowed: ({ event }) =>
      event.type === 'ROW_ACTION_ASKED' && rowAllows(event.record, event.action),
    /** Some selected row allows the asked bulk action (the others are left out of it). */
    bulkApplies: ({ context, event }) =>
      event.type === 'BULK_ASKED' && bulkTargets(context.rows, context.selected, event.action).length > 0,
    allSucceeded: ({ event }) =>
      'output' in event && (event.output as BulkItemResult[]).every((result) => result.ok),
  },
  actions: {
    /**
     * Go to this query: the view provides it as a router navigation (a new history entry, or
     * `replace` for the machine's own correction); the URL's query then comes back as QUERY_SYNCED.
     */
    navigate: (_, _params: { query: ListQuery; replace: boolean }) => {},
    /**
     * A row action succeeded with this answer: the view provides it to open what the action made
     * (Oficinas' 'Duplicar' opens the new office in edit mode).
     */
    rowActionDone: (_, _params: { action: string; output: unknown }) => {},
    /** A record was deleted: the view provides it to say so (issue 18: a success notification). */
    recordRemoved: (_, _params: { record: ResourceRecord | null }) => {},
    /** A bulk action succeeded on every selected row: the view provides it to say so. */
    bulkActionDone: (_, _params: { action: string; count: number }) => {},
    clearSelection: assign({ selected: [] as number[] }),
    askDelete: assign({
      pendingDelete: ({ context, event }) =>
        event.type === 'DELETE_ASKED' ? event.record : context.pendingDelete,
      deleteError: null,
    }),
    askRowAction: assign({
      rowAction: ({ context, event }) =>
        event.type === 'ROW_ACTION_ASKED'
          ? { action: event.action, record: event.record }
          : context.rowAction,
      rowActionError: null,
    }),
    toggleRow: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'ROW_TOGGLED') return context.selected;
        return context.selected.includes(event.id)
          ? context.selected.filter((id) => id !== event.id)
          : [...context.selected, event.id];
      },
    }),
    selectPage: assign({
      selected: ({ context }) => [
        ...context.selected,
        ...context.rows.map((row) => row.id).filter((id) => !context.selected.includes(id)),
      ],
    }),
    closeDialogs: assign({
      pendingDelete: null,
      deleteError: null,
      bulkAction: null,
      bulkIds: [] as number[],
      bulkError: null,
      bulkFieldErrors: {} as Record<string, string[]>,
      bulkResults: [] as BulkItemResult[],
      bulkPayload: {} as Record<string, string>,
      rowAction: null,
      rowActionError: null,
    }),
    syncQuery: assign({
      query: ({ context, event }) =>
        event.type === 'QUERY_SYNCED' ? syncedQuery(event.query) : context.query,
    }),
  },
  delays: { UNDO_DELAY: UNDO_DELAY_MS },
}).createMachine({
  id: 'resourceList',
  // `input` may be absent (xstate/graph's getPathsFromEvents starts without one unless told).
  context: ({ input }) => ({
    query: startingQuery(emptyQuery({ ...input?.query, filters: cleanFilters(input?.query?.filters ?? {}) })),
    rows: [],
    count: 0,
    error: null,
    retryable: true,
    pendingDelete: null,
    deleteError: null,
    countKind: 'exact',
    selected: [],
    bulkAction: null,
    bulkIds: [],
    bulkError: null,
    bulkFieldErrors: {},
    bulkResults: [],
    bulkPayload: {},
    summary: null,
    rowAction: null,
    rowActionError: null,
    loadedQuery: null,
    cursors: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      on: queryTransitions,
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: 'hasRows',
            target: 'loaded',
            actions: assign({
              rows: ({ event }) => event.output.results,
              count: ({ event }) => event.output.count,
              countKind: ({ event }) => event.output.countKind ?? 'exact',
              summary: ({ event }) => event.output.summary ?? null,
              loadedQuery: ({ context }) => queryKey(context.query),
              cursors: ({ event }) => event.output.cursors ?? null,
              // A reload keeps the selection of rows still on the page.
              selected: ({ context, event }) =>
                context.selected.filter((id) => event.output.results.some((row) => row.id === id)),
            }),
          },
          {
            guard: 'pageBeyondEnd',
            target: 'loading',
            reenter: true,
            // The machine's one correction of the URL's query, written back in place.
            actions: [
              assign({
                query: ({ context, event }) => ({
                  ...withoutCursor(context.query),
                  offset: lastPageOffset(event.output.count, context.query.limit),
                }),
              }),
              { type: 'navigate', params: ({ context }) => ({ query: context.query, replace: true }) },
            ],
          },
          { target: 'empty', actions: assign({ rows: [], count: 0, selected: [], cursors: null }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, messages.common.genericRetry),
            retryable: ({ event }) => !isRefusal(event.error),
          }),
        },
      },
    },
    loaded: {
      initial: 'idle',
      states: {
        /** No row selected. */
        idle: {
          // Back from a reload with rows still selected (the failed rows of a bulk action).
          always: { guard: 'hasSelection', target: 'selecting' },
          on: {
            ...rowTransitions,
            ROW_TOGGLED: { guard: 'knownRow', target: 'selecting', actions: 'toggleRow' },
            PAGE_TOGGLED: { target: 'selecting', actions: 'selectPage' },
          },
        },
        /** Some rows selected: the bulk actions are offered. */
        selecting: {
          on: {
            ...rowTransitions,
            ROW_TOGGLED: [
              { guard: 'lastDeselected', target: 'idle', actions: 'toggleRow' },
              { guard: 'knownRow', actions: 'toggleRow' },
            ],
            PAGE_TOGGLED: [
              { guard: 'pageSelected', target: 'idle', actions: 'clearSelection' },
              { actions: 'selectPage' },
            ],
            SELECTION_CLEARED: { target: 'idle', actions: 'clearSelection' },
            BULK_ASKED: {
              guard: 'bulkApplies',
              target: 'confirmingBulk',
              actions: assign({
                bulkAction: ({ event }) => event.action,
                bulkIds: ({ context, event }) => bulkTargets(context.rows, context.selected, event.action),
                bulkError: null,
                bulkFieldErrors: {},
                bulkResults: [],
                bulkPayload: {},
              }),
            },
          },
        },
        confirmingBulk: {
          on: {
            ...closingDialogOnUrl,
            BULK_PAYLOAD_CHANGED: {
              actions: assign({
                bulkPayload: ({ context, event }) => ({ ...context.bulkPayload, [event.field]: event.value }),
                // A field typed again is no longer refused; the others still are.
                bulkFieldErrors: ({ context, event }) =>
                  Object.fromEntries(
                    Object.entries(context.bulkFieldErrors).filter(([field]) => field !== event.field),
                  ),
              }),
            },
            BULK_CONFIRMED: {
              target: 'runningBulk',
              actions: assign({ bulkError: null, bulkFieldErrors: {} }),
            },
            BULK_CANCELLED: [
              {
                guard: 'rowsOfQuery',
                target: 'selecting',
                actions: assign({ bulkAction: null, bulkError: null, bulkFieldErrors: {} }),
              },
              // The URL moved while the bulk action ran: its query loads now.
              {
                target: '#resourceList.loading',
                actions: [
                  'clearSelection',
                  assign({ bulkAction: null, bulkError: null, bulkFieldErrors: {} }),
                ],
              },
            ],
          },
        },
        runningBulk: {
          on: takingUrlDuringRequest,
          invoke: {
            id: 'runBulkAction',
            src: 'runBulkAction',
            input: ({ context }) => ({
              action: context.bulkAction ?? '',
              ids: context.bulkIds,
              payload: context.bulkPayload,
            }),
            onDone: [
              {
                guard: 'allSucceeded',
                target: '#resourceList.loading',
                actions: [
                  {
                    type: 'bulkActionDone',
                    params: ({ context }) => ({
                      action: context.bulkAction ?? '',
                      count: context.bulkIds.length,
                    }),
                  },
                  assign({ selected: [], bulkAction: null, bulkIds: [], bulkResults: [] }),
                ],
              },
              {
                // Partial failure: each row's outcome is reported; the failed rows stay selected.
                target: 'bulkReport',
                actions: assign({
                  bulkResults: ({ event }) => event.output,
                  selected: ({ event }) =>
                    event.output.filter((result) => !result.ok).map((result) => result.id),
                }),
              },
            ],
            onError: {
              target: 'confirmingBulk',
              // Refused fields are each shown at their field, with the answer's detail if it has one;
              // any other refusal is one message.
              actions: assign(({ event }) => {
                const fields = fieldErrorsOf(event.error);
                const byField = Object.keys(fields).length > 0;
                return {
                  bulkFieldErrors: fields,
                  bulkError:
                    byField && event.error instanceof FieldErrorsError
                      ? event.error.detail
                      : messageOf(event.error, messages.common.genericRetry),
                };
              }),
            },
          },
        },
        /** Some rows failed: the report lists each failed row with the server's reason. */
        bulkReport: {
          on: {
            ...closingDialogOnUrl,
            BULK_REPORT_CLOSED: {
              target: '#resourceList.loading',
              actions: assign({ bulkAction: null, bulkResults: [] }),
            },
          },
        },
        confirmingRowAction: {
          on: {
            ...closingDialogOnUrl,
            ROW_ACTION_CONFIRMED: { target: 'runningRowAction', actions: assign({ rowActionError: null }) },
            ROW_ACTION_CANCELLED: [
              {
                guard: 'rowsOfQuery',
                target: 'idle',
                actions: assign({ rowAction: null, rowActionError: null }),
              },
              // The URL moved while the row action ran: its query loads now.
              {
                target: '#resourceList.loading',
                actions: ['clearSelection', assign({ rowAction: null, rowActionError: null })],
              },
            ],
          },
        },
        runningRowAction: {
          on: takingUrlDuringRequest,
          invoke: {
            id: 'runRowAction',
            src: 'runRowAction',
            input: ({ context }) => {
              if (!context.rowAction) throw new Error('runningRowAction needs a row action');
              return context.rowAction;
            },
            onDone: {
              target: '#resourceList.loading',
              actions: [
                {
                  type: 'rowActionDone',
                  params: ({ context, event }) => ({
                    action: context.rowAction?.action ?? '',
                    output: event.output,
                  }),
                },
                assign({ rowAction: null }),
              ],
            },
            onError: {
              target: 'confirmingRowAction',
              actions: assign({
                rowActionError: ({ event }) => messageOf(event.error, messages.common.genericRetry),
              }),
            },
          },
        },
        confirmingDelete: {
          on: {
            ...closingDialogOnUrl,
            DELETE_CONFIRMED: 'undoWindow',
            DELETE_CANCELLED: { target: 'idle', actions: assign({ pendingDelete: null }) },
          },
        },
        /** The row is hidden and 'Deshacer' offered; nothing is sent yet. */
        undoWindow: {
          after: { UNDO_DELAY: 'deleting' },
          on: {
            UNDO: { target: 'idle', actions: assign({ pendingDelete: null }) },
            PAGE_LEFT: 'deleting',
            ...queryRequests,
            // The URL's new query loads after the DELETE, sent at once.
            QUERY_SYNCED: {
              guard: 'queryDiffers',
              target: 'deleting',
              actions: ['syncQuery', 'clearSelection'],
            },
          },
        },
        deleting: {
          on: takingUrlDuringRequest,
          invoke: {
            id: 'removeRecord',
            src: 'removeRecord',
            input: ({ context }) => {
              if (!context.pendingDelete) throw new Error('deleting needs a pending record');
              return context.pendingDelete;
            },
            onDone: {
              target: '#resourceList.loading',
              actions: [
                { type: 'recordRemoved', params: ({ context }) => ({ record: context.pendingDelete }) },
                assign({ pendingDelete: null, deleteError: null }),
              ],
            },
            onError: {
              target: 'deleteFailed',
              actions: assign({
                deleteError: ({ event }) => messageOf(event.error, messages.common.genericRetry),
              }),
            },
          },
        },
        deleteFailed: {
          on: {
            ...closingDialogOnUrl,
            DELETE_CONFIRMED: { target: 'undoWindow', actions: assign({ deleteError: null }) },
            DELETE_CANCELLED: [
              {
                guard: 'rowsOfQuery',
                target: 'idle',
                actions: assign({ pendingDelete: null, deleteError: null }),
              },
              // A query taken during the undo window is loaded now (the row is back either way).
              {
                target: '#resourceList.loading',
                actions: assign({ pendingDelete: null, deleteError: null }),
              },
            ],
          },
        },
      },
    },
    empty: { on: queryTransitions },
    failed: {
      on: { ...queryTransitions, RETRY: 'loading' },
    },
  },
});
