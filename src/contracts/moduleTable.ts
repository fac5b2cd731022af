/**
 * The module table (issue 29): the one place a back-office module is named. One row per module,
 * keyed by its routing (`/dashboard/{routing}`): its user module (spec section 1), its permission
 * resource and which seeded roles hold it (section 6), its sidebar place, dashboard card and
 * screen (section 2), and its Spanish labels. Everything that lists modules is derived from it:
 * RESOURCES (permissions.ts), MODULES and SECTIONS, the menu and the cards (modules.ts), the
 * seeded roles (roles.ts), the label maps of the catalogue (messages/navigation, polish,
 * permissions). The parts that are code live in maps keyed by `ModuleKey` whose type requires a
 * value for every row: the contract (moduleContracts.ts), the server declaration
 * (src/server/resources/index.ts), the client descriptor (src/client/resources/descriptors) and
 * the server test case (tests/server/moduleCases.ts). Data only: no imports but types.
 */
import type { RoleKey } from './staffRoles';

/** The sidebar groups of spec section 2, in their order (their labels are in modules.ts). */
export const MENU_GROUP_KEYS = [
  'oficinas',
  'facturacion',
  'promociones',
  'reservas',
  'abm',
  'productos',
  'unidad_negocio',
  'permisos',
] as const;
export type MenuGroupKey = (typeof MENU_GROUP_KEYS)[number];

/** A permission resource: its key (`{key}/view`, `{key}/add`), name, and the roles seeded with it. */
export interface ResourceRow {
  key: string;
  /** Its name in the permission grid and in permission lists. */
  name: string;
  /**
   * The seeded roles that hold it (besides Super Administrador, who holds every resource): `add`
   * gives view and add, `view` view only. Administrators can change them later in Grupos.
   */
  roles: { add: readonly RoleKey[]; view: readonly RoleKey[] };
}

/** A user module of spec section 1 (what a user's `modules` stores) and its label. */
export interface UserModuleRow {
  key: string;
  label: string;
}

export interface ModuleRow {
  /** The section's title (page heading and card). */
  title: string;
  module: UserModuleRow;
  resource: ResourceRow;
  /** The sidebar entry; `needs: 'any'` shows it to whoever holds any action on the resource. */
  menu: {
    group: MenuGroupKey;
    label: string;
    needs: 'view' | 'any';
    /** A 'create' entry next to the list (guarded by the create permission). */
    createLabel?: string;
  };
  /** Whether it has a create screen at /dashboard/{routing}/create (false: list only). */
  creatable: boolean;
  /** The permission a create needs, when not `{resource}/add` (Pasajeros: voucher/add, SPEC §2). */
  createPermission?: { resource: string; action: 'add' };
  /** A create screen at its own routing instead of /{routing}/create (Productos: /dashboard/add). */
  createSection?: { routing: string; title: string };
  /** The dashboard card's line and icon. */
  card: { description: string; icon: string };
  /** The client screen: 'resource' is the generic list and form over the module's descriptor. */
  screen: 'resource' | 'products' | 'promotions';
}

const row = <const R extends ModuleRow>(definition: R): R => definition;
const resource = <const R extends ResourceRow>(definition: R): R => definition;
const userModule = <const M extends UserModuleRow>(definition: M): M => definition;

/** The roles that read master data (SPEC §6 defaults). */
const MASTER_DATA_READERS = ['administracion_central', 'supervisor', 'gerente_pais'] as const;

/** Shared by two rows each (Facturación and Reservas; Sperta products and Productos). */
const reservation = resource({
  key: 'reservation',
  name: 'Reservas',
  // reservation/add: SPEC §6 lets Proveedor and Administracion Proveedor edit a reservation's
  // emergency contacts, status, dates and office (roleRules.ts); the field rules refuse the rest.
  roles: {
    add: [
      'ejecutivo',
      'proveedor',
      'administracion_proveedor',
      'agencia',
      'administracion',
      'administracion_central',
      'supervisor',
      'soporte',
      'ejecutivo_supervisor',
      'gerente_pais',
      'soporte_pais',
    ],
    view: [],
  },
});
const productsModule = userModule({ key: 'products', label: 'Productos' });

/** Every module, in sidebar order (the dashboard cards follow it too). */
export const MODULE_TABLE = {
  oficinas: row({
    title: 'Oficinas',
    module: { key: 'offices', label: 'Oficinas' },
    resource: {
      key: 'office',
      name: 'Oficinas',
      roles: {
        add: ['administracion', 'administracion_central', 'gerente_pais'],
        view: ['ejecutivo', 'administracion_proveedor', 'supervisor'],
      },
    },
    menu: { group: 'oficinas', label: 'Oficinas', needs: 'view', createLabel: 'Crear oficina' },
    creatable: true,
    card: { description: 'Agencias: datos, condiciones comerciales y sucursales.', icon: '🏢' },
    screen: 'resource',
  }),
  facturacion: row({
    title: 'Facturación',
    module: { key: 'billing', label: 'Facturación' },
    resource: reservation,
    menu: { group: 'facturacion', label: 'Facturación', needs: 'view' },
    creatable: false,
    card: { description: 'Facturas de lo vendido y su estado.', icon: '🧾' },
    screen: 'resource',
  }),
  promociones: row({
    title: 'Promociones',
    module: { key: 'promotions', label: 'Promociones' },
    resource: {
      key: 'promotion',
      name: 'Promociones',
      roles: {
        add: ['gerente_pais'],
        view: ['ejecutivo', 'agencia', 'administracion', 'administracion_central', 'supervisor'],
      },
    },
    menu: { group: 'promociones', label: 'Promociones', needs: 'view', createLabel: 'Crear promoción' },
    creatable: true,
    card: { description: 'Promociones y descuentos.', icon: '📣' },
    screen: 'promotions',
  }),
  reservas: row({
    title: 'Reservas',
    module: { key: 'reservations', label: 'Reservas' },
    resource: reservation,
    menu: { group: 'reservas', label: 'Reservas', needs: 'view' },
    creatable: false,
    card: { description: 'Ventas en curso y su estado.', icon: '📅' },
    screen: 'resource',
  }),
  pasajeros: row({
    title: 'Pasajeros',
    module: { key: 'passengers', label: 'Pasajeros' },
    resource: {
      key: 'pax',
      name: 'Pasajeros',
      roles: {
        add: ['ejecutivo', 'agencia', 'supervisor', 'soporte', 'gerente_pais', 'soporte_pais'],
        view: ['administracion', 'administracion_central', 'ejecutivo_supervisor'],
      },
    },
    menu: { group: 'reservas', label: 'Pasajeros', needs: 'view', createLabel: 'Crear pasajero' },
    creatable: true,
    // Spec section 2: creating a passenger is guarded by voucher/add (the one place this is said).
    createPermission: { resource: 'voucher', action: 'add' },
    card: { description: 'Viajeros y sus documentos.', icon: '🧳' },
    screen: 'resource',
  }),
  vouchers: row({
    title: 'Vouchers',
    module: { key: 'vouchers', label: 'Vouchers' },
    resource: {
      key: 'voucher',
      name: 'Vouchers',
      roles: {
        add: [
          'ejecutivo',
          'agencia',
          'administracion',
          'administracion_central',
          'supervisor',
          'soporte',
          'ejecutivo_supervisor',
          'gerente_pais',
          'soporte_pais',
        ],
        view: ['proveedor', 'administracion_proveedor'],
      },
    },
    menu: { group: 'reservas', label: 'Vouchers', needs: 'view' },
    creatable: false,
    card: { description: 'Vouchers emitidos y pendientes de emisión.', icon: '🎫' },
    screen: 'resource',
  }),
  producto_sperta: row({
    title: 'Sperta products',
    module: productsModule,
    resource: { key: 'product_sperta', name: 'Productos Sperta', roles: { add: [], view: [] } },
    menu: { group: 'abm', label: 'Sperta', needs: 'any' },
    creatable: true,
    card: { description: 'Catálogo Sperta por país.', icon: '🧩' },
    screen: 'resource',
  }),
  reintegros: row({
    title: 'Reintegros',
    module: { key: 'refunds', label: 'Reintegros' },
    resource: {
      key: 'refund',
      name: 'Reintegros',
      roles: {
        add: ['administracion_central', 'supervisor'],
        view: ['ejecutivo', 'administracion', 'soporte', 'gerente_pais', 'soporte_pais'],
      },
    },
    menu: { group: 'abm', label: 'Reintegros', needs: 'view' },
    creatable: false,
    card: { description: 'Solicitudes de reintegro de los viajeros y su revisión.', icon: '💶' },
    screen: 'resource',
  }),
  coberturas: row({
    title: 'Coberturas',
    module: { key: 'coverages', label: 'Coberturas' },
    resource: {
      key: 'coverage',
      name: 'Coberturas',
      roles: { add: [], view: ['ejecutivo', ...MASTER_DATA_READERS] },
    },
    menu: { group: 'abm', label: 'Coberturas', needs: 'any' },
    creatable: true,
    card: { description: 'Prestaciones que se incluyen en la venta.', icon: '🛡' },
    screen: 'resource',
  }),
  zonas: row({
    title: 'Zonas',
    module: { key: 'zones', label: 'Zonas' },
    resource: { key: 'zone', name: 'Zonas', roles: { add: [], view: MASTER_DATA_READERS } },
    menu: { group: 'abm', label: 'Zonas', needs: 'any' },
    creatable: true,
    card: { description: 'Zonas geográficas de cobertura.', icon: '🗺' },
    screen: 'resource',
  }),
  paises: row({
    title: 'Países',
    module: { key: 'countries', label: 'Países' },
    resource: {
      key: 'country',
      name: 'Países',
      roles: { add: [], view: ['ejecutivo', 'soporte_pais', ...MASTER_DATA_READERS] },
    },
    menu: { group: 'abm', label: 'Países', needs: 'any' },
    creatable: true,
    card: { description: 'Países, su sitio y su moneda.', icon: '🌎' },
    screen: 'resource',
  }),
  proveedores: row({
    title: 'Proveedores',
    module: { key: 'providers', label: 'Proveedores' },
    resource: {
      key: 'supplier',
      name: 'Proveedores',
      roles: { add: ['administracion_proveedor'], view: ['proveedor', ...MASTER_DATA_READERS] },
    },
    menu: { group: 'abm', label: 'Proveedores', needs: 'any' },
    creatable: true,
    card: { description: 'Empresas que prestan la asistencia.', icon: '🤝' },
    screen: 'resource',
  }),
  categorias: row({
    title: 'Categorías',
    module: { key: 'categories', label: 'Categorías' },
    resource: { key: 'product_type', name: 'Categorías', roles: { add: [], view: MASTER_DATA_READERS } },
    menu: { group: 'abm', label: 'Categorías', needs: 'any' },
    creatable: true,
    card: { description: 'Tipos en que se clasifica el catálogo.', icon: '🏷' },
    screen: 'resource',
  }),
  tags: row({
    title: 'Tags',
    module: { key: 'tags', label: 'Tags' },
    resource: { key: 'tags', name: 'Tags', roles: { add: [], view: MASTER_DATA_READERS } },
    menu: { group: 'abm', label: 'Tags', needs: 'any' },
    creatable: true,
    card: { description: 'Etiquetas para clasificar agencias.', icon: '🔖' },
    screen: 'resource',
  }),
  currencies: row({
    title: 'Currencies',
    module: { key: 'currencies', label: 'Currencies' },
    resource: {
      key: 'currency',
      name: 'Currencies',
      roles: {
        add: ['administracion_central'],
        view: ['ejecutivo', 'administracion', 'supervisor', 'gerente_pais'],
      },
    },
    menu: { group: 'abm', label: 'Currency', needs: 'any' },
    creatable: true,
    card: { description: 'Monedas y su cotización.', icon: '💱' },
    screen: 'resource',
  }),
  blacklist: row({
    title: 'Lista Negra',
    module: { key: 'blacklist', label: 'Lista Negra' },
    resource: { key: 'pax_black_list', name: 'Lista Negra', roles: { add: [], view: [] } },
    menu: { group: 'abm', label: 'Pasajeros blacklist', needs: 'any' },
    creatable: true,
    card: { description: 'Documentos que no pueden viajar con cobertura.', icon: '⛔' },
    screen: 'resource',
  }),
  productos: row({
    title: 'Gestión de Productos',
    module: productsModule,
    resource: {
      key: 'product',
      name: 'Productos',
      roles: {
        add: [],
        view: [
          'ejecutivo',
          'proveedor',
          'administracion_proveedor',
          'agencia',
          'administracion',
          'administracion_central',
          'supervisor',
          'soporte',
          'ejecutivo_supervisor',
          'gerente_pais',
        ],
      },
    },
    menu: { group: 'productos', label: 'Productos', needs: 'view', createLabel: 'Crear producto' },
    creatable: true,
    // The product wizard (reached from Productos; no card of its own).
    createSection: { routing: 'add', title: 'Crear producto' },
    card: { description: 'Catálogo en venta, con sus tarifas.', icon: '📦' },
    screen: 'products',
  }),
  unidad_negocio: row({
    title: 'Unidades de Negocio',
    module: { key: 'business_units', label: 'Unidades de Negocio' },
    resource: {
      key: 'bussines_unit',
      name: 'Unidades de Negocio',
      roles: { add: [], view: MASTER_DATA_READERS },
    },
    menu: { group: 'unidad_negocio', label: 'Unidades de negocio', needs: 'any' },
    creatable: true,
    card: { description: 'Unidades de negocio por país.', icon: '🏛' },
    screen: 'resource',
  }),
  usuarios: row({
    title: 'Usuarios',
    module: { key: 'users', label: 'Usuarios' },
    resource: { key: 'user', name: 'Usuarios', roles: { add: [], view: [] } },
    menu: { group: 'permisos', label: 'Usuarios', needs: 'any' },
    creatable: true,
    card: { description: 'Cuentas de acceso y sus permisos.', icon: '👤' },
    screen: 'resource',
  }),
  grupos: row({
    title: 'Grupos',
    module: { key: 'groups', label: 'Grupos' },
    resource: { key: 'group', name: 'Grupos', roles: { add: [], view: [] } },
    menu: { group: 'permisos', label: 'Grupos', needs: 'any' },
    creatable: true,
    card: { description: 'Roles: conjuntos de permisos.', icon: '👥' },
    screen: 'resource',
  }),
} as const satisfies Record<string, ModuleRow>;

type Table = typeof MODULE_TABLE;

/** A module's key: its routing under /dashboard/. */
export type ModuleKey = keyof Table;

/** The keys in table order. */
export const MODULE_KEYS = Object.keys(MODULE_TABLE) as ModuleKey[];

/** The modules served by the generic list and form (each has a client descriptor). */
export type DescriptorModuleKey = {
  [K in ModuleKey]: Table[K]['screen'] extends 'resource' ? K : never;
}[ModuleKey];

/** Routings of create screens that are not `{routing}/create` (Productos' wizard at 'add'). */
export type CreateSectionRouting = {
  [K in ModuleKey]: Table[K] extends { createSection: { routing: infer R } } ? R : never;
}[ModuleKey];

/** Every routing of the back office: the modules' and their own create screens'. */
export type SectionRouting = ModuleKey | CreateSectionRouting;

/** The resources the table names (permissions.ts adds those without a module). */
export type ModuleResource = Table[ModuleKey]['resource']['key'];

/** The user modules (spec section 1) the table names. */
export type UserModule = Table[ModuleKey]['module']['key'];

/** The rows as a list, each with its key. */
export function moduleRows(): readonly (ModuleRow & { key: ModuleKey })[] {
  return MODULE_KEYS.map((key) => ({ ...(MODULE_TABLE[key] as ModuleRow), key }));
}

/** Every distinct value `pick` gives over the rows, in table order. */
export function distinct<T>(pick: (row: ModuleRow) => T, same: (a: T, b: T) => boolean): T[] {
  const found: T[] = [];
  for (const key of MODULE_KEYS) {
    const value = pick(MODULE_TABLE[key]);
    if (!found.some((existing) => same(existing, value))) found.push(value);
  }
  return found;
}
