import { expect } from 'vitest';
import {
  ACCEPTED_AT,
  acceptedTerms,
  EARLIER_AT,
  LAPSED,
  sampleTerms,
  TERMS_INPUT,
  THROTTLED,
  termsAcceptanceModel,
} from '../../machines/models/terms';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('termsAcceptance', termsAcceptanceModel, {
  loading: (snapshot) => {
    expect([snapshot.context.data, snapshot.context.terms, snapshot.context.acceptedAt]).toEqual([
      TERMS_INPUT.data,
      null,
      null,
    ]);
  },
  accessError: (snapshot, event) => {
    expect(snapshot.status).toBe('done');
    expect(snapshot.context.terms).toBeNull();
    // The server's reason, or the generic retry message when there is none.
    expect(snapshot.context.error).toBe(
      (event as { error?: Error }).error?.message === messages.terms.linkInvalid
        ? messages.terms.linkInvalid
        : messages.common.genericRetry,
    );
  },
  lapsed: (snapshot, event) => {
    // Issue 39: the server's 410, on the read or on 'Acepto'; the page says the link lapsed.
    expect(snapshot.status).toBe('done');
    expect((event as { error?: { status?: number } }).error?.status).toBe(410);
    expect([snapshot.context.error, snapshot.context.acceptedAt]).toEqual([LAPSED, null]);
    expect(snapshot.context.terms).toEqual(
      event.type === 'xstate.error.actor.acceptTerms' ? sampleTerms : null,
    );
  },
  reading: (snapshot, event) => {
    expect(snapshot.context.terms).toEqual(sampleTerms);
    expect(snapshot.context.acceptedAt).toBeNull();
    // Back from a failed acceptance: its message (the server's, or the generic one).
    if (event.type === 'xstate.error.actor.acceptTerms')
      expect(snapshot.context.error).toBe(
        (event.error as Error).message === THROTTLED ? THROTTLED : messages.terms.acceptFailed,
      );
    else expect([event.type, snapshot.context.error]).toEqual(['xstate.done.actor.loadTerms', null]);
  },
  accepting: (snapshot, event) => {
    expect(event.type).toBe('ACCEPT');
    expect([snapshot.context.error, snapshot.context.acceptedAt]).toEqual([null, null]);
  },
  accepted: (snapshot, event) => {
    expect(snapshot.status).toBe('done');
    // Accepted now (the POST's answer) or on an earlier visit (the GET says so).
    if (event.type === 'xstate.done.actor.acceptTerms') {
      expect(snapshot.context.acceptedAt).toBe(ACCEPTED_AT);
      expect(snapshot.context.terms).toEqual(sampleTerms);
    } else {
      expect(snapshot.context.acceptedAt).toBe(EARLIER_AT);
      expect(snapshot.context.terms).toEqual(acceptedTerms);
    }
  },
});
