import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import {
  REVIEW_REFUSAL,
  refundReviewModel,
  SERVER_REASON_ERROR,
  sampleReviewedRefund,
} from '../../machines/models/refundReview';
import { approvedAmountFeedback, draftErrors, draftFor, payloadOf } from '../../machines/refundReview';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

const text = messages.refundReview;
const payload = <T>(event: AnyEventObject, key: string) => (event as Record<string, unknown>)[key] as T;

testMachineModel('refundReview', refundReviewModel, {
  loading: (snapshot) => {
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.refund).toBeNull();
  },
  failed: (snapshot) => expect(snapshot.context.error).toBe(messages.common.notFound),
  'ready.idle': (snapshot, event) => {
    expect(snapshot.context.transition).toBeNull();
    expect(snapshot.context.refund?.status).toBe(
      event.type === 'xstate.done.actor.runTransition' ? 'APROBADO' : 'EN_REVISION',
    );
  },
  'ready.editing': (snapshot, event) => {
    const { draft, fieldErrors, transition, transitionError } = snapshot.context;
    switch (event.type) {
      case 'TRANSITION_ASKED':
        expect(transition).toBe(payload(event, 'transition'));
        // The approved amount starts at what was claimed.
        expect(draft).toEqual(draftFor(sampleReviewedRefund));
        expect(fieldErrors).toEqual({});
        break;
      case 'FIELD_CHANGED':
        expect(draft[payload<'reason'>(event, 'field')]).toBe(payload(event, 'value'));
        expect(fieldErrors[payload<string>(event, 'field')]).toBeUndefined();
        break;
      case 'AMOUNT_CHANGED':
        expect(draft.amounts['31']).toBe(payload(event, 'value'));
        expect(fieldErrors['amounts.31']).toBeUndefined();
        break;
      case 'BANK_FIELD_TOGGLED':
        expect(fieldErrors.fields).toBeUndefined();
        expect(draft.fields.length).toBeLessThanOrEqual(1);
        break;
      case 'SUBMITTED': {
        // Refused in the browser with the contract's own messages; nothing sent.
        const expected = draftErrors(transition!, draft, snapshot.context.refund);
        expect(Object.keys(expected).length).toBeGreaterThan(0);
        expect(fieldErrors).toEqual(expected);
        break;
      }
      default: {
        const error = payload<Error>(event, 'error');
        if (error.message === REVIEW_REFUSAL) {
          expect(transitionError).toBe(REVIEW_REFUSAL);
          expect(fieldErrors).toEqual({});
        } else {
          expect(fieldErrors).toEqual({ reason: [SERVER_REASON_ERROR] });
          expect(transitionError).toBeNull();
        }
      }
    }
  },
  'ready.submitting': (snapshot) => {
    expect(
      draftErrors(snapshot.context.transition!, snapshot.context.draft, snapshot.context.refund),
    ).toEqual({});
    expect(snapshot.context.fieldErrors).toEqual({});
  },
});

describe('transition payloads', () => {
  it('sends each claim with its approved amount, the documents one per line, the bank fields chosen', () => {
    const draft = {
      ...draftFor(sampleReviewedRefund),
      documents: ' Factura \n\nInforme médico',
      max_files: '3',
      fields: ['cbu'],
    };
    // The form shows the claimed amount as its label prints it (issue 40); the one parser reads it.
    expect(draft.amounts['31']).toBe('100,00');
    expect(payloadOf('approve', draft, sampleReviewedRefund)).toEqual({
      amounts: [{ claim: 31, amount: '100.00' }],
    });
    expect(draftErrors('approve', draft, sampleReviewedRefund)).toEqual({});
    // Issue 40: '8.000,50' (the label's own format) and '8,000.50' are read alike.
    for (const typed of ['8.000,50', '8,000.50', '8000.50', 'EUR 8.000,50']) {
      const typedDraft = { ...draft, amounts: { '31': typed } };
      expect(draftErrors('approve', typedDraft, sampleReviewedRefund)).toEqual({});
      expect(payloadOf('approve', typedDraft, sampleReviewedRefund)).toEqual({
        amounts: [{ claim: 31, amount: '8000.50' }],
      });
    }
    expect(approvedAmountFeedback('8,000.50', 'EUR').understood).toBe('Se aprobará: EUR 8.000,50');
    expect(payloadOf('pay', { ...draft, reference: 'TRF-1' }, sampleReviewedRefund)).toEqual({
      reference: 'TRF-1',
    });
    expect(payloadOf('request_documents', draft, sampleReviewedRefund)).toEqual({
      documents: ['Factura', 'Informe médico'],
      max_files: 3,
      observations: '',
    });
    expect(payloadOf('request_bank_data', draft, sampleReviewedRefund)).toEqual({
      fields: ['cbu'],
      observations: '',
    });
  });

  it("keys an amount's error by its claim, and answers the contract's Spanish messages", () => {
    const draft = { ...draftFor(sampleReviewedRefund), amounts: { '31': '12,3456' } };
    expect(draftErrors('approve', draft, sampleReviewedRefund)).toEqual({
      'amounts.31': [messages.amounts.tooManyDecimals(2, 'EUR')],
    });
    const negative = { ...draft, amounts: { '31': '-5' } };
    expect(draftErrors('approve', negative, sampleReviewedRefund)).toEqual({
      'amounts.31': [messages.amounts.negative],
    });
    expect(draftErrors('reject', draft, sampleReviewedRefund)).toEqual({ reason: [text.reasonRequired] });
    expect(draftErrors('review', draft, sampleReviewedRefund)).toEqual({});
  });
});
