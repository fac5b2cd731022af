import { expect } from 'vitest';
import {
  refundStatusModel,
  rejectedSubmittedRefund,
  sampleSubmittedRefund,
} from '../../machines/models/refund';
import { testMachineModel } from './harness';

testMachineModel('refundStatus', refundStatusModel, {
  // The login's list shows while the status is asked.
  refreshing: (snapshot) => {
    expect(snapshot.context).toEqual({ refunds: [sampleSubmittedRefund], stale: false });
    expect(snapshot.children.loadStatus).toBeDefined();
  },
  // The status as it is now replaces the login's (a decision taken since shows).
  current: (snapshot, event) => {
    expect(snapshot.context).toEqual({ refunds: event.output, stale: false });
    expect(snapshot.context.refunds).toEqual([rejectedSubmittedRefund]);
  },
  // A failed refresh keeps the login's list and says it may be old.
  stale: (snapshot) => {
    expect(snapshot.context).toEqual({ refunds: [sampleSubmittedRefund], stale: true });
  },
});
