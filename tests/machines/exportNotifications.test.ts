import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  type ExportCheck,
  type ExportItem,
  exportNotificationsMachine,
  mergeCheck,
  notificationsOf,
  pendingHashes,
} from '../../machines/exportNotifications';
import { exportNotificationsModel, pendingExport } from '../../machines/models/exports';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const text = messages.exports;

testMachineModel('exportNotifications', exportNotificationsModel, {
  'jobs.idle': (snapshot, event) => {
    // Nothing is pending while the bell only checks every 15 s.
    expect(pendingHashes(snapshot.context.items)).toEqual([]);
    expect(snapshot.context.requestError).toBe(
      event.type === 'xstate.error.actor.requestExport'
        ? 'No tiene permiso para realizar esta acción.'
        : snapshot.context.requestError,
    );
  },
  'jobs.watching': (snapshot, event) => {
    // Something is pending: its status is polled every 10 s.
    expect(pendingHashes(snapshot.context.items).length).toBeGreaterThan(0);
    if (event.type === 'xstate.done.actor.requestExport') {
      const hash = (event as unknown as { output: { hash: string } }).output.hash;
      expect(snapshot.context.lastRequested).toBe(hash);
      expect(snapshot.context.items.find((item) => item.hash === hash)).toMatchObject({
        status: 'Pending',
        kind: 'offices',
        fileName: 'filter_offices.xlsx',
      });
    }
  },
  'jobs.requesting': (snapshot, event) => {
    expect(snapshot.context.request).toEqual({ kind: 'offices', query: { long_name: 'Viajes' } });
    expect(snapshot.context.requestError).toBe(
      event.type === 'REQUEST' ? null : snapshot.context.requestError,
    );
  },
  'jobs.checking': (snapshot, event) => {
    if (event.type === 'xstate.init') expect(snapshot.context.items).toEqual([pendingExport]);
    else if (event.type.startsWith('xstate.after.exportPoll'))
      expect(pendingHashes(snapshot.context.items).length).toBeGreaterThan(0);
    else if (event.type.startsWith('xstate.after.notificationPoll'))
      expect(pendingHashes(snapshot.context.items)).toEqual([]);
    else expect(snapshot.context.items.length).toBeLessThanOrEqual(3);
  },
  'bell.closed': (snapshot) => {
    expect(snapshot.context.active).toBeNull();
  },
  'bell.open': (snapshot, event) => {
    if (event.type === 'xstate.error.actor.downloadExport')
      expect(snapshot.context.downloadError).toBe(text.downloadFailed);
    else if (
      event.type === 'xstate.done.actor.consumeExport' ||
      event.type === 'xstate.error.actor.consumeExport'
    )
      expect(snapshot.context.active).toBeNull();
    else expect(snapshot.context.downloadError === null || event.type !== 'TOGGLE').toBe(true);
  },
  'bell.downloading': (snapshot, event) => {
    const active = snapshot.context.items.find((item) => item.hash === snapshot.context.active);
    if (event.type === 'DOWNLOAD') {
      expect(snapshot.context.active).toBe((event as unknown as { hash: string }).hash);
      expect(active?.status).toBe('OK');
    } else expect(snapshot.context.active).not.toBeNull();
  },
  'bell.consuming': (snapshot, event) => {
    if (event.type === 'DISMISS')
      expect(snapshot.context.active).toBe((event as unknown as { hash: string }).hash);
    else expect(snapshot.context.active).not.toBeNull();
  },
});

const ready = (item: ExportItem): ExportItem => ({
  ...item,
  status: 'OK',
  rowsWritten: 3,
  rowsTotal: 3,
  url: `/report/${item.hash}/file/`,
});

describe('exportNotifications with its delays shortened by name', () => {
  function start(items: ExportItem[] = []) {
    const calls: string[] = [];
    const persisted: ExportItem[][] = [];
    let checks = 0;
    const machine = exportNotificationsMachine.provide({
      delays: { exportPoll: 10, notificationPoll: 20 },
      actors: {
        requestExport: fromPromise(async ({ input }) => {
          calls.push(`request ${input.kind} ${JSON.stringify(input.query)}`);
          return { hash: 'nuevo' };
        }),
        checkExports: fromPromise(async ({ input }): Promise<ExportCheck> => {
          checks += 1;
          calls.push(`check ${input.hashes.join(',') || 'all'}`);
          if (!input.hashes.length) return { reports: [], gone: [], complete: true };
          // Pending on the first poll (with progress), OK on the next.
          const reports = input.hashes.map((hash) =>
            checks < 3
              ? { ...pendingExport, hash, rowsWritten: 1, rowsTotal: 3 }
              : ready({ ...pendingExport, hash }),
          );
          return { reports, gone: [], complete: false };
        }),
        downloadExport: fromPromise(async ({ input }) => {
          calls.push(`download ${input.item.fileName} ${input.item.url}`);
        }),
        consumeExport: fromPromise(async ({ input }) => {
          calls.push(`consume ${input.hash}`);
        }),
      },
      actions: { persist: (_, { items: saved }) => persisted.push(saved) },
    });
    const actor = createActor(machine, { input: { items } });
    actor.start();
    return { actor, calls, persisted };
  }

  it('requests, polls while Pending (with progress), notifies, downloads and consumes', async () => {
    const { actor, calls, persisted } = start();
    await waitFor(actor, (state) => state.matches({ jobs: 'idle' }));
    actor.send({ type: 'REQUEST', kind: 'offices', query: { long_name: 'Sur' } });
    await waitFor(actor, (state) => state.context.items.some((item) => item.rowsWritten === 1));
    expect(actor.getSnapshot().context.items[0]).toMatchObject({ status: 'Pending', rowsTotal: 3 });
    await waitFor(actor, (state) => notificationsOf(state.context.items).length === 1);
    expect(persisted.at(-1)?.[0]).toMatchObject({ hash: 'nuevo', status: 'OK' });
    actor.send({ type: 'TOGGLE' });
    actor.send({ type: 'DOWNLOAD', hash: 'nuevo' });
    await waitFor(actor, (state) => state.context.items.length === 0);
    expect(calls.filter((call) => !call.startsWith('check all'))).toEqual([
      'request offices {"long_name":"Sur"}',
      'check nuevo',
      'check nuevo',
      'download filter_offices.xlsx /report/nuevo/file/',
      'consume nuevo',
    ]);
    expect(persisted.at(-1)).toEqual([]);
    actor.stop();
  });

  it('resumes an export persisted before a reload, and keeps checking every 15 s when idle', async () => {
    const { actor, calls } = start([pendingExport]);
    await waitFor(actor, (state) => state.context.items[0]?.status === 'OK');
    expect(calls.slice(0, 2)).toEqual(['check h1', 'check h1']);
    await waitFor(actor, () => calls.filter((call) => call === 'check all').length >= 2);
    actor.stop();
  });
});

describe('mergeCheck', () => {
  it('updates checked exports, drops the gone ones, and takes a complete list as it is', () => {
    const other = { ...pendingExport, hash: 'h2' };
    expect(
      mergeCheck([pendingExport, other], { reports: [ready(other)], gone: ['h1'], complete: false }),
    ).toEqual([ready(other)]);
    expect(mergeCheck([pendingExport], { reports: [ready(other)], gone: [], complete: true })).toEqual([
      ready(other),
    ]);
  });
});
