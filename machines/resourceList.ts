/**
 * A back-office list (SPEC §2 'Dashboard sections', 'List filters'): load a page, filter, page,
 * change page size, sort, switch tabs, and delete a row after a confirmation. One machine serves
 * every module; the module's descriptor (src/client/resources) gives the actors.
 *
 * The machine owns the query (filters, offset, limit, ordering, tab). The view mirrors it in the
 * URL and sends QUERY_SYNCED when the URL changes on its own (Back, Forward, a pasted link).
 * No timers: a filter applies when the user submits it (FILTERS_APPLIED), never while typing.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import { messageOf } from './support/errors';

/** A row as the list holds it: the API entity, with its id. */
export type ResourceRecord = { id: number } & Record<string, unknown>;

export const PAGE_SIZES = [10, 20, 50] as const;
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
}

export interface ListPage {
  count: number;
  /** How the server obtained `count` (issue 11); absent means exact. */
  countKind?: 'exact' | 'capped' | 'estimate';
  results: ResourceRecord[];
}

export interface ResourceListContext {
  query: ListQuery;
  rows: ResourceRecord[];
  count: number;
  countKind?: ListPage['countKind'];
  /** Why the page could not be loaded. */
  error: string | null;
  /** The row the user asked to delete (the confirmation names it). */
  pendingDelete: ResourceRecord | null;
  /** Why the last delete failed; the row stays in the list. */
  deleteError: string | null;
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
  | { type: 'RELOAD' }
  | { type: 'DELETE_ASKED'; record: ResourceRecord }
  | { type: 'DELETE_CONFIRMED' }
  | { type: 'DELETE_CANCELLED' };

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
  return JSON.stringify([cleanFilters(query.filters), query.offset, query.limit, query.ordering, query.tab]);
}

/** The offset of the last page (0 for an empty list). */
export function lastPageOffset(count: number, limit: number): number {
  return Math.max(0, Math.ceil(count / limit) - 1) * limit;
}

/** Ascending, then descending, then ascending again. */
export function nextOrdering(current: string | null, field: string): string {
  return current === field ? `-${field}` : field;
}

/** Query changes are taken while the list is loading, loaded (not mid-delete), empty or failed. */
const queryTransitions = {
  FILTERS_APPLIED: { target: '#resourceList.loading', reenter: true, actions: 'applyFilters' },
  PAGE_CHANGED: { guard: 'validPage', target: '#resourceList.loading', reenter: true, actions: 'changePage' },
  PAGE_SIZE_CHANGED: {
    guard: 'validPageSize',
    target: '#resourceList.loading',
    reenter: true,
    actions: 'changePageSize',
  },
  SORT_TOGGLED: { target: '#resourceList.loading', reenter: true, actions: 'toggleSort' },
  TAB_CHANGED: { target: '#resourceList.loading', reenter: true, actions: 'changeTab' },
  QUERY_SYNCED: {
    guard: 'queryDiffers',
    target: '#resourceList.loading',
    reenter: true,
    actions: 'syncQuery',
  },
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
    validPageSize: ({ event }) =>
      event.type === 'PAGE_SIZE_CHANGED' && (PAGE_SIZES as readonly number[]).includes(event.limit),
    validPage: ({ event }) =>
      event.type === 'PAGE_CHANGED' && Number.isInteger(event.page) && event.page >= 0,
  },
  actions: {
    applyFilters: assign({
      query: ({ context, event }) =>
        event.type === 'FILTERS_APPLIED'
          ? { ...context.query, filters: cleanFilters(event.filters), offset: 0 }
          : context.query,
    }),
    changePage: assign({
      query: ({ context, event }) =>
        event.type === 'PAGE_CHANGED'
          ? { ...context.query, offset: event.page * context.query.limit }
          : context.query,
    }),
    changePageSize: assign({
      query: ({ context, event }) =>
        event.type === 'PAGE_SIZE_CHANGED'
          ? { ...context.query, limit: event.limit, offset: 0 }
          : context.query,
    }),
    toggleSort: assign({
      query: ({ context, event }) =>
        event.type === 'SORT_TOGGLED'
          ? { ...context.query, ordering: nextOrdering(context.query.ordering, event.field), offset: 0 }
          : context.query,
    }),
    changeTab: assign({
      query: ({ context, event }) =>
        event.type === 'TAB_CHANGED' ? { ...context.query, tab: event.tab, offset: 0 } : context.query,
    }),
    syncQuery: assign({
      query: ({ context, event }) =>
        event.type === 'QUERY_SYNCED'
          ? { ...event.query, filters: cleanFilters(event.query.filters) }
          : context.query,
    }),
  },
}).createMachine({
  id: 'resourceList',
  // `input` may be absent (xstate/graph's getPathsFromEvents starts without one unless told).
  context: ({ input }) => ({
    query: emptyQuery({ ...input?.query, filters: cleanFilters(input?.query?.filters ?? {}) }),
    rows: [],
    count: 0,
    error: null,
    pendingDelete: null,
    deleteError: null,
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
            }),
          },
          {
            guard: 'pageBeyondEnd',
            target: 'loading',
            reenter: true,
            actions: assign({
              query: ({ context, event }) => ({
                ...context.query,
                offset: lastPageOffset(event.output.count, context.query.limit),
              }),
            }),
          },
          { target: 'empty', actions: assign({ rows: [], count: 0 }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
        },
      },
    },
    loaded: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            ...queryTransitions,
            DELETE_ASKED: {
              target: 'confirmingDelete',
              actions: assign({ pendingDelete: ({ event }) => event.record, deleteError: null }),
            },
          },
        },
        confirmingDelete: {
          on: {
            DELETE_CONFIRMED: 'deleting',
            DELETE_CANCELLED: { target: 'idle', actions: assign({ pendingDelete: null }) },
          },
        },
        deleting: {
          invoke: {
            id: 'removeRecord',
            src: 'removeRecord',
            input: ({ context }) => {
              if (!context.pendingDelete) throw new Error('deleting needs a pending record');
              return context.pendingDelete;
            },
            onDone: {
              target: '#resourceList.loading',
              actions: assign({ pendingDelete: null, deleteError: null }),
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
            DELETE_CONFIRMED: { target: 'deleting', actions: assign({ deleteError: null }) },
            DELETE_CANCELLED: { target: 'idle', actions: assign({ pendingDelete: null, deleteError: null }) },
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
