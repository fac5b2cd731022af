/**
 * Usuarios on /profile/ and the permission catalogue (spec section 7 'Authentication and users';
 * section 2 'Usuarios' columns and filters; section 3 'User').
 *
 *   GET    /profile/?queryType=LOGIN                -> the signed-in user's profile
 *   GET    /profile/?offset&limit&email&username&first_name  (user/view) -> page of users
 *   GET    /profile/{id}/                           -> one user (own profile, or user/view)
 *   POST   /profile/                                (user/add) -> 201 the user
 *   PUT    /profile/{id}/                           (user/add) -> the user
 *   DELETE /profile/{id}/                           (user/add) -> 204
 *   GET    /permission/?offset&limit                (permission/view, or user/add or group/add
 *                                                    for the pickers of their forms)
 *   GET    /permission/check/?resource&action       -> {allowed} for the signed-in user
 *   POST   /permission/check/ {entity, view, body}  -> 204, or 403 naming a field the role may not edit
 *
 * No answer ever carries a password or its hash. A user who is not a superuser cannot grant the
 * superuser flag, a permission it does not hold (directly or through a group), nor touch a superuser.
 */
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { mayDo } from '../../contracts/access';
import { listQuerySchema } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import { ACTIONS, can, RESOURCES } from '../../contracts/permissions';
import { FIELD_ENTITIES, FIELD_VIEWS, modulesForPermissions } from '../../contracts/roleRules';
import { userCreateSchema, userQuerySchema, userUpdateSchema } from '../../contracts/users';
import { assertEditableFields } from '../auth/fieldRules';
import { authenticate, principalOf, requirePermission } from '../auth/guard';
import { hashPassword } from '../auth/passwords';
import { bumpPrincipalEpoch, loadPrincipal, type Principal, toProfile } from '../auth/principal';
import type { AppContext } from '../context';
import type { Transaction } from '../db/client';
import {
  groupPermissions,
  groups,
  offices,
  permissions,
  userGroups,
  userModules,
  userPermissions,
  users,
} from '../db/schema';
import { FieldValidationError, forbidden, notFound } from '../http/errors';
import { contains } from '../http/filters';
import { pageLinks } from '../http/pagination';
import { idFromParams as idOf, parseWith } from '../http/validate';

const text = messages.permissions;

const fieldCheckSchema = z.strictObject({
  entity: z.enum(FIELD_ENTITIES),
  view: z.enum(FIELD_VIEWS),
  body: z.record(z.string().max(100), z.unknown()),
  current: z.record(z.string().max(100), z.unknown()).optional(),
});

type UserInput = z.output<typeof userCreateSchema> | z.output<typeof userUpdateSchema>;

/** Codenames held through the given groups. */
export async function permissionsOfGroups(tx: Transaction, groupIds: readonly number[]): Promise<string[]> {
  if (!groupIds.length) return [];
  const rows = await tx
    .selectDistinct({ codename: permissions.codename })
    .from(groupPermissions)
    .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .where(inArray(groupPermissions.groupId, [...groupIds]));
  return rows.map((row) => row.codename);
}

/** Refuses (403) a grant the principal may not give: only what it holds, never the superuser flag. */
export function assertMayGrant(principal: Principal, codenames: readonly string[]): void {
  if (principal.isSuperuser) return;
  const missing = codenames.find((codename) => !principal.permissions.includes(codename));
  if (missing) throw forbidden(text.cannotGrantPermission(missing));
}

export function profileRoutes(app: FastifyInstance, context: AppContext) {
  const { db } = context;
  const guard = (action: 'view' | 'add') => requirePermission(context, 'user', action);

  app.get('/profile/', { preHandler: authenticate(context) }, async (request) => {
    const query = parseWith(userQuerySchema, request.query);
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
    const id = idOf(request.params);
    const principal = principalOf(request);
    if (id !== principal.id && !can(principal, 'user', 'view')) throw forbidden(messages.common.forbidden);
    const loaded = await loadPrincipal(db, id);
    if (!loaded) throw notFound(messages.common.notFound);
    return toProfile(loaded);
  });

  /** Checks references and uniqueness; answers field errors like the other modules. */
  async function checkInput(tx: Transaction, input: UserInput, id: number | null) {
    const errors: Record<string, string[]> = {};
    const others = (condition: SQL) => (id === null ? condition : and(condition, ne(users.id, id)));
    const [sameUsername] = await tx
      .select({ id: users.id })
      .from(users)
      .where(others(sql`lower(${users.username}) = ${input.username.toLowerCase()}`))
      .limit(1);
    if (sameUsername) errors.username = [text.usernameTaken];
    const [sameEmail] = await tx
      .select({ id: users.id })
      .from(users)
      .where(others(sql`lower(${users.email}) = ${input.email.toLowerCase()}`))
      .limit(1);
    if (sameEmail) errors.email = [text.emailTaken];
    if (input.groups?.length) {
      const found = await tx.select({ id: groups.id }).from(groups).where(inArray(groups.id, input.groups));
      if (found.length !== input.groups.length) errors.groups = [text.unknownGroup];
    }
    if (input.office !== null) {
      const [office] = await tx.select({ id: offices.id }).from(offices).where(eq(offices.id, input.office));
      if (!office) errors.office = [text.unknownOffice];
    }
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
  }

  /**
   * Grants only what is new is checked, so that editing a user who already holds more than the
   * editor keeps working as long as the editor adds nothing it does not hold.
   */
  async function checkGrants(
    tx: Transaction,
    principal: Principal,
    input: UserInput,
    current: Principal | null,
  ): Promise<void> {
    if (principal.isSuperuser) return;
    if (current?.isSuperuser) throw forbidden(text.cannotTouchSuperuser);
    if (input.is_superuser) throw forbidden(text.cannotGrantSuperuser);
    const addedPermissions = (input.user_permissions ?? []).filter(
      (codename) => !current?.userPermissions.includes(codename),
    );
    assertMayGrant(principal, addedPermissions);
    const addedGroups = (input.groups ?? []).filter((groupId) => !current?.groupIds.includes(groupId));
    assertMayGrant(principal, await permissionsOfGroups(tx, addedGroups));
  }

  async function saveRelations(tx: Transaction, userId: number, input: UserInput, creating: boolean) {
    await bumpPrincipalEpoch(tx);
    if (input.groups !== undefined) {
      await tx.delete(userGroups).where(eq(userGroups.userId, userId));
      if (input.groups.length)
        await tx.insert(userGroups).values(input.groups.map((groupId) => ({ userId, groupId })));
    }
    if (input.user_permissions !== undefined) {
      await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
      if (input.user_permissions.length) {
        const rows = await tx
          .select({ id: permissions.id })
          .from(permissions)
          .where(inArray(permissions.codename, input.user_permissions));
        await tx.insert(userPermissions).values(rows.map((row) => ({ userId, permissionId: row.id })));
      }
    }
    let modules = input.modules;
    if (modules === undefined && creating) {
      const granted = [
        ...(input.user_permissions ?? []),
        ...(await permissionsOfGroups(tx, input.groups ?? [])),
      ];
      modules = modulesForPermissions(granted);
    }
    if (modules !== undefined) {
      await tx.delete(userModules).where(eq(userModules.userId, userId));
      if (modules.length) await tx.insert(userModules).values(modules.map((module) => ({ userId, module })));
    }
  }

  const columnsOf = (input: UserInput) => ({
    email: input.email.toLowerCase(),
    username: input.username,
    firstName: input.first_name,
    lastName: input.last_name,
    isActive: input.is_active,
    isSuperuser: input.is_superuser,
    isStaff: input.is_staff,
    officeId: input.office,
    address: input.adress,
  });

  app.post('/profile/', { preHandler: guard('add') }, async (request, reply) => {
    const principal = principalOf(request);
    const input = parseWith(userCreateSchema, request.body);
    const profile = await db.transaction(async (tx) => {
      await checkGrants(tx, principal, input, null);
      await checkInput(tx, input, null);
      const [created] = await tx
        .insert(users)
        .values({ ...columnsOf(input), passwordHash: await hashPassword(input.password) })
        .returning({ id: users.id });
      await saveRelations(tx, created.id, input, true);
      return toProfile((await loadPrincipal(tx, created.id))!);
    });
    return reply.status(201).send(profile);
  });

  app.put('/profile/:id/', { preHandler: guard('add') }, async (request) => {
    const principal = principalOf(request);
    const id = idOf(request.params);
    const input = parseWith(userUpdateSchema, request.body);
    return db.transaction(async (tx) => {
      const current = await loadPrincipal(tx, id);
      if (!current) throw notFound(messages.common.notFound);
      await checkGrants(tx, principal, input, current);
      if (id === principal.id && (!input.is_active || (principal.isSuperuser && !input.is_superuser)))
        throw forbidden(text.cannotDeactivateSelf);
      await checkInput(tx, input, id);
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      await tx
        .update(users)
        .set({ ...columnsOf(input), ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
        .where(eq(users.id, id));
      await saveRelations(tx, id, input, false);
      return toProfile((await loadPrincipal(tx, id))!);
    });
  });

  app.delete('/profile/:id/', { preHandler: guard('add') }, async (request, reply) => {
    const principal = principalOf(request);
    const id = idOf(request.params);
    if (id === principal.id) throw forbidden(text.cannotDeleteSelf);
    await db.transaction(async (tx) => {
      const [target] = await tx
        .select({ id: users.id, isSuperuser: users.isSuperuser })
        .from(users)
        .where(eq(users.id, id));
      if (!target) throw notFound(messages.common.notFound);
      if (target.isSuperuser && !principal.isSuperuser) throw forbidden(text.cannotTouchSuperuser);
      await tx.delete(users).where(eq(users.id, id));
    });
    return reply.status(204).send();
  });

  app.get('/permission/', { preHandler: authenticate(context) }, async (request) => {
    const principal = principalOf(request);
    const allowed =
      can(principal, 'permission', 'view') || can(principal, 'user', 'add') || can(principal, 'group', 'add');
    if (!allowed) throw forbidden(messages.common.forbidden);
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

  /** Answers what `mayDo` says for the signed-in user, as the server loaded it. */
  app.get('/permission/check/', { preHandler: authenticate(context) }, async (request) => {
    const query = parseWith(
      z.object({ resource: z.enum(RESOURCES), action: z.enum(ACTIONS) }),
      request.query,
    );
    const principal = principalOf(request);
    return {
      allowed: mayDo(
        {
          id: principal.id,
          isSuperuser: principal.isSuperuser,
          groups: principal.groupIds,
          permissions: principal.permissions,
        },
        query.resource,
        query.action,
      ),
    };
  });

  /**
   * A dry run of the per-role field rule (section 6) for the signed-in user: 204 when the body's
   * voucher or reservation fields may be written in `view`, else the 403 `{detail}` the write
   * endpoints answer. The same `assertEditableFields` guards those endpoints.
   */
  app.post('/permission/check/', { preHandler: authenticate(context) }, async (request, reply) => {
    const input = parseWith(fieldCheckSchema, request.body);
    assertEditableFields(principalOf(request), input.entity, input.view, input.body, input.current);
    return reply.status(204).send();
  });
}
