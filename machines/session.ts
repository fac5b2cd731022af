/**
 * The staff session (SPEC §4 'Session'): restoring a stored session, signing in, signed in,
 * expired, signing out. Storage and HTTP are actors provided by the client.
 * Signing out first clears the stored session, then asks the server to end it (issue 10:
 * `POST /token/logout/` revokes every token of the user) with the token kept in the context, and
 * is signed out whatever the server answered, or after REVOKE_TIMEOUT_MS without an answer: a
 * failed call never blocks the local logout.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Profile } from '../src/contracts/auth';
import { authMessages } from '../src/contracts/messages/auth';
import { messageOf } from './support/errors';

export interface SessionTokens {
  access: string;
  refresh: string;
}

export interface StaffSession {
  tokens: SessionTokens;
  user: Profile;
  remember: boolean;
}

export interface Credentials {
  username: string;
  password: string;
  remember: boolean;
}

export interface SessionContext {
  session: StaffSession | null;
  fieldErrors: { username?: string; password?: string };
  error: string | null;
  notice: string | null;
}

/** How long signing out waits for the server before clearing the local session anyway. */
export const REVOKE_TIMEOUT_MS = 5000;

export type SessionEvent =
  | { type: 'LOGIN'; credentials: Credentials }
  | { type: 'LOGOUT' }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'SESSION_ADOPTED'; session: StaffSession }
  | { type: 'NOTICE_DISMISSED' };

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreSession: fromPromise<StaffSession | null>(async () => null),
    authenticate: fromPromise<StaffSession, Credentials>(async () => {
      throw new Error('authenticate not provided');
    }),
    revokeSession: fromPromise<void, StaffSession | null>(async () => {}),
    clearSession: fromPromise<void>(async () => {}),
  },
  delays: { revokeTimeout: REVOKE_TIMEOUT_MS },
  guards: {
    credentialsComplete: ({ event }) =>
      event.type === 'LOGIN' && event.credentials.username.trim() !== '' && event.credentials.password !== '',
    sessionRestored: ({ event }) => 'output' in event && event.output !== null,
  },
}).createMachine({
  id: 'session',
  context: { session: null, fieldErrors: {}, error: null, notice: null },
  initial: 'restoring',
  states: {
    restoring: {
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: 'sessionRestored',
            target: 'loggedIn',
            actions: assign({ session: ({ event }) => event.output }),
          },
          { target: 'loggedOut' },
        ],
        onError: { target: 'loggedOut', actions: assign({ notice: authMessages.sessionExpired }) },
      },
      on: {
        SESSION_ADOPTED: { target: 'loggedIn', actions: assign({ session: ({ event }) => event.session }) },
      },
    },
    loggedOut: {
      on: {
        LOGIN: [
          {
            guard: 'credentialsComplete',
            target: 'authenticating',
            actions: assign({ fieldErrors: {}, error: null, notice: null }),
          },
          {
            actions: assign({
              fieldErrors: ({ event }) => ({
                username: event.credentials.username.trim() ? undefined : authMessages.usernameRequired,
                password: event.credentials.password ? undefined : authMessages.passwordRequired,
              }),
              error: null,
            }),
          },
        ],
        SESSION_ADOPTED: {
          target: 'loggedIn',
          actions: assign({ session: ({ event }) => event.session, notice: null, error: null }),
        },
        NOTICE_DISMISSED: { actions: assign({ notice: null }) },
      },
    },
    authenticating: {
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ event }) => {
          if (event.type !== 'LOGIN') throw new Error('authenticating is entered by LOGIN');
          return event.credentials;
        },
        onDone: { target: 'loggedIn', actions: assign({ session: ({ event }) => event.output }) },
        onError: {
          target: 'loggedOut',
          actions: assign({ error: ({ event }) => messageOf(event.error, authMessages.loginFailed) }),
        },
      },
    },
    loggedIn: {
      on: {
        LOGOUT: 'loggingOut',
        SESSION_EXPIRED: 'expired',
        SESSION_ADOPTED: { actions: assign({ session: ({ event }) => event.session }) },
      },
    },
    loggingOut: {
      // The stored session goes first: a reload or a closed tab while the server is asked can no
      // longer bring the signed-out user back (the revoke call was aborted with the page). The
      // session stays in the context for the revoke call's token.
      initial: 'clearing',
      states: {
        clearing: {
          invoke: {
            id: 'clearSession',
            src: 'clearSession',
            onDone: 'revoking',
            onError: 'revoking',
          },
        },
        revoking: {
          invoke: {
            id: 'revokeSession',
            src: 'revokeSession',
            input: ({ context }) => context.session,
            onDone: '#session.loggedOut',
            onError: '#session.loggedOut',
          },
          after: { revokeTimeout: '#session.loggedOut' },
          exit: assign({ session: null }),
        },
      },
    },
    expired: {
      entry: assign({ session: null, notice: authMessages.sessionExpired }),
      invoke: {
        id: 'clearExpiredSession',
        src: 'clearSession',
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
    },
  },
});
