/** The model of machines/refundReadings.ts (issue 31): a refund's readings as the server answers. */
import { messages } from '../../src/contracts/messages';
import type { RefundReadingsResponse } from '../../src/contracts/refund/reading';
import { refundReadingsMachine } from '../refundReadings';
import { UserFacingError } from '../support/errors';
import { FILE_A, readingsPending, readingsRead } from './receiptReading';
import { defineModel } from './types';

export const sampleRefundReadings: RefundReadingsResponse = {
  claims: [
    {
      claimId: 11,
      claimedAmount: '15000.00',
      claimedCurrency: 'ARS',
      // Issue 40: one total per currency (an ARS receipt and a USD one are never added).
      readTotals: [
        { currency: 'ARS', amount: '12345.50' },
        { currency: 'USD', amount: '150.00' },
      ],
      files: readingsRead,
    },
  ],
  flags: [
    { kind: 'claimed_above_total', claimId: 11, fileId: null, reference: null },
    {
      kind: 'reused',
      claimId: 11,
      fileId: FILE_A,
      reference: { refundId: 4, claimId: 3, fileId: FILE_A, match: 'image' },
    },
  ],
};

export const pendingRefundReadings: RefundReadingsResponse = {
  claims: [{ ...sampleRefundReadings.claims[0], readTotals: [], files: readingsPending }],
  flags: [],
};

export const refundReadingsModel = defineModel({
  machine: refundReadingsMachine,
  input: { id: 7 },
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadReadings', output: sampleRefundReadings },
        { type: 'xstate.done.actor.loadReadings', output: pendingRefundReadings },
        { type: 'xstate.error.actor.loadReadings', error: new UserFacingError(messages.common.forbidden) },
      ];
    if (snapshot.matches('loaded')) return [{ type: 'REFRESH' }];
    return [{ type: 'RETRY' }];
  },
  journeys: [
    [
      { type: 'xstate.done.actor.loadReadings', output: pendingRefundReadings },
      { type: 'REFRESH' },
      { type: 'xstate.done.actor.loadReadings', output: sampleRefundReadings },
    ],
    [
      { type: 'xstate.error.actor.loadReadings', error: new UserFacingError(messages.common.forbidden) },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadReadings', output: sampleRefundReadings },
    ],
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.readings?.flags.length ?? null, snapshot.context.error]),
});
