/**
 * Issue 32: Usuarios' create form refuses an empty password itself (the contract's `create`), as the
 * server would, instead of sending it; an edit keeps an empty password as 'unchanged'.
 */
import { describe, expect, it } from 'vitest';
import { FieldErrorsError } from '../../machines/support/errors';
import { validateValues } from '../../src/client/api/resources';
import { descriptorOf } from '../../src/client/resources/descriptors';
import { messages } from '../../src/contracts/messages';

const usuarios = descriptorOf('usuarios')!;
const typed = {
  ...usuarios.defaults(),
  email: 'nueva@example.com',
  username: 'nueva',
  first_name: 'Nueva',
  last_name: 'Usuaria',
  password: '',
};

function refusal(mode: 'create' | 'edit' | 'clone'): Record<string, string[]> {
  try {
    validateValues(usuarios, typed, mode);
    return {};
  } catch (error) {
    if (error instanceof FieldErrorsError) return error.fields;
    throw error;
  }
}

describe('Usuarios without a password', () => {
  it('is refused on create and clone, at the password field', () => {
    expect(refusal('create')).toEqual({ password: [messages.permissions.passwordRequired] });
    expect(refusal('clone')).toEqual({ password: [messages.permissions.passwordRequired] });
  });
  it('is an edit that keeps the current password', () => {
    expect(refusal('edit')).toEqual({});
  });
});
