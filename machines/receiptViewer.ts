/**
 * The receipts of a refund viewed in the page (issue 17 'Staff review'): one file at a time,
 * fetched with the staff token (`GET /stored_file/{id}/`, refund/view) and shown as an image
 * (PDF receipts are stored as JPEG pages), with next and previous, a direct choice from the
 * claims' lists, and zoom. The view provides `releaseFile` to free a shown file's object URL.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import { messageOf } from './support/errors';

export interface ViewerFile {
  id: string;
  name: string;
  content_type: string;
}

export interface LoadedFile {
  url: string;
}

export const ZOOM_LEVELS = [1, 1.5, 2, 3] as const;

export interface ReceiptViewerContext {
  files: ViewerFile[];
  index: number;
  /** An index of ZOOM_LEVELS. */
  zoom: number;
  url: string | null;
  error: string | null;
}

export type ReceiptViewerEvent =
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'SELECTED'; index: number }
  | { type: 'ZOOM_IN' }
  | { type: 'ZOOM_OUT' }
  | { type: 'RETRY' };

export const receiptViewerMachine = setup({
  types: {
    context: {} as ReceiptViewerContext,
    input: {} as { files: ViewerFile[] },
    events: {} as ReceiptViewerEvent,
  },
  actors: {
    loadFile: fromPromise<LoadedFile, ViewerFile>(async () => {
      throw new Error('loadFile not provided');
    }),
  },
  guards: {
    hasNext: ({ context }) => context.index < context.files.length - 1,
    hasPrevious: ({ context }) => context.index > 0,
    otherFile: ({ context, event }) =>
      event.type === 'SELECTED' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.files.length &&
      event.index !== context.index,
    mayZoomIn: ({ context }) => context.zoom < ZOOM_LEVELS.length - 1,
    mayZoomOut: ({ context }) => context.zoom > 0,
  },
  actions: {
    releaseFile: (_, _params: { url: string }) => {},
    showNext: assign({ index: ({ context }) => context.index + 1, zoom: 0 }),
    showPrevious: assign({ index: ({ context }) => context.index - 1, zoom: 0 }),
    showSelected: assign({
      index: ({ context, event }) => (event.type === 'SELECTED' ? event.index : context.index),
      zoom: 0,
    }),
  },
}).createMachine({
  id: 'receiptViewer',
  context: ({ input }) => ({ files: input?.files ?? [], index: 0, zoom: 0, url: null, error: null }),
  // Started only with at least one file (the view shows 'Sin comprobantes' otherwise).
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null, url: null }),
      invoke: {
        id: 'loadFile',
        src: 'loadFile',
        input: ({ context }) => context.files[context.index],
        onDone: { target: 'shown', actions: assign({ url: ({ event }) => event.output.url }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
        },
      },
    },
    shown: {
      exit: { type: 'releaseFile', params: ({ context }) => ({ url: context.url ?? '' }) },
      on: {
        NEXT: { guard: 'hasNext', target: 'loading', actions: 'showNext' },
        PREVIOUS: {
          guard: 'hasPrevious',
          target: 'loading',
          actions: 'showPrevious',
        },
        SELECTED: {
          guard: 'otherFile',
          target: 'loading',
          actions: 'showSelected',
        },
        ZOOM_IN: { guard: 'mayZoomIn', actions: assign({ zoom: ({ context }) => context.zoom + 1 }) },
        ZOOM_OUT: { guard: 'mayZoomOut', actions: assign({ zoom: ({ context }) => context.zoom - 1 }) },
      },
    },
    failed: {
      on: {
        RETRY: 'loading',
        NEXT: { guard: 'hasNext', target: 'loading', actions: 'showNext' },
        PREVIOUS: {
          guard: 'hasPrevious',
          target: 'loading',
          actions: 'showPrevious',
        },
        SELECTED: {
          guard: 'otherFile',
          target: 'loading',
          actions: 'showSelected',
        },
      },
    },
  },
});
