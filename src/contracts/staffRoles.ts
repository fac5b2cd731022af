/**
 * The twelve staff roles of spec section 6: group id, name and key. Their seeded permissions are
 * derived in roles.ts from the module table (src/contracts/moduleTable.ts), whose rows say which
 * roles hold each module's resource.
 */
export const STAFF_ROLES = [
  { groupId: 13, name: 'Ejecutivo', key: 'ejecutivo' },
  { groupId: 14, name: 'Proveedor', key: 'proveedor' },
  { groupId: 15, name: 'Administracion Proveedor', key: 'administracion_proveedor' },
  { groupId: 16, name: 'Agencia', key: 'agencia' },
  { groupId: 17, name: 'Administracion', key: 'administracion' },
  { groupId: 18, name: 'Administracion Central', key: 'administracion_central' },
  { groupId: 19, name: 'Supervisor', key: 'supervisor' },
  { groupId: 20, name: 'Soporte', key: 'soporte' },
  { groupId: 21, name: 'Super Administrador', key: 'super_administrador' },
  { groupId: 33, name: 'Ejecutivo Supervisor', key: 'ejecutivo_supervisor' },
  { groupId: 34, name: 'Gerente de Pais', key: 'gerente_pais' },
  { groupId: 35, name: 'Soporte Pais', key: 'soporte_pais' },
] as const;

export type RoleKey = (typeof STAFF_ROLES)[number]['key'];

/** Super Administrador holds every resource (SPEC §6); a module row does not list it. */
export const SUPER_ADMINISTRATOR: RoleKey = 'super_administrador';
