/**
 * The back-office sections (spec section 2 'Dashboard sections'), the user modules of section 1,
 * and the sidebar menu with the filtering rule of section 6. Routes, cards and the sidebar all
 * come from this data.
 */
import { messages } from './messages';
import { type Action, can, type Grants, holdsResource, type Resource } from './permissions';

/** The modules of spec section 1, as stored in a user's `modules`. */
export const MODULES = [
  'blacklist',
  'categories',
  'coverages',
  'currencies',
  'billing',
  'groups',
  'offices',
  'countries',
  'passengers',
  'products',
  'promotions',
  'providers',
  'refunds',
  'reservations',
  'tags',
  'business_units',
  'users',
  'vouchers',
  'zones',
] as const;
export type ModuleKey = (typeof MODULES)[number];

type SectionRouting = keyof typeof messages.navigation.sections;

export interface Section {
  routing: SectionRouting;
  title: string;
  module: ModuleKey;
  resource: Resource;
  /** Whether the section has a create screen at /dashboard/{routing}/create. */
  creatable: boolean;
  /** The permission a create needs, when it is not `{resource}/add` (Pasajeros: voucher/add). */
  createPermission?: { resource: Resource; action: Action };
  /** Shown as a dashboard card (the product wizard entry 'add' is reached from Productos). */
  card: boolean;
}

function section(
  routing: SectionRouting,
  module: ModuleKey,
  resource: Resource,
  options: Partial<Pick<Section, 'creatable' | 'createPermission' | 'card'>> = {},
): Section {
  return {
    routing,
    title: messages.navigation.sections[routing],
    module,
    resource,
    creatable: options.creatable ?? true,
    createPermission: options.createPermission,
    card: options.card ?? true,
  };
}

export const SECTIONS: readonly Section[] = [
  section('blacklist', 'blacklist', 'pax_black_list'),
  section('usuarios', 'users', 'user'),
  section('zonas', 'zones', 'zone'),
  section('promociones', 'promotions', 'promotion'),
  section('coberturas', 'coverages', 'coverage'),
  section('producto_sperta', 'products', 'product_sperta'),
  section('reintegros', 'refunds', 'refund', { creatable: false }),
  section('paises', 'countries', 'country'),
  section('oficinas', 'offices', 'office'),
  section('productos', 'products', 'product'),
  section('reservas', 'reservations', 'reservation', { creatable: false }),
  section('facturacion', 'billing', 'reservation', { creatable: false }),
  section('pasajeros', 'passengers', 'pax', { createPermission: { resource: 'voucher', action: 'add' } }),
  section('vouchers', 'vouchers', 'voucher', { creatable: false }),
  section('add', 'products', 'product', {
    createPermission: { resource: 'product', action: 'add' },
    card: false,
  }),
  section('proveedores', 'providers', 'supplier'),
  section('categorias', 'categories', 'product_type'),
  section('grupos', 'groups', 'group'),
  section('tags', 'tags', 'tags'),
  section('unidad_negocio', 'business_units', 'bussines_unit'),
  section('currencies', 'currencies', 'currency'),
];

export function findSection(routing: string): Section | undefined {
  return SECTIONS.find((candidate) => candidate.routing === routing);
}

export interface UserAccess extends Grants {
  modules: readonly string[];
}

export function canCreateIn(access: Grants, target: Section): boolean {
  if (!target.creatable) return false;
  const required = target.createPermission ?? { resource: target.resource, action: 'add' as const };
  return can(access, required.resource, required.action);
}

/** Dashboard cards: the sections whose module the user has and whose resource the user may view. */
export function dashboardCards(access: UserAccess): Section[] {
  return SECTIONS.filter(
    (candidate) =>
      candidate.card &&
      (access.isSuperuser || access.modules.includes(candidate.module)) &&
      can(access, candidate.resource, 'view'),
  );
}

export interface MenuItem {
  key: string;
  label: string;
  path?: string;
  permission?: { resource: Resource; action?: Action };
  children?: MenuItem[];
}

const menu = messages.navigation.menu;
const list = (routing: SectionRouting) => `/dashboard/${routing}`;

/** Sidebar menu groups of spec section 2. */
export const MENU: readonly MenuItem[] = [
  { key: 'dashboard', label: menu.dashboard, path: '/dashboard' },
  {
    key: 'oficinas',
    label: menu.oficinas,
    children: [
      {
        key: 'oficinas-list',
        label: menu.oficinas,
        path: list('oficinas'),
        permission: { resource: 'office', action: 'view' },
      },
      {
        key: 'oficinas-create',
        label: menu.createOffice,
        path: `${list('oficinas')}/create`,
        permission: { resource: 'office', action: 'add' },
      },
    ],
  },
  {
    key: 'facturacion',
    label: menu.facturacion,
    path: list('facturacion'),
    permission: { resource: 'reservation', action: 'view' },
  },
  {
    key: 'promociones',
    label: menu.promociones,
    children: [
      {
        key: 'promociones-list',
        label: menu.promociones,
        path: list('promociones'),
        permission: { resource: 'promotion', action: 'view' },
      },
      {
        key: 'promociones-create',
        label: menu.createPromotion,
        path: `${list('promociones')}/create`,
        permission: { resource: 'promotion', action: 'add' },
      },
    ],
  },
  {
    key: 'reservas',
    label: menu.bookings,
    children: [
      {
        key: 'reservas-list',
        label: menu.reservas,
        path: list('reservas'),
        permission: { resource: 'reservation', action: 'view' },
      },
      {
        key: 'pasajeros-list',
        label: menu.pasajeros,
        path: list('pasajeros'),
        permission: { resource: 'pax', action: 'view' },
      },
      {
        key: 'pasajeros-create',
        label: menu.createPassenger,
        path: `${list('pasajeros')}/create`,
        permission: { resource: 'voucher', action: 'add' },
      },
      {
        key: 'vouchers-list',
        label: menu.vouchers,
        path: list('vouchers'),
        permission: { resource: 'voucher', action: 'view' },
      },
    ],
  },
  {
    key: 'abm',
    label: menu.abm,
    children: [
      {
        key: 'sperta',
        label: menu.sperta,
        path: list('producto_sperta'),
        permission: { resource: 'product_sperta' },
      },
      {
        key: 'reintegros',
        label: menu.reintegros,
        path: list('reintegros'),
        permission: { resource: 'refund', action: 'view' },
      },
      {
        key: 'coberturas',
        label: menu.coberturas,
        path: list('coberturas'),
        permission: { resource: 'coverage' },
      },
      { key: 'zonas', label: menu.zonas, path: list('zonas'), permission: { resource: 'zone' } },
      { key: 'paises', label: menu.paises, path: list('paises'), permission: { resource: 'country' } },
      {
        key: 'proveedores',
        label: menu.proveedores,
        path: list('proveedores'),
        permission: { resource: 'supplier' },
      },
      {
        key: 'categorias',
        label: menu.categorias,
        path: list('categorias'),
        permission: { resource: 'product_type' },
      },
      { key: 'tags', label: menu.tags, path: list('tags'), permission: { resource: 'tags' } },
      {
        key: 'currencies',
        label: menu.currency,
        path: list('currencies'),
        permission: { resource: 'currency' },
      },
      {
        key: 'blacklist',
        label: menu.blacklist,
        path: list('blacklist'),
        permission: { resource: 'pax_black_list' },
      },
    ],
  },
  {
    key: 'productos',
    label: menu.productos,
    children: [
      {
        key: 'productos-list',
        label: menu.productos,
        path: list('productos'),
        permission: { resource: 'product', action: 'view' },
      },
      {
        key: 'productos-create',
        label: menu.createProduct,
        path: list('add'),
        permission: { resource: 'product', action: 'add' },
      },
    ],
  },
  {
    key: 'unidad_negocio',
    label: menu.businessUnits,
    path: list('unidad_negocio'),
    permission: { resource: 'bussines_unit' },
  },
  {
    key: 'permisos',
    label: menu.permisos,
    children: [
      { key: 'usuarios', label: menu.usuarios, path: list('usuarios'), permission: { resource: 'user' } },
      { key: 'grupos', label: menu.grupos, path: list('grupos'), permission: { resource: 'group' } },
    ],
  },
];

/**
 * Section 6: an item with a permission stays only if the user holds that resource and, if given,
 * that action; an item with no permission but a submenu stays only if some child survives.
 */
export function filterMenu(items: readonly MenuItem[], grants: Grants): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of items) {
    if (item.permission) {
      const { resource, action } = item.permission;
      const allowed = action ? can(grants, resource, action) : holdsResource(grants, resource);
      if (!allowed) continue;
      kept.push(item.children ? { ...item, children: filterMenu(item.children, grants) } : item);
      continue;
    }
    if (item.children) {
      const children = filterMenu(item.children, grants);
      if (children.length > 0) kept.push({ ...item, children });
      continue;
    }
    kept.push(item);
  }
  return kept;
}
