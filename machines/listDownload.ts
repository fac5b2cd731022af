/**
 * A list's direct download (issue 15; SPEC §7 'the export URL /csv_reservation_filter/?offset=0&
 * limit={n} is built from the current filters and handed to the browser'): 'Descargar CSV' on
 * Reservas asks the server for the file of the list's current filters, one download at a time; the
 * button waits while it runs; the answer becomes a notice that says which file was downloaded or
 * why not, dismissed by the user or replaced by the next download.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import { messageOf } from './support/errors';

export interface DownloadRequest {
  /** The list's filters (never its page or order), as query parameters. */
  query: Record<string, string>;
  /** How many rows the list holds (the download's `limit`). */
  rows: number;
}

export interface DownloadNotice {
  tone: 'success' | 'danger';
  text: string;
}

export interface ListDownloadContext {
  notice: DownloadNotice | null;
}

export type ListDownloadEvent = ({ type: 'DOWNLOAD' } & DownloadRequest) | { type: 'DISMISS' };

export const listDownloadMachine = setup({
  types: {
    context: {} as ListDownloadContext,
    events: {} as ListDownloadEvent,
  },
  actors: {
    /** Fetches the file and hands it to the browser; answers the success text. */
    download: fromPromise<string, DownloadRequest>(async () => {
      throw new Error('download not provided');
    }),
  },
}).createMachine({
  id: 'listDownload',
  context: { notice: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        DOWNLOAD: { target: 'downloading', actions: assign({ notice: null }) },
        DISMISS: { actions: assign({ notice: null }) },
      },
    },
    downloading: {
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ event }) =>
          event.type === 'DOWNLOAD' ? { query: event.query, rows: event.rows } : { query: {}, rows: 0 },
        onDone: {
          target: 'idle',
          actions: assign({ notice: ({ event }) => ({ tone: 'success', text: event.output }) }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            notice: ({ event }) => ({
              tone: 'danger',
              text: messageOf(event.error, messages.bookings.downloadFailed),
            }),
          }),
        },
      },
    },
  },
});
