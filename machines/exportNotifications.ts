/**
 * Export notifications (SPEC §4; issue 12): a list export is requested and its hash stored; while
 * it is Pending its status is polled every 10 s (`exportPoll`, SPEC §9); when it is no longer
 * Pending a notification appears in the bell; clicking it downloads the file
 * (filter_offices.xlsx) and marks the export consumed (PUT /report/{hash}/). An export that
 * failed shows the §8 error and is dismissed the same way. With nothing pending the bell still
 * checks the user's exports every 15 s (`notificationPoll`), which also picks up exports started
 * in another tab. The exports are persisted by the view (`persist`, localStorage), so exports
 * pending across a reload are resumed from the machine's input.
 *
 * Two regions: `jobs` (request, poll) and `bell` (the panel, download, consume).
 */
import { assign, fromPromise, setup } from 'xstate';
import { EXPORT_KINDS, type ExportKind, type ExportStatus } from '../src/contracts/exports';
import { messages } from '../src/contracts/messages';
import { messageOf } from './support/errors';

export interface ExportItem {
  hash: string;
  kind: ExportKind;
  status: ExportStatus;
  rowsWritten: number;
  rowsTotal: number | null;
  /** The download address when OK. */
  url: string | null;
  fileName: string;
}

export interface ExportRequest {
  kind: ExportKind;
  /** The list's current filters. */
  query: Record<string, string>;
}

/** What a check answers: the reports read, and the hashes the server no longer knows. */
export interface ExportCheck {
  reports: ExportItem[];
  gone: string[];
  /** The reports are every unconsumed export of the user (the bell's check), not just some. */
  complete: boolean;
}

export interface ExportNotificationsInput {
  /** The exports persisted before a reload. */
  items: ExportItem[];
}

export interface ExportNotificationsContext {
  items: ExportItem[];
  requestError: string | null;
  downloadError: string | null;
  /** The notification being downloaded or consumed. */
  active: string | null;
  /** The export being requested. */
  request: ExportRequest | null;
  /** The hash of the last export requested (the list screen says it was requested). */
  lastRequested: string | null;
}

export type ExportNotificationsEvent =
  | ({ type: 'REQUEST' } & ExportRequest)
  | { type: 'TOGGLE' }
  | { type: 'CLOSE' }
  | { type: 'DOWNLOAD'; hash: string }
  | { type: 'DISMISS'; hash: string };

export const EXPORT_POLL_MS = 10_000;
export const NOTIFICATION_POLL_MS = 15_000;

export const pendingHashes = (items: readonly ExportItem[]) =>
  items.filter((item) => item.status === 'Pending').map((item) => item.hash);

/** The items after a check: reports replace or update, gone hashes leave. */
export function mergeCheck(items: readonly ExportItem[], check: ExportCheck): ExportItem[] {
  const byHash = new Map(check.reports.map((report) => [report.hash, report]));
  const kept = check.complete
    ? []
    : items.filter((item) => !byHash.has(item.hash) && !check.gone.includes(item.hash));
  const updated = check.complete
    ? check.reports
    : items.filter((item) => byHash.has(item.hash)).map((item) => byHash.get(item.hash)!);
  const order = new Map(items.map((item, index) => [item.hash, index]));
  return [...kept, ...updated].sort(
    (a, b) => (order.get(a.hash) ?? -1) - (order.get(b.hash) ?? -1) || a.hash.localeCompare(b.hash),
  );
}

/** The notifications (exports no longer Pending). */
export const notificationsOf = (items: readonly ExportItem[]) =>
  items.filter((item) => item.status !== 'Pending');

export const exportNotificationsMachine = setup({
  types: {
    context: {} as ExportNotificationsContext,
    input: {} as ExportNotificationsInput,
    events: {} as ExportNotificationsEvent,
  },
  actors: {
    requestExport: fromPromise<{ hash: string }, ExportRequest>(async () => ({ hash: '' })),
    checkExports: fromPromise<ExportCheck, { hashes: string[] }>(async () => ({
      reports: [],
      gone: [],
      complete: true,
    })),
    downloadExport: fromPromise<void, { item: ExportItem }>(async () => {}),
    consumeExport: fromPromise<void, { hash: string }>(async () => {}),
  },
  actions: {
    rememberRequest: assign({
      request: ({ event }) => (event.type === 'REQUEST' ? { kind: event.kind, query: event.query } : null),
    }),
    /** Stores the exports (the view: localStorage), so a reload resumes them. */
    persist: (_, _params: { items: ExportItem[] }) => {},
  },
  delays: { exportPoll: EXPORT_POLL_MS, notificationPoll: NOTIFICATION_POLL_MS },
  guards: {
    hasPending: ({ context }) => pendingHashes(context.items).length > 0,
    pendingAfterCheck: ({ context, event }) =>
      'output' in event && pendingHashes(mergeCheck(context.items, event.output as ExportCheck)).length > 0,
    isNotification: ({ context, event }) =>
      'hash' in event && context.items.some((item) => item.hash === event.hash && item.status !== 'Pending'),
    isReady: ({ context, event }) =>
      'hash' in event && context.items.some((item) => item.hash === event.hash && item.status === 'OK'),
  },
}).createMachine({
  id: 'exportNotifications',
  type: 'parallel',
  context: ({ input }) => ({
    items: input.items,
    requestError: null,
    downloadError: null,
    active: null,
    request: null,
    lastRequested: null,
  }),
  states: {
    jobs: {
      initial: 'checking',
      states: {
        idle: {
          after: { notificationPoll: 'checking' },
          on: { REQUEST: { target: 'requesting', actions: 'rememberRequest' } },
        },
        watching: {
          after: { exportPoll: 'checking' },
          on: { REQUEST: { target: 'requesting', actions: 'rememberRequest' } },
        },
        requesting: {
          entry: assign({ requestError: null, lastRequested: null }),
          invoke: {
            id: 'requestExport',
            src: 'requestExport',
            input: ({ context }) => context.request!,
            onDone: {
              target: 'watching',
              actions: [
                assign(({ context, event }) => ({
                  lastRequested: event.output.hash,
                  items: [
                    ...context.items,
                    {
                      hash: event.output.hash,
                      kind: context.request!.kind,
                      status: 'Pending' as const,
                      rowsWritten: 0,
                      rowsTotal: null,
                      url: null,
                      fileName: EXPORT_KINDS[context.request!.kind].fileName,
                    },
                  ],
                })),
                { type: 'persist', params: ({ context }) => ({ items: context.items }) },
              ],
            },
            onError: [
              {
                guard: 'hasPending',
                target: 'watching',
                actions: assign({
                  requestError: ({ event }) => messageOf(event.error, messages.exports.requestFailed),
                }),
              },
              {
                target: 'idle',
                actions: assign({
                  requestError: ({ event }) => messageOf(event.error, messages.exports.requestFailed),
                }),
              },
            ],
          },
        },
        checking: {
          on: { REQUEST: { target: 'requesting', actions: 'rememberRequest' } },
          invoke: {
            id: 'checkExports',
            src: 'checkExports',
            // Pending exports are checked by hash (GET /report/{hash}/); otherwise the bell's check
            // reads every unconsumed export of the user (GET /report/).
            input: ({ context }) => ({ hashes: pendingHashes(context.items) }),
            onDone: [
              {
                guard: 'pendingAfterCheck',
                target: 'watching',
                actions: [
                  assign({ items: ({ context, event }) => mergeCheck(context.items, event.output) }),
                  { type: 'persist', params: ({ context }) => ({ items: context.items }) },
                ],
              },
              {
                target: 'idle',
                actions: [
                  assign({ items: ({ context, event }) => mergeCheck(context.items, event.output) }),
                  { type: 'persist', params: ({ context }) => ({ items: context.items }) },
                ],
              },
            ],
            // A failed check is tried again at the next poll.
            onError: [{ guard: 'hasPending', target: 'watching' }, { target: 'idle' }],
          },
        },
      },
    },
    bell: {
      initial: 'closed',
      states: {
        closed: { on: { TOGGLE: 'open' } },
        open: {
          on: {
            TOGGLE: 'closed',
            CLOSE: 'closed',
            DOWNLOAD: {
              guard: 'isReady',
              target: 'downloading',
              actions: assign({ active: ({ event }) => event.hash, downloadError: null }),
            },
            DISMISS: {
              guard: 'isNotification',
              target: 'consuming',
              actions: assign({ active: ({ event }) => event.hash, downloadError: null }),
            },
          },
        },
        downloading: {
          invoke: {
            id: 'downloadExport',
            src: 'downloadExport',
            input: ({ context }) => ({ item: context.items.find((item) => item.hash === context.active)! }),
            onDone: 'consuming',
            onError: {
              target: 'open',
              actions: assign({
                active: null,
                downloadError: ({ event }) => messageOf(event.error, messages.exports.downloadFailed),
              }),
            },
          },
        },
        consuming: {
          invoke: {
            id: 'consumeExport',
            src: 'consumeExport',
            input: ({ context }) => ({ hash: context.active! }),
            onDone: {
              target: 'open',
              actions: [
                assign({
                  items: ({ context }) => context.items.filter((item) => item.hash !== context.active),
                  active: null,
                }),
                { type: 'persist', params: ({ context }) => ({ items: context.items }) },
              ],
            },
            // The file was downloaded; the notification stays until it can be marked consumed.
            onError: { target: 'open', actions: assign({ active: null }) },
          },
        },
      },
    },
  },
});
