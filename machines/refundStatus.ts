/**
 * The refund status page's data (issue 17, issue 30 §2): the refunds the login answer listed,
 * then the status as it is now (GET /refund_data/status/ with the session). A failed refresh
 * keeps the login's list and says so (`messages.refundDecisions.refreshFailed`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SubmittedRefund } from '../src/contracts/refund';

export interface RefundStatusInput {
  /** The login answer's refunds, shown until the refresh answers. */
  refunds: SubmittedRefund[];
}

export interface RefundStatusContext extends RefundStatusInput {
  /** The refresh failed: the list is the login's. */
  stale: boolean;
}

export const refundStatusMachine = setup({
  types: {
    context: {} as RefundStatusContext,
    input: {} as RefundStatusInput,
  },
  actors: {
    loadStatus: fromPromise<SubmittedRefund[]>(async () => {
      throw new Error('loadStatus not provided');
    }),
  },
}).createMachine({
  id: 'refundStatus',
  context: ({ input }) => ({ refunds: input.refunds, stale: false }),
  initial: 'refreshing',
  states: {
    refreshing: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { target: 'current', actions: assign({ refunds: ({ event }) => event.output }) },
        onError: { target: 'stale', actions: assign({ stale: true }) },
      },
    },
    current: {},
    stale: {},
  },
});
