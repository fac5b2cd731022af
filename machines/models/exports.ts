/** The model of the export notifications machine (issue 12, SPEC §4 'Export notifications'). */
import { type ExportItem, exportNotificationsMachine, pendingHashes } from '../exportNotifications';
import { UserFacingError } from '../support/errors';
import { defineModel } from './types';

export const pendingExport: ExportItem = {
  hash: 'h1',
  kind: 'offices',
  status: 'Pending',
  rowsWritten: 0,
  rowsTotal: null,
  url: null,
  fileName: 'filter_offices.xlsx',
};
const withStatus = (item: ExportItem, status: ExportItem['status']): ExportItem => ({
  ...item,
  status,
  rowsWritten: status === 'Pending' ? 500 : 1000,
  rowsTotal: 1000,
  url: status === 'OK' ? `/report/${item.hash}/file/` : null,
});

export const exportNotificationsModel = defineModel({
  machine: exportNotificationsMachine,
  // An export pending before a reload (persisted): the machine resumes it.
  input: { items: [pendingExport] },
  events: (snapshot) => {
    const { items } = snapshot.context;
    const events = [];
    const request = { type: 'REQUEST' as const, kind: 'offices' as const, query: { long_name: 'Viajes' } };
    if (snapshot.matches({ jobs: 'idle' })) {
      if (items.length < 2) events.push(request);
      events.push({ type: 'xstate.after.notificationPoll.exportNotifications.jobs.idle' });
    }
    if (snapshot.matches({ jobs: 'watching' })) {
      if (items.length < 2) events.push(request);
      events.push({ type: 'xstate.after.exportPoll.exportNotifications.jobs.watching' });
    }
    if (snapshot.matches({ jobs: 'requesting' }))
      events.push(
        {
          type: 'xstate.done.actor.requestExport',
          // The server's hashes are unique: one no item (nor the notification being consumed) holds.
          output: {
            hash: ['h2', 'h3', 'h4'].find(
              (hash) => hash !== snapshot.context.active && !items.some((item) => item.hash === hash),
            ),
          },
        },
        {
          type: 'xstate.error.actor.requestExport',
          error: new UserFacingError('No tiene permiso para realizar esta acción.'),
        },
      );
    if (snapshot.matches({ jobs: 'checking' })) {
      if (items.length < 2) events.push(request);
      const pending = items.filter((item) => item.status === 'Pending');
      if (pending.length)
        events.push(
          ...(['Pending', 'OK', 'error'] as const).map((status) => ({
            type: 'xstate.done.actor.checkExports',
            output: { reports: pending.map((item) => withStatus(item, status)), gone: [], complete: false },
          })),
          {
            type: 'xstate.done.actor.checkExports',
            output: { reports: [], gone: pendingHashes(items), complete: false },
          },
        );
      else
        events.push(
          // The bell's check: every unconsumed export of the user (one finished in another tab).
          {
            type: 'xstate.done.actor.checkExports',
            output: {
              reports: [withStatus({ ...pendingExport, hash: 'h9' }, 'OK')],
              gone: [],
              complete: true,
            },
          },
          { type: 'xstate.done.actor.checkExports', output: { reports: [], gone: [], complete: true } },
        );
      events.push({ type: 'xstate.error.actor.checkExports', error: new Error('500') });
    }
    if (snapshot.matches({ bell: 'closed' })) events.push({ type: 'TOGGLE' });
    if (snapshot.matches({ bell: 'open' })) {
      events.push({ type: 'TOGGLE' }, { type: 'CLOSE' });
      for (const item of items) {
        if (item.status === 'OK') events.push({ type: 'DOWNLOAD', hash: item.hash });
        if (item.status !== 'Pending') events.push({ type: 'DISMISS', hash: item.hash });
      }
    }
    if (snapshot.matches({ bell: 'downloading' }))
      events.push(
        { type: 'xstate.done.actor.downloadExport' },
        { type: 'xstate.error.actor.downloadExport', error: new Error('500') },
      );
    if (snapshot.matches({ bell: 'consuming' }))
      events.push(
        { type: 'xstate.done.actor.consumeExport' },
        { type: 'xstate.error.actor.consumeExport', error: new Error('500') },
      );
    return events;
  },
  // Hashes reduced to positions: the graph stays small, what matters is each export's status.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.items.map((item) => item.status),
      snapshot.context.items.findIndex((item) => item.hash === snapshot.context.active),
      snapshot.context.active === null,
      Boolean(snapshot.context.requestError),
      Boolean(snapshot.context.downloadError),
    ]),
  simplePaths: false,
  limit: 20000,
  journeys: [
    // A failed check with an export pending: polled again later.
    [{ type: 'xstate.error.actor.checkExports', error: new Error('500') }],
    // A request while a check runs; a failed bell check with nothing pending.
    [
      { type: 'REQUEST', kind: 'offices', query: { long_name: 'Viajes' } },
      {
        type: 'xstate.error.actor.requestExport',
        error: new UserFacingError('No tiene permiso para realizar esta acción.'),
      },
    ],
    [
      { type: 'xstate.done.actor.checkExports', output: { reports: [], gone: ['h1'], complete: false } },
      { type: 'xstate.after.notificationPoll.exportNotifications.jobs.idle' },
      { type: 'xstate.error.actor.checkExports', error: new Error('500') },
    ],
    // A failed export: its notification is dismissed (consumed); a failed consume keeps it; Close.
    [
      {
        type: 'xstate.done.actor.checkExports',
        output: { reports: [withStatus(pendingExport, 'error')], gone: [], complete: false },
      },
      { type: 'TOGGLE' },
      { type: 'DISMISS', hash: 'h1' },
      { type: 'xstate.error.actor.consumeExport', error: new Error('500') },
      { type: 'DISMISS', hash: 'h1' },
      { type: 'xstate.done.actor.consumeExport' },
      { type: 'CLOSE' },
    ],
    [
      {
        type: 'xstate.done.actor.checkExports',
        output: { reports: [withStatus(pendingExport, 'Pending')], gone: [], complete: false },
      },
      { type: 'xstate.after.exportPoll.exportNotifications.jobs.watching' },
      {
        type: 'xstate.done.actor.checkExports',
        output: { reports: [withStatus(pendingExport, 'OK')], gone: [], complete: false },
      },
      { type: 'TOGGLE' },
      { type: 'DOWNLOAD', hash: 'h1' },
      { type: 'xstate.done.actor.downloadExport' },
      { type: 'xstate.done.actor.consumeExport' },
    ],
  ],
});
