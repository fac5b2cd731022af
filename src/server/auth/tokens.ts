/** Signed JWTs (HS256) in the shape of DRF simplejwt: `{user_id, token_type, exp}`. */
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenType = 'access' | 'refresh';

export interface TokenService {
  issue(userId: number, type: TokenType): Promise<string>;
  /** The user id, or null for a token that is invalid, expired or of the wrong type. */
  verify(token: string, type: TokenType): Promise<number | null>;
}

export function createTokenService(
  secret: string,
  lifetimes: { accessMinutes: number; refreshDays: number },
): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(userId, type) {
      const seconds = type === 'access' ? lifetimes.accessMinutes * 60 : lifetimes.refreshDays * 86_400;
      return new SignJWT({ user_id: userId, token_type: type })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
        .sign(key);
    },
    async verify(token, type) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (payload.token_type !== type || typeof payload.user_id !== 'number') return null;
        return payload.user_id;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
