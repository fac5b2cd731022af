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
