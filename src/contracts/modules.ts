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

const menu = messages.navigation.menu;

/** The sidebar groups of spec section 2, in their order; `null` places a section at the top level. */
export const MENU_GROUPS = [
  { key: 'oficinas', label: menu.oficinas },
  { key: 'facturacion', label: null },
  { key: 'promociones', label: menu.promociones },
  { key: 'reservas', label: menu.bookings },
  { key: 'abm', label: menu.abm },
  { key: 'productos', label: menu.productos },
  { key: 'unidad_negocio', label: null },
  { key: 'permisos', label: menu.permisos },
] as const;
export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

/** Where a section sits in the sidebar. */
export interface MenuPlacement {
  /** The group; a group whose label is null holds one top-level entry. */
  group: MenuGroupKey;
  label: string;
  /** The list entry needs `{resource}/view`, or (spec section 6 'resource') any action on it. */
  needs: 'view' | 'any';
  /** A 'create' entry next to the list (guarded by the section's create permission). */
  createLabel?: string;
  /** Where the create entry leads when it is not /dashboard/{routing}/create (products: /dashboard/add). */
  createPath?: string;
}

/**
 * One back-office section, declared once: its route (`/dashboard/{routing}`), title, user module,
 * permission resource, create permission, sidebar place and dashboard card, and which client
 * screen serves it. The router, the sidebar, the cards, the server and the tests all read this.
 */
export interface Section {
  routing: SectionRouting;
  title: string;
  module: ModuleKey;
  resource: Resource;
  /** Whether the section has a create screen at /dashboard/{routing}/create (false: list only). */
  creatable: boolean;
  /** The permission a create needs (`{resource}/add` unless the spec says otherwise). */
  createPermission: { resource: Resource; action: Action };
  /** Shown as a dashboard card (the product wizard entry 'add' is reached from Productos). */
  card: boolean;
  /** Its sidebar entry, if any. */
  menu: MenuPlacement | null;
  /** The client screen: 'resource' is the generic list and form over the module's descriptor. */
  screen: 'resource' | 'products' | 'promotions' | null;
}

interface SectionOptions {
  creatable?: boolean;
  createPermission?: { resource: Resource; action: Action };
  card?: boolean;
  screen?: 'resource' | 'products' | 'promotions';
}

function section(
  routing: SectionRouting,
  module: ModuleKey,
  resource: Resource,
  place: MenuPlacement | null,
  options: SectionOptions = {},
): Section {
  return {
    routing,
    title: messages.navigation.sections[routing],
    module,
    resource,
    creatable: options.creatable ?? true,
    createPermission: options.createPermission ?? { resource, action: 'add' },
    card: options.card ?? true,
    menu: place,
    screen: options.screen ?? null,
  };
}

const place = (
  group: MenuGroupKey,
  label: string,
  needs: MenuPlacement['needs'],
  create: Pick<MenuPlacement, 'createLabel' | 'createPath'> = {},
): MenuPlacement => ({ group, label, needs, ...create });

/** Every section, in sidebar order (the dashboard cards follow it too). */
export const SECTIONS: readonly Section[] = [
  section(
    'oficinas',
    'offices',
    'office',
    place('oficinas', menu.oficinas, 'view', { createLabel: menu.createOffice }),
    { screen: 'resource' },
  ),
  section('facturacion', 'billing', 'reservation', place('facturacion', menu.facturacion, 'view'), {
    creatable: false,
    screen: 'resource',
  }),
  section(
    'promociones',
    'promotions',
    'promotion',
    place('promociones', menu.promociones, 'view', { createLabel: menu.createPromotion }),
    { screen: 'promotions' },
  ),
  section('reservas', 'reservations', 'reservation', place('reservas', menu.reservas, 'view'), {
    creatable: false,
    screen: 'resource',
  }),
  // Spec section 2: creating a passenger is guarded by voucher/add (the one place this is said).
  section(
    'pasajeros',
    'passengers',
    'pax',
    place('reservas', menu.pasajeros, 'view', { createLabel: menu.createPassenger }),
    { createPermission: { resource: 'voucher', action: 'add' }, screen: 'resource' },
  ),
  section('vouchers', 'vouchers', 'voucher', place('reservas', menu.vouchers, 'view'), {
    creatable: false,
    screen: 'resource',
  }),
  section('producto_sperta', 'products', 'product_sperta', place('abm', menu.sperta, 'any'), {
    screen: 'resource',
  }),
  section('reintegros', 'refunds', 'refund', place('abm', menu.reintegros, 'view'), {
    creatable: false,
    screen: 'resource',
  }),
  section('coberturas', 'coverages', 'coverage', place('abm', menu.coberturas, 'any'), {
    screen: 'resource',
  }),
  section('zonas', 'zones', 'zone', place('abm', menu.zonas, 'any'), { screen: 'resource' }),
  section('paises', 'countries', 'country', place('abm', menu.paises, 'any'), { screen: 'resource' }),
  section('proveedores', 'providers', 'supplier', place('abm', menu.proveedores, 'any'), {
    screen: 'resource',
  }),
  section('categorias', 'categories', 'product_type', place('abm', menu.categorias, 'any'), {
    screen: 'resource',
  }),
  section('tags', 'tags', 'tags', place('abm', menu.tags, 'any'), { screen: 'resource' }),
  section('currencies', 'currencies', 'currency', place('abm', menu.currency, 'any'), { screen: 'resource' }),
  section('blacklist', 'blacklist', 'pax_black_list', place('abm', menu.blacklist, 'any'), {
    screen: 'resource',
  }),
  section(
    'productos',
    'products',
    'product',
    place('productos', menu.productos, 'view', {
      createLabel: menu.createProduct,
      createPath: '/dashboard/add',
    }),
    { screen: 'products' },
  ),
  section('add', 'products', 'product', null, { card: false, screen: 'products' }),
  section(
    'unidad_negocio',
    'business_units',
    'bussines_unit',
    place('unidad_negocio', menu.businessUnits, 'any'),
    {
      screen: 'resource',
    },
  ),
  section('usuarios', 'users', 'user', place('permisos', menu.usuarios, 'any'), { screen: 'resource' }),
  section('grupos', 'groups', 'group', place('permisos', menu.grupos, 'any'), { screen: 'resource' }),
];

export function findSection(routing: string): Section | undefined {
  return SECTIONS.find((candidate) => candidate.routing === routing);
}

/**
 * The permission a create of `resource` records needs (for the server: POST /pax/ needs
 * voucher/add). Resources without a section need `{resource}/add`.
 */
export function createPermissionOf(resource: Resource): { resource: Resource; action: Action } {
  const owner = SECTIONS.find((candidate) => candidate.resource === resource && candidate.screen !== null);
  return owner?.createPermission ?? { resource, action: 'add' };
}

export interface UserAccess extends Grants {
  modules: readonly string[];
}

export function canCreateIn(access: Grants, target: Section): boolean {
  if (!target.creatable) return false;
  return can(access, target.createPermission.resource, target.createPermission.action);
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

const list = (routing: SectionRouting) => `/dashboard/${routing}`;

/** A section's sidebar entries: its list and, when declared, its create entry. */
function menuItemsOf(target: Section): MenuItem[] {
  const placement = target.menu;
  if (!placement) return [];
  const items: MenuItem[] = [
    {
      key: target.routing,
      label: placement.label,
      path: list(target.routing),
      permission:
        placement.needs === 'view'
          ? { resource: target.resource, action: 'view' }
          : { resource: target.resource },
    },
  ];
  if (placement.createLabel)
    items.push({
      key: `${target.routing}-create`,
      label: placement.createLabel,
      path: placement.createPath ?? `${list(target.routing)}/create`,
      permission: target.createPermission,
    });
  return items;
}

/** Sidebar menu of spec section 2, built from the sections. */
export const MENU: readonly MenuItem[] = [
  { key: 'dashboard', label: menu.dashboard, path: '/dashboard' },
  ...MENU_GROUPS.flatMap((group): MenuItem[] => {
    const items = SECTIONS.filter((candidate) => candidate.menu?.group === group.key).flatMap(menuItemsOf);
    if (group.label === null) return items;
    return [{ key: group.key, label: group.label, children: items }];
  }),
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
