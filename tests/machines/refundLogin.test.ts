import { expect } from 'vitest';
import {
  LOGIN_FAILED_SAMPLE,
  refundLoginModel,
  sampleRefundLogin,
  TOO_MANY_LOGINS_SAMPLE,
} from '../../machines/models/refund';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const text = messages.refund;

testMachineModel('refundLogin', refundLoginModel, {
  editing: (snapshot, event) => {
    const { fieldErrors, error, documento, voucherId } = snapshot.context;
    expect(snapshot.context.login).toBeNull();
    if (event.type === 'SUBMIT') {
      // A refused submit names each blank field.
      expect(fieldErrors).toEqual({
        ...(documento.trim() ? {} : { documento: text.documentRequired }),
        ...(voucherId.trim() ? {} : { voucherId: text.voucherIdRequired }),
      });
      expect(Object.keys(fieldErrors).length).toBeGreaterThan(0);
    }
    if (event.type === 'xstate.error.actor.authenticateRefund')
      // The server's message (a refusal, the rate limit), else the generic one.
      expect(error).toBe(
        [LOGIN_FAILED_SAMPLE, TOO_MANY_LOGINS_SAMPLE].includes((event.error as Error).message)
          ? (event.error as Error).message
          : messages.common.genericRetry,
      );
    if (event.type === 'xstate.init') expect([fieldErrors, error]).toEqual([{}, null]);
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
