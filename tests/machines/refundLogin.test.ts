import { expect } from 'vitest';
import { LOGIN_FAILED_SAMPLE, refundLoginModel, sampleRefundLogin } from '../../machines/models/refund';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const text = messages.refund;

testMachineModel('refundLogin', refundLoginModel, {
  editing: (snapshot) => {
    const { documento, voucherId } = snapshot.context.fieldErrors;
    if (documento) expect(documento).toBe(text.documentRequired);
    if (voucherId) expect(voucherId).toBe(text.voucherIdRequired);
    if (snapshot.context.error)
      expect([LOGIN_FAILED_SAMPLE, messages.common.genericRetry]).toContain(snapshot.context.error);
    expect(snapshot.context.login).toBeNull();
  },
  authenticating: (snapshot) => {
    expect(snapshot.context.documento.trim()).not.toBe('');
    expect(snapshot.context.voucherId.trim()).not.toBe('');
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.fieldErrors).toEqual({});
  },
  authenticated: (snapshot) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual(sampleRefundLogin);
  },
});
