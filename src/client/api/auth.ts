/** Staff authentication calls (SPEC §7 'Authentication and users'): the session machines' actors. */
import * as z from 'zod/mini';
import type { Credentials, StaffSession } from '../../../machines/session';
import { okResponseSchema, profileSchema, tokenResponseSchema } from '../../contracts/auth';
import { messages } from '../../contracts/messages';
import { ApiError, request } from './http';
import { clearSession, readSession, saveSession } from './storage';

export async function login(credentials: Credentials): Promise<StaffSession> {
  try {
    const tokens = await request(tokenResponseSchema, '/token/', {
      method: 'POST',
      body: { username: credentials.username.trim(), password: credentials.password },
      auth: false,
    });
    const user = await request(profileSchema, '/profile/', {
      query: { queryType: 'LOGIN' },
      token: tokens.access,
    });
    const session = { tokens, user, remember: credentials.remember };
    saveSession(session);
    return session;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 400)) {
      throw new ApiError(error.status, messages.auth.loginFailed);
    }
    throw error;
  }
}

/** The stored session, checked against the server (the profile may have changed). */
export async function restoreSession(): Promise<StaffSession | null> {
  const stored = readSession();
  if (!stored) return null;
  const user = await request(profileSchema, '/profile/', { query: { queryType: 'LOGIN' } });
  const current = readSession() ?? stored;
  const session = { ...current, user };
  saveSession(session);
  return session;
}

/**
 * Asks the server to end the session (issue 10: every token of the user is revoked). Sent with
 * the session's own token, so a refused call neither refreshes nor reports an expired session;
 * the machine clears the local session whatever this answers.
 */
export async function revokeSession(session: StaffSession | null): Promise<void> {
  const token = session?.tokens.access || readSession()?.tokens.access;
  if (!token) return;
  await request(okResponseSchema, '/token/logout/', { method: 'POST', token });
}

export async function logout(): Promise<void> {
  clearSession();
}

export async function requestPasswordReset(email: string): Promise<void> {
  await request(okResponseSchema, '/password_reset/', { method: 'POST', body: { email }, auth: false });
}

export async function confirmPasswordReset(input: {
  token: string;
  password: string;
  confirmation: string;
}): Promise<void> {
  await request(okResponseSchema, '/password_reset/confirm/', {
    method: 'POST',
    body: { token: input.token, password: input.password, password_confirmation: input.confirmation },
    auth: false,
  });
}

/** Access by token: load the user the token names and keep the session (sessionStorage). */
export async function loadUserWithToken(input: { token: string; userId: number }): Promise<StaffSession> {
  const user = await request(profileSchema, `/profile/${input.userId}/`, { token: input.token });
  const session: StaffSession = { tokens: { access: input.token, refresh: '' }, user, remember: false };
  saveSession(session);
  return session;
}

const officeSchema = z.object({ id: z.number(), country: z.nullable(z.number()) });
const countrySchema = z.object({ id: z.number(), url_redirect: z.nullable(z.string()) });

export async function fetchOffice(input: { officeId: number }): Promise<{ countryId: number | null }> {
  const office = await request(officeSchema, `/office/${input.officeId}/`);
  return { countryId: office.country };
}

export async function fetchCountry(input: { countryId: number }): Promise<{ urlRedirect: string | null }> {
  const country = await request(countrySchema, `/country/${input.countryId}/`);
  return { urlRedirect: country.url_redirect };
}
