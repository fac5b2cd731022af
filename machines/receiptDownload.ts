/**
 * Downloading a refund's files on its review screen (issue 17 'Staff review': every receipt
 * downloadable, several as one zip; SPEC §7 `POST /refund_download_file/ {refund_files_ids}`):
 * 'Descargar' saves the receipt in view, 'Descargar todo' every file of the refund as one zip.
 * One download at a time (the buttons wait while it runs); a failure shows the server's message
 * with 'Reintentar' (the same files again), except a permission refusal, which a retry cannot
 * change. The client's actor fetches the bytes and saves them under `fileName`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import { isRefusal, messageOf } from './support/errors';

export interface DownloadRequest {
  /** The stored files' ids, in the order the zip lists them. */
  ids: string[];
  /** The name the browser saves it under (the file's own name, or the zip's). */
  fileName: string;
}

export interface ReceiptDownloadContext {
  request: DownloadRequest | null;
  /** The name of the last file saved (the notice after a download). */
  saved: string | null;
  error: string | null;
  retryable: boolean;
}

export type ReceiptDownloadEvent =
  | ({ type: 'DOWNLOAD' } & DownloadRequest)
  | { type: 'RETRY' }
  | { type: 'DISMISS' };

export const receiptDownloadMachine = setup({
  types: {
    context: {} as ReceiptDownloadContext,
    events: {} as ReceiptDownloadEvent,
  },
  actors: {
    /** Fetches the files (one as itself, several as a zip) and saves them; answers the saved name. */
    downloadFiles: fromPromise<string, DownloadRequest>(async () => {
      throw new Error('downloadFiles not provided');
    }),
  },
  guards: {
    somethingToDownload: ({ event }) => event.type === 'DOWNLOAD' && event.ids.length > 0,
    retryable: ({ context }) => context.retryable && context.request !== null,
  },
  actions: {
    takeRequest: assign({
      request: ({ event, context }) =>
        event.type === 'DOWNLOAD' ? { ids: event.ids, fileName: event.fileName } : context.request,
    }),
  },
}).createMachine({
  id: 'receiptDownload',
  context: { request: null, saved: null, error: null, retryable: false },
  initial: 'idle',
  states: {
    idle: {
      on: {
        DOWNLOAD: { guard: 'somethingToDownload', target: 'downloading', actions: 'takeRequest' },
        DISMISS: { actions: assign({ saved: null }) },
      },
    },
    downloading: {
      entry: assign({ error: null, saved: null }),
      invoke: {
        id: 'downloadFiles',
        src: 'downloadFiles',
        input: ({ context }) => context.request ?? { ids: [], fileName: '' },
        onDone: { target: 'idle', actions: assign({ saved: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, messages.common.genericRetry),
            retryable: ({ event }) => !isRefusal(event.error),
          }),
        },
      },
    },
    failed: {
      on: {
        RETRY: { guard: 'retryable', target: 'downloading' },
        DOWNLOAD: { guard: 'somethingToDownload', target: 'downloading', actions: 'takeRequest' },
        DISMISS: { target: 'idle', actions: assign({ error: null }) },
      },
    },
  },
});
