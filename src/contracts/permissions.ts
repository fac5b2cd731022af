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
export type Action = (typeof ACTIONS)[number];

export type PermissionCodename = `${Resource}/${Action}`;

export function codename(resource: Resource, action: Action): PermissionCodename {
  return `${resource}/${action}`;
}

export function allCodenames(): PermissionCodename[] {
  return RESOURCES.flatMap((resource) => ACTIONS.map((action) => codename(resource, action)));
}

export function isPermissionCodename(value: string): value is PermissionCodename {
  const [resource, action] = value.split('/');
  return (
    (RESOURCES as readonly string[]).includes(resource) && (ACTIONS as readonly string[]).includes(action)
  );
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
