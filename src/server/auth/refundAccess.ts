/**
 * The refund access token (SPEC §7 'Refund (public)'): a short-lived JWT handed out by the
 * refund login, scoped to one voucher and the document that opened it. The upload and the
 * submission accept only this token; staff tokens are refused here and this token is refused by
 * the staff guard (its token_type is 'refund' and its audience differs).
 */

import type { preHandlerAsyncHookHandler } from 'fastify';
import { errors, jwtVerify, SignJWT } from 'jose';
import { messages } from '../../contracts/messages';
import { refundAccessPayloadSchema } from '../../contracts/refund';
import type { AppContext } from '../context';
import { bearerToken } from '../http/bearer';
import { unauthorized } from '../http/errors';

export const REFUND_ACCESS_MINUTES = 60;
const AUDIENCE = 'refund-portal';

export interface RefundAccess {
  voucherId: number;
  docNumber: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    refundAccess?: RefundAccess;
  }
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export async function issueRefundAccess(
  secret: string,
  access: RefundAccess,
  minutes = REFUND_ACCESS_MINUTES,
): Promise<string> {
  return new SignJWT({ token_type: 'refund', voucher_id: access.voucherId, doc_number: access.docNumber })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + minutes * 60)
    .sign(keyOf(secret));
}

/** The scope of a valid refund token, or null (invalid, expired, or not a refund token). */
export async function verifyRefundAccess(secret: string, token: string): Promise<RefundAccess | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const parsed = refundAccessPayloadSchema.safeParse(payload);
    if (!parsed.success) return null;
    return { voucherId: parsed.data.voucher_id, docNumber: parsed.data.doc_number };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** preHandler: requires a valid refund access token and puts its scope on `request.refundAccess`. */
export function requireRefundAccess(context: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    const access = token ? await verifyRefundAccess(context.config.jwtSecret, token) : null;
    if (!access) throw unauthorized(messages.refund.accessExpired);
    request.refundAccess = access;
  };
}
