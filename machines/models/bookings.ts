/** Traversal model of the voucher documents machine (issue 15). */
import { messages } from '../../src/contracts/messages';
import { listDownloadMachine } from '../listDownload';
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

/** Traversal model of a list's direct download (Reservas' CSV, issue 15). */
export const listDownloadModel = defineModel({
  machine: listDownloadMachine,
  events: (snapshot) => {
    if (snapshot.matches('idle'))
      return [
        { type: 'DOWNLOAD' as const, query: { status: '3' }, rows: 42 },
        ...(snapshot.context.notice ? [{ type: 'DISMISS' as const }] : []),
      ];
    return [
      { type: 'xstate.done.actor.download', output: messages.bookings.downloaded('reservas.csv') },
      { type: 'xstate.error.actor.download', error: new UserFacingError(messages.common.forbidden) },
    ];
  },
  journeys: [
    [
      { type: 'DOWNLOAD', query: {}, rows: 3 },
      { type: 'xstate.done.actor.download', output: messages.bookings.downloaded('reservas.csv') },
      { type: 'DISMISS' },
    ],
    [
      { type: 'DOWNLOAD', query: { status: '3' }, rows: 42 },
      { type: 'xstate.error.actor.download', error: new UserFacingError(messages.common.forbidden) },
      { type: 'DOWNLOAD', query: { status: '3' }, rows: 42 },
    ],
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.notice?.tone ?? null]),
});
