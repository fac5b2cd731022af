import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/contracts/messages';
import { settleBackgroundWork } from '../../src/server/services/background';
import { createTestApp, type TestApp } from './support';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => testApp.close());

const email = 'soporte@demo.extranet.local';

async function requestReset(address: string) {
  return testApp.app.inject({ method: 'POST', url: '/api/password_reset/', payload: { email: address } });
}

function tokenFromOutbox(): string {
  const mail = testApp.outbox().at(-1) ?? '';
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = body.match(/\/recovery\/([\w-]+)/)?.[1];
  if (!token) throw new Error('no recovery link in the outbox');
  return token;
}

async function confirm(payload: Record<string, unknown>) {
  return testApp.app.inject({ method: 'POST', url: '/api/password_reset/confirm/', payload });
}

describe('password reset', () => {
  it('answers the spec message for an unknown email, and field errors for a bad one', async () => {
    const unknown = await requestReset('nadie@example.com');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: messages.auth.resetFailed });
    const malformed = await requestReset('no-es-email');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ email: [messages.common.emailInvalid] });
    const missing = await testApp.app.inject({ method: 'POST', url: '/api/password_reset/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(['email']);
  });

  it('mails a single-use link and applies every rule of section 5', async () => {
    const response = await requestReset(email.toUpperCase());
    expect(response.statusCode).toBe(200);
    await settleBackgroundWork(); // the mail leaves after the answer
    expect(testApp.outbox().at(-1)).toContain(`To: ${email}`);
    const token = tokenFromOutbox();

    const cases: [Record<string, unknown>, string][] = [
      [{ token, password: '' }, messages.auth.passwordNewRequired],
      [{ token, password: 'Corta-1' }, messages.auth.passwordTooShort],
      [
        { token, password: 'Sol-Largo-2026', password_confirmation: 'Otra-Cosa-2026' },
        messages.auth.passwordMismatch,
      ],
      [
        { token, password: 'Sol-Largo-2026', password_confirmation: '' },
        messages.auth.passwordConfirmRequired,
      ],
      [{ token, password: 'soporte2026' }, messages.auth.passwordTooSimilar],
    ];
    for (const [payload, message] of cases) {
      const refused = await confirm(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ password: string[] }>().password).toContain(message);
    }

    const accepted = await confirm({
      token,
      password: 'Rio-de-la-Plata-77',
      password_confirmation: 'Rio-de-la-Plata-77',
    });
    expect(accepted.statusCode).toBe(200);
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: 'soporte', password: 'Rio-de-la-Plata-77' },
    });
    expect(login.statusCode).toBe(200);

    const reused = await confirm({ token, password: 'Otra-Clave-Segura-1' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ detail: messages.auth.resetTokenInvalid });
  });

  it('refuses an unknown token and unknown fields', async () => {
    const unknownToken = await confirm({ token: 'inventado', password: 'Rio-de-la-Plata-77' });
    expect(unknownToken.json()).toEqual({ detail: messages.auth.resetTokenInvalid });
    const missingToken = await confirm({ password: 'Rio-de-la-Plata-77' });
    expect(missingToken.statusCode).toBe(400);
    expect(missingToken.json()).toHaveProperty('token');
  });
});
