/**
 * Grupos (SPEC §2: columns name, all_permissions; filter by a search term; §3 Group with its
 * status record {group}; §7 Groups). The server writes the status record in the group's own
 * transaction (POST/PUT /groups/ take `is_active`; DELETE /groups/{id}/ removes the status record
 * first): the client sends one call per save or delete and never compensates a half-done save.
 * `is_active` is sent on create only (an edit keeps the group's status). The permission picker is
 * fed by GET /permission/?offset&limit; permissions the signed-in user does not hold are disabled
 * by its renderer (access.ts), as the server would refuse them.
 */
import { messages } from '../../../contracts/messages';
import { groupContract } from '../../../contracts/users';
import { defineDescriptor } from '../descriptor';
import { permissionNames, permissionOptions } from './usuarios';

const text = messages.permissions.groups;

export const gruposDescriptor = defineDescriptor({
  routing: 'grupos',
  contract: groupContract,
  columns: [
    { key: 'name', header: text.name },
    {
      key: 'all_permissions',
      header: text.allPermissions,
      unsortable: 'several values',
      render: (row) => permissionNames(row.all_permissions),
    },
  ],
  filters: [{ param: 'search', label: text.search }],
  fields: [
    { name: 'name', label: text.name, span: 12, maxLength: 150 },
    {
      name: 'is_active',
      label: messages.permissions.users.isActive,
      type: 'checkbox',
      span: 12,
      default: true,
      createOnly: true,
    },
    {
      name: 'all_permissions',
      label: text.allPermissions,
      type: 'multiselect',
      span: 12,
      options: permissionOptions,
      renderer: 'permissionPicker',
    },
  ],
  recordName: (row) => String(row.name ?? ''),
});
