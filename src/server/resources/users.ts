/**
 * Usuarios (/profile/) and the permission catalogue (/permission/) on the resource engine
 * (spec section 7 'Authentication and users'; section 2 'Usuarios'; section 3 'User').
 *
 * A user's groups, own permissions, group permissions and modules are relation loaders: a page
 * of users costs one query per relation. No answer carries a password or its hash; history
 * records a password change as changed, never its value.
 *
 * Escalation (issue 10): on every user write (create, update, password, activation, deletion)
 * the editor must hold every effective permission the target has before the change and will
 * have after it; superusers act on anyone; only a superuser acts on a superuser or grants the
 * flag. A changed password or a deactivation bumps `token_version` (the user's tokens stop
 * working) in the same transaction.
 */
import { and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { optionReaders } from '../../contracts/formOptions';
import { messages } from '../../contracts/messages';
import { can } from '../../contracts/permissions';
import { modulesForPermissions } from '../../contracts/roleRules';
import { ALL_OFFICES_GROUPS } from '../../contracts/roles';
import { permissionContract, type User, userContract, type userUpdateSchema } from '../../contracts/users';
import { isOfficeScoped, officeInScope } from '../auth/officeScope';
import { hashPassword } from '../auth/passwords';
import { type Principal, principalChanging, toProfile } from '../auth/principal';
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
import { FieldValidationError, forbidden } from '../http/errors';
import { anyOf, defineResource, groupRows, loader, type Reader } from './engine';
import { relatedNameKey } from './sortKeys';

const text = messages.permissions;

type UserInput = ReturnType<typeof userUpdateSchema.parse>;

/** Codenames held through the given groups. */
export async function permissionsOfGroups(tx: Reader, groupIds: readonly number[]): Promise<string[]> {
  if (!groupIds.length) return [];
  const rows = await tx
    .selectDistinct({ codename: permissions.codename })
    .from(groupPermissions)
    .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
    .where(inArray(groupPermissions.groupId, [...groupIds]));
  return rows.map((row) => row.codename);
}

/** The ids of the given permission codenames (to write a user's or a group's permission links). */
export async function permissionIdsOf(tx: Reader, codenames: readonly string[]): Promise<number[]> {
  if (!codenames.length) return [];
  const rows = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.codename, [...codenames]));
  return rows.map((row) => row.id);
}

/** Refuses (403) a grant the principal may not give: only what it holds, never the superuser flag. */
export function assertMayGrant(principal: Principal, codenames: readonly string[]): void {
  if (principal.isSuperuser) return;
  const missing = codenames.find((codename) => !principal.permissions.includes(codename));
  if (missing) throw forbidden(text.cannotGrantPermission(missing));
}

/** Refuses (403) acting on a record holding a permission the principal does not hold. */
export function assertHoldsAll(
  principal: Principal,
  codenames: readonly string[],
  refusal: (codename: string) => string,
): void {
  if (principal.isSuperuser) return;
  const missing = codenames.find((codename) => !principal.permissions.includes(codename));
  if (missing) throw forbidden(refusal(missing));
}

/** Checks references and uniqueness; answers every field error at once. */
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

async function saveRelations(tx: Transaction, userId: number, input: UserInput, creating: boolean) {
  if (input.groups !== undefined) {
    await tx.delete(userGroups).where(eq(userGroups.userId, userId));
    if (input.groups.length)
      await tx.insert(userGroups).values(input.groups.map((groupId) => ({ userId, groupId })));
  }
  if (input.user_permissions !== undefined) {
    await tx.delete(userPermissions).where(eq(userPermissions.userId, userId));
    const permissionIds = await permissionIdsOf(tx, input.user_permissions);
    if (permissionIds.length)
      await tx
        .insert(userPermissions)
        .values(permissionIds.map((permissionId) => ({ userId, permissionId })));
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

/**
 * A scoped user's scope is a property of the user that no edit by a scoped user widens (issue 28
 * §2): it may not change its own office or groups; it gives others only an office inside its own
 * tree and only groups that say nothing about scope (never a central role's, whose users see every
 * office). The engine then refuses a user it would not see (outside its tree).
 */
async function assertScopeNotWidened(
  tx: Transaction,
  principal: Principal,
  id: number | null,
  input: UserInput,
  current: User | null,
): Promise<void> {
  if (!isOfficeScoped(principal)) return;
  if (id === principal.id && current) {
    const sameGroups =
      input.groups === undefined ||
      sortedUnique(input.groups).join(',') === sortedUnique(current.groups).join(',');
    if (input.office !== current.office || !sameGroups) throw forbidden(text.cannotChangeOwnScope);
    return;
  }
  const errors: Record<string, string[]> = {};
  if (input.office === null || !(await officeInScope(tx, principal, input.office)))
    errors.office = [text.officeOutsideScope];
  const widening = (input.groups ?? current?.groups ?? []).filter((groupId) =>
    ALL_OFFICES_GROUPS.includes(groupId),
  );
  if (widening.length) {
    const [group] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, widening[0]));
    errors.groups = [text.groupWidensScope(group?.name ?? String(widening[0]))];
  }
  if (Object.keys(errors).length) throw new FieldValidationError(errors);
}

const sortedUnique = <V extends string | number>(values: readonly V[]): V[] =>
  [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Relation loaders: one query each for a whole page. */
const userRelations = {
  groupIds: loader(async (reader, ids) =>
    groupRows(
      await reader
        .select({ key: userGroups.userId, value: userGroups.groupId })
        .from(userGroups)
        .where(inArray(userGroups.userId, [...ids])),
    ),
  ),
  ownCodenames: loader(async (reader, ids) =>
    groupRows(
      await reader
        .select({ key: userPermissions.userId, value: permissions.codename })
        .from(userPermissions)
        .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
        .where(inArray(userPermissions.userId, [...ids])),
    ),
  ),
  groupCodenames: loader(async (reader, ids) =>
    groupRows(
      await reader
        .selectDistinct({ key: userGroups.userId, value: permissions.codename })
        .from(userGroups)
        .innerJoin(groupPermissions, eq(groupPermissions.groupId, userGroups.groupId))
        .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
        .where(inArray(userGroups.userId, [...ids])),
    ),
  ),
  /** Names of the user's groups, for lists and show views (issue 18: names, not ids). */
  groupNames: loader(async (reader, ids) =>
    groupRows(
      await reader
        .select({ key: userGroups.userId, value: groups.name })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(inArray(userGroups.userId, [...ids])),
    ),
  ),
  officeName: loader(async (reader, ids) =>
    groupRows(
      await reader
        .select({ key: users.id, value: offices.longName })
        .from(users)
        .innerJoin(offices, eq(offices.id, users.officeId))
        .where(inArray(users.id, [...ids])),
    ),
  ),
  modules: loader(async (reader, ids) =>
    groupRows(
      await reader
        .select({ key: userModules.userId, value: userModules.module })
        .from(userModules)
        .where(inArray(userModules.userId, [...ids])),
    ),
  ),
};

export const userResource = defineResource({
  contract: userContract,
  table: users,
  // A user belongs to its office; one's own user is always in one's scope.
  ownership: {
    rows: (inOffices, principal) => or(inOffices(users.officeId), eq(users.id, principal.id)) as SQL,
  },
  relations: userRelations,
  serialize: (row): User => {
    const own = sortedUnique(row.ownCodenames ?? []);
    const profile = toProfile({
      id: row.id,
      email: row.email,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      isActive: row.isActive,
      isSuperuser: row.isSuperuser,
      isStaff: row.isStaff,
      officeId: row.officeId,
      address: row.address,
      groupIds: sortedUnique(row.groupIds ?? []),
      userPermissions: own,
      permissions: sortedUnique([...own, ...(row.groupCodenames ?? [])]),
      modules: sortedUnique(row.modules ?? []),
    });
    return {
      ...profile,
      group_names: [...(row.groupNames ?? [])].sort((a, b) => a.localeCompare(b, 'es')),
      office_name: row.officeName?.[0] ?? null,
    };
  },
  values: (input) => ({
    email: input.email.toLowerCase(),
    username: input.username,
    firstName: input.first_name,
    lastName: input.last_name,
    isActive: input.is_active,
    isSuperuser: input.is_superuser,
    isStaff: input.is_staff,
    officeId: input.office,
    address: input.adress,
  }),
  filters: {
    email: { kind: 'contains', on: [users.email] },
    username: { kind: 'contains', on: [users.username] },
    first_name: { kind: 'contains', on: [users.firstName] },
  },
  ordering: {
    id: users.id,
    email: users.email,
    username: users.username,
    first_name: users.firstName,
    last_name: users.lastName,
    is_active: users.isActive,
    is_superuser: users.isSuperuser,
    is_staff: users.isStaff,
    office: relatedNameKey('offices', 'long_name', users.officeId),
  },
  permissions: {
    // One's own profile is always readable.
    detail: (principal, user) => can(principal, 'user', 'view') || user?.id === principal.id,
  },
  answerQuery: (query, principal) => (query.queryType === 'LOGIN' ? toProfile(principal) : undefined),
  async authorizeWrite({ tx, principal, operation, id, input, current }) {
    if (operation === 'remove' && id === principal.id) throw forbidden(text.cannotDeleteSelf);
    if (input && id === principal.id && (!input.is_active || (principal.isSuperuser && !input.is_superuser)))
      throw forbidden(text.cannotDeactivateSelf);
    if (principal.isSuperuser) return;
    if (current?.is_superuser) throw forbidden(text.cannotTouchSuperuser);
    if (input?.is_superuser) throw forbidden(text.cannotGrantSuperuser);
    // Before the change: the target holds nothing the editor lacks.
    if (current) assertHoldsAll(principal, current.permissions, text.cannotTouchUserWith);
    if (!input) return;
    // After it: its own permissions and every permission of its groups, as they will be.
    const own = input.user_permissions ?? current?.user_permissions ?? [];
    const groupIds = input.groups ?? current?.groups ?? [];
    assertMayGrant(principal, own);
    assertMayGrant(principal, await permissionsOfGroups(tx, groupIds));
    await assertScopeNotWidened(tx, principal, id, input, current);
  },
  async beforeWrite(tx, input, id) {
    await checkInput(tx, input, id);
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    if (id === null) return passwordHash ? { passwordHash } : undefined;
    // Its validity kept by this instance (token version, active flag, last update) is stale.
    principalChanging(id);
    const [before] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, id));
    const endsSessions = passwordHash !== undefined || (before?.isActive === true && !input.is_active);
    return {
      ...(passwordHash ? { passwordHash } : {}),
      // The user's tokens carry this version (harden-a): bumping it ends every session.
      ...(endsSessions ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
    };
  },
  afterWrite: (tx, id, input, _principal, operation) => saveRelations(tx, id, input, operation === 'create'),
  async beforeRemove(_tx, id) {
    principalChanging(id);
  },
  secretInputs: ['password'],
});

export const permissionResource = defineResource({
  contract: permissionContract,
  table: permissions,
  ownership: 'global',
  operations: ['list'],
  serialize: (row) => ({
    id: row.id,
    codename: row.codename,
    resource: row.resource,
    action: row.action,
    name: row.name,
  }),
  filters: {},
  ordering: { resource: permissions.resource, action: permissions.action },
  // The pickers of the Usuarios and Grupos forms read it too.
  permissions: {
    list: anyOf(...optionReaders('/permission/')),
  },
});
