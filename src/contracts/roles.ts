/**
 * The twelve staff roles of spec section 6 with their group ids, and the permissions each is
 * given when the database is first seeded (administrators can change them later in Grupos). Which
 * role holds which resource is said by the module table's rows (src/contracts/moduleTable.ts);
 * Super Administrador holds every resource.
 */
import { distinct, type ResourceRow } from './moduleTable';
import { type Action, codename, type PermissionCodename, RESOURCES, type Resource } from './permissions';
import { type RoleKey, STAFF_ROLES, SUPER_ADMINISTRATOR } from './staffRoles';

export interface RoleDefinition {
  groupId: number;
  name: string;
  key: RoleKey;
  permissions: PermissionCodename[];
}

function grant(resource: Resource, ...actions: Action[]): PermissionCodename[] {
  return actions.map((action) => codename(resource, action));
}

/** Finer permissions by role (issue 17: refund/change moves a refund through its review). */
const EXTRA_GRANTS: Partial<Record<RoleKey, PermissionCodename[]>> = {
  administracion_central: grant('refund', 'change'),
  supervisor: grant('refund', 'change'),
  super_administrador: grant('refund', 'change'),
};

const moduleResources = distinct(
  (row) => row.resource,
  (a, b) => a.key === b.key,
);

function seededPermissions(key: RoleKey): PermissionCodename[] {
  if (key === SUPER_ADMINISTRATOR)
    return [...RESOURCES.flatMap((resource) => grant(resource, 'view', 'add')), ...(EXTRA_GRANTS[key] ?? [])];
  const held = (row: ResourceRow): PermissionCodename[] => {
    const resource = row.key as Resource;
    if (row.roles.add.includes(key)) return grant(resource, 'view', 'add');
    if (row.roles.view.includes(key)) return grant(resource, 'view');
    return [];
  };
  return [...new Set([...moduleResources.flatMap(held), ...(EXTRA_GRANTS[key] ?? [])])];
}

export const ROLES: readonly RoleDefinition[] = STAFF_ROLES.map((role) => ({
  groupId: role.groupId,
  name: role.name,
  key: role.key,
  permissions: seededPermissions(role.key),
}));

export function findRole(groupId: number): RoleDefinition | undefined {
  return ROLES.find((role) => role.groupId === groupId);
}

/**
 * The office scope of each role (issue 28 §2; SPEC §6): the users of these groups work for one
 * office and read only the records of their office and the offices below it.
 */
export const OFFICE_ROLE_GROUPS: readonly number[] = [14, 15, 16];

/**
 * The central roles: their users read the records of every office. Only these groups (and the
 * superuser flag) widen a user's scope; a group an administrator creates says nothing about scope,
 * so a user whose groups are all such (or who has none) gets the narrowest scope, its own office
 * tree (no office: nothing).
 */
export const ALL_OFFICES_GROUPS: readonly number[] = ROLES.map((role) => role.groupId).filter(
  (groupId) => !OFFICE_ROLE_GROUPS.includes(groupId),
);
