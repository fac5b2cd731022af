/**
 * The token of an `Authorization: Bearer <token>` header, strictly (issue 10): one space, a
 * compact JWS (three base64url parts) and nothing after it. Anything else is no token at all.
 * The scheme name is case-insensitive (RFC 7235 §2.1, issue 28 §6): `bearer` and `BEARER` are
 * `Bearer`; the token itself is matched exactly.
 */
import type { FastifyRequest } from 'fastify';

const BEARER = /^[Bb][Ee][Aa][Rr][Ee][Rr] ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length > 4096) return null;
  return BEARER.exec(header)?.[1] ?? null;
}
