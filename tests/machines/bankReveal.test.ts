import { expect } from 'vitest';
import { bankRevealModel, sampleBankData } from '../../machines/models/refundReview';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('bankReveal', bankRevealModel, {
  masked: (snapshot, event) => {
    expect(snapshot.context.data).toBeNull();
    expect(snapshot.context.error).toBe(
      event.type === 'xstate.error.actor.revealBankData' ? messages.common.forbidden : null,
    );
  },
  revealing: (snapshot) => expect(snapshot.context.error).toBeNull(),
  revealed: (snapshot) => expect(snapshot.context.data).toEqual(sampleBankData),
});
