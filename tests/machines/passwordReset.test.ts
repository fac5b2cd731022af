import { expect } from 'vitest';
import { passwordResetModel } from '../../machines/models/auth';
import { emailProblem } from '../../machines/passwordReset';
import { testMachineModel } from './harness';

testMachineModel('passwordReset', passwordResetModel, {
  editing: (snapshot, event) => {
    const { email, emailError, error } = snapshot.context;
    // A refused SUBMIT names the email's problem; typing clears it; the server's refusal shows its message.
    expect(emailError).toBe(event.type === 'SUBMIT' ? emailProblem(email) : null);
    if (event.type === 'SUBMIT') expect(emailError).not.toBeNull();
    if (event.type === 'xstate.error.actor.requestPasswordReset') expect(error).toBe('rechazado');
    else if (event.type === 'xstate.init' || event.type === 'RESTART') expect(error).toBeNull();
  },
  requesting: (snapshot) => {
    expect(snapshot.context.emailError).toBeNull();
    expect(snapshot.context.email).toBe('ana@example.com');
  },
  sent: (snapshot) => expect(snapshot.context.error).toBeNull(),
});
