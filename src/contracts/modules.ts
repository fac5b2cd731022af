/**
 * The back-office sections (spec section 2 'Dashboard sections'), the user modules of section 1,
 * and the sidebar menu with the filtering rule of section 6. Routes, cards and the sidebar all
 * come from this data, which is derived from the module table (moduleTable.ts).
 */
import { messages } from './messages';
import {
  distinct,
  MENU_GROUP_KEYS,
  type MenuGroupKey,
  type ModuleKey,
  moduleRows,
  type SectionRouting,
  type UserModule,
} from './moduleTable';
import { type Action, can, type Grants, holdsResource, type Resource } from './permissions';

export type { MenuGroupKey, ModuleKey, SectionRouting, UserModule };

/** The modules of spec section 1, as stored in a user's `modules` (the table's, in its order). */
export const MODULES: readonly UserModule[] = distinct(
  (row) => row.module.key as UserModule,
  (a, b) => a === b,
);

const menu = messages.navigation.menu;

const GROUP_LABELS: Record<MenuGroupKey, string | null> = {
  oficinas: menu.oficinas,
  facturacion: null,
  promociones: menu.promociones,
  reservas: menu.bookings,
  abm: menu.abm,
  productos: menu.productos,
  unidad_negocio: null,
  permisos: menu.permisos,
};

/** The sidebar groups of spec section 2, in their order; `null` places a section at the top level. */
export const MENU_GROUPS: readonly { key: MenuGroupKey; label: string | null }[] = MENU_GROUP_KEYS.map(
  (key) => ({ key, label: GROUP_LABELS[key] }),
);

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
 * One back-office section: its route (`/dashboard/{routing}`), title, user module, permission
 * resource, create permission, sidebar place and dashboard card, and which client screen serves
 * it. The router, the sidebar, the cards, the server and the tests all read this.
 */
export interface Section {
  routing: SectionRouting;
  title: string;
  module: UserModule;
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

/** Every section, in sidebar order (the dashboard cards follow it too): one per module row, and
 * after it the row's own create screen when it has one. */
export const SECTIONS: readonly Section[] = moduleRows().flatMap((row): Section[] => {
  const resource = row.resource.key as Resource;
  const createPermission = (row.createPermission ?? { resource, action: 'add' }) as {
    resource: Resource;
    action: Action;
  };
  const module = row.module.key as UserModule;
  const own: Section = {
    routing: row.key,
    title: row.title,
    module,
    resource,
    creatable: row.creatable,
    createPermission,
    card: true,
    menu: {
      ...row.menu,
      ...(row.createSection ? { createPath: `/dashboard/${row.createSection.routing}` } : {}),
    },
    screen: row.screen,
  };
  if (!row.createSection) return [own];
  const createScreen: Section = {
    ...own,
    routing: row.createSection.routing as SectionRouting,
    title: row.createSection.title,
    card: false,
    menu: null,
  };
  return [own, createScreen];
});

/** The section of a module. */
export function sectionOf(key: ModuleKey): Section {
  return SECTIONS.find((candidate) => candidate.routing === key)!;
}

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
