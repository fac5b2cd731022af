import { expect } from 'vitest';
import {
  pendingRefundReadings,
  refundReadingsModel,
  sampleRefundReadings,
} from '../../machines/models/refundReadings';
import { stillReading } from '../../machines/refundReadings';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('refundReadings', refundReadingsModel, {
  loading: (snapshot) => expect(snapshot.context.error).toBeNull(),
  loaded: (snapshot, event) => {
    expect(event).toMatchObject({ type: 'xstate.done.actor.loadReadings' });
    expect(snapshot.context.readings).toBe((event as unknown as { output: unknown }).output);
    expect(snapshot.context.error).toBeNull();
    // A refund whose receipts are still being read says so (the view offers 'Actualizar').
    expect(stillReading(snapshot.context.readings)).toBe(snapshot.context.readings === pendingRefundReadings);
  },
  failed: (snapshot) => expect(snapshot.context.error).toBe(messages.common.forbidden),
});

expect(stillReading(sampleRefundReadings)).toBe(false);
