/**
 * Facturación and the payment detail (issue 16; SPEC §7 `POST /facturacion/`,
 * `GET /payment_detail/[{query}]`). The list, its totals and its actions are the engine's
 * (src/server/resources/invoicing.ts); here:
 *
 *   POST /facturacion/ {<filters>, offset?, limit?, ordering?}  the filtered rows, as the spec names
 *        the list call: the same answer as GET /facturacion/?<filters> (the module's service, in
 *        process: same permission, scope and checks)
 *   GET  /payment_detail/?reservation_id=                     how the reservation was paid (in the
 *        principal's office scope, as Facturación declares it; outside: 404)
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { INVOICING_PATH, type Payment, paymentDetailQuerySchema } from '../../contracts/invoicing';
import { messages } from '../../contracts/messages';
import { authenticate, principalOf, requirePermission } from '../auth/guard';
import { rowScopeOf } from '../auth/officeScope';
import type { AppContext } from '../context';
import { reservationPayments, reservations } from '../db/schema';
import { notFound } from '../http/errors';
import { assertStorable, parseWith } from '../http/validate';
import { listAnswer, registerResource, serviceOf } from '../resources/engine';
import { invoicingResource } from '../resources/invoicing';

/** The POST body: list parameters as strings or numbers (never nested). */
const postedQuerySchema = z.record(
  z.string().max(40),
  z.union([z.string().max(200), z.number(), z.null()], { error: messages.resources.invalidInteger }),
);

export function invoicingRoutes(app: FastifyInstance, context: AppContext) {
  registerResource(app, context, invoicingResource);

  const invoicing = serviceOf(context, invoicingResource);

  app.post(INVOICING_PATH, { preHandler: authenticate(context) }, async (request) => {
    assertStorable(request.body);
    const posted = parseWith(postedQuerySchema, request.body ?? {});
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(posted))
      if (value !== null && value !== '') query.set(key, String(value));
    const search = query.toString();
    // The list's own answer, its links to the list's address (as GET /facturacion/?<filters>).
    const page = await invoicing.list(principalOf(request), Object.fromEntries(query));
    return listAnswer(`${app.prefix}${INVOICING_PATH}${search ? `?${search}` : ''}`, page);
  });

  app.get(
    '/payment_detail/',
    { preHandler: requirePermission(context, 'reservation', 'view') },
    async (request) => {
      const principal = principalOf(request);
      const { reservation_id: reservationId } = parseWith(paymentDetailQuerySchema, request.query ?? {});
      // The reservation as Facturación declares its ownership: another office's answers 404.
      const scope = rowScopeOf(invoicingResource.ownership, principal);
      const [reservation] = await context.db
        .select({ id: reservations.id })
        .from(reservations)
        .where(scope ? and(eq(reservations.id, reservationId), scope) : eq(reservations.id, reservationId));
      if (!reservation) throw notFound(messages.common.notFound);
      const rows = await context.db
        .select()
        .from(reservationPayments)
        .where(eq(reservationPayments.reservationId, reservationId))
        .orderBy(asc(reservationPayments.paidAt), asc(reservationPayments.id));
      const results: Payment[] = rows.map((row) => ({
        id: row.id,
        reservation_id: row.reservationId,
        method: row.method as Payment['method'],
        amount: row.amount,
        currency: row.currency,
        instalments: row.instalments,
        paid_at: row.paidAt,
        reference: row.reference,
      }));
      return { count: results.length, next: null, previous: null, results };
    },
  );
}
