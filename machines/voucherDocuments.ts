/**
 * A voucher's documents on its show view (issue 15; SPEC §4 'Voucher, print, send and
 * multivoucher responses are OK or Error'; §7 /pdfVoucher/, /pdfMultiVoucher/, /sendEmailCCGG/,
 * /sendMultiVoucher/): one call at a time; the buttons wait while it runs; the answer becomes a
 * notice that says which call succeeded or why it failed (the toast), dismissed by the user or
 * replaced by the next call.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import { messageOf } from './support/errors';

export type DocumentKind = 'printVoucher' | 'printMulti' | 'sendTerms' | 'sendMulti';
export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  'printVoucher',
  'printMulti',
  'sendTerms',
  'sendMulti',
];

export interface DocumentRequest {
  kind: DocumentKind;
  voucherId: number;
  reservationId: number;
}

export interface DocumentNotice {
  tone: 'success' | 'danger';
  text: string;
}

export interface VoucherDocumentsContext {
  voucherId: number;
  reservationId: number;
  kind: DocumentKind | null;
  notice: DocumentNotice | null;
}

export type VoucherDocumentsEvent = { type: 'RUN'; kind: DocumentKind } | { type: 'DISMISS' };

export const voucherDocumentsMachine = setup({
  types: {
    context: {} as VoucherDocumentsContext,
    input: {} as { voucherId: number; reservationId: number },
    events: {} as VoucherDocumentsEvent,
  },
  actions: {
    /** Announces a success in the shell's toasts too (provided by the view; the notice stays). */
    announce: (_, _text: string) => {},
  },
  actors: {
    /** Prints (opens the PDF) or sends; answers the success text. */
    runDocument: fromPromise<string, DocumentRequest>(async () => {
      throw new Error('runDocument not provided');
    }),
  },
}).createMachine({
  id: 'voucherDocuments',
  context: ({ input }) => ({
    voucherId: input?.voucherId ?? 0,
    reservationId: input?.reservationId ?? 0,
    kind: null,
    notice: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        RUN: { target: 'working', actions: assign({ kind: ({ event }) => event.kind, notice: null }) },
        DISMISS: { actions: assign({ notice: null }) },
      },
    },
    working: {
      invoke: {
        id: 'runDocument',
        src: 'runDocument',
        input: ({ context }) => ({
          kind: context.kind ?? 'printVoucher',
          voucherId: context.voucherId,
          reservationId: context.reservationId,
        }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ kind: null, notice: ({ event }) => ({ tone: 'success', text: event.output }) }),
            { type: 'announce', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({
            kind: null,
            notice: ({ event }) => ({
              tone: 'danger',
              text: messageOf(event.error, messages.bookings.mailFailed),
            }),
          }),
        },
      },
    },
  },
});
