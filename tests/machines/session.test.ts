import { expect } from 'vitest';
import { sessionModel } from '../../machines/models/session';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('session', sessionModel, {
  restoring: (snapshot) => expect(snapshot.context.session).toBeNull(),
  loggedOut: (snapshot) => {
    expect(snapshot.context.session).toBeNull();
    if (snapshot.context.error) expect(snapshot.context.error).toBe(messages.auth.loginFailed);
    const { username, password } = snapshot.context.fieldErrors;
    if (username) expect(username).toBe(messages.auth.usernameRequired);
    if (password) expect(password).toBe(messages.auth.passwordRequired);
  },
  authenticating: (snapshot) => {
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.fieldErrors).toEqual({});
  },
  loggedIn: (snapshot) => expect(snapshot.context.session?.user.username).toBe('ejecutivo'),
  // The session (and its token, the revoke call's input) is kept until the storage is cleared.
  'loggingOut.revoking': (snapshot) => expect(snapshot.context.session?.tokens.access).toBe('access-token'),
  'loggingOut.clearing': (snapshot) => expect(snapshot.context.session?.tokens.access).toBe('access-token'),
  expired: (snapshot) => {
    expect(snapshot.context.session).toBeNull();
    expect(snapshot.context.notice).toBe(messages.auth.sessionExpired);
  },
});
