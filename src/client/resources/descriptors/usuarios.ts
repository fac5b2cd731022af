/**
 * Usuarios (SPEC §2: columns email, username, first_name, last_name, is_active, is_superuser,
 * is_staff, user_permissions, groups, office; contains filters email, username, first_name;
 * §3 User; §5 password rules; §7 /profile/ and the permission picker fed by GET /permission/).
 *
 * Lists (groups, permissions, modules) are kept in the form as comma-separated keys and sent as
 * arrays. What the server would refuse is disabled with src/contracts/access.ts: the superuser
 * flag for a user who is not one, and permissions the signed-in user does not hold.
 */
import { createElement as h, type ReactNode } from 'react';
import type { FormOption } from '../../../../machines/resourceForm';
import { mayDo } from '../../../contracts/access';
import { messages } from '../../../contracts/messages';
import { MODULES } from '../../../contracts/modules';
import { type Action, isPermissionCodename, type Resource } from '../../../contracts/permissions';
import { userContract } from '../../../contracts/users';
import { SessionContext } from '../../app/session';
import { Checkbox, Field, Input } from '../../ui/primitives';
import { ResourceScreens } from '../../views/resources/ResourceArea';
import { cellText, defineDescriptor, type FieldRendererProps, type OptionSource } from '../descriptor';
import { officeOptions } from './options';

const text = messages.permissions.users;

/** The signed-in user's grants, as access.ts reads them. */
function useSubject() {
  const user = SessionContext.useSelector((snapshot) => snapshot.context.session?.user);
  return {
    id: user?.id,
    isSuperuser: user?.is_superuser ?? false,
    groups: user?.groups ?? [],
    permissions: user?.permissions ?? [],
  };
}

export const splitKeys = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').filter(Boolean) : [];
export const joinKeys = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(',') : '');

/** Fields whose options stand for permission codenames (the option label), not ids. */
const PERMISSION_FIELDS = new Set(['user_permissions', 'all_permissions']);

function mayChoosePermission(codename: string, subject: ReturnType<typeof useSubject>): boolean {
  if (!isPermissionCodename(codename)) return false;
  const [resource, action] = codename.split('/') as [Resource, Action];
  return mayDo(subject, resource, action);
}

/**
 * A list of checkboxes whose value is the comma-separated keys of the checked options: option
 * values, or codenames for the permission pickers, where permissions the signed-in user does not
 * hold are disabled (already chosen ones stay changeable).
 */
export function MultiCheck({ field, value, error, readOnly, options, onChange }: FieldRendererProps) {
  const subject = useSubject();
  const byCodename = PERMISSION_FIELDS.has(field.name);
  const chosen = splitKeys(value);
  const toggle = (key: string, checked: boolean) =>
    onChange((checked ? [...chosen, key] : chosen.filter((item) => item !== key)).join(','));
  return h(Field, {
    label: field.label,
    error,
    hint: field.hint,
    // biome-ignore lint/correctness/noChildrenProp: Field's children is a render function.
    children: (): ReactNode =>
      h(
        'div',
        { role: 'group', 'aria-label': field.label, style: { maxHeight: 220, overflowY: 'auto' } },
        options.map((option) => {
          const key = byCodename ? option.label : option.value;
          const checked = chosen.includes(key);
          return h(Checkbox, {
            key,
            label: option.label,
            checked,
            disabled: readOnly || (!checked && byCodename && !mayChoosePermission(key, subject)),
            onCheckedChange: (next: boolean) => toggle(key, next),
          });
        }),
      ),
  });
}

function PasswordField({ field, value, error, readOnly, onChange }: FieldRendererProps) {
  return h(Field, {
    label: field.label,
    error,
    hint: field.hint,
    // biome-ignore lint/correctness/noChildrenProp: Field's children is a render function.
    children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) =>
      h(Input, {
        ...aria,
        type: 'password',
        name: field.name,
        autoComplete: 'new-password',
        value: typeof value === 'string' ? value : '',
        readOnly,
        maxLength: field.maxLength,
        onChange: (event: { target: { value: string } }) => onChange(event.target.value),
      }),
  });
}

/** Only a superuser may grant or remove the superuser flag (the server refuses otherwise). */
function SuperuserField({ field, value, error, readOnly, onChange }: FieldRendererProps) {
  const subject = useSubject();
  return h(Field, {
    label: field.label,
    error,
    hint: field.hint,
    // biome-ignore lint/correctness/noChildrenProp: Field's children is a render function.
    children: () =>
      h(Checkbox, {
        label: field.label,
        checked: value === true,
        disabled: readOnly || !subject.isSuperuser,
        onCheckedChange: (checked: boolean) => onChange(checked),
      }),
  });
}

export const groupOptions: OptionSource = { path: '/groups/', label: (row) => String(row.name ?? '') };
/** GET /permission/?offset&limit: the option label is the codename, which is what users store. */
export const permissionOptions: OptionSource = {
  path: '/permission/',
  label: (row) => String(row.codename ?? ''),
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
    { key: 'is_superuser', header: text.isSuperuser },
    { key: 'is_staff', header: text.isStaff },
    { key: 'user_permissions', header: text.userPermissions },
    { key: 'groups', header: text.groups },
    { key: 'office', header: text.office, render: (row) => cellText(row.office) },
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
      render: PasswordField,
      fromRecord: () => '',
      toBody: (value) => (value === '' ? undefined : value),
    },
    { name: 'office', label: text.office, type: 'select', span: 6, options: officeOptions },
    { name: 'first_name', label: text.firstName, span: 6, maxLength: 150 },
    { name: 'last_name', label: text.lastName, span: 6, maxLength: 150 },
    { name: 'is_active', label: text.isActive, type: 'checkbox', span: 4, default: true },
    { name: 'is_staff', label: text.isStaff, type: 'checkbox', span: 4, default: true },
    { name: 'is_superuser', label: text.isSuperuser, type: 'checkbox', span: 4, render: SuperuserField },
    {
      name: 'groups',
      label: text.groups,
      span: 6,
      options: groupOptions,
      render: MultiCheck,
      fromRecord: joinKeys,
      toBody: (value) => splitKeys(value).map(Number),
    },
    {
      name: 'modules',
      label: text.modules,
      span: 6,
      options: moduleOptions,
      numeric: false,
      render: MultiCheck,
      fromRecord: joinKeys,
      // Left empty on create, the server gives the modules the user's permissions make useful.
      toBody: (value) => (value === '' ? undefined : splitKeys(value)),
    },
    {
      name: 'user_permissions',
      label: text.userPermissions,
      span: 12,
      options: permissionOptions,
      render: MultiCheck,
      fromRecord: joinKeys,
      toBody: (value) => splitKeys(value),
    },
    { name: 'adress', label: text.address, span: 12, maxLength: 255 },
  ],
  recordName: (row) => String(row.username ?? ''),
});

/** The Usuarios section area, loaded lazily by the section registry. */
export default function UsuariosArea() {
  return h(ResourceScreens, { descriptor: usuariosDescriptor });
}
