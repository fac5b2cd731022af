/**
 * Oficinas (issue 12; SPEC §7 'Offices' and '/karing/get_municipios/'):
 *
 *   /office/ (engine: list with the four search modes, detail with sub-records, POST, PUT, DELETE,
 *     the row action 'duplicate'), /office_payments/, /office_sperta/, /office_karing/,
 *     /aditional_office/, /office_name_id/ (engine declarations in src/server/resources)
 *   GET  /duplicate_office/?office_template={id} (office/add) -> the new office's body, copied
 *   POST /duplicate_office/ {office_template, short_name?, long_name?} (office/add) -> 201 the office
 *   POST /review/ {office_payment, observation?} (office/add) -> 201 a payment-history entry
 *   GET  /review/?office_payment={id} (office/view) -> the payment history, newest first
 *   GET  /karing/get_municipios/?query | ?offset&limit (office/view or office/add)
 */

import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { optionReaders } from '../../contracts/formOptions';
import { messages } from '../../contracts/messages';
import {
  duplicateOfficeSchema,
  municipalityQuerySchema,
  paymentReviewWriteSchema,
} from '../../contracts/offices';
import { can } from '../../contracts/permissions';
import { authenticate, principalOf, requirePermission } from '../auth/guard';
import { officeInScope, rowScopeOf } from '../auth/officeScope';
import type { AppContext } from '../context';
import { municipalities, officePaymentReviews, officePayments, users } from '../db/schema';
import { forbidden, notFound } from '../http/errors';
import { contains } from '../http/filters';
import { pageLinks } from '../http/pagination';
import { parseWith } from '../http/validate';
import { writeAudit } from '../resources/audit';
import { registerResource } from '../resources/engine';
import {
  aditionalOfficeResource,
  officeKaringResource,
  officeNameIdResource,
  officePaymentsResource,
  officeSpertaResource,
} from '../resources/officeSubRecords';
import {
  duplicateBody,
  duplicateOffice,
  officeDetail,
  officeResource,
  serializePayments,
} from '../resources/offices';

const text = messages.offices;

export function officeRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  registerResource(app, context, officeResource);
  registerResource(app, context, officePaymentsResource);
  registerResource(app, context, officeSpertaResource);
  registerResource(app, context, officeKaringResource);
  registerResource(app, context, aditionalOfficeResource);
  registerResource(app, context, officeNameIdResource);

  const view = requirePermission(context, 'office', 'view');
  const add = requirePermission(context, 'office', 'add');

  app.get('/duplicate_office/', { preHandler: add }, async (request) => {
    const { office_template } = parseWith(
      z.object({ office_template: z.coerce.number({ error: text.templateRequired }).int().positive() }),
      request.query,
    );
    const body = (await officeInScope(db, principalOf(request), office_template))
      ? await duplicateBody(db, office_template)
      : null;
    if (!body) throw notFound(messages.common.notFound);
    return { office_template, ...body };
  });

  app.post('/duplicate_office/', { preHandler: add }, async (request, reply) => {
    const principal = principalOf(request);
    const input = parseWith(duplicateOfficeSchema, request.body);
    const id = await db.transaction((tx) =>
      duplicateOffice(tx, input.office_template, principal, {
        short_name: input.short_name,
        long_name: input.long_name,
      }),
    );
    if (id === null) throw notFound(messages.common.notFound);
    const answer = await officeDetail(db, id);
    return reply.status(201).send(answer);
  });

  app.post('/review/', { preHandler: add }, async (request, reply) => {
    const principal = principalOf(request);
    const input = parseWith(paymentReviewWriteSchema, request.body);
    const created = await db.transaction(async (tx) => {
      const scope = rowScopeOf(officePaymentsResource.ownership, principal);
      const byId = eq(officePayments.id, input.office_payment);
      const [payment] = await tx
        .select()
        .from(officePayments)
        .where(scope ? and(byId, scope) : byId)
        .for('update');
      if (!payment) throw notFound(messages.common.notFound);
      const snapshot = serializePayments(payment);
      const [review] = await tx
        .insert(officePaymentReviews)
        .values({
          officePaymentId: payment.id,
          userId: principal.id,
          observation: input.observation,
          snapshot,
        })
        .returning();
      await writeAudit(tx, principal, {
        entity: 'office_payments',
        recordId: payment.id,
        action: 'review',
        before: null,
        after: { observation: input.observation, ...snapshot },
      });
      return review;
    });
    return reply.status(201).send({
      id: created.id,
      office_payment: created.officePaymentId,
      user: principal.username,
      observation: created.observation,
      snapshot: created.snapshot,
      created_at: created.createdAt.toISOString(),
    });
  });

  app.get('/review/', { preHandler: view }, async (request) => {
    const query = parseWith(
      z.object({
        office_payment: z.coerce
          .number({ error: messages.resources.invalidInteger })
          .int()
          .positive()
          .max(2_147_483_647),
        offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
        limit: z.coerce.number().int().min(1).max(1000).default(20),
      }),
      request.query,
    );
    // The payment record in the principal's office scope (as Medios de pago declares it).
    const scope = rowScopeOf(officePaymentsResource.ownership, principalOf(request));
    const [payment] = await db
      .select({ id: officePayments.id })
      .from(officePayments)
      .where(
        scope
          ? and(eq(officePayments.id, query.office_payment), scope)
          : eq(officePayments.id, query.office_payment),
      );
    if (!payment) throw notFound(messages.common.notFound);
    const where = eq(officePaymentReviews.officePaymentId, query.office_payment);
    const [{ total }] = await db.select({ total: count() }).from(officePaymentReviews).where(where);
    const rows = await db
      .select({ review: officePaymentReviews, username: users.username })
      .from(officePaymentReviews)
      .leftJoin(users, eq(users.id, officePaymentReviews.userId))
      .where(where)
      .orderBy(desc(officePaymentReviews.createdAt), desc(officePaymentReviews.id))
      .offset(query.offset)
      .limit(query.limit);
    return {
      count: total,
      ...pageLinks(request, query, total),
      results: rows.map(({ review, username }) => ({
        id: review.id,
        office_payment: review.officePaymentId,
        user: username,
        observation: review.observation,
        snapshot: review.snapshot,
        created_at: review.createdAt.toISOString(),
      })),
    };
  });

  app.get('/karing/get_municipios/', { preHandler: authenticate(context) }, async (request) => {
    const principal = principalOf(request);
    if (
      !optionReaders('/karing/get_municipios/').some((grant) => can(principal, grant.resource, grant.action))
    )
      throw forbidden(messages.common.forbidden);
    const query = parseWith(municipalityQuerySchema, request.query);
    const conditions: SQL[] = [];
    if (query.query) conditions.push(contains(municipalities.name, query.query));
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ total }] = await db.select({ total: count() }).from(municipalities).where(where);
    const rows = await db
      .select({ id: municipalities.id, name: municipalities.name, province: municipalities.province })
      .from(municipalities)
      .where(where)
      .orderBy(asc(municipalities.name), asc(municipalities.province), asc(municipalities.id))
      .offset(query.offset)
      .limit(query.limit);
    return { count: total, ...pageLinks(request, query, total), results: rows };
  });
}
