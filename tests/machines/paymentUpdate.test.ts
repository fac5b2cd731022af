import { expect } from 'vitest';
import {
  GOOD_CBU,
  GOOD_CUIT,
  LINK_USED,
  paymentUpdateModel,
  SERVER_CBU_ERROR,
  samplePaymentAccess,
} from '../../machines/models/refundLinks';
import { problemsOf } from '../../machines/paymentUpdate';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('paymentUpdate', paymentUpdateModel, {
  loading: (snapshot) => {
    expect(snapshot.context.access).toBeNull();
  },
  accessError: (snapshot, event) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.error).toBe(
      (event as { error?: Error }).error?.message === LINK_USED ? LINK_USED : messages.common.genericRetry,
    );
  },
  editing: (snapshot, event, _trail, before) => {
    const { context } = snapshot;
    // Only the fields the server asked for.
    expect(Object.keys(context.values).sort()).toEqual([...samplePaymentAccess.update_fields].sort());
    switch (event.type) {
      case 'xstate.done.actor.loadFields':
        expect([context.values, context.errors]).toEqual([{ cbu: '', cuit_cuil: '' }, {}]);
        break;
      case 'FIELD_CHANGED': {
        const field = event.field as 'cbu' | 'cuit_cuil';
        expect(context.values[field]).toBe(event.value);
        // Typing never shows a new error: a field shown wrong before shows its current problem
        // (none once valid), a field not shown stays clear.
        expect(context.errors[field]).toBe(
          before!.context.errors[field] === undefined ? undefined : problemsOf(context)[field],
        );
        expect(problemsOf(context)[field] === undefined).toBe(
          event.value === GOOD_CBU || event.value === GOOD_CUIT,
        );
        break;
      }
      case 'SUBMIT':
        expect(context.errors).toEqual(problemsOf(context));
        expect(Object.keys(context.errors).length).toBeGreaterThan(0);
        break;
      case 'xstate.error.actor.sendFields':
        expect(context.errors).toEqual({ cbu: SERVER_CBU_ERROR });
        break;
      case 'CCI_CONFIRMED':
        // Issue 40: the confirmation is kept, and never shows a new error.
        expect(context.cciConfirmed).toBe(event.confirmed);
        for (const field of Object.keys(context.errors))
          expect(before!.context.errors[field as 'cbu']).toBeDefined();
        break;
      default:
        expect(event.type).toBe('RETRY');
        expect(context.error).toBeNull();
    }
  },
  sending: (snapshot) => {
    expect(problemsOf(snapshot.context)).toEqual({});
    expect(snapshot.context.values).toEqual({ cbu: GOOD_CBU, cuit_cuil: GOOD_CUIT });
  },
  failed: (snapshot) => {
    expect(snapshot.context.error).toBe(LINK_USED);
    expect(snapshot.context.values).toEqual({ cbu: GOOD_CBU, cuit_cuil: GOOD_CUIT });
  },
  sent: (snapshot) => {
    expect(snapshot.status).toBe('done');
  },
});
