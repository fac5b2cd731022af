import { expect } from 'vitest';
import { passwordChangeModel } from '../../machines/models/auth';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('passwordChange', passwordChangeModel, {
  editing: (snapshot, event) => {
    const { problems, error } = snapshot.context;
    switch (event.type) {
      case 'SUBMIT':
        // A refused submit lists what is wrong under the insecure-password message.
        expect(problems.length).toBeGreaterThan(0);
        expect(error).toBe(messages.auth.insecurePassword);
        break;
      case 'xstate.error.actor.confirmPasswordReset':
        if (problems.length) expect(problems).toEqual(['Muy común.']);
        expect(error).toBe(
          problems.length ? messages.auth.insecurePassword : messages.auth.resetTokenInvalid,
        );
        break;
      case 'xstate.init':
        expect([problems, error]).toEqual([[], null]);
        break;
      default:
        // Typing keeps what the last submit said until the next one.
        expect(error === null || problems.length > 0 || error === messages.auth.resetTokenInvalid).toBe(true);
    }
  },
  submitting: (snapshot) => {
    expect(snapshot.context.password).toBe(snapshot.context.confirmation);
    expect(snapshot.context.problems).toEqual([]);
  },
  changed: (snapshot) => expect(snapshot.status).toBe('done'),
});
