/** Authentication and permission checks, run before every protected handler. */
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '../../contracts/messages';
import { type Action, can, type Resource } from '../../contracts/permissions';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import { users } from '../db/schema';
import { bearerToken } from '../http/bearer';
import { forbidden, unauthorized } from '../http/errors';
import { currentPrincipal, type Principal, principalChanging } from './principal';
import type { TokenType, VerifiedToken } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/**
 * Ends every session of a user (issue 10): tokens issued before carry an older `ver` and are
 * refused from now on. Call it in the transaction that changes the password, deactivates the
 * user, or logs out.
 */
export async function bumpTokenVersion(tx: Database | Transaction, userId: number): Promise<void> {
  principalChanging(userId);
  await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId));
}

/**
 * The token's user when the token is valid, of the user's current version, and the user is
 * active; null otherwise. One small query.
 */
export async function verifyCurrentToken(
  context: AppContext,
  token: string,
  type: TokenType,
): Promise<VerifiedToken | null> {
  const verified = await context.tokens.verify(token, type);
  if (!verified) return null;
  const [user] = await context.db
    .select({ version: users.tokenVersion, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, verified.userId));
  if (!user?.isActive || user.version !== verified.version) return null;
  return verified;
}

export function authenticate(context: AppContext): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(messages.auth.invalidToken);
    // One small query validates the version and the cached principal (issue 10 and 11).
    const verified = await context.tokens.verify(token, 'access');
    if (!verified) throw unauthorized(messages.auth.invalidToken);
    const current = await currentPrincipal(context.db, verified.userId);
    const principal = current?.principal;
    if (!principal?.isActive || current?.tokenVersion !== verified.version)
      throw unauthorized(messages.auth.invalidToken);
    request.principal = principal;
  };
}

/** Authenticates, then requires `{resource}/{action}`; superusers pass. */
export function requirePermission(
  context: AppContext,
  resource: Resource,
  action: Action,
): preHandlerAsyncHookHandler[] {
  return [
    authenticate(context),
    async (request: FastifyRequest) => {
      if (!can(principalOf(request), resource, action)) throw forbidden(messages.common.forbidden);
    },
  ];
}

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(messages.auth.invalidToken);
  return request.principal;
}
