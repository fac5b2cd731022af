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
 *
 * The two lists read through the engine's list path (listPage: page and count as two statements).
 */

import { and, eq } from 'drizzle-orm';
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
import { auditedWrite, registerResource } from '../resources/engine';
import { exactLimitOf, listPage, type OrderTerm } from '../resources/listQuery';
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

/** A payment-history entry and who wrote it (read through the engine's list path). */
const reviewSelection = {
  id: officePaymentReviews.id,
  officePaymentId: officePaymentReviews.officePaymentId,
  observation: officePaymentReviews.observation,
  snapshot: officePaymentReviews.snapshot,
  createdAt: officePaymentReviews.createdAt,
  username: users.username,
};
const reviewJoins = [{ table: users, on: eq(users.id, officePaymentReviews.userId) }];
type ReviewRow = {
  id: number;
  officePaymentId: number;
  observation: string;
  snapshot: unknown;
  createdAt: Date;
  username: string | null;
};
const REVIEWS_NEWEST_FIRST: OrderTerm[] = [
  { expression: officePaymentReviews.createdAt, descending: true },
  { expression: officePaymentReviews.id, descending: true, notNull: true },
];

/** Municipalities by name and province as stored (no Spanish sort key: the former order). */
const municipalitySelection = {
  id: municipalities.id,
  name: municipalities.name,
  province: municipalities.province,
};
const MUNICIPALITY_ORDER: OrderTerm[] = [
  { expression: municipalities.name, descending: false },
  { expression: municipalities.province, descending: false },
  { expression: municipalities.id, descending: false, notNull: true },
];

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
    const created = await auditedWrite(db, principal, async (tx) => {
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
      return {
        result: review,
        audit: {
          entity: 'office_payments',
          recordId: payment.id,
          action: 'review',
          before: null,
          after: { observation: input.observation, ...snapshot },
        },
      };
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
    // The engine's list path (page and count as two statements, ../resources/listQuery.ts).
    const page = await listPage<ReviewRow>(db, {
      table: officePaymentReviews,
      selection: reviewSelection,
      joins: reviewJoins,
      where: eq(officePaymentReviews.officePaymentId, query.office_payment),
      order: REVIEWS_NEWEST_FIRST,
      offset: query.offset,
      limit: query.limit,
      exactLimit: exactLimitOf(request.query, context.config.listExactCountLimit),
    });
    return {
      count: page.count,
      ...pageLinks(request, query, page.count, page.hasNext),
      results: page.rows.map((review) => ({
        id: review.id,
        office_payment: review.officePaymentId,
        user: review.username,
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
    const page = await listPage<{ id: number; name: string; province: string }>(db, {
      table: municipalities,
      selection: municipalitySelection,
      where: query.query ? contains(municipalities.name, query.query) : undefined,
      order: MUNICIPALITY_ORDER,
      offset: query.offset,
      limit: query.limit,
      exactLimit: exactLimitOf(request.query, context.config.listExactCountLimit),
    });
    return { count: page.count, ...pageLinks(request, query, page.count, page.hasNext), results: page.rows };
  });
}
