/**
 * The traveller's /update_payment_data page (issue 17 'Links'; SPEC §2 '/update_payment_data',
 * §4 'Payment update: load data, form, post, final step success or error', §5 'Payment update'):
 * only the fields of update_fields, each required and checked with the wizard's payment rules for
 * the country of residence (check digits included, src/contracts/banking); 'Actualizar datos',
 * then 'Solicitud enviada'. Field errors from the server go back under their fields; any other
 * failure is the final step's error, from which 'Reintentar' returns to the form with the values.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import { type PaymentFieldErrors, type PaymentTextField, paymentWarnings } from '../src/contracts/refund';
import { type PaymentUpdateAccess, paymentUpdateProblems } from '../src/contracts/refund/links';
import { fieldErrorsOf, messageOf } from './support/errors';

export interface PaymentUpdateInput {
  refundId: string;
  hash: string;
}

export interface PaymentUpdateContext extends PaymentUpdateInput {
  access: PaymentUpdateAccess | null;
  values: Partial<Record<PaymentTextField, string>>;
  /** Issue 40: the traveller confirmed a CCI whose check digits do not follow the published rule. */
  cciConfirmed: boolean;
  errors: PaymentFieldErrors;
  error: string | null;
}

export type PaymentUpdateEvent =
  | { type: 'FIELD_CHANGED'; field: PaymentTextField; value: string }
  | { type: 'CCI_CONFIRMED'; confirmed: boolean }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' };

export function problemsOf(
  context: Pick<PaymentUpdateContext, 'access' | 'values'> & { cciConfirmed?: boolean },
): PaymentFieldErrors {
  if (!context.access) return {};
  return paymentUpdateProblems(
    context.values,
    context.access.update_fields,
    context.access.country_residence,
    {},
    context.cciConfirmed === true,
  );
}

/** The remarks shown beside the fields (a CCI whose check digits do not match: to confirm). */
export function warningsOf(context: Pick<PaymentUpdateContext, 'access' | 'values'>): PaymentFieldErrors {
  if (!context.access) return {};
  return paymentWarnings(context.values, context.access.country_residence);
}

export const paymentUpdateMachine = setup({
  types: {
    context: {} as PaymentUpdateContext,
    events: {} as PaymentUpdateEvent,
    input: {} as PaymentUpdateInput,
  },
  actors: {
    loadFields: fromPromise<PaymentUpdateAccess, PaymentUpdateInput>(async () => {
      throw new Error('loadFields not provided');
    }),
    sendFields: fromPromise<
      unknown,
      PaymentUpdateInput & { fields: Record<string, string>; cciConfirmed: boolean }
    >(async () => {
      throw new Error('sendFields not provided');
    }),
  },
  guards: {
    valid: ({ context }) => Object.keys(problemsOf(context)).length === 0,
    hasFieldErrors: ({ event }) =>
      Object.keys(fieldErrorsOf((event as unknown as { error: unknown }).error)).length > 0,
  },
}).createMachine({
  id: 'paymentUpdate',
  context: ({ input }) => ({
    ...input,
    access: null,
    values: {},
    cciConfirmed: false,
    errors: {},
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFields',
        src: 'loadFields',
        input: ({ context }) => ({ refundId: context.refundId, hash: context.hash }),
        onDone: {
          target: 'editing',
          actions: assign({
            access: ({ event }) => event.output,
            values: ({ event }) => Object.fromEntries(event.output.update_fields.map((field) => [field, ''])),
          }),
        },
        onError: {
          target: 'accessError',
          actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
        },
      },
    },
    accessError: { type: 'final' },
    editing: {
      on: {
        FIELD_CHANGED: {
          actions: assign(({ context, event }) => {
            const values = { ...context.values, [event.field]: event.value };
            // A confirmation is of one number: a changed CCI asks again.
            const cciConfirmed = event.field === 'bank_adress' ? false : context.cciConfirmed;
            const now = problemsOf({ ...context, values, cciConfirmed });
            // A shown error stays only while its field is still invalid.
            const errors: PaymentFieldErrors = {};
            for (const [field, message] of Object.entries(context.errors) as [PaymentTextField, string][])
              if (message && now[field]) errors[field] = now[field];
            return { values, cciConfirmed, errors };
          }),
        },
        CCI_CONFIRMED: {
          actions: assign(({ context, event }) => {
            const now = problemsOf({ ...context, cciConfirmed: event.confirmed });
            const errors: PaymentFieldErrors = {};
            for (const [field, message] of Object.entries(context.errors) as [PaymentTextField, string][])
              if (message && now[field]) errors[field] = now[field];
            return { cciConfirmed: event.confirmed, errors };
          }),
        },
        SUBMIT: [
          { guard: 'valid', target: 'sending', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => problemsOf(context) }) },
        ],
      },
    },
    sending: {
      invoke: {
        id: 'sendFields',
        src: 'sendFields',
        input: ({ context }) => ({
          refundId: context.refundId,
          hash: context.hash,
          fields: Object.fromEntries(
            Object.entries(context.values).map(([field, value]) => [field, (value ?? '').trim()]),
          ),
          cciConfirmed: context.cciConfirmed,
        }),
        onDone: { target: 'sent' },
        onError: [
          {
            guard: 'hasFieldErrors',
            target: 'editing',
            actions: assign({
              errors: ({ event }) =>
                Object.fromEntries(
                  Object.entries(fieldErrorsOf(event.error)).map(([field, list]) => [field, list[0]]),
                ) as PaymentFieldErrors,
            }),
          },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => messageOf(event.error, messages.common.genericRetry) }),
          },
        ],
      },
    },
    failed: { on: { RETRY: { target: 'editing', actions: assign({ error: null }) } } },
    sent: { type: 'final' },
  },
});
