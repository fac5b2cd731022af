/** Authentication and permission checks, run before every protected handler. */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { messages } from '../../contracts/messages';
import { type Action, can, type Resource } from '../../contracts/permissions';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../http/errors';
import { currentPrincipal, type Principal } from './principal';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export function authenticate(context: AppContext): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(messages.auth.invalidToken);
    const userId = await context.tokens.verify(token, 'access');
    if (userId === null) throw unauthorized(messages.auth.invalidToken);
    const current = await currentPrincipal(context.db, userId);
    const principal = current?.principal;
    if (!principal?.isActive) throw unauthorized(messages.auth.invalidToken);
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
