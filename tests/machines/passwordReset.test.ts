import { expect } from 'vitest';
import { passwordResetModel } from '../../machines/models/auth';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('passwordReset', passwordResetModel, {
  editing: (snapshot) => {
    const { emailError, error } = snapshot.context;
    if (emailError)
      expect([messages.common.emailRequired, messages.common.emailInvalid]).toContain(emailError);
    if (error) expect(error).toBe('rechazado');
  },
  requesting: (snapshot) => {
    expect(snapshot.context.emailError).toBeNull();
    expect(snapshot.context.email).toBe('ana@example.com');
  },
  sent: (snapshot) => expect(snapshot.context.error).toBeNull(),
});
