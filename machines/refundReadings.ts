/**
 * What the receipts of a refund say, on the staff review (issue 31, docs/receipt-reading.md):
 * GET /api/refund/{id}/readings/ — per claim the claimed amount beside the sum of the read totals,
 * per receipt the read figures, and the flags. Loading, loaded, or failed with 'Reintentar'.
 * Receipts still being read are shown as such; 'Actualizar' asks again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { RefundReadingsResponse } from '../src/contracts/refund/reading';
import { messageOf } from './support/errors';

export interface RefundReadingsContext {
  id: number;
  readings: RefundReadingsResponse | null;
  error: string | null;
}

export type RefundReadingsEvent = { type: 'RETRY' } | { type: 'REFRESH' };

/** Whether some receipt of the refund is still being read. */
export function stillReading(readings: RefundReadingsResponse | null): boolean {
  return readings?.claims.some((claim) => claim.files.some((file) => file.status === 'pending')) ?? false;
}

export const refundReadingsMachine = setup({
  types: {
    context: {} as RefundReadingsContext,
    input: {} as { id: number },
    events: {} as RefundReadingsEvent,
  },
  actors: {
    loadReadings: fromPromise<RefundReadingsResponse, { id: number }>(async () => {
      throw new Error('loadReadings not provided');
    }),
  },
}).createMachine({
  id: 'refundReadings',
  context: ({ input }) => ({ id: input.id, readings: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadReadings',
        src: 'loadReadings',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'loaded', actions: assign({ readings: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
        },
      },
    },
    loaded: { on: { REFRESH: 'loading' } },
    failed: { on: { RETRY: 'loading' } },
  },
});
