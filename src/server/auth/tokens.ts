/**
 * Signed JWTs (HS256) in the shape of DRF simplejwt: `{user_id, token_type, exp}`, plus `ver`, the
 * user's token_version when the token was issued (issue 10: a password change, a deactivation or a
 * logout bumps the version, and every token of an older version is refused by the guard).
 * A token without `exp` or `ver` is refused.
 */
import { createSecretKey } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { boundedCache } from '../cache/bounded';

export type TokenType = 'access' | 'refresh';

export interface VerifiedToken {
  userId: number;
  /** users.token_version when the token was issued; compare with the current one. */
  version: number;
}

export interface TokenService {
  issue(userId: number, type: TokenType, version: number): Promise<string>;
  /** The user id and version, or null for a token that is invalid, expired or of the wrong type. */
  verify(token: string, type: TokenType): Promise<VerifiedToken | null>;
}

/** Verified tokens remembered per process. */
const VERIFIED_ENTRIES = 10_000;
/** user_id and ver are PostgreSQL integers. */
const MAX_INT = 2_147_483_647;
const isWholeNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INT;

export function createTokenService(
  secret: string,
  lifetimes: { accessMinutes: number; refreshDays: number },
): TokenService {
  // A KeyObject made once: with raw bytes jose imports a WebCrypto key on every call, which cost
  // about 6% of a list request's CPU (issue 11).
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // Tokens whose signature and claims were checked, until they expire: the same bytes verify the
  // same way every time, so a request with a known token skips the HMAC (WebCrypto's async job
  // cost about 5% of a list request's CPU). Whether the token is still current (its version, the
  // user active) is checked on every request by the guard, not here.
  // A bounded LRU cache (src/server/cache/bounded.ts); an entry also ends with its token's `exp`.
  const verified = boundedCache<string, { token: VerifiedToken; type: TokenType; expiresAt: number }>({
    max: VERIFIED_ENTRIES,
  });
  return {
    async issue(userId, type, version) {
      const seconds = type === 'access' ? lifetimes.accessMinutes * 60 : lifetimes.refreshDays * 86_400;
      return new SignJWT({ user_id: userId, token_type: type, ver: version })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
        .sign(key);
    },
    async verify(token, type) {
      const remembered = verified.get(token);
      if (remembered) {
        if (remembered.expiresAt <= Date.now()) {
          verified.delete(token);
          return null;
        }
        return remembered.type === type ? remembered.token : null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'user_id', 'token_type', 'ver'],
        });
        if (payload.token_type !== type || !isWholeNumber(payload.user_id) || !isWholeNumber(payload.ver))
          return null;
        if (payload.user_id < 1) return null;
        const result = { userId: payload.user_id, version: payload.ver };
        verified.set(token, { token: result, type, expiresAt: (payload.exp as number) * 1000 });
        return result;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
