/**
 * Issue 18 (professional back-office): the permission grid, success notifications, dashboard card
 * descriptions and figures. Spanish texts only.
 */
import type { Resource } from '../permissions';

export const polishMessages = {
  permissionGrid: {
    resource: 'Recurso',
    view: 'Ver',
    add: 'Crear',
    change: 'Cambiar estado',
    all: 'Todos',
    selectAll: 'Seleccionar todos',
    rowToggle: (resource: string) => `Todos los permisos de ${resource}`,
    cell: (action: string, resource: string) => `${action} ${resource}`,
    count: (chosen: number, total: number) =>
      `${chosen} de ${total} ${total === 1 ? 'permiso elegido' : 'permisos elegidos'}`,
    notGrantable: 'Solo puede otorgar los permisos que usted tiene.',
  },
  resourceNames: {
    pax: 'Pasajeros',
    voucher: 'Vouchers',
    product: 'Productos',
    supplier: 'Proveedores',
    product_type: 'Categorías',
    group: 'Grupos',
    tags: 'Tags',
    currency: 'Currencies',
    bussines_unit: 'Unidades de Negocio',
    office: 'Oficinas',
    promotion: 'Promociones',
    reservation: 'Reservas',
    product_sperta: 'Productos Sperta',
    refund: 'Reintegros',
    coverage: 'Coberturas',
    zone: 'Zonas',
    country: 'Países',
    pax_black_list: 'Lista Negra',
    user: 'Usuarios',
    permission: 'Permisos',
  } satisfies Record<Resource, string>,
  toasts: {
    region: 'Notificaciones',
    created: (name: string) => `${name}: registro creado.`,
    updated: (name: string) => `${name}: cambios guardados.`,
    removed: (name: string) => `${name}: registro eliminado.`,
    action: (label: string) => `${label}: acción realizada.`,
    close: 'Cerrar notificación',
  },
} as const;
