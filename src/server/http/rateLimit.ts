/**
 * Per-route rate limits for public calls. `keyOf` narrows the bucket beyond the address (for
 * example the username tried, or the voucher), read after the body is parsed. Counted in the
 * database (rateLimitStore.ts), so every instance shares them; the address is keyed as the
 * attempt counters key it (IPv6 by its /64 network).
 */
import type { FastifyRequest } from 'fastify';
import { clientAddressKey } from './attempts';

export function rateLimited(max: number, timeWindow: string, keyOf?: (request: FastifyRequest) => string) {
  return {
    rateLimit: {
      max,
      timeWindow,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const address = clientAddressKey(request.ip);
        return keyOf ? `${address}|${keyOf(request)}` : address;
      },
    },
  };
}

/** A string field of a JSON body or query, lower-cased, for use in a rate-limit key. */
export function fieldOf(source: unknown, field: string): string {
  if (!source || typeof source !== 'object') return '';
  const value = (source as Record<string, unknown>)[field];
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 200) : '';
}
