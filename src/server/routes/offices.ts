/**
 * The office core (SPEC §7 'Offices'): detail for the 'Ir a mi sitio' chain. A user may always
 * read its own office; other offices need office/view. The full office module comes later.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages';
import { can } from '../../contracts/permissions';
import { authenticate, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { offices } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { idFromParams } from '../http/validate';

export function officeRoutes(app: FastifyInstance, context: AppContext) {
  app.get('/office/:id/', { preHandler: authenticate(context) }, async (request) => {
    const id = idFromParams(request.params);
    const principal = principalOf(request);
    if (principal.officeId !== id && !can(principal, 'office', 'view'))
      throw forbidden(messages.common.forbidden);
    const [office] = await context.db.select().from(offices).where(eq(offices.id, id));
    if (!office) throw notFound(messages.common.notFound);
    return {
      id: office.id,
      short_name: office.shortName,
      long_name: office.longName,
      is_enabled: office.isEnabled,
      country: office.countryId,
    };
  });
}
