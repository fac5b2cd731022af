/**
 * The terms page's machine wiring, in one place (issue 29; issue 28 §4): the termsAcceptance
 * machine with its actors (src/client/api/terms.ts). The view creates its actor from this and only
 * sends events.
 */
import { fromPromise } from 'xstate';
import { termsAcceptanceMachine } from '../../../../machines/termsAcceptance';
import { acceptTerms, loadTerms } from '../../api/terms';

/** A voucher's conditions loaded by the mail's MAC, and 'Acepto'. */
export const termsAcceptanceLogic = termsAcceptanceMachine.provide({
  actors: {
    loadTerms: fromPromise(({ input }) => loadTerms(input.data)),
    acceptTerms: fromPromise(({ input }) => acceptTerms(input.data)),
  },
});
