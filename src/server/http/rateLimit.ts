/**
 * Per-route rate limits for public calls. `keyOf` narrows the bucket beyond the address (for
 * example the username tried, or the voucher), read after the body is parsed.
 */
import type { FastifyRequest } from 'fastify';

export function rateLimited(max: number, timeWindow: string, keyOf?: (request: FastifyRequest) => string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => (keyOf ? `${request.ip}|${keyOf(request)}` : request.ip),
    },
  };
}

/** A string field of a JSON body or query, lower-cased, for use in a rate-limit key. */
export function fieldOf(source: unknown, field: string): string {
  if (!source || typeof source !== 'object') return '';
  const value = (source as Record<string, unknown>)[field];
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 200) : '';
}
