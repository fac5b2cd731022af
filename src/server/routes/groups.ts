/**
 * Grupos (spec section 7 'Groups'; section 2 'grupos' columns name, all_permissions and the
 * search-term filter; section 3 'Group' with its status record {group}).
 *
 *   GET    /groups/?search&offset&limit   (group/view) -> page of {id, name, all_permissions}
 *   GET    /groups/{id}/                  (group/view)
 *   POST   /groups/                       (group/add)  -> 201; then the client posts the status
 *   PUT    /groups/{id}/                  (group/add)
 *   DELETE /groups/{id}/                  (group/add)  -> 204; 409 while its status record exists
 *   GET    /status_group/{group}/         (group/view) -> {group, is_active}
 *   POST   /status_group/                 (group/add)  -> 201
 *   PUT    /status_group/{group}/         (group/add)  -> creates it when missing
 *   DELETE /status_group/{group}/         (group/add)  -> 204
 *
 * The status record references its group with RESTRICT, so a group is deleted only after its
 * status record was removed. The twelve role groups of section 6 are never deleted (their ids
 * carry the field rules). A user who is not a superuser cannot put into a group a permission it
 * does not hold.
 */
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { messages } from '../../contracts/messages';
import { findRole } from '../../contracts/roles';
import {
  type Group,
  groupQuerySchema,
  groupStatusCreateSchema,
  groupStatusUpdateSchema,
  groupWriteSchema,
} from '../../contracts/users';
import { principalOf, requirePermission } from '../auth/guard';
import { bumpPrincipalEpoch } from '../auth/principal';
import type { AppContext } from '../context';
import type { Transaction } from '../db/client';
import { groupPermissions, groupStatuses, groups, permissions } from '../db/schema';
import { FieldValidationError, HttpError, notFound } from '../http/errors';
import { contains } from '../http/filters';
import { pageLinks } from '../http/pagination';
import { idFromParams as idOf, parseWith } from '../http/validate';
import { assertMayGrant } from './profile';

const text = messages.permissions;

async function readGroups(
  tx: Transaction,
  where: SQL | undefined,
  offset: number,
  limit: number,
): Promise<Group[]> {
  const rows = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(where)
    .orderBy(asc(groups.id))
    .offset(offset)
    .limit(limit);
  if (!rows.length) return [];
  const granted = await tx
    .select({ groupId: groupPermissions.groupId, codename: permissions.codename })
    .from(groupPermissions)
    .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .where(
      inArray(
        groupPermissions.groupId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(permissions.codename));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    all_permissions: granted.filter((grant) => grant.groupId === row.id).map((grant) => grant.codename),
  }));
}

async function readGroup(tx: Transaction, id: number): Promise<Group> {
  const [group] = await readGroups(tx, eq(groups.id, id), 0, 1);
  if (!group) throw notFound(messages.common.notFound);
  return group;
}

export function groupRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const view = requirePermission(context, 'group', 'view');
  const add = requirePermission(context, 'group', 'add');

  app.get('/groups/', { preHandler: view }, async (request) => {
    const query = parseWith(groupQuerySchema, request.query);
    const where = query.search ? contains(groups.name, query.search) : undefined;
    return db.transaction(async (tx) => {
      const [{ total }] = await tx.select({ total: count() }).from(groups).where(where);
      const results = await readGroups(tx, where, query.offset, query.limit);
      return { count: total, ...pageLinks(request, query, total), results };
    });
  });

  app.get('/groups/:id/', { preHandler: view }, async (request) => {
    const id = idOf(request.params);
    return db.transaction((tx) => readGroup(tx, id));
  });

  async function checkName(tx: Transaction, name: string, id: number | null) {
    const sameName = sql`lower(${groups.name}) = ${name.toLowerCase()}`;
    const [clash] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(id === null ? sameName : and(sameName, ne(groups.id, id)))
      .limit(1);
    if (clash) throw new FieldValidationError({ name: [text.groupNameTaken] });
  }

  async function savePermissions(tx: Transaction, groupId: number, codenames: readonly string[]) {
    await bumpPrincipalEpoch(tx);
    await tx.delete(groupPermissions).where(eq(groupPermissions.groupId, groupId));
    if (!codenames.length) return;
    const rows = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.codename, [...codenames]));
    await tx.insert(groupPermissions).values(rows.map((row) => ({ groupId, permissionId: row.id })));
  }

  app.post('/groups/', { preHandler: add }, async (request, reply) => {
    const principal = principalOf(request);
    const input = parseWith(groupWriteSchema, request.body);
    assertMayGrant(principal, input.all_permissions);
    const group = await db.transaction(async (tx) => {
      await checkName(tx, input.name, null);
      const [created] = await tx.insert(groups).values({ name: input.name }).returning({ id: groups.id });
      await savePermissions(tx, created.id, input.all_permissions);
      return readGroup(tx, created.id);
    });
    return reply.status(201).send(group);
  });

  app.put('/groups/:id/', { preHandler: add }, async (request) => {
    const principal = principalOf(request);
    const id = idOf(request.params);
    const input = parseWith(groupWriteSchema, request.body);
    return db.transaction(async (tx) => {
      const current = await readGroup(tx, id);
      assertMayGrant(
        principal,
        input.all_permissions.filter((codename) => !current.all_permissions.includes(codename)),
      );
      await checkName(tx, input.name, id);
      await tx.update(groups).set({ name: input.name }).where(eq(groups.id, id));
      await savePermissions(tx, id, input.all_permissions);
      return readGroup(tx, id);
    });
  });

  app.delete('/groups/:id/', { preHandler: add }, async (request, reply) => {
    const id = idOf(request.params);
    await db.transaction(async (tx) => {
      await readGroup(tx, id);
      if (findRole(id)) throw new HttpError(409, text.roleGroupProtected);
      const [status] = await tx.select().from(groupStatuses).where(eq(groupStatuses.groupId, id));
      if (status) throw new HttpError(409, text.groupStatusFirst);
      await tx.delete(groups).where(eq(groups.id, id));
      await bumpPrincipalEpoch(tx);
    });
    return reply.status(204).send();
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
    const row = await db.transaction(async (tx) => {
      await readGroup(tx, id);
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
