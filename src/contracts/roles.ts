/**
 * The twelve staff roles of spec section 6 with their group ids, and the permissions each is
 * given when the database is first seeded (administrators can change them later in Grupos).
 */
import { type Action, codename, type PermissionCodename, RESOURCES, type Resource } from './permissions';

export interface RoleDefinition {
  groupId: number;
  name: string;
  key: string;
  permissions: PermissionCodename[];
}

const both = (...resources: Resource[]) => resources.flatMap((resource) => grant(resource, 'view', 'add'));
const viewOnly = (...resources: Resource[]) => resources.flatMap((resource) => grant(resource, 'view'));
function grant(resource: Resource, ...actions: Action[]): PermissionCodename[] {
  return actions.map((action) => codename(resource, action));
}

const masterData: Resource[] = [
  'coverage',
  'zone',
  'country',
  'currency',
  'supplier',
  'product_type',
  'tags',
  'bussines_unit',
];

const role = (groupId: number, name: string, key: string, granted: PermissionCodename[]): RoleDefinition => ({
  groupId,
  name,
  key,
  permissions: [...new Set(granted)],
});

export const ROLES: readonly RoleDefinition[] = [
  role(13, 'Ejecutivo', 'ejecutivo', [
    ...both('reservation', 'voucher', 'pax'),
    ...viewOnly('product', 'promotion', 'office', 'refund', 'coverage', 'country', 'currency'),
  ]),
  // reservation/add: SPEC §6 lets both edit a reservation's emergency contacts, status, dates and
  // office (src/contracts/roleRules.ts); the field rules refuse every other field (issue 15).
  role(14, 'Proveedor', 'proveedor', [...both('reservation'), ...viewOnly('voucher', 'product', 'supplier')]),
  role(15, 'Administracion Proveedor', 'administracion_proveedor', [
    ...both('supplier', 'reservation'),
    ...viewOnly('voucher', 'product', 'office'),
  ]),
  role(16, 'Agencia', 'agencia', [
    ...both('reservation', 'voucher', 'pax'),
    ...viewOnly('product', 'promotion'),
  ]),
  role(17, 'Administracion', 'administracion', [
    ...both('reservation', 'voucher', 'office'),
    ...viewOnly('pax', 'refund', 'currency', 'product', 'promotion'),
  ]),
  role(18, 'Administracion Central', 'administracion_central', [
    ...both('reservation', 'voucher', 'office', 'currency', 'refund'),
    ...grant('refund', 'change'),
    ...viewOnly('pax', 'product', 'promotion', ...masterData),
  ]),
  role(19, 'Supervisor', 'supervisor', [
    ...both('reservation', 'voucher', 'pax', 'refund'),
    ...grant('refund', 'change'),
    ...viewOnly('product', 'promotion', 'office', ...masterData),
  ]),
  role(20, 'Soporte', 'soporte', [
    ...both('reservation', 'voucher', 'pax'),
    ...viewOnly('refund', 'product'),
  ]),
  role(21, 'Super Administrador', 'super_administrador', [
    ...RESOURCES.flatMap((resource) => grant(resource, 'view', 'add')),
    ...grant('refund', 'change'),
  ]),
  role(33, 'Ejecutivo Supervisor', 'ejecutivo_supervisor', [
    ...both('reservation', 'voucher'),
    ...viewOnly('pax', 'product'),
  ]),
  role(34, 'Gerente de Pais', 'gerente_pais', [
    ...both('reservation', 'voucher', 'pax', 'office', 'promotion'),
    ...viewOnly('product', 'refund', ...masterData),
  ]),
  role(35, 'Soporte Pais', 'soporte_pais', [
    ...both('reservation', 'voucher', 'pax'),
    ...viewOnly('refund', 'country'),
  ]),
];

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
