/**
 * The traveller's terms page (issue 28 §4; SPEC §7 GET /sendAcceptConditions/{data}): loading the
 * link's conditions, then the access error, or the conditions with 'Acepto' ('reading'), or, when
 * they were accepted before, 'accepted' at once (a second visit says so again). 'Acepto' posts the
 * acceptance ('accepting'); done, the page says it was recorded; a failure goes back to the
 * conditions with its message, and 'Acepto' tries again. Opening the page accepts nothing.
 * Issue 39: a link past its expiry (the server's 410, on the read or on 'Acepto') ends in
 * 'lapsed', which says so and that the agency can send the conditions again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { TermsAccepted, TermsView } from '../src/contracts/terms';
import { isLapsed, messageOf } from './support/errors';

const text = messages.terms;

export interface TermsAcceptanceInput {
  /** The link's `{data}` (`<voucher>.<MAC>`). */
  data: string;
}

export interface TermsAcceptanceContext extends TermsAcceptanceInput {
  terms: TermsView | null;
  /** When the acceptance was recorded (ISO 8601), null while it is not. */
  acceptedAt: string | null;
  error: string | null;
}

export type TermsAcceptanceEvent = { type: 'ACCEPT' };

export const termsAcceptanceMachine = setup({
  types: {
    context: {} as TermsAcceptanceContext,
    events: {} as TermsAcceptanceEvent,
    input: {} as TermsAcceptanceInput,
  },
  actors: {
    loadTerms: fromPromise<TermsView, TermsAcceptanceInput>(async () => {
      throw new Error('loadTerms not provided');
    }),
    acceptTerms: fromPromise<TermsAccepted, TermsAcceptanceInput>(async () => {
      throw new Error('acceptTerms not provided');
    }),
  },
  guards: {
    acceptedBefore: ({ event }) => (event as unknown as { output: TermsView }).output.accepted_at !== null,
    linkLapsed: ({ event }) => isLapsed((event as unknown as { error: unknown }).error),
  },
}).createMachine({
  id: 'termsAcceptance',
  context: ({ input }) => ({ data: input.data, terms: null, acceptedAt: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        input: ({ context }) => ({ data: context.data }),
        onDone: [
          {
            guard: 'acceptedBefore',
            target: 'accepted',
            actions: assign({
              terms: ({ event }) => event.output,
              acceptedAt: ({ event }) => event.output.accepted_at,
            }),
          },
          { target: 'reading', actions: assign({ terms: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: 'linkLapsed',
            target: 'lapsed',
            actions: assign({ error: ({ event }) => messageOf(event.error, text.linkLapsed) }),
          },
          {
            target: 'accessError',
            actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
          },
        ],
      },
    },
    accessError: { type: 'final' },
    /** The link's expiry has passed (issue 39): nothing more to do on this page. */
    lapsed: { type: 'final' },
    reading: {
      on: { ACCEPT: { target: 'accepting', actions: assign({ error: null }) } },
    },
    accepting: {
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        input: ({ context }) => ({ data: context.data }),
        onDone: {
          target: 'accepted',
          actions: assign({ acceptedAt: ({ event }) => event.output.accepted_at }),
        },
        onError: [
          {
            guard: 'linkLapsed',
            target: 'lapsed',
            actions: assign({ error: ({ event }) => messageOf(event.error, text.linkLapsed) }),
          },
          {
            target: 'reading',
            actions: assign({ error: ({ event }) => messageOf(event.error, text.acceptFailed) }),
          },
        ],
      },
    },
    accepted: { type: 'final' },
  },
});
