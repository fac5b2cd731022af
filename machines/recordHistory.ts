/**
 * The 'Historial' tab of a record's show view (issue 9 'Audit history'): the engine's entries for
 * one record (GET /history/?entity&record&offset&limit, src/contracts/engine.ts), newest first,
 * one server page at a time. Loading, the page, an empty history, a failure with 'Reintentar'.
 * The view provides `loadHistory` (the entity and record are the view's); the machine owns the page.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { HistoryEntry } from '../src/contracts/engine';
import { messages } from '../src/contracts/messages';
import { messageOf } from './support/errors';

export const HISTORY_PAGE_SIZE = 10;

export interface HistoryPageRequest {
  offset: number;
  limit: number;
}

export interface HistoryPage {
  count: number;
  results: HistoryEntry[];
}

export interface RecordHistoryContext {
  offset: number;
  limit: number;
  count: number;
  entries: HistoryEntry[];
  error: string | null;
}

export interface RecordHistoryInput {
  limit?: number;
}

export type RecordHistoryEvent =
  | { type: 'PAGE_CHANGED'; page: number }
  | { type: 'RETRY' }
  | { type: 'RELOAD' };

/** The number of pages of a history (at least one). */
export function historyPages(count: number, limit: number): number {
  return Math.max(1, Math.ceil(count / limit));
}

export const recordHistoryMachine = setup({
  types: {
    context: {} as RecordHistoryContext,
    input: {} as RecordHistoryInput,
    events: {} as RecordHistoryEvent,
  },
  actors: {
    loadHistory: fromPromise<HistoryPage, HistoryPageRequest>(async () => {
      throw new Error('loadHistory not provided');
    }),
  },
  guards: {
    hasEntries: ({ event }) => 'output' in event && (event.output as HistoryPage).results.length > 0,
    /** A page that exists and is not the one shown. */
    otherPage: ({ context, event }) =>
      event.type === 'PAGE_CHANGED' &&
      Number.isInteger(event.page) &&
      event.page >= 0 &&
      event.page < historyPages(context.count, context.limit) &&
      event.page * context.limit !== context.offset,
  },
}).createMachine({
  id: 'recordHistory',
  // `input` may be absent (xstate/graph starts without one unless told).
  context: ({ input }) => ({
    offset: 0,
    limit: input?.limit ?? HISTORY_PAGE_SIZE,
    count: 0,
    entries: [],
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadHistory',
        src: 'loadHistory',
        input: ({ context }) => ({ offset: context.offset, limit: context.limit }),
        onDone: [
          {
            guard: 'hasEntries',
            target: 'loaded',
            actions: assign({
              entries: ({ event }) => event.output.results,
              count: ({ event }) => event.output.count,
            }),
          },
          { target: 'empty', actions: assign({ entries: [], count: 0, offset: 0 }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.history.failed) }),
        },
      },
    },
    loaded: {
      on: {
        PAGE_CHANGED: {
          guard: 'otherPage',
          target: 'loading',
          actions: assign({
            offset: ({ context, event }) => event.page * context.limit,
          }),
        },
        RELOAD: { target: 'loading', actions: assign({ offset: 0 }) },
      },
    },
    empty: { on: { RELOAD: 'loading' } },
    failed: { on: { RETRY: 'loading' } },
  },
});
