import { expect } from 'vitest';
import { passwordChangeModel } from '../../machines/models/auth';
import { messages } from '../../src/contracts/messages';
import { testMachineModel } from './harness';

testMachineModel('passwordChange', passwordChangeModel, {
  editing: (snapshot) => {
    const { problems, error } = snapshot.context;
    if (problems.length) expect(error).toBe(messages.auth.insecurePassword);
    if (error && !problems.length) expect(error).toBe(messages.auth.resetTokenInvalid);
  },
  submitting: (snapshot) => {
    expect(snapshot.context.password).toBe(snapshot.context.confirmation);
    expect(snapshot.context.problems).toEqual([]);
  },
  changed: (snapshot) => expect(snapshot.status).toBe('done'),
});
