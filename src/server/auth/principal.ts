/** The signed-in staff user with effective permissions (own plus groups'), loaded per request. */
import { eq, inArray } from 'drizzle-orm';
import type { Profile } from '../../contracts/auth';
import type { Database, Transaction } from '../db/client';
import { groupPermissions, permissions, userGroups, userModules, userPermissions, users } from '../db/schema';

export interface Principal {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  isActive: boolean;
  isSuperuser: boolean;
  isStaff: boolean;
  officeId: number | null;
  address: string;
  groupIds: number[];
  userPermissions: string[];
  permissions: string[];
  modules: string[];
}

export async function loadPrincipal(db: Database | Transaction, userId: number): Promise<Principal | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  // One after the other: inside a transaction they share one connection.
  const groupRows = await db
    .select({ groupId: userGroups.groupId })
    .from(userGroups)
    .where(eq(userGroups.userId, userId));
  const ownRows = await db
    .select({ codename: permissions.codename })
    .from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId));
  const moduleRows = await db
    .select({ module: userModules.module })
    .from(userModules)
    .where(eq(userModules.userId, userId));
  const groupIds = groupRows.map((row) => row.groupId).sort((a, b) => a - b);
  const groupCodenames = groupIds.length
    ? await db
        .selectDistinct({ codename: permissions.codename })
        .from(groupPermissions)
        .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
        .where(inArray(groupPermissions.groupId, groupIds))
    : [];
  const own = ownRows.map((row) => row.codename).sort();
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    isActive: user.isActive,
    isSuperuser: user.isSuperuser,
    isStaff: user.isStaff,
    officeId: user.officeId,
    address: user.address,
    groupIds,
    userPermissions: own,
    permissions: [...new Set([...own, ...groupCodenames.map((row) => row.codename)])].sort(),
    modules: moduleRows.map((row) => row.module).sort(),
  };
}

export function toProfile(principal: Principal): Profile {
  return {
    id: principal.id,
    email: principal.email,
    username: principal.username,
    first_name: principal.firstName,
    last_name: principal.lastName,
    is_active: principal.isActive,
    is_superuser: principal.isSuperuser,
    is_staff: principal.isStaff,
    groups: principal.groupIds,
    user_permissions: principal.userPermissions,
    permissions: principal.permissions,
    modules: principal.modules,
    office: principal.officeId,
    adress: principal.address,
  };
}
