/**
 * The signed `{data}` of a voucher's terms link (issue 28 §4, issue 39):
 * `<voucher id>.<expiry>.<MAC>`, the expiry in Unix seconds, the MAC the first 32 base64url
 * characters of HMAC-SHA256(jwtSecret, 'conditions:<id>:<expiry>'): the expiry is signed, so it
 * cannot be pushed back. A link lapses at its expiry (`TERMS_LINK_DAYS` after it was mailed,
 * 30 by default); staff mail a new one with 'Enviar condiciones'.
 *
 * Links mailed before issue 39 (`<voucher id>.<MAC>`, HMAC of 'conditions:<id>', no expiry) are
 * recognised and answered as lapsed: they never expired and could not be revoked.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { termsLinkDataSchema } from '../../contracts/terms';

const DAY_MS = 24 * 60 * 60 * 1000;

const mac = (secret: string, message: string) =>
  createHmac('sha256', secret).update(message).digest('base64url').slice(0, 32);

const sameMac = (expected: string, given: string) => {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** When a link mailed at `now` lapses: `days` later, to the second. */
export function termsLinkExpiry(days: number, now = new Date()): Date {
  return new Date(Math.floor((now.getTime() + days * DAY_MS) / 1000) * 1000);
}

/** The link's `{data}` for `voucherId`, valid until `expiresAt` (termsLinkExpiry). */
export function termsLinkData(secret: string, voucherId: number, expiresAt: Date): string {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return `${voucherId}.${expires}.${mac(secret, `conditions:${voucherId}:${expires}`)}`;
}

export type TermsLinkCheck =
  | { status: 'valid'; voucherId: number }
  | { status: 'lapsed' }
  | { status: 'invalid' };

/**
 * What a link's `{data}` is at `now`: valid (its voucher), lapsed (its MAC is right but its expiry
 * has passed, or it is an old link without one), or invalid (malformed or a wrong MAC).
 */
export function checkTermsLink(secret: string, data: unknown, now = new Date()): TermsLinkCheck {
  const parsed = termsLinkDataSchema.safeParse(data);
  if (!parsed.success) return { status: 'invalid' };
  const parts = parsed.data.split('.');
  const voucherId = Number(parts[0]);
  if (parts.length === 2)
    return sameMac(mac(secret, `conditions:${voucherId}`), parts[1])
      ? { status: 'lapsed' }
      : { status: 'invalid' };
  const [, expires, given] = parts;
  if (!sameMac(mac(secret, `conditions:${voucherId}:${expires}`), given)) return { status: 'invalid' };
  return Number(expires) * 1000 > now.getTime() ? { status: 'valid', voucherId } : { status: 'lapsed' };
}
