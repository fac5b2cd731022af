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
 *
 * The status record is part of its group (issue 28 §6): a write to it (POST, PUT, DELETE) is
 * refused (403) unless the editor holds every permission the group has, the rule that guards the
 * group itself, and is audited in the group's history (`status_create`, `status_update`,
 * `status_remove`) in the write's own transaction (the engine's `auditedWrite`: no write without
 * its entry).
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { historyEntityOf } from '../../contracts/engine';
import { messages } from '../../contracts/messages';
import { groupContract, groupStatusCreateSchema, groupStatusUpdateSchema } from '../../contracts/users';
import { principalOf, requirePermission } from '../auth/guard';
import type { Principal } from '../auth/principal';
import type { AppContext } from '../context';
import type { Transaction } from '../db/client';
import { groupPermissions, groupStatuses, groups, permissions } from '../db/schema';
import { FieldValidationError, notFound } from '../http/errors';
import { idFromParams as idOf, parseWith } from '../http/validate';
import type { AuditEntry } from '../resources/audit';
import { auditedWrite, registerResource } from '../resources/engine';
import { groupResource } from '../resources/groups';
import { assertHoldsAll } from '../resources/users';

const text = messages.permissions;

export function groupRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const view = requirePermission(context, 'group', 'view');
  const add = requirePermission(context, 'group', 'add');
  registerResource(app, context, groupResource);
  const historyEntity = historyEntityOf(groupContract.path);

  /**
   * Locks the group for the write and refuses (403) an editor who lacks any permission the group
   * holds (issue 28 §6: the rule of PUT /groups/{id}/); `missing` answers when there is no group.
   */
  async function lockGroupFor(tx: Transaction, principal: Principal, id: number, missing: () => Error) {
    const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, id)).for('update');
    if (!group) throw missing();
    const held = await tx
      .select({ codename: permissions.codename })
      .from(groupPermissions)
      .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
      .where(eq(groupPermissions.groupId, id))
      .orderBy(asc(permissions.codename));
    assertHoldsAll(
      principal,
      held.map((row) => row.codename),
      text.cannotTouchGroupWith,
    );
  }

  /** The status record's history entry, in its group's history. */
  const audit = (
    id: number,
    action: 'status_create' | 'status_update' | 'status_remove',
    before: boolean | null,
    after: boolean | null,
  ): AuditEntry => ({
    entity: historyEntity,
    recordId: id,
    action,
    before: before === null ? null : { is_active: before },
    after: after === null ? null : { is_active: after },
  });

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
    const principal = principalOf(request);
    const input = parseWith(groupStatusCreateSchema, request.body);
    const row = await auditedWrite(db, principal, async (tx) => {
      await lockGroupFor(
        tx,
        principal,
        input.group,
        () => new FieldValidationError({ group: [text.unknownGroup] }),
      );
      const [existing] = await tx.select().from(groupStatuses).where(eq(groupStatuses.groupId, input.group));
      if (existing) throw new FieldValidationError({ group: [text.groupStatusExists] });
      const [created] = await tx
        .insert(groupStatuses)
        .values({ groupId: input.group, isActive: input.is_active })
        .returning();
      return { result: created, audit: audit(input.group, 'status_create', null, created.isActive) };
    });
    return reply.status(201).send(statusOf(row));
  });

  app.put('/status_group/:id/', { preHandler: add }, async (request) => {
    const principal = principalOf(request);
    const id = idOf(request.params);
    const input = parseWith(groupStatusUpdateSchema, request.body);
    if (input.group !== undefined && input.group !== id)
      throw new FieldValidationError({ group: [text.invalidChoice] });
    const row = await auditedWrite(db, principal, async (tx) => {
      await lockGroupFor(tx, principal, id, () => notFound(messages.common.notFound));
      const [existing] = await tx.select().from(groupStatuses).where(eq(groupStatuses.groupId, id));
      const [saved] = await tx
        .insert(groupStatuses)
        .values({ groupId: id, isActive: input.is_active })
        .onConflictDoUpdate({
          target: groupStatuses.groupId,
          set: { isActive: input.is_active, updatedAt: new Date() },
        })
        .returning();
      return {
        result: saved,
        audit: audit(
          id,
          existing ? 'status_update' : 'status_create',
          existing ? existing.isActive : null,
          saved.isActive,
        ),
      };
    });
    return statusOf(row);
  });

  app.delete('/status_group/:id/', { preHandler: add }, async (request, reply) => {
    const principal = principalOf(request);
    const id = idOf(request.params);
    await auditedWrite(db, principal, async (tx) => {
      await lockGroupFor(tx, principal, id, () => notFound(messages.common.notFound));
      const deleted = await tx
        .delete(groupStatuses)
        .where(eq(groupStatuses.groupId, id))
        .returning({ isActive: groupStatuses.isActive });
      if (!deleted.length) throw notFound(messages.common.notFound);
      return { result: null, audit: audit(id, 'status_remove', deleted[0].isActive, null) };
    });
    return reply.status(204).send();
  });
}
