/**
 * Requesting a password-reset mail (SPEC §2 /recovery, §4 'Password reset'): the request
 * answers OK (the user is told to check the email) or FAILED (the spec's message).
 * The staff shell reuses it for 'Cambiar contraseña' with the user's email and its own warning.
 */
import { assign, fromPromise, setup } from 'xstate';
import { emailSchema } from '../src/contracts/auth';
import { messages } from '../src/contracts/messages';
import { messageOf } from './support/errors';

export interface PasswordResetInput {
  email?: string;
  /** The text shown when the request fails; /recovery uses the spec's reset-failure message. */
  failureMessage?: string;
}

export interface PasswordResetContext {
  email: string;
  emailError: string | null;
  error: string | null;
  failureMessage: string;
}

export type PasswordResetEvent =
  | { type: 'EMAIL_CHANGED'; email: string }
  | { type: 'SUBMIT' }
  | { type: 'RESTART' };

export function emailProblem(email: string): string | null {
  const result = emailSchema.safeParse(email);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.common.emailInvalid);
}

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput | undefined,
  },
  actors: {
    requestPasswordReset: fromPromise<void, { email: string }>(async () => {}),
  },
  guards: {
    emailValid: ({ context }) => emailProblem(context.email) === null,
  },
}).createMachine({
  id: 'passwordReset',
  context: ({ input }) => ({
    email: input?.email ?? '',
    emailError: null,
    error: null,
    failureMessage: input?.failureMessage ?? messages.auth.resetFailed,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        EMAIL_CHANGED: { actions: assign({ email: ({ event }) => event.email, emailError: null }) },
        SUBMIT: [
          { guard: 'emailValid', target: 'requesting', actions: assign({ error: null, emailError: null }) },
          { actions: assign({ emailError: ({ context }) => emailProblem(context.email) }) },
        ],
      },
    },
    requesting: {
      invoke: {
        id: 'requestPasswordReset',
        src: 'requestPasswordReset',
        input: ({ context }) => ({ email: context.email.trim() }),
        onDone: 'sent',
        onError: {
          target: 'editing',
          actions: assign({ error: ({ context, event }) => messageOf(event.error, context.failureMessage) }),
        },
      },
    },
    sent: {
      on: { RESTART: { target: 'editing', actions: assign({ error: null }) } },
    },
  },
});
