/** The model of machines/receiptReading.ts (issue 31): readings as the server answers them. */
import type { FileReading } from '../../src/contracts/refund/reading';
import { receiptReadingMachine } from '../receiptReading';
import { defineModel } from './types';

const page = {
  page: 0,
  total: '12345.50',
  totalConfidence: 0.9,
  date: '2026-11-12',
  dateConfidence: 0.9,
  currency: 'ARS',
  currencyConfidence: 0.8,
  taxId: '30-71234567-1',
  taxIdKind: 'CUIT' as const,
  taxIdConfidence: 0.9,
};
export const FILE_A = '9b2f8a64-2d0e-4c55-9a43-6f1f3c1f7a01';
export const FILE_B = '9b2f8a64-2d0e-4c55-9a43-6f1f3c1f7a02';

export const readingsRead: FileReading[] = [
  { fileId: FILE_A, status: 'read', pages: [{ ...page, status: 'read' }] },
];
export const readingsPending: FileReading[] = [{ fileId: FILE_A, status: 'pending', pages: [] }];
export const readingsUnreadable: FileReading[] = [
  {
    fileId: FILE_A,
    status: 'unreadable',
    pages: [
      {
        ...page,
        status: 'unreadable',
        total: null,
        totalConfidence: 0,
        date: null,
        dateConfidence: 0,
        currency: null,
        currencyConfidence: 0,
        taxId: null,
        taxIdKind: null,
        taxIdConfidence: 0,
      },
    ],
  },
];

const done = (output: FileReading[]) => ({ type: 'xstate.done.actor.fetchReadings', output });

export const receiptReadingModel = defineModel({
  machine: receiptReadingMachine,
  input: { fileIds: [FILE_A], country: 'ARG' },
  events: (snapshot) => {
    const changed = [
      { type: 'FILES_CHANGED', fileIds: [FILE_B] },
      { type: 'FILES_CHANGED', fileIds: [] },
    ];
    if (snapshot.matches('reading'))
      return [
        done(readingsRead),
        done(readingsPending),
        done(readingsUnreadable),
        { type: 'xstate.error.actor.fetchReadings', error: new Error('network') },
        ...changed,
      ];
    if (snapshot.matches('waiting'))
      return [{ type: 'xstate.after.readingPoll.receiptReading.waiting' }, ...changed];
    if (snapshot.matches('suggested')) return [{ type: 'ACCEPT' }, { type: 'DISMISS' }, ...changed];
    return changed;
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.fileIds,
      snapshot.context.suggestion !== null,
      Math.min(snapshot.context.checks, 2),
    ]),
  journeys: [
    [
      done(readingsPending),
      { type: 'xstate.after.readingPoll.receiptReading.waiting' },
      done(readingsRead),
      { type: 'ACCEPT' },
    ],
    [
      { type: 'FILES_CHANGED', fileIds: [] },
      { type: 'FILES_CHANGED', fileIds: [FILE_B] },
      done(readingsRead),
      { type: 'DISMISS' },
    ],
  ],
});
