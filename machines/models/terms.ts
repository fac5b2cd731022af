/** Model of the traveller's terms page (issue 28 §4: /terms/{data}). */

import { messages } from '../../src/contracts/messages';
import type { TermsAccepted, TermsView } from '../../src/contracts/terms';
import { UserFacingError } from '../support/errors';
import { termsAcceptanceMachine } from '../termsAcceptance';
import { defineModel } from './types';

export const TERMS_INPUT = { data: `41.4102444800.${'a'.repeat(32)}` };
export const ACCEPTED_AT = '2026-11-26T12:00:00.000Z';
export const EARLIER_AT = '2026-11-20T09:30:00.000Z';
export const THROTTLED = messages.terms.linkThrottled;
export const LAPSED = messages.terms.linkLapsed;

/** A 410 as the API client rejects it (issue 39: the link's expiry has passed). */
export class LapsedLinkError extends UserFacingError {
  readonly status = 410;
}

export const sampleTerms: TermsView = {
  voucher_id: 41,
  product: 'Plan Anual Mundo',
  supplier: 'Asistencia Global',
  rate: 'Tarifa anual',
  date_in: '2027-05-01',
  date_out: '2027-05-15',
  coverages: [
    {
      name: 'Asistencia médica',
      description: 'Por accidente o enfermedad',
      limit: '50000.00',
      currency: 'USD',
    },
    { name: 'Equipaje', description: '', limit: null, currency: 'USD' },
  ],
  accepted_at: null,
};
export const acceptedTerms: TermsView = { ...sampleTerms, accepted_at: EARLIER_AT };
const acceptedAnswer: TermsAccepted = { status: 'OK', accepted_at: ACCEPTED_AT, already: false };

export const termsAcceptanceModel = defineModel({
  machine: termsAcceptanceMachine,
  input: TERMS_INPUT,
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadTerms', output: sampleTerms },
        { type: 'xstate.done.actor.loadTerms', output: acceptedTerms },
        { type: 'xstate.error.actor.loadTerms', error: new UserFacingError(messages.terms.linkInvalid) },
        { type: 'xstate.error.actor.loadTerms', error: new LapsedLinkError(LAPSED) },
        { type: 'xstate.error.actor.loadTerms', error: new Error('network') },
      ];
    if (snapshot.matches('reading')) return [{ type: 'ACCEPT' }];
    if (snapshot.matches('accepting'))
      return [
        { type: 'xstate.done.actor.acceptTerms', output: acceptedAnswer },
        { type: 'xstate.error.actor.acceptTerms', error: new UserFacingError(THROTTLED) },
        { type: 'xstate.error.actor.acceptTerms', error: new LapsedLinkError(LAPSED) },
        { type: 'xstate.error.actor.acceptTerms', error: new Error('network') },
      ];
    return [];
  },
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.acceptedAt, snapshot.context.error]),
  journeys: [
    [
      { type: 'xstate.done.actor.loadTerms', output: sampleTerms },
      { type: 'ACCEPT' },
      { type: 'xstate.error.actor.acceptTerms', error: new Error('network') },
      { type: 'ACCEPT' },
      { type: 'xstate.done.actor.acceptTerms', output: acceptedAnswer },
    ],
  ],
});
