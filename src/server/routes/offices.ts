/**
 * The office core (SPEC §7 'Offices'): detail for the 'Ir a mi sitio' chain. A user may always
 * read its own office; other offices need office/view. The full office module comes later.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuerySchema } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import { can } from '../../contracts/permissions';
import { authenticate, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { offices } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { contains } from '../http/filters';
import { pageLinks } from '../http/pagination';
import { idFromParams, parseWith } from '../http/validate';

const officeQuerySchema = listQuerySchema.extend({ long_name: z.string().trim().max(255).optional() });

const officeCoreOf = (office: typeof offices.$inferSelect) => ({
  id: office.id,
  short_name: office.shortName,
  long_name: office.longName,
  is_enabled: office.isEnabled,
  country: office.countryId,
});

export function officeRoutes(app: FastifyInstance, context: AppContext) {
  app.get('/office/:id/', { preHandler: authenticate(context) }, async (request) => {
    const id = idFromParams(request.params);
    const principal = principalOf(request);
    if (principal.officeId !== id && !can(principal, 'office', 'view'))
      throw forbidden(messages.common.forbidden);
    const [office] = await context.db.select().from(offices).where(eq(offices.id, id));
    if (!office) throw notFound(messages.common.notFound);
    return officeCoreOf(office);
  });
}

/**
 * GET /office/ (SPEC §7 Offices: /office/?offset&limit): the office core, paged, with a contains
 * filter on long_name. Readable with office/view, and with user/add for the Usuarios form's office
 * select. The full office module (payments, Sperta, exports) is a later issue.
 */
export function officeListRoutes(app: FastifyInstance, context: AppContext) {
  app.get('/office/', { preHandler: authenticate(context) }, async (request) => {
    const principal = principalOf(request);
    if (!can(principal, 'office', 'view') && !can(principal, 'user', 'add'))
      throw forbidden(messages.common.forbidden);
    const query = parseWith(officeQuerySchema, request.query);
    const where = query.long_name ? contains(offices.longName, query.long_name) : undefined;
    const [{ total }] = await context.db.select({ total: count() }).from(offices).where(where);
    const rows = await context.db
      .select()
      .from(offices)
      .where(where)
      .orderBy(asc(offices.longName), asc(offices.id))
      .offset(query.offset)
      .limit(query.limit);
    return { count: total, ...pageLinks(request, query, total), results: rows.map(officeCoreOf) };
  });
}
