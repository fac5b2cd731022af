/**
 * Resources, actions and the menu filtering rule of spec section 6.
 * Permissions are `{resource}/{action}` codenames; superusers hold them all.
 */
import { distinct, type ModuleResource } from './moduleTable';

/** Resources without a module row: `permission` (the permission list the pickers read). */
const RESOURCES_WITHOUT_MODULE = ['permission'] as const;

export type Resource = ModuleResource | (typeof RESOURCES_WITHOUT_MODULE)[number];

/** Every resource: the module table's (in its order), then those without a module. */
export const RESOURCES: readonly Resource[] = [
  ...distinct(
    (row) => row.resource.key as ModuleResource,
    (a, b) => a === b,
  ),
  ...RESOURCES_WITHOUT_MODULE,
];

/** `view` reads; `add` creates (and, having no finer permission in the spec, also edits and deletes). */
export const ACTIONS = ['view', 'add'] as const;

/**
 * Finer permissions beyond view and add, for one resource each (issue 17): `refund/change` moves a
 * refund through its review lifecycle (src/contracts/refund/lifecycle.ts).
 */
export const EXTRA_PERMISSIONS = [{ resource: 'refund', action: 'change' }] as const;

export type Action = (typeof ACTIONS)[number] | (typeof EXTRA_PERMISSIONS)[number]['action'];

export type PermissionCodename = `${Resource}/${Action}`;

export function codename(resource: Resource, action: Action): PermissionCodename {
  return `${resource}/${action}`;
}

export function allCodenames(): PermissionCodename[] {
  return [
    ...RESOURCES.flatMap((resource) => ACTIONS.map((action) => codename(resource, action))),
    ...EXTRA_PERMISSIONS.map((extra) => codename(extra.resource, extra.action)),
  ];
}

export function isPermissionCodename(value: string): value is PermissionCodename {
  return (allCodenames() as string[]).includes(value);
}

/** What the server and client both know about the signed-in user when deciding access. */
export interface Grants {
  isSuperuser: boolean;
  permissions: readonly string[];
}

export function can(grants: Grants, resource: Resource, action: Action): boolean {
  return grants.isSuperuser || grants.permissions.includes(codename(resource, action));
}

export function holdsResource(grants: Grants, resource: Resource): boolean {
  return grants.isSuperuser || grants.permissions.some((permission) => permission.startsWith(`${resource}/`));
}
