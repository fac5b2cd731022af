/** Profiles and the permission catalogue (spec section 7 'Authentication and users'). */
import { and, asc, count, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuerySchema } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import { can } from '../../contracts/permissions';
import { authenticate, principalOf, requirePermission } from '../auth/guard';
import { loadPrincipal, toProfile } from '../auth/principal';
import type { AppContext } from '../context';
import { permissions, users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { contains } from '../http/filters';
import { pageLinks } from '../http/pagination';
import { parseWith } from '../http/validate';

const profileQuerySchema = listQuerySchema.extend({
  queryType: z.enum(['VIEW', 'LOGIN']).optional(),
  email: z.string().max(254).optional(),
  username: z.string().max(150).optional(),
  first_name: z.string().max(150).optional(),
});

export function profileRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;

  app.get('/profile/', { preHandler: authenticate(context) }, async (request) => {
    const query = parseWith(profileQuerySchema, request.query);
    const principal = principalOf(request);
    if (query.queryType === 'LOGIN') return toProfile(principal);
    if (!can(principal, 'user', 'view')) throw forbidden(messages.common.forbidden);
    const filters: SQL[] = [];
    if (query.email) filters.push(contains(users.email, query.email));
    if (query.username) filters.push(contains(users.username, query.username));
    if (query.first_name) filters.push(contains(users.firstName, query.first_name));
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = await db.select({ total: count() }).from(users).where(where);
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .offset(query.offset)
      .limit(query.limit);
    const results = [];
    for (const row of rows) {
      const loaded = await loadPrincipal(db, row.id);
      if (loaded) results.push(toProfile(loaded));
    }
    return { count: total, ...pageLinks(request, query, total), results };
  });

  app.get('/profile/:id/', { preHandler: authenticate(context) }, async (request) => {
    const { id } = parseWith(z.object({ id: z.coerce.number().int().positive() }), request.params);
    const principal = principalOf(request);
    if (id !== principal.id && !can(principal, 'user', 'view')) throw forbidden(messages.common.forbidden);
    const loaded = await loadPrincipal(db, id);
    if (!loaded) throw notFound(messages.common.notFound);
    return toProfile(loaded);
  });

  app.get('/permission/', { preHandler: requirePermission(context, 'group', 'view') }, async (request) => {
    const query = parseWith(listQuerySchema, request.query);
    const [{ total }] = await db.select({ total: count() }).from(permissions);
    const results = await db
      .select()
      .from(permissions)
      .orderBy(asc(permissions.resource), asc(permissions.action))
      .offset(query.offset)
      .limit(query.limit);
    return { count: total, ...pageLinks(request, query, total), results };
  });
}
