/**
 * Device cookies of the staff sign-in (issue 28 §5, after OWASP 'Slow Down Online Guessing
 * Attacks with Device Cookies'). A successful sign-in leaves on the browser a cookie signed with
 * a key derived from the JWT secret, holding the account's username and a random nonce. Later
 * sign-ins of that account from that browser skip the account's lockout (routes/auth.ts); the
 * nonce names the device's own failure counter, so a stolen cookie cannot brute-force either.
 *
 * Each account has its own cookie name (a MAC of the username), so staff sharing one computer
 * each keep their trust, and the name says nothing about the account. The cookie proves only
 * "this browser signed in to this account before": it authenticates nothing by itself.
 *
 * No state: any instance with the same JWT secret verifies any instance's cookies.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a device stays trusted after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 180;
const VERSION = 'v1';
/** Longer cookie values are not ours: not even looked at. */
const MAX_VALUE_LENGTH = 400;

export interface DeviceCookie {
  username: string;
  nonce: string;
}

export interface DeviceCookies {
  /** The cookie name of an account (the same on every instance). */
  nameFor(username: string): string;
  /** A new cookie value for `username` with a fresh nonce. */
  issue(username: string): { value: string; nonce: string };
  /** The cookie if `value` is one this server signed for `username` (any other account: null). */
  verify(value: string | undefined, username: string): DeviceCookie | null;
  /** A `Set-Cookie` header value. */
  setCookieHeader(name: string, value: string, options: { path: string; secure: boolean }): string;
}

const mac = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('base64url');
const normalized = (username: string) => username.trim().toLowerCase();

export function createDeviceCookies(jwtSecret: string): DeviceCookies {
  // A key of its own, so no cookie can ever be taken for a token or a refund link and back.
  const key = createHmac('sha256', jwtSecret).update('staff-device-cookies/v1').digest();
  const sign = (username: string, nonce: string) => mac(key, `${VERSION}|${username}|${nonce}`);
  return {
    nameFor(username) {
      return `dv_${mac(key, `name|${normalized(username)}`).slice(0, 16)}`;
    },
    issue(username) {
      const nonce = randomBytes(18).toString('base64url');
      const login = Buffer.from(normalized(username), 'utf8').toString('base64url');
      return { value: `${VERSION}.${login}.${nonce}.${sign(normalized(username), nonce)}`, nonce };
    },
    verify(value, username) {
      if (!value || value.length > MAX_VALUE_LENGTH) return null;
      const parts = value.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) return null;
      const [, login, nonce, signature] = parts;
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return null;
      const holder = Buffer.from(login, 'base64url').toString('utf8');
      const expected = Buffer.from(sign(holder, nonce));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      // Signed, but for another account: no trust here.
      if (holder !== normalized(username)) return null;
      return { username: holder, nonce };
    },
    setCookieHeader(name, value, { path, secure }) {
      const maxAge = DEVICE_COOKIE_DAYS * 24 * 60 * 60;
      return `${name}=${value}; Max-Age=${maxAge}; Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}

/**
 * The value of cookie `name` in a Cookie header, or undefined. Never throws: a malformed,
 * repeated or huge header yields undefined or the first well-formed value.
 */
export function cookieValue(header: string | string[] | undefined, name: string): string | undefined {
  const text = Array.isArray(header) ? header.join('; ') : header;
  if (!text || text.length > 16_384) return undefined;
  for (const pair of text.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0) continue;
    if (pair.slice(0, equals).trim() !== name) continue;
    let value = pair.slice(equals + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    return value;
  }
  return undefined;
}
