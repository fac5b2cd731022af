/**
 * The reading of a receipt in the claim dialog (issue 31, docs/receipt-reading.md): after the
 * traveller chose files, the server's reading is asked for (GET /api/refund_data/readings/),
 * again every READING_POLL_MS while a file is still being read, up to READING_MAX_CHECKS times.
 * - suggested: a total was read — 'Leímos en el comprobante: … — ¿usar estos datos?'; nothing is
 *   filled until ACCEPT (the view then fills amount, currency and date from `suggestion`);
 * - dismissed: 'No, gracias';
 * - failed: nothing read, the reading failed, or it took too long: the dialog says nothing.
 * FILES_CHANGED (other files chosen) starts over; none chosen ends silent (failed).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { FileReading } from '../src/contracts/refund/reading';

export const READING_POLL_MS = 1500;
export const READING_MAX_CHECKS = 40;
/** A suggestion needs at least this confidence in the total. */
export const SUGGESTION_MIN_CONFIDENCE = 0.5;

export interface ReadingSuggestion {
  /** Decimal string, '12345.50'. */
  amount: string;
  currency: string | null;
  /** ISO date or null. */
  date: string | null;
}

export interface ReceiptReadingContext {
  fileIds: string[];
  country: string | null;
  checks: number;
  suggestion: ReadingSuggestion | null;
}

export type ReceiptReadingEvent =
  | { type: 'FILES_CHANGED'; fileIds: string[] }
  | { type: 'ACCEPT' }
  | { type: 'DISMISS' };

export interface ReadingQuery {
  fileIds: string[];
  country: string | null;
}

/** The first page (in file order) whose total was read confidently, as a suggestion. */
export function suggestionOf(readings: readonly FileReading[]): ReadingSuggestion | null {
  for (const reading of readings) {
    for (const page of reading.pages) {
      if (
        page.status === 'read' &&
        page.total !== null &&
        page.totalConfidence >= SUGGESTION_MIN_CONFIDENCE
      ) {
        return {
          amount: page.total,
          currency: page.currencyConfidence >= SUGGESTION_MIN_CONFIDENCE ? page.currency : null,
          date: page.dateConfidence >= SUGGESTION_MIN_CONFIDENCE ? page.date : null,
        };
      }
    }
  }
  return null;
}

const stillReading = (readings: readonly FileReading[]) =>
  readings.some((reading) => reading.status === 'pending');

export const receiptReadingMachine = setup({
  types: {
    context: {} as ReceiptReadingContext,
    input: {} as { fileIds: string[]; country: string | null },
    events: {} as ReceiptReadingEvent,
  },
  actors: {
    fetchReadings: fromPromise<FileReading[], ReadingQuery>(async () => {
      throw new Error('fetchReadings not provided');
    }),
  },
  delays: { readingPoll: READING_POLL_MS },
  guards: {
    choseFiles: ({ event }) => event.type === 'FILES_CHANGED' && event.fileIds.length > 0,
    suggests: ({ event }) => 'output' in event && suggestionOf(event.output as FileReading[]) !== null,
    waitsMore: ({ context, event }) =>
      'output' in event && stillReading(event.output as FileReading[]) && context.checks < READING_MAX_CHECKS,
  },
  actions: {
    /** The view fills the claim's amount, currency and date from the suggestion. */
    applySuggestion: () => {},
  },
}).createMachine({
  id: 'receiptReading',
  context: ({ input }) => ({ fileIds: input.fileIds, country: input.country, checks: 0, suggestion: null }),
  // Started once files were chosen; other files (or none) start over.
  initial: 'reading',
  on: {
    FILES_CHANGED: [
      {
        guard: 'choseFiles',
        target: '.reading',
        actions: assign({ fileIds: ({ event }) => event.fileIds, checks: 0, suggestion: null }),
      },
      { target: '.failed', actions: assign({ fileIds: [], checks: 0, suggestion: null }) },
    ],
  },
  states: {
    reading: {
      entry: assign({ checks: ({ context }) => context.checks + 1 }),
      invoke: {
        id: 'fetchReadings',
        src: 'fetchReadings',
        input: ({ context }) => ({ fileIds: context.fileIds, country: context.country }),
        onDone: [
          {
            guard: 'suggests',
            target: 'suggested',
            actions: assign({ suggestion: ({ event }) => suggestionOf(event.output) }),
          },
          { guard: 'waitsMore', target: 'waiting' },
          { target: 'failed' },
        ],
        // A reading that cannot be asked for says nothing (the claim goes on without it).
        onError: { target: 'failed' },
      },
    },
    waiting: { after: { readingPoll: 'reading' } },
    suggested: {
      on: {
        ACCEPT: { target: 'accepted', actions: 'applySuggestion' },
        DISMISS: 'dismissed',
      },
    },
    accepted: {},
    dismissed: {},
    failed: {},
  },
});
