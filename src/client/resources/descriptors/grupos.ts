/**
 * Grupos (SPEC §2: columns name, all_permissions; filter by a search term; §3 Group with its
 * status record {group}; §7 Groups: POST /groups/ writes the group and its status record in one
 * transaction (issue 9), edit is PUT /groups/{id}/ then GET and PUT /status_group/{id}/, delete
 * removes the status record first), through the descriptor's afterSave/beforeRemove hooks.
 * The permission picker is fed by GET /permission/?offset&limit; permissions the signed-in user
 * does not hold are disabled (access.ts, in MultiCheck), as the server would refuse them.
 */
import { createElement as h } from 'react';
import { z } from 'zod';
import { messages } from '../../../contracts/messages';
import { groupContract, groupStatusSchema } from '../../../contracts/users';
import { ApiError, request } from '../../api/http';
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
  afterSave: async (group, mode) => {
    if (mode === 'edit') {
      const current = await request(groupStatusSchema, `/status_group/${group.id}/`).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        },
      );
      await request(groupStatusSchema, `/status_group/${group.id}/`, {
        method: 'PUT',
        body: { is_active: current?.is_active ?? true },
      });
    }
    // On create the server writes the status record in the same transaction (issue 9).
  },
  beforeRemove: async (group) => {
    await request(z.unknown(), `/status_group/${group.id}/`, { method: 'DELETE' }).catch((error: unknown) => {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    });
  },
});

/** The Grupos section area, loaded lazily by the section registry. */
export default function GruposArea() {
  return h(ResourceScreens, { descriptor: gruposDescriptor });
}
