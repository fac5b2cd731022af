/**
 * Grupos (SPEC §2: columns name, all_permissions; filter by a search term; §3 Group with its
 * status record {group}; §7 Groups: create is POST /groups/ then POST /status_group/, edit is
 * PUT /groups/{id}/ then GET and PUT /status_group/{id}/, delete removes the status record first
 * and the group only if that succeeded). The generic engine saves and deletes with one call, so
 * the status-record steps wait for a save/remove hook on descriptors; the server already keeps the
 * order (a group with a status record answers 409 until the record is removed).
 * The permission picker is fed by GET /permission/?offset&limit; permissions the signed-in user
 * does not hold are disabled (access.ts, in MultiCheck), as the server would refuse them.
 */
import { createElement as h } from 'react';
import { messages } from '../../../contracts/messages';
import { groupContract } from '../../../contracts/users';
import { ResourceScreens } from '../../views/resources/ResourceArea';
import { defineDescriptor } from '../descriptor';
import { joinKeys, MultiCheck, permissionOptions, splitKeys } from './usuarios';

const text = messages.permissions.groups;

export const gruposDescriptor = defineDescriptor({
  routing: 'grupos',
  contract: groupContract,
  columns: [
    { key: 'name', header: text.name },
    { key: 'all_permissions', header: text.allPermissions },
  ],
  filters: [{ param: 'search', label: text.search }],
  fields: [
    { name: 'name', label: text.name, span: 12, maxLength: 150 },
    {
      name: 'all_permissions',
      label: text.allPermissions,
      span: 12,
      options: permissionOptions,
      render: MultiCheck,
      fromRecord: joinKeys,
      toBody: (value) => splitKeys(value),
    },
  ],
  recordName: (row) => String(row.name ?? ''),
});

/** The Grupos section area, loaded lazily by the section registry. */
export default function GruposArea() {
  return h(ResourceScreens, { descriptor: gruposDescriptor });
}
