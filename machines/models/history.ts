/** Model of the 'Historial' tab machine (issue 9 'Audit history'). */
import type { HistoryEntry } from '../../src/contracts/engine';
import { type HistoryPage, recordHistoryMachine } from '../recordHistory';
import { UserFacingError } from '../support/errors';
import { defineModel } from './types';

export const sampleHistoryEntry: HistoryEntry = {
  id: 41,
  at: '2026-11-20T15:04:00.000Z',
  user: { id: 1, username: 'admin', name: 'Administrador' },
  action: 'update',
  changes: { long_name: { before: 'Nacional', after: 'Nacional e internacional' } },
};

/** Three entries on a page of two: two pages. */
export const historyFirstPage: HistoryPage = {
  count: 3,
  results: [sampleHistoryEntry, { ...sampleHistoryEntry, id: 40, action: 'create' }],
};
export const historySecondPage: HistoryPage = { count: 3, results: [{ ...sampleHistoryEntry, id: 39 }] };
export const emptyHistory: HistoryPage = { count: 0, results: [] };
export const HISTORY_REFUSAL = 'No encontrado.';

export const recordHistoryModel = defineModel({
  machine: recordHistoryMachine,
  input: { limit: 2 },
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        {
          type: 'xstate.done.actor.loadHistory',
          output: snapshot.context.offset === 0 ? historyFirstPage : historySecondPage,
        },
        { type: 'xstate.done.actor.loadHistory', output: emptyHistory },
        { type: 'xstate.error.actor.loadHistory', error: new UserFacingError(HISTORY_REFUSAL) },
        { type: 'xstate.error.actor.loadHistory', error: new Error('network') },
      ];
    if (snapshot.matches('loaded'))
      return [
        { type: 'PAGE_CHANGED', page: 1 },
        { type: 'PAGE_CHANGED', page: 0 },
        { type: 'PAGE_CHANGED', page: 7 },
        { type: 'RELOAD' },
      ];
    if (snapshot.matches('empty')) return [{ type: 'RELOAD' }];
    return [{ type: 'RETRY' }];
  },
  // Back to a loading state already seen: only a journey takes these.
  journeys: [
    [{ type: 'xstate.error.actor.loadHistory', error: new Error('network') }, { type: 'RETRY' }],
    [{ type: 'xstate.done.actor.loadHistory', output: emptyHistory }, { type: 'RELOAD' }],
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.offset, snapshot.context.count, snapshot.context.error]),
});
