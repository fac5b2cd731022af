/**
 * A refund's bank data on the review screen (issue 17 'Staff review'): masked by default; 'Mostrar
 * datos bancarios' asks the server for the full data (`POST /refund/{id}/bank_data/`, which writes
 * the reveal to the refund's history), 'Ocultar' masks it again and forgets it.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { RefundBankData } from '../src/contracts/refund/review';
import { messageOf } from './support/errors';

export interface BankRevealContext {
  id: number;
  data: RefundBankData | null;
  error: string | null;
}

export type BankRevealEvent = { type: 'REVEAL' } | { type: 'HIDE' };

export const bankRevealMachine = setup({
  types: {
    context: {} as BankRevealContext,
    input: {} as { id: number },
    events: {} as BankRevealEvent,
  },
  actors: {
    revealBankData: fromPromise<RefundBankData, { id: number }>(async () => {
      throw new Error('revealBankData not provided');
    }),
  },
  actions: {
    /** The reveal is in the refund's history now (the view may refresh it). */
    revealRecorded: () => {},
  },
}).createMachine({
  id: 'bankReveal',
  context: ({ input }) => ({ id: input?.id ?? 0, data: null, error: null }),
  initial: 'masked',
  states: {
    masked: { on: { REVEAL: 'revealing' } },
    revealing: {
      entry: assign({ error: null }),
      invoke: {
        id: 'revealBankData',
        src: 'revealBankData',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'revealed',
          actions: [assign({ data: ({ event }) => event.output }), 'revealRecorded'],
        },
        onError: {
          target: 'masked',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
        },
      },
    },
    revealed: { on: { HIDE: { target: 'masked', actions: assign({ data: null }) } } },
  },
});
