/**
 * Issue 32 'Lists': a staff user's columns per list and saved views, on the server per user
 * (contract src/contracts/listPreferences.ts; tables of migration 0033). Every route reads and
 * writes only the signed-in user's rows: another user's view answers 404, as if absent. Writes
 * are validated with the shared contract (a Spanish 400), transactional and audited.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  type ListPreferences,
  listKeySchema,
  listPreferencesWriteSchema,
  MAX_SAVED_VIEWS,
  type SavedView,
  savedViewWriteSchema,
} from '../../contracts/listPreferences';
import { messages } from '../../contracts/messages';
import { authenticate, principalOf } from '../auth/guard';
import type { AppContext } from '../context';
import { listPreferences, savedViews } from '../db/schema';
import { FieldValidationError, HttpError } from '../http/errors';
import { parseWith } from '../http/validate';
import { auditedWrite } from '../resources/engine';

const text = messages.lists;
const listParams = z.strictObject({ list: listKeySchema });
const viewParams = z.strictObject({
  id: z.coerce.number({ error: text.viewNotFound }).int().positive().max(2_147_483_647),
});

type ViewRow = typeof savedViews.$inferSelect;
const viewOf = (row: ViewRow): SavedView => ({
  id: row.id,
  list_key: row.listKey,
  name: row.name,
  query: row.query,
  columns: row.columns,
  created_at: row.createdAt.toISOString(),
});

export function listPreferenceRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const guard = { preHandler: authenticate(context) };

  async function preferencesOf(userId: number, listKey: string): Promise<ListPreferences> {
    const [preference] = await db
      .select({ columns: listPreferences.columns })
      .from(listPreferences)
      .where(and(eq(listPreferences.userId, userId), eq(listPreferences.listKey, listKey)));
    const views = await db
      .select()
      .from(savedViews)
      .where(and(eq(savedViews.userId, userId), eq(savedViews.listKey, listKey)))
      .orderBy(asc(savedViews.name), asc(savedViews.id));
    return { list_key: listKey, columns: preference?.columns ?? null, views: views.map(viewOf) };
  }

  app.get('/list_preferences/:list/', guard, async (request, reply) => {
    const { list } = parseWith(listParams, request.params);
    reply.header('cache-control', 'no-store');
    return preferencesOf(principalOf(request).id, list);
  });

  app.put('/list_preferences/:list/', guard, async (request) => {
    const { list } = parseWith(listParams, request.params);
    const body = parseWith(listPreferencesWriteSchema, request.body);
    const principal = principalOf(request);
    await auditedWrite(db, principal, async (tx) => {
      const [before] = await tx
        .select({ columns: listPreferences.columns })
        .from(listPreferences)
        .where(and(eq(listPreferences.userId, principal.id), eq(listPreferences.listKey, list)))
        .for('update');
      await tx
        .insert(listPreferences)
        .values({ userId: principal.id, listKey: list, columns: body.columns })
        .onConflictDoUpdate({
          target: [listPreferences.userId, listPreferences.listKey],
          set: { columns: body.columns, updatedAt: new Date() },
        });
      return {
        result: null,
        audit: {
          entity: 'list_preferences',
          recordId: `${principal.id}:${list}`,
          action: before ? 'update' : 'create',
          before: before ? { columns: before.columns } : null,
          after: { columns: body.columns },
        },
      };
    });
    return preferencesOf(principal.id, list);
  });

  app.post('/saved_views/', guard, async (request, reply) => {
    const body = parseWith(savedViewWriteSchema, request.body);
    const principal = principalOf(request);
    const view = await auditedWrite(db, principal, async (tx) => {
      const mine = and(eq(savedViews.userId, principal.id), eq(savedViews.listKey, body.list_key));
      const [{ value: kept }] = await tx.select({ value: count() }).from(savedViews).where(mine);
      if (kept >= MAX_SAVED_VIEWS)
        throw new FieldValidationError({ name: [text.tooManyViews(MAX_SAVED_VIEWS)] });
      const [row] = await tx
        .insert(savedViews)
        .values({
          userId: principal.id,
          listKey: body.list_key,
          name: body.name,
          query: body.query,
          columns: body.columns,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new FieldValidationError({ name: [text.viewNameTaken] });
      const saved = viewOf(row);
      return {
        result: saved,
        audit: { entity: 'saved_views', recordId: saved.id, action: 'create', before: null, after: saved },
      };
    });
    return reply.status(201).send(view);
  });

  app.delete('/saved_views/:id/', guard, async (request, reply) => {
    const { id } = parseWith(viewParams, request.params);
    const principal = principalOf(request);
    const removed = await auditedWrite(db, principal, async (tx) => {
      const [row] = await tx
        .delete(savedViews)
        .where(and(eq(savedViews.id, id), eq(savedViews.userId, principal.id)))
        .returning();
      if (!row) return { result: false, audit: [] };
      return {
        result: true,
        audit: {
          entity: 'saved_views',
          recordId: row.id,
          action: 'delete',
          before: viewOf(row),
          after: null,
        },
      };
    });
    if (!removed) throw new HttpError(404, text.viewNotFound);
    return reply.status(204).send();
  });
}
