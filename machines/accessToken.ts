/**
 * Access by token (SPEC §2): read the `access` query parameter, decode the user id, load the
 * user ('Verificando acceso...'), then go to /dashboard, or to /login with the access-token error.
 */
import { assign, fromPromise, setup } from 'xstate';
import { accessTokenPayloadSchema } from '../src/contracts/auth';
import { messages } from '../src/contracts/messages';
import type { StaffSession } from './session';

/** The user id inside a JWT's payload, or null when the token cannot be decoded. */
export function decodeUserId(token: string | null): number | null {
  if (!token) return null;
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = accessTokenPayloadSchema.safeParse(JSON.parse(json));
    return parsed.success && parsed.data.token_type === 'access' ? parsed.data.user_id : null;
  } catch {
    return null;
  }
}

export interface AccessTokenContext {
  token: string | null;
  userId: number | null;
  session: StaffSession | null;
  error: string | null;
}

export const accessTokenMachine = setup({
  types: {
    context: {} as AccessTokenContext,
    events: {} as { type: 'TOKEN_READ'; token: string | null },
  },
  actors: {
    loadUserWithToken: fromPromise<StaffSession, { token: string; userId: number }>(async () => {
      throw new Error('loadUserWithToken not provided');
    }),
  },
  guards: {
    tokenDecodes: ({ event }) => decodeUserId(event.token) !== null,
  },
}).createMachine({
  id: 'accessToken',
  context: { token: null, userId: null, session: null, error: null },
  initial: 'readingToken',
  states: {
    readingToken: {
      on: {
        TOKEN_READ: [
          {
            guard: 'tokenDecodes',
            target: 'verifying',
            actions: assign({
              token: ({ event }) => event.token,
              userId: ({ event }) => decodeUserId(event.token),
            }),
          },
          { target: 'failed', actions: assign({ error: messages.auth.accessTokenError }) },
        ],
      },
    },
    verifying: {
      invoke: {
        id: 'loadUserWithToken',
        src: 'loadUserWithToken',
        input: ({ context }) => ({ token: context.token!, userId: context.userId! }),
        onDone: { target: 'verified', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: messages.auth.accessTokenError }) },
      },
    },
    verified: { type: 'final' },
    failed: { type: 'final' },
  },
});
