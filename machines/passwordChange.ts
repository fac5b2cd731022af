/**
 * Choosing a new password with the recovery hash (SPEC §2 password-change screen, §5 rules,
 * §8 'Contraseña insegura' and the expired-token message).
 */
import { assign, fromPromise, setup } from 'xstate';
import { passwordProblems } from '../src/contracts/auth';
import { messages } from '../src/contracts/messages';
import { fieldErrorsOf, messageOf } from './support/errors';

export interface PasswordChangeContext {
  token: string;
  password: string;
  confirmation: string;
  problems: string[];
  error: string | null;
}

export type PasswordChangeEvent =
  | { type: 'PASSWORD_CHANGED'; value: string }
  | { type: 'CONFIRMATION_CHANGED'; value: string }
  | { type: 'SUBMIT' };

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as { token: string },
  },
  actors: {
    confirmPasswordReset: fromPromise<void, { token: string; password: string; confirmation: string }>(
      async () => {},
    ),
  },
  guards: {
    passwordAcceptable: ({ context }) =>
      passwordProblems(context.password, context.confirmation).length === 0,
    serverRefusedPassword: ({ event }) =>
      'error' in event && (fieldErrorsOf(event.error).password?.length ?? 0) > 0,
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({ token: input.token, password: '', confirmation: '', problems: [], error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        PASSWORD_CHANGED: { actions: assign({ password: ({ event }) => event.value }) },
        CONFIRMATION_CHANGED: { actions: assign({ confirmation: ({ event }) => event.value }) },
        SUBMIT: [
          {
            guard: 'passwordAcceptable',
            target: 'submitting',
            actions: assign({ problems: [], error: null }),
          },
          {
            actions: assign({
              problems: ({ context }) => passwordProblems(context.password, context.confirmation),
              error: messages.auth.insecurePassword,
            }),
          },
        ],
      },
    },
    submitting: {
      invoke: {
        id: 'confirmPasswordReset',
        src: 'confirmPasswordReset',
        input: ({ context }) => ({
          token: context.token,
          password: context.password,
          confirmation: context.confirmation,
        }),
        onDone: 'changed',
        onError: [
          {
            guard: 'serverRefusedPassword',
            target: 'editing',
            actions: assign({
              problems: ({ event }) => fieldErrorsOf(event.error).password ?? [],
              error: messages.auth.insecurePassword,
            }),
          },
          {
            target: 'editing',
            actions: assign({
              problems: [],
              error: ({ event }) => messageOf(event.error, messages.auth.resetTokenInvalid),
            }),
          },
        ],
      },
    },
    changed: { type: 'final' },
  },
});
