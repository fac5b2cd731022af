/** The storage keys of the staff session (SPEC §7: userData and headersSetCookie). */
export const TOKENS_KEY = 'headersSetCookie';
export const USER_KEY = 'userData';

export function sessionStores(): Storage[] {
  return typeof window === 'undefined' ? [] : [window.localStorage, window.sessionStorage];
}

/** Whether a session was stored, without reading or validating it. */
export function hasStoredSession(): boolean {
  return sessionStores().some((store) => store.getItem(TOKENS_KEY) !== null);
}

/** The stored staff user's superuser flag, read without the session code (the refund portal's QA switch). */
export function storedStaffIsSuperuser(): boolean {
  for (const store of sessionStores()) {
    try {
      const user = JSON.parse(store.getItem(USER_KEY) ?? 'null') as { is_superuser?: unknown } | null;
      if (user?.is_superuser === true) return true;
    } catch {}
  }
  return false;
}
