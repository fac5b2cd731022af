/**
 * Grupos (/groups/) on the resource engine (spec section 7 'Groups'; section 2 'grupos': name,
 * all_permissions, the search filter; section 3 'Group' and its status record).
 *
 * The group and its status record are one write: POST and PUT take an optional `is_active` and
 * write the status record in the same transaction (on create absent means active; on edit absent
 * leaves it); DELETE removes the status record, then the group. The twelve role groups of
 * section 6 are never deleted. Escalation (issue 10): the editor must hold every permission the
 * group has before the change and will have after it, deletion included.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { optionReaders } from '../../contracts/formOptions';
import { messages } from '../../contracts/messages';
import { findRole } from '../../contracts/roles';
import { groupContract } from '../../contracts/users';
import type { Transaction } from '../db/client';
import { groupPermissions, groupStatuses, groups, permissions } from '../db/schema';
import { HttpError } from '../http/errors';
import { anyOf, defineResource, groupRows, loader } from './engine';

import { assertHoldsAll, assertMayGrant, permissionIdsOf } from './users';

const text = messages.permissions;

async function savePermissions(tx: Transaction, groupId: number, codenames: readonly string[]) {
  await tx.delete(groupPermissions).where(eq(groupPermissions.groupId, groupId));
  const permissionIds = await permissionIdsOf(tx, codenames);
  if (permissionIds.length)
    await tx
      .insert(groupPermissions)
      .values(permissionIds.map((permissionId) => ({ groupId, permissionId })));
}

/** Relation loaders: one query each for a whole page. */
const groupRelations = {
  codenames: loader(async (reader, ids) =>
    groupRows(
      await reader
        .select({ key: groupPermissions.groupId, value: permissions.codename })
        .from(groupPermissions)
        .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
        .where(inArray(groupPermissions.groupId, [...ids]))
        .orderBy(asc(permissions.codename)),
    ),
  ),
};

export const groupResource = defineResource({
  contract: groupContract,
  table: groups,
  ownership: 'global',
  relations: groupRelations,
  // The Usuarios form's group select reads it too (issue 18).
  permissions: { list: anyOf(...optionReaders('/groups/')) },
  serialize: (row) => ({ id: row.id, name: row.name, all_permissions: row.codenames ?? [] }),
  values: (input) => ({ name: input.name }),
  filters: { search: { kind: 'contains', on: [groups.name] } },
  ordering: { id: groups.id, name: groups.name },
  unique: [{ column: groups.name, field: 'name', message: text.groupNameTaken }],
  authorizeWrite({ principal, operation, id, input, current }) {
    if (current) assertHoldsAll(principal, current.all_permissions, text.cannotTouchGroupWith);
    if (input) assertMayGrant(principal, input.all_permissions);
    if (operation === 'remove' && id !== null && findRole(id))
      throw new HttpError(409, text.roleGroupProtected);
  },

  async afterWrite(tx, id, input, _principal, operation) {
    await savePermissions(tx, id, input.all_permissions);
    const isActive = input.is_active ?? (operation === 'create' ? true : undefined);
    if (isActive === undefined) return;
    await tx
      .insert(groupStatuses)
      .values({ groupId: id, isActive })
      .onConflictDoUpdate({ target: groupStatuses.groupId, set: { isActive, updatedAt: new Date() } });
  },
  async beforeRemove(tx, id) {
    await tx.delete(groupStatuses).where(eq(groupStatuses.groupId, id));
  },
});
