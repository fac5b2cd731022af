/**
 * Grupos (spec section 7 'Groups'; section 2 'grupos' columns name, all_permissions and the
 * search-term filter; section 3 'Group' with its status record {group}).
 *
 *   GET    /groups/?search&offset&limit   (group/view) -> page of {id, name, all_permissions}
 *   GET    /groups/{id}/                  (group/view)
 *   POST   /groups/ {.., is_active?}      (group/add)  -> 201; the status record in the same transaction
 *   PUT    /groups/{id}/ {.., is_active?} (group/add)
 *   DELETE /groups/{id}/                  (group/add)  -> 204; the status record, then the group
 *   GET    /status_group/{group}/         (group/view) -> {group, is_active}
 *   POST   /status_group/                 (group/add)  -> 201
 *   PUT    /status_group/{group}/         (group/add)  -> creates it when missing
 *   DELETE /status_group/{group}/         (group/add)  -> 204
 *
 * /groups/ is declared on the resource engine (src/server/resources/groups.ts: the status record
 * as a child of the write, the escalation rules of issue 10). The twelve role groups of section 6
 * are never deleted (their ids carry the field rules).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages';
import { groupStatusCreateSchema, groupStatusUpdateSchema } from '../../contracts/users';
import { requirePermission } from '../auth/guard';
import type { AppContext } from '../context';
import { groupStatuses, groups } from '../db/schema';
import { FieldValidationError, notFound } from '../http/errors';
import { idFromParams as idOf, parseWith } from '../http/validate';
import { registerResource } from '../resources/engine';
import { groupResource } from '../resources/groups';

const text = messages.permissions;

export function groupRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const view = requirePermission(context, 'group', 'view');
  const add = requirePermission(context, 'group', 'add');
  registerResource(app, context, groupResource);

  async function assertGroupExists(id: number) {
    const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
    if (!group) throw notFound(messages.common.notFound);
  }

  const statusOf = (row: typeof groupStatuses.$inferSelect) => ({
    group: row.groupId,
    is_active: row.isActive,
  });

  app.get('/status_group/:id/', { preHandler: view }, async (request) => {
    const id = idOf(request.params);
    const [row] = await db.select().from(groupStatuses).where(eq(groupStatuses.groupId, id));
    if (!row) throw notFound(messages.common.notFound);
    return statusOf(row);
  });

  app.post('/status_group/', { preHandler: add }, async (request, reply) => {
    const input = parseWith(groupStatusCreateSchema, request.body);
    const row = await db.transaction(async (tx) => {
      const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, input.group));
      if (!group) throw new FieldValidationError({ group: [text.unknownGroup] });
      const [existing] = await tx.select().from(groupStatuses).where(eq(groupStatuses.groupId, input.group));
      if (existing) throw new FieldValidationError({ group: [text.groupStatusExists] });
      const [created] = await tx
        .insert(groupStatuses)
        .values({ groupId: input.group, isActive: input.is_active })
        .returning();
      return created;
    });
    return reply.status(201).send(statusOf(row));
  });

  app.put('/status_group/:id/', { preHandler: add }, async (request) => {
    const id = idOf(request.params);
    const input = parseWith(groupStatusUpdateSchema, request.body);
    if (input.group !== undefined && input.group !== id)
      throw new FieldValidationError({ group: [text.invalidChoice] });
    await assertGroupExists(id);
    const row = await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(groupStatuses)
        .values({ groupId: id, isActive: input.is_active })
        .onConflictDoUpdate({
          target: groupStatuses.groupId,
          set: { isActive: input.is_active, updatedAt: new Date() },
        })
        .returning();
      return saved;
    });
    return statusOf(row);
  });

  app.delete('/status_group/:id/', { preHandler: add }, async (request, reply) => {
    const id = idOf(request.params);
    const deleted = await db
      .delete(groupStatuses)
      .where(eq(groupStatuses.groupId, id))
      .returning({ group: groupStatuses.groupId });
    if (!deleted.length) throw notFound(messages.common.notFound);
    return reply.status(204).send();
  });
}
