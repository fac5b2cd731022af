/**
 * Resources, actions and the menu filtering rule of spec section 6.
 * Permissions are `{resource}/{action}` codenames; superusers hold them all.
 */
export const RESOURCES = [
  'pax',
  'voucher',
  'product',
  'supplier',
  'product_type',
  'group',
  'tags',
  'currency',
  'bussines_unit',
  'office',
  'promotion',
  'reservation',
  'product_sperta',
  'refund',
  'coverage',
  'zone',
  'country',
  'pax_black_list',
  'user',
  'permission',
] as const;
export type Resource = (typeof RESOURCES)[number];

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
