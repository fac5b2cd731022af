/**
 * The signed-in staff user with effective permissions (own plus groups'), and its cache (issue 11).
 *
 * Loading a principal takes five queries; a request instead runs ONE small query (the user's
 * token version, active flag and last update, and the global principal epoch in app_meta) and
 * reuses the principal loaded earlier for the same (user, token version, update time, epoch).
 * Any write that changes what a principal holds through something other than the user's own row
 * (a group's permissions, a group removed, a user's groups/permissions/modules) calls
 * `bumpPrincipalEpoch(tx)` in its transaction, so every instance sharing the database sees the
 * change on its next request: the cache is an optimisation, never a source of truth.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Profile } from '../../contracts/auth';
import type { Database, Transaction } from '../db/client';
import {
  appMeta,
  groupPermissions,
  permissions,
  userGroups,
  userModules,
  userPermissions,
  users,
} from '../db/schema';

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

// ---- the cache ------------------------------------------------------------------------------

/** app_meta key of the global principal epoch. */
export const PRINCIPAL_EPOCH_KEY = 'principal_epoch';
const CACHE_ENTRIES = 2_000;

interface Validity {
  tokenVersion: number;
  isActive: boolean;
  updatedAt: string;
  epoch: string;
}
interface CachedPrincipal {
  stamp: string;
  principal: Principal;
}

const stampOf = (validity: Validity) => `${validity.tokenVersion}|${validity.updatedAt}|${validity.epoch}`;
const cache = new Map<number, CachedPrincipal>();
let loads = 0;

/** Principals loaded from the database since start (tests check that the cache serves). */
export function principalLoads(): number {
  return loads;
}

/** Drops every cached principal (tests). */
export function clearPrincipalCache(): void {
  cache.clear();
}

/**
 * Bumps the global principal epoch: every cached principal, in every instance, is reloaded on its
 * next request. Call it inside the transaction of any write to groups, group permissions, user
 * groups, user permissions or user modules.
 */
export async function bumpPrincipalEpoch(tx: Database | Transaction): Promise<void> {
  await tx
    .insert(appMeta)
    .values({ key: PRINCIPAL_EPOCH_KEY, value: '1' })
    .onConflictDoUpdate({
      target: appMeta.key,
      set: { value: sql`(${appMeta.value}::bigint + 1)::text`, updatedAt: sql`now()` },
    });
}

/**
 * The validity query, prepared once per database handle: every authenticated request runs it, so
 * on PostgreSQL it is a named statement (parsed and planned once per connection, issue 11).
 */
function prepareValidity(db: Database) {
  return db
    .select({
      tokenVersion: users.tokenVersion,
      isActive: users.isActive,
      updatedAt: sql<string>`${users.updatedAt}::text`,
      epoch: sql<string>`coalesce((select value from app_meta where key = ${PRINCIPAL_EPOCH_KEY}), '0')`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('principal_validity');
}
const validityStatements = new WeakMap<Database, ReturnType<typeof prepareValidity>>();

/**
 * The principal of an authenticated request, with the user's current token version: one small
 * query, plus a full load only when the user, its token version or the epoch changed.
 */
export async function currentPrincipal(
  db: Database,
  userId: number,
): Promise<{ principal: Principal; tokenVersion: number } | null> {
  let statement = validityStatements.get(db);
  if (!statement) {
    statement = prepareValidity(db);
    validityStatements.set(db, statement);
  }
  const [validity]: Validity[] = await statement.execute({ userId });
  if (!validity) {
    cache.delete(userId);
    return null;
  }
  const tokenVersion = Number(validity.tokenVersion);
  const stamp = stampOf({ ...validity, tokenVersion });
  const cached = cache.get(userId);
  if (cached?.stamp === stamp) return { principal: cached.principal, tokenVersion };
  loads += 1;
  const principal = await loadPrincipal(db, userId);
  if (!principal) return null;
  if (cache.size >= CACHE_ENTRIES && !cache.has(userId)) cache.delete(cache.keys().next().value as number);
  cache.set(userId, { stamp, principal });
  return { principal, tokenVersion };
}
