/**
 * Usuarios (SPEC §2: columns email, username, first_name, last_name, is_active, is_superuser,
 * is_staff, user_permissions, groups, office; contains filters email, username, first_name;
 * §3 User; §5 password rules; §7 /profile/ and the permission picker fed by GET /permission/).
 *
 * Data only: groups, modules and permissions are multi-selects whose values are lists (group ids,
 * module keys, permission codenames), sent as arrays. The custom controls are named by key
 * (password, superuserFlag, permissionPicker) and rendered by views/resources/fieldRenderers,
 * which disable what the signed-in user may not grant (src/contracts/access.ts).
 */
import type { FormOption } from '../../../../machines/resourceForm';
import { messages } from '../../../contracts/messages';
import { MODULES } from '../../../contracts/modules';
import { userContract } from '../../../contracts/users';
import { cellText, defineDescriptor, type OptionSource } from '../descriptor';
import { officeOptions } from './options';

const text = messages.permissions.users;

const grid = messages.polish.permissionGrid;
/** The actions in the grid's order (Ver, Crear, Cambiar estado). */
const actionNames: Record<string, string> = { view: grid.view, add: grid.add, change: grid.change };
const actionRank = (action: string) => {
  const rank = Object.keys(actionNames).indexOf(action);
  return rank < 0 ? Number.MAX_SAFE_INTEGER : rank;
};

/**
 * Permission codenames as people read them (issue 18): per resource its Spanish name and the
 * actions held, `Zonas: Ver, Crear · Pasajeros: Ver`: resources in the order the codenames come,
 * actions in the grid's order.
 */
export function permissionNames(codenames: unknown): string {
  if (!Array.isArray(codenames)) return '';
  const byResource = new Map<string, string[]>();
  for (const codename of codenames) {
    const [resource = '', action = ''] = String(codename).split('/');
    const name = (messages.polish.resourceNames as Record<string, string>)[resource] ?? resource;
    byResource.set(name, [...(byResource.get(name) ?? []), action]);
  }
  return [...byResource]
    .map(([name, actions]) => {
      const sorted = [...actions].sort((a, b) => actionRank(a) - actionRank(b));
      return `${name}: ${sorted.map((action) => actionNames[action] ?? action).join(', ')}`;
    })
    .join(' · ');
}

export const groupOptions: OptionSource = { path: '/groups/', label: (row) => String(row.name ?? '') };
/** GET /permission/?offset&limit: the codename is the option's value and label (what users store). */
export const permissionOptions: OptionSource = {
  path: '/permission/',
  label: (row) => String(row.codename ?? ''),
  value: (row) => String(row.codename ?? ''),
};
const moduleOptions: FormOption[] = MODULES.map((module) => ({
  value: module,
  label: messages.permissions.modules[module],
}));

export const usuariosDescriptor = defineDescriptor({
  routing: 'usuarios',
  contract: userContract,
  columns: [
    { key: 'email', header: text.email },
    { key: 'username', header: text.username },
    { key: 'first_name', header: text.firstName },
    { key: 'last_name', header: text.lastName },
    { key: 'is_active', header: text.isActive },
    { key: 'is_superuser', optional: true, header: text.isSuperuser },
    { key: 'is_staff', optional: true, header: text.isStaff },
    {
      key: 'user_permissions',
      optional: true,
      unsortable: 'several values',
      header: text.userPermissions,
      render: (row) => permissionNames(row.user_permissions),
    },
    // Names, not ids (issue 18): the server answers group_names and office_name.
    {
      key: 'groups',
      optional: true,
      unsortable: 'several values',
      header: text.groups,
      render: (row) => cellText(row.group_names),
    },
    { key: 'office', optional: true, header: text.office, render: (row) => cellText(row.office_name) },
  ],
  filters: [
    { param: 'email', label: text.email },
    { param: 'username', label: text.username },
    { param: 'first_name', label: text.firstName },
  ],
  fields: [
    { name: 'username', label: text.username, span: 6, maxLength: 150 },
    { name: 'email', label: text.email, type: 'email', span: 6, maxLength: 254 },
    {
      name: 'password',
      label: text.password,
      span: 6,
      maxLength: 128,
      hint: text.passwordEditHint,
      hintMode: 'edit',
      renderer: 'password',
      fromRecord: () => '',
      toBody: (value) => (value === '' ? undefined : value),
    },
    {
      name: 'office',
      label: text.office,
      type: 'searchselect',
      span: 6,
      options: officeOptions,
      chosenLabel: 'office_name',
    },
    { name: 'first_name', label: text.firstName, span: 6, maxLength: 150 },
    { name: 'last_name', label: text.lastName, span: 6, maxLength: 150 },
    { name: 'is_active', label: text.isActive, type: 'checkbox', span: 4, default: true },
    { name: 'is_staff', label: text.isStaff, type: 'checkbox', span: 4, default: true },
    { name: 'is_superuser', label: text.isSuperuser, type: 'checkbox', span: 4, renderer: 'superuserFlag' },
    { name: 'groups', label: text.groups, type: 'multiselect', span: 6, options: groupOptions },
    {
      name: 'modules',
      label: text.modules,
      type: 'multiselect',
      span: 6,
      options: moduleOptions,
      numeric: false,
      // Left empty on create, the server gives the modules the user's permissions make useful.
      toBody: (value) => (Array.isArray(value) && value.length > 0 ? value.map(String) : undefined),
    },
    {
      name: 'user_permissions',
      label: text.userPermissions,
      type: 'multiselect',
      span: 12,
      options: permissionOptions,
      renderer: 'permissionPicker',
    },
    { name: 'adress', label: text.address, span: 12, maxLength: 255 },
  ],
  recordName: (row) => String(row.username ?? ''),
});
