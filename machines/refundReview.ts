/**
 * One refund's review screen (issue 17 'Staff review (Reintegros)'): load the refund (claims,
 * receipts, masked bank data, requests), then offer the transitions its `allowed_actions` name
 * (computed by the server from src/contracts/refund/lifecycle.ts). Choosing one opens its form
 * (the amount approved per claim, the rejection reason, the missing documents, the bank fields to
 * complete, or only a confirmation), validated with the transition's own contract before it is
 * sent; the server's answer is the refund as it is now, or field errors shown under their field.
 */
import { assign, fromPromise, setup } from 'xstate';
import { type AmountFeedback, amountFeedback } from '../src/contracts/amountInput';
import { formatAmount } from '../src/contracts/format';
import { messages } from '../src/contracts/messages';
import { amountErrorMessage, parseAmount } from '../src/contracts/money';
import { type RefundTransition, refundTransitionInputs } from '../src/contracts/refund/lifecycle';
import type { RefundDetail } from '../src/contracts/refund/review';
import { FieldErrorsError, fieldErrorsOf, messageOf } from './support/errors';

/** What the transition forms hold while typed. */
export interface TransitionDraft {
  reason: string;
  /** The missing documents, one per line. */
  documents: string;
  max_files: string;
  observations: string;
  /** Bank fields to complete. */
  fields: string[];
  /** Approved amount by claim id, as typed ('8.000,50' or '8,000.50': the one parser reads both, issue 40). */
  amounts: Record<string, string>;
  /** The payment's reference ('Marcar pagado'; optional). */
  reference: string;
}

export type DraftTextField = 'reason' | 'documents' | 'max_files' | 'observations' | 'reference';

/** '8000.50' (the API's amount) as the form shows it: '8.000,50' (CLP '84.900'), as its label prints it. */
export const amountAsTyped = (amount: string, currency?: string | null): string =>
  formatAmount(amount, currency ?? null);

/** An approved amount as the one parser reads it in the claim's currency (issue 40). */
const readApproved = (typed: string, currency: string) =>
  parseAmount(typed, { currency, maxIntegerDigits: 10 });

/** What the approve form shows under an amount: 'Se aprobará: USD 8.000,50', or why it cannot be read. */
export function approvedAmountFeedback(typed: string, currency: string): AmountFeedback {
  return amountFeedback(typed, {
    currency,
    maxIntegerDigits: 10,
    verb: messages.amounts.willApprove,
  });
}

export type ReviewedRefund = RefundDetail & { allowed_actions?: string[] };

export interface TransitionRequest {
  id: number;
  transition: RefundTransition;
  payload: unknown;
}

export interface RefundReviewContext {
  id: number;
  refund: ReviewedRefund | null;
  error: string | null;
  transition: RefundTransition | null;
  draft: TransitionDraft;
  /** Errors by field: `reason`, `documents`, `max_files`, `fields`, `amounts`, `amounts.<claim id>`. */
  fieldErrors: Record<string, string[]>;
  transitionError: string | null;
}

export interface RefundReviewInput {
  id: number;
}

export type RefundReviewEvent =
  | { type: 'RETRY' }
  | { type: 'TRANSITION_ASKED'; transition: RefundTransition }
  | { type: 'FIELD_CHANGED'; field: DraftTextField; value: string }
  | { type: 'AMOUNT_CHANGED'; claim: number; value: string }
  | { type: 'BANK_FIELD_TOGGLED'; field: string }
  | { type: 'SUBMITTED' }
  | { type: 'CANCELLED' };

/** A fresh form for a transition: each claim's approved amount starts at what was claimed, as '640,00'. */
export function draftFor(refund: ReviewedRefund | null): TransitionDraft {
  return {
    reason: '',
    documents: '',
    max_files: '5',
    observations: '',
    fields: [],
    amounts: Object.fromEntries(
      (refund?.claims ?? []).map((claim) => [String(claim.id), amountAsTyped(claim.amount, claim.currency)]),
    ),
    reference: '',
  };
}

/** The transition's payload as the server reads it. */
export function payloadOf(
  transition: RefundTransition,
  draft: TransitionDraft,
  refund: ReviewedRefund | null,
): Record<string, unknown> {
  switch (transition) {
    case 'reject':
      return { reason: draft.reason };
    case 'approve':
      return {
        amounts: (refund?.claims ?? []).map((claim) => {
          const typed = draft.amounts[String(claim.id)] ?? '';
          const reading = readApproved(typed, claim.currency);
          // The canonical amount when it reads; what was typed otherwise, for the contract to refuse.
          return { claim: claim.id, amount: reading.ok ? reading.decimal : typed };
        }),
      };
    case 'request_documents':
      return {
        documents: draft.documents
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        max_files: /^\d{1,3}$/.test(draft.max_files.trim())
          ? Number(draft.max_files.trim())
          : draft.max_files,
        observations: draft.observations,
      };
    case 'request_bank_data':
      return { fields: draft.fields, observations: draft.observations };
    case 'pay':
      return { reference: draft.reference };
    default:
      return {};
  }
}

/** The draft's errors by field, from the transition's contract (empty: it may be sent). */
export function draftErrors(
  transition: RefundTransition,
  draft: TransitionDraft,
  refund: ReviewedRefund | null,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (transition === 'approve') {
    // Issue 40: each amount in its claim's currency (the server checks the same).
    for (const claim of refund?.claims ?? []) {
      const reading = readApproved(draft.amounts[String(claim.id)] ?? '', claim.currency);
      if (!reading.ok) errors[`amounts.${claim.id}`] = [amountErrorMessage(reading)];
    }
    if (Object.keys(errors).length) return errors;
  }
  const result = refundTransitionInputs[transition].safeParse(payloadOf(transition, draft, refund));
  if (result.success) return {};
  for (const issue of result.error.issues) {
    const [first, index] = issue.path;
    const claim = first === 'amounts' && typeof index === 'number' ? refund?.claims[index] : undefined;
    const key = claim ? `amounts.${claim.id}` : String(first ?? 'non_field_errors');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

export const refundReviewMachine = setup({
  types: {
    context: {} as RefundReviewContext,
    input: {} as RefundReviewInput,
    events: {} as RefundReviewEvent,
  },
  actors: {
    loadRefund: fromPromise<ReviewedRefund, { id: number }>(async () => {
      throw new Error('loadRefund not provided');
    }),
    runTransition: fromPromise<ReviewedRefund, TransitionRequest>(async () => {
      throw new Error('runTransition not provided');
    }),
  },
  guards: {
    /** Offered only when the server said this user may do it to this refund now. */
    transitionAllowed: ({ context, event }) =>
      event.type === 'TRANSITION_ASKED' && (context.refund?.allowed_actions ?? []).includes(event.transition),
    draftValid: ({ context }) =>
      context.transition !== null &&
      Object.keys(draftErrors(context.transition, context.draft, context.refund)).length === 0,
  },
  actions: {
    /** The refund changed on the server (the view may refresh what depends on it, its history). */
    transitionApplied: () => {},
  },
}).createMachine({
  id: 'refundReview',
  context: ({ input }) => ({
    id: input?.id ?? 0,
    refund: null,
    error: null,
    transition: null,
    draft: draftFor(null),
    fieldErrors: {},
    transitionError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: null }),
      invoke: {
        id: 'loadRefund',
        src: 'loadRefund',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'ready', actions: assign({ refund: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
        },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            TRANSITION_ASKED: {
              guard: 'transitionAllowed',
              target: 'editing',
              actions: assign({
                transition: ({ event }) => event.transition,
                draft: ({ context }) => draftFor(context.refund),
                fieldErrors: {},
                transitionError: null,
              }),
            },
          },
        },
        editing: {
          on: {
            FIELD_CHANGED: {
              actions: assign({
                draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }),
                fieldErrors: ({ context, event }) => {
                  const { [event.field]: _cleared, ...rest } = context.fieldErrors;
                  return rest;
                },
              }),
            },
            AMOUNT_CHANGED: {
              actions: assign({
                draft: ({ context, event }) => ({
                  ...context.draft,
                  amounts: { ...context.draft.amounts, [String(event.claim)]: event.value },
                }),
                fieldErrors: ({ context, event }) => {
                  const {
                    [`amounts.${event.claim}`]: _cleared,
                    amounts: _all,
                    ...rest
                  } = context.fieldErrors;
                  return rest;
                },
              }),
            },
            BANK_FIELD_TOGGLED: {
              actions: assign({
                draft: ({ context, event }) => ({
                  ...context.draft,
                  fields: context.draft.fields.includes(event.field)
                    ? context.draft.fields.filter((field) => field !== event.field)
                    : [...context.draft.fields, event.field],
                }),
                fieldErrors: ({ context }) => {
                  const { fields: _cleared, ...rest } = context.fieldErrors;
                  return rest;
                },
              }),
            },
            SUBMITTED: [
              { guard: 'draftValid', target: 'submitting' },
              {
                actions: assign({
                  fieldErrors: ({ context }) =>
                    context.transition ? draftErrors(context.transition, context.draft, context.refund) : {},
                }),
              },
            ],
            CANCELLED: {
              target: 'idle',
              actions: assign({ transition: null, fieldErrors: {}, transitionError: null }),
            },
          },
        },
        submitting: {
          entry: assign({ transitionError: null, fieldErrors: {} }),
          invoke: {
            id: 'runTransition',
            src: 'runTransition',
            input: ({ context }) => ({
              id: context.id,
              transition: context.transition!,
              payload: payloadOf(context.transition!, context.draft, context.refund),
            }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ refund: ({ event }) => event.output, transition: null }),
                'transitionApplied',
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({
                fieldErrors: ({ event }) => fieldErrorsOf(event.error),
                transitionError: ({ event }) =>
                  event.error instanceof FieldErrorsError && Object.keys(event.error.fields).length
                    ? null
                    : messageOf(event.error, messages.common.genericRetry),
              }),
            },
          },
        },
      },
    },
  },
});
