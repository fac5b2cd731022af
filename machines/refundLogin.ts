/**
 * The refund login 'Solicitud de reintegro' (SPEC §2, §4 'Refund login success requires the
 * refunds field, else an error with the detail as message', §5 'Ingrese su documento',
 * 'Ingrese su número de voucher', §8 'Refund login error: the server-provided message').
 * The client's `authenticateRefund` actor calls GET /refund_data/ and keeps the answer.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../src/contracts/messages';
import type { RefundLoginResponse } from '../src/contracts/refund';
import { messageOf } from './support/errors';

export interface RefundLoginCredentials {
  documento: string;
  voucherId: string;
}

export interface RefundLoginContext extends RefundLoginCredentials {
  fieldErrors: { documento?: string; voucherId?: string };
  error: string | null;
  login: RefundLoginResponse | null;
}

export type RefundLoginEvent =
  | { type: 'FIELDS_CHANGED'; values: Partial<RefundLoginCredentials> }
  | { type: 'SUBMIT' };

/**
 * The SPEC §5 'required' messages only. The full rules (refundLoginQuerySchema: lengths) are
 * checked by the server with the contract and come back as the error message; keeping zod and the
 * refund contracts out of this machine keeps them out of the portal's first load.
 */
function fieldErrorsOf(context: RefundLoginCredentials): RefundLoginContext['fieldErrors'] {
  const errors: RefundLoginContext['fieldErrors'] = {};
  if (context.documento.trim() === '') errors.documento = messages.refund.documentRequired;
  if (context.voucherId.trim() === '') errors.voucherId = messages.refund.voucherIdRequired;
  return errors;
}

export const refundLoginMachine = setup({
  types: {
    context: {} as RefundLoginContext,
    events: {} as RefundLoginEvent,
    output: {} as RefundLoginResponse,
  },
  actors: {
    authenticateRefund: fromPromise<RefundLoginResponse, RefundLoginCredentials>(async () => {
      throw new Error('authenticateRefund not provided');
    }),
  },
  guards: {
    credentialsComplete: ({ context }) => Object.keys(fieldErrorsOf(context)).length === 0,
  },
}).createMachine({
  id: 'refundLogin',
  context: { documento: '', voucherId: '', fieldErrors: {}, error: null, login: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        FIELDS_CHANGED: {
          actions: assign(({ context, event }) => {
            const next = { ...context, ...event.values };
            // A field error goes away once the field is filled; the server message stays until resent.
            const remaining = fieldErrorsOf(next);
            return {
              documento: next.documento,
              voucherId: next.voucherId,
              fieldErrors: {
                documento: context.fieldErrors.documento ? remaining.documento : undefined,
                voucherId: context.fieldErrors.voucherId ? remaining.voucherId : undefined,
              },
            };
          }),
        },
        SUBMIT: [
          {
            guard: 'credentialsComplete',
            target: 'authenticating',
            actions: assign({ fieldErrors: {}, error: null }),
          },
          { actions: assign({ fieldErrors: ({ context }) => fieldErrorsOf(context), error: null }) },
        ],
      },
    },
    authenticating: {
      invoke: {
        id: 'authenticateRefund',
        src: 'authenticateRefund',
        input: ({ context }) => ({
          documento: context.documento.trim(),
          voucherId: context.voucherId.trim(),
        }),
        onDone: { target: 'authenticated', actions: assign({ login: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({
            error: ({ event }) => messageOf(event.error, messages.common.genericRetry),
          }),
        },
      },
    },
    authenticated: { type: 'final' },
  },
  output: ({ context }) => {
    if (!context.login) throw new Error('authenticated without a login answer');
    return context.login;
  },
});
