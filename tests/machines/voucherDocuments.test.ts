import { expect } from 'vitest';
import { voucherDocumentsModel } from '../../machines/models/bookings';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('voucherDocuments', voucherDocumentsModel, {
  idle: (snapshot, event) => {
    expect(snapshot.context.kind).toBeNull();
    if (event.type === 'xstate.done.actor.runDocument')
      expect(snapshot.context.notice).toEqual({ tone: 'success', text: messages.bookings.mailSent });
    else if (event.type === 'xstate.error.actor.runDocument')
      expect(snapshot.context.notice).toEqual({ tone: 'danger', text: messages.bookings.noRecipient });
    else expect(snapshot.context.notice).toBeNull();
  },
  working: (snapshot, event) => {
    expect(snapshot.context.notice).toBeNull();
    expect(snapshot.context.kind).toBe(event.type === 'RUN' ? event.kind : null);
  },
});
