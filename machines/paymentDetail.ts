/**
 * The payment detail of a reservation (issue 16; SPEC §7 GET /payment_detail/[{query}]): how it
 * was paid — method, amount, currency, instalments, date, reference — shown as a tab of the
 * Facturación row's show view. Loading, the payments, none, a failure with 'Reintentar'. The view
 * provides `loadPayments` (the reservation is the view's); the machine owns what is shown.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Payment } from '../src/contracts/invoicing';
import { messages } from '../src/contracts/messages';
import { messageOf } from './support/errors';

export interface PaymentDetailContext {
  payments: Payment[];
  error: string | null;
}

/** 'Reintentar' after a failure; the tab loads afresh each time it is opened (a new actor). */
export type PaymentDetailEvent = { type: 'RETRY' };

export const paymentDetailMachine = setup({
  types: {
    context: {} as PaymentDetailContext,
    events: {} as PaymentDetailEvent,
  },
  actors: {
    loadPayments: fromPromise<Payment[]>(async () => {
      throw new Error('loadPayments not provided');
    }),
  },
  guards: {
    hasPayments: ({ event }) => 'output' in event && (event.output as Payment[]).length > 0,
  },
}).createMachine({
  id: 'paymentDetail',
  context: { payments: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadPayments',
        src: 'loadPayments',
        onDone: [
          {
            guard: 'hasPayments',
            target: 'loaded',
            actions: assign({ payments: ({ event }) => event.output }),
          },
          { target: 'empty', actions: assign({ payments: [] }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, messages.invoicing.payments.failed),
          }),
        },
      },
    },
    loaded: { type: 'final' },
    empty: { type: 'final' },
    failed: { on: { RETRY: 'loading' } },
  },
});
