/** Traversal model of the voucher documents machine (issue 15). */
import { messages } from '../../src/contracts/messages';
import { UserFacingError } from '../support/errors';
import { DOCUMENT_KINDS, voucherDocumentsMachine } from '../voucherDocuments';
import { defineModel } from './types';

export const voucherDocumentsModel = defineModel({
  machine: voucherDocumentsMachine,
  input: { voucherId: 12, reservationId: 5 },
  events: (snapshot) => {
    if (snapshot.matches('idle'))
      return [
        ...DOCUMENT_KINDS.map((kind) => ({ type: 'RUN' as const, kind })),
        ...(snapshot.context.notice ? [{ type: 'DISMISS' as const }] : []),
      ];
    return [
      { type: 'xstate.done.actor.runDocument', output: messages.bookings.mailSent },
      { type: 'xstate.error.actor.runDocument', error: new UserFacingError(messages.bookings.noRecipient) },
    ];
  },
  journeys: [
    [
      { type: 'RUN', kind: 'sendTerms' },
      { type: 'xstate.done.actor.runDocument', output: messages.bookings.mailSent },
      { type: 'DISMISS' },
    ],
    [
      { type: 'RUN', kind: 'printMulti' },
      { type: 'xstate.error.actor.runDocument', error: new UserFacingError(messages.bookings.noRecipient) },
      { type: 'RUN', kind: 'printVoucher' },
    ],
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.kind, snapshot.context.notice?.tone ?? null]),
});
