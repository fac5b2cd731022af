import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { passwordChangeModel } from '../../machines/models/auth';
import { FieldErrorsError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

/** What the path's last refused submit said: the client's check or the server's answer. */
function lastVerdict(trail: readonly AnyEventObject[]): string | null {
  const verdict = trail.findLast(
    (event) => event.type === 'SUBMIT' || event.type === 'xstate.error.actor.confirmPasswordReset',
  );
  if (!verdict) return null;
  // A SUBMIT followed by the server's answer went to the server: the answer is the verdict.
  return verdict.type === 'SUBMIT' || verdict.error instanceof FieldErrorsError
    ? messages.auth.insecurePassword
    : messages.auth.resetTokenInvalid;
}

testMachineModel('passwordChange', passwordChangeModel, {
  editing: (snapshot, event, trail) => {
    const { problems, error } = snapshot.context;
    // Typing keeps what the last submit said until the next one.
    expect(error).toBe(lastVerdict(trail));
    switch (event.type) {
      case 'SUBMIT':
        // A refused submit lists what is wrong under the insecure-password message.
        expect(problems.length).toBeGreaterThan(0);
        break;
      case 'xstate.error.actor.confirmPasswordReset':
        // The server's problems with the password, or none when the link is refused.
        expect(problems).toEqual(event.error instanceof FieldErrorsError ? ['Muy común.'] : []);
        break;
      case 'xstate.init':
        expect(problems).toEqual([]);
        break;
      default:
        expect(['PASSWORD_CHANGED', 'CONFIRMATION_CHANGED']).toContain(event.type);
    }
  },
  submitting: (snapshot) => {
    expect(snapshot.context.password).toBe(snapshot.context.confirmation);
    expect(snapshot.context.problems).toEqual([]);
  },
  changed: (snapshot) => expect(snapshot.status).toBe('done'),
});
