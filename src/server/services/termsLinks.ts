/**
 * The signed `{data}` of a voucher's terms link (issue 28 §4): `<voucher id>.<MAC>`, the MAC the
 * first 32 base64url characters of HMAC-SHA256(jwtSecret, 'conditions:<id>'), the same as the
 * links mailed before the page existed, so those keep working.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { termsLinkDataSchema } from '../../contracts/terms';

const macOf = (secret: string, voucherId: number) =>
  createHmac('sha256', secret).update(`conditions:${voucherId}`).digest('base64url').slice(0, 32);

export function termsLinkData(secret: string, voucherId: number): string {
  return `${voucherId}.${macOf(secret, voucherId)}`;
}

/** The voucher id of a link's `{data}`, or null when it is malformed or its MAC is wrong. */
export function voucherOfTermsLink(secret: string, data: unknown): number | null {
  const parsed = termsLinkDataSchema.safeParse(data);
  if (!parsed.success) return null;
  const [id, mac] = parsed.data.split('.');
  const voucherId = Number(id);
  const expected = Buffer.from(macOf(secret, voucherId));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? voucherId : null;
}
