/**
 * The refund access token (SPEC §7 'Refund (public)'): a short-lived JWT handed out by the
 * refund login, scoped to one voucher and the document that opened it. The upload and the
 * submission accept only this token; staff tokens are refused here and this token is refused by
 * the staff guard (its token_type is 'refund' and its audience differs).
 *
 * Revocation (issue 28 §6): each login subject (voucher + document) has a version in the database
 * (`refund_access_versions`); a token carries the version it was issued with (`ver`) and every
 * refund-portal request checks it. A new refund login, a submitted refund and 'Salir' raise the
 * version, so the earlier tokens of that subject stop working at once, on every instance.
 */

import { and, eq, sql } from 'drizzle-orm';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { errors, jwtVerify, SignJWT } from 'jose';
import { messages } from '../../contracts/messages';
import { refundAccessPayloadSchema } from '../../contracts/refund';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import { refundAccessVersions } from '../db/schema';
import { bearerToken } from '../http/bearer';
import { unauthorized } from '../http/errors';

export const REFUND_ACCESS_MINUTES = 60;
const AUDIENCE = 'refund-portal';

export interface RefundAccess {
  voucherId: number;
  docNumber: string;
}

/** A verified token: its subject and the version it was issued with. */
export interface VersionedRefundAccess extends RefundAccess {
  version: number;
  /** Set only by `requireRefundAccess(…, { acceptRevoked: true })`: a later version exists. */
  revoked?: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    refundAccess?: VersionedRefundAccess;
  }
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Raises the subject's version (revoking its tokens) and answers the new one. */
export async function revokeRefundAccess(db: Database | Transaction, access: RefundAccess): Promise<number> {
  const [row] = await db
    .insert(refundAccessVersions)
    .values({ voucherId: access.voucherId, docNumber: access.docNumber, version: 1 })
    .onConflictDoUpdate({
      target: [refundAccessVersions.voucherId, refundAccessVersions.docNumber],
      set: { version: sql`${refundAccessVersions.version} + 1`, updatedAt: new Date() },
    })
    .returning({ version: refundAccessVersions.version });
  return row.version;
}

/** The subject's current version (0 before its first login). */
async function currentVersionOf(db: Database, access: RefundAccess): Promise<number> {
  const [row] = await db
    .select({ version: refundAccessVersions.version })
    .from(refundAccessVersions)
    .where(
      and(
        eq(refundAccessVersions.voucherId, access.voucherId),
        eq(refundAccessVersions.docNumber, access.docNumber),
      ),
    );
  return row?.version ?? 0;
}

/** A refund login: revokes the subject's earlier tokens and issues one with the new version. */
export async function openRefundAccess(
  db: Database,
  secret: string,
  access: RefundAccess,
  minutes = REFUND_ACCESS_MINUTES,
): Promise<string> {
  const version = await revokeRefundAccess(db, access);
  return issueRefundAccess(secret, { ...access, version }, minutes);
}

/** Signs a token for `access` at `access.version` (the login calls openRefundAccess). */
export async function issueRefundAccess(
  secret: string,
  access: RefundAccess & { version: number },
  minutes = REFUND_ACCESS_MINUTES,
): Promise<string> {
  return new SignJWT({
    token_type: 'refund',
    voucher_id: access.voucherId,
    doc_number: access.docNumber,
    ver: access.version,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + minutes * 60)
    .sign(keyOf(secret));
}

/**
 * The scope of a well-signed refund token, or null (invalid, expired, not a refund token, or
 * without a version). Whether its version is still current is the guard's check.
 */
export async function verifyRefundAccess(
  secret: string,
  token: string,
): Promise<VersionedRefundAccess | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], audience: AUDIENCE });
    const parsed = refundAccessPayloadSchema.safeParse(payload);
    if (!parsed.success) return null;
    return { voucherId: parsed.data.voucher_id, docNumber: parsed.data.doc_number, version: parsed.data.ver };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/**
 * preHandler: requires a valid refund access token of its subject's current version and puts its
 * scope on `request.refundAccess`. With `acceptRevoked`, a revoked (but well-signed, unexpired)
 * token passes marked `revoked`: the submission answers with it only the retry of a refund it
 * already stored (issue 17), nothing else.
 */
export function requireRefundAccess(
  context: AppContext,
  options: { acceptRevoked?: boolean } = {},
): preHandlerAsyncHookHandler {
  return async (request) => {
    const token = bearerToken(request);
    const access = token ? await verifyRefundAccess(context.config.jwtSecret, token) : null;
    if (!access) throw unauthorized(messages.refund.accessExpired);
    const current = await currentVersionOf(context.db, access);
    if (access.version !== current) {
      // Issue 40 (traveller reach): a replaced session says so (the portal offers signing in again).
      if (!options.acceptRevoked) throw unauthorized(messages.refund.sessionReplaced);
      access.revoked = true;
    }
    request.refundAccess = access;
  };
}
