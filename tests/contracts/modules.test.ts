import { describe, expect, it } from 'vitest';
import {
  canCreateIn,
  dashboardCards,
  filterMenu,
  findSection,
  MENU,
  type MenuItem,
  SECTIONS,
} from '../../src/contracts/modules';
import { ROLES } from '../../src/contracts/roles';

function leaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) => (item.children ? leaves(item.children) : [item]));
}

describe('sections and the sidebar come from one list', () => {
  const links = leaves(MENU).filter((item) => item.path?.startsWith('/dashboard/'));

  it('links every sidebar entry to a section, guarded by that section’s resource', () => {
    for (const item of links) {
      const [, , routing, action] = item.path!.split('/');
      const section = findSection(routing);
      expect(section, item.path).toBeDefined();
      const guard =
        action === 'create' || routing === 'add'
          ? (section!.createPermission ?? { resource: section!.resource })
          : { resource: section!.resource };
      expect(item.permission?.resource, item.path).toBe(guard.resource);
      if (action === 'create') expect(section!.creatable, item.path).toBe(true);
    }
  });

  it('lists every section with a card in the sidebar', () => {
    const routings = new Set(links.map((item) => item.path!.split('/')[2]));
    for (const section of SECTIONS) expect(routings, section.routing).toContain(section.routing);
  });
});

describe('section 6 menu rule', () => {
  it('keeps an item only when its permission is held, and a group only when a child survives', () => {
    const grants = { isSuperuser: false, permissions: ['zone/view'] };
    const menu = filterMenu(MENU, grants);
    expect(menu.map((item) => item.key)).toEqual(['dashboard', 'abm']);
    expect(menu[1].children?.map((item) => item.key)).toEqual(['zonas']);
  });

  it('gives a superuser every entry, and nobody a create entry for a list-only section', () => {
    const everything = filterMenu(MENU, { isSuperuser: true, permissions: [] });
    expect(leaves(everything)).toHaveLength(leaves(MENU).length);
    for (const section of SECTIONS.filter((candidate) => !candidate.creatable)) {
      expect(canCreateIn({ isSuperuser: true, permissions: [] }, section)).toBe(false);
    }
  });

  it('shows each seeded role the cards of the modules it may view, and a user with no group none', () => {
    for (const role of ROLES) {
      const cards = dashboardCards({
        isSuperuser: false,
        permissions: role.permissions,
        modules: ['vouchers', 'zones', 'users'],
      });
      for (const card of cards) expect(role.permissions).toContain(`${card.resource}/view`);
    }
    expect(dashboardCards({ isSuperuser: false, permissions: [], modules: [] })).toEqual([]);
  });
});
