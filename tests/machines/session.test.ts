import { expect } from 'vitest';
import { sessionModel } from '../../machines/models/session';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('session', sessionModel, {
  restoring: (snapshot) => expect(snapshot.context.session).toBeNull(),
  loggedOut: (snapshot, event) => {
    const { session, error, fieldErrors } = snapshot.context;
    expect(session).toBeNull();
    if (event.type === 'xstate.error.actor.authenticate') expect(error).toBe(messages.auth.loginFailed);
    if (event.type === 'LOGIN')
      // The model's refused LOGIN has a blank username and password.
      expect(fieldErrors).toEqual({
        username: messages.auth.usernameRequired,
        password: messages.auth.passwordRequired,
      });
    else expect(fieldErrors).toEqual({});
  },
  authenticating: (snapshot) => {
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.fieldErrors).toEqual({});
  },
  loggedIn: (snapshot) => expect(snapshot.context.session?.user.username).toBe('ejecutivo'),
  // The session (and its token, the revoke call's input) is kept in the context until the revoke
  // call ends; the storage is cleared first.
  'loggingOut.revoking': (snapshot) => expect(snapshot.context.session?.tokens.access).toBe('access-token'),
  'loggingOut.clearing': (snapshot) => expect(snapshot.context.session?.tokens.access).toBe('access-token'),
  expired: (snapshot) => {
    expect(snapshot.context.session).toBeNull();
    expect(snapshot.context.notice).toBe(messages.auth.sessionExpired);
  },
});
