/** The payment detail tab's machine (issue 16; SPEC §7 GET /payment_detail/): every state and transition. */
import { expect } from 'vitest';
import { PAYMENTS_REFUSAL, paymentDetailModel, samplePayments } from '../../machines/models/invoicing';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('paymentDetail', paymentDetailModel, {
  loading: (snapshot) => {
    expect(snapshot.context.error).toBeNull();
  },
  loaded: (snapshot) => {
    expect(snapshot.context.payments).toEqual(samplePayments);
  },
  empty: (snapshot) => {
    expect(snapshot.context.payments).toEqual([]);
  },
  failed: (snapshot, event) => {
    const error = (event as unknown as { error: Error }).error;
    expect(snapshot.context.error).toBe(
      error.message === PAYMENTS_REFUSAL ? PAYMENTS_REFUSAL : messages.invoicing.payments.failed,
    );
  },
});
