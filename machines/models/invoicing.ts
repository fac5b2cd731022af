/** Model of the payment detail machine (issue 16; SPEC §7 GET /payment_detail/). */
import type { Payment } from '../../src/contracts/invoicing';
import { paymentDetailMachine } from '../paymentDetail';
import { UserFacingError } from '../support/errors';
import { defineModel } from './types';

export const samplePayments: Payment[] = [
  {
    id: 7,
    reservation_id: 3,
    method: 'card',
    amount: '200.00',
    currency: 'ARS',
    instalments: 3,
    paid_at: '2026-11-02',
    reference: 'CARD-000003-7',
  },
  {
    id: 8,
    reservation_id: 3,
    method: 'transfer',
    amount: '100.00',
    currency: 'ARS',
    instalments: 1,
    paid_at: '2026-11-03',
    reference: 'TRANSFER-000003-8',
  },
];
export const PAYMENTS_REFUSAL = 'No encontrado.';

export const paymentDetailModel = defineModel({
  machine: paymentDetailMachine,
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadPayments', output: samplePayments },
        { type: 'xstate.done.actor.loadPayments', output: [] },
        { type: 'xstate.error.actor.loadPayments', error: new UserFacingError(PAYMENTS_REFUSAL) },
        { type: 'xstate.error.actor.loadPayments', error: new Error('network') },
      ];
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
    return [];
  },
  // Back to a loading state already seen: only a journey takes it.
  journeys: [[{ type: 'xstate.error.actor.loadPayments', error: new Error('network') }, { type: 'RETRY' }]],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.payments.length, snapshot.context.error]),
});
