/**
 * Where the staff session lives (SPEC §7): keys `headersSetCookie` (tokens) and `userData`
 * (the profile). 'Mantener logueado' keeps them in localStorage, otherwise in sessionStorage.
 */

import type { StaffSession } from '../../../machines/session';
import { profileSchema } from '../../contracts/auth';

import { sessionStores as stores, TOKENS_KEY, USER_KEY } from './storageKeys';

export { TOKENS_KEY, USER_KEY };

export function saveSession(session: StaffSession): void {
  clearSession();
  const store = session.remember ? window.localStorage : window.sessionStorage;
  store.setItem(TOKENS_KEY, JSON.stringify(session.tokens));
  store.setItem(USER_KEY, JSON.stringify(session.user));
}

export function readSession(): StaffSession | null {
  for (const [index, store] of stores().entries()) {
    const tokens = store.getItem(TOKENS_KEY);
    const user = store.getItem(USER_KEY);
    if (!tokens || !user) continue;
    try {
      const parsedTokens = JSON.parse(tokens) as { access?: unknown; refresh?: unknown };
      const parsedUser = profileSchema.safeParse(JSON.parse(user));
      if (
        typeof parsedTokens.access !== 'string' ||
        typeof parsedTokens.refresh !== 'string' ||
        !parsedUser.success
      )
        continue;
      return {
        tokens: { access: parsedTokens.access, refresh: parsedTokens.refresh },
        user: parsedUser.data,
        remember: index === 0,
      };
    } catch {}
  }
  return null;
}

export function updateAccessToken(access: string): void {
  for (const store of stores()) {
    const tokens = store.getItem(TOKENS_KEY);
    if (!tokens) continue;
    store.setItem(TOKENS_KEY, JSON.stringify({ ...JSON.parse(tokens), access }));
  }
}

export function clearSession(): void {
  for (const store of stores()) {
    store.removeItem(TOKENS_KEY);
    store.removeItem(USER_KEY);
  }
}
