/**
 * The signed-in staff user with effective permissions (own plus groups'), and its cache (issue 11).
 *
 * Loading a principal takes five queries; a request instead runs ONE small query (the user's
 * token version, active flag and last update, and the global principal epoch in app_meta) and
 * reuses the principal loaded earlier for the same (user, token version, update time, epoch).
 * Any write that changes what a principal holds through something other than the user's own row
 * (a group's permissions, a group removed, a user's groups/permissions/modules) moves the epoch by
 * itself: migration 0028's triggers on groups, permissions and their join tables bump it in the
 * writing transaction, whoever writes (the engine, a script, an administrator's SQL), so every
 * instance sharing the database sees the change on its next request: the cache is an
 * optimisation, never a source of truth.
 *
 * The validity itself is kept too while the database's change feed is heard
 * (`watchPrincipalChanges`): migration 0024's triggers announce on 'principal_changed' every change
 * of a user row (its id) and of the epoch ('*'), whoever makes it, and the instance forgets what
 * they name. A request then runs no query at all. Two rules keep it exact:
 * - while the feed is not heard (starting, or its connection lost) every request reads the
 *   database, and what was kept is forgotten when it is heard again;
 * - a change this instance makes (`principalChanging`, called inside the writing transaction)
 *   stops the keeping of what it names until its own announcement arrives, so the request after
 *   the writer's answer reads the database even if the announcement is still on its way; a write
 *   the engine commits to one of `PRINCIPAL_TABLES` (src/server/cache/tableMemory.ts'
 *   `tableChanged`) forgets every kept validity at once. Another instance learns of the change
 *   when PostgreSQL delivers the announcement, within milliseconds of the commit.
 *
 * Both caches (principals, validities) are bounded LRU caches (src/server/cache/bounded.ts).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Profile } from '../../contracts/auth';
import { type BoundedCache, boundedCache } from '../cache/bounded';
import { onTableChange } from '../cache/tableMemory';
import type { ChannelListener, Database, Transaction } from '../db/client';
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
const cache = boundedCache<number, CachedPrincipal>({ max: CACHE_ENTRIES });
let loads = 0;

/** Principals loaded from the database since start (tests check that the cache serves). */
export function principalLoads(): number {
  return loads;
}

/** Drops every cached principal and kept validity (tests). */
export function clearPrincipalCache(): void {
  cache.clear();
  for (const watch of watches.values()) forget(watch, '*');
}

/**
 * Bumps the global principal epoch: every cached principal, in every instance, is reloaded on its
 * next request. Writes to groups, permissions, group permissions, user groups, user permissions
 * or user modules need not call it: migration 0028's triggers bump the epoch for them.
 */
export async function bumpPrincipalEpoch(tx: Database | Transaction): Promise<void> {
  principalChanging('*');
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

// ---- the change feed --------------------------------------------------------------------------

/** The channel migration 0024's triggers announce on: a user's id, or '*' for everyone. */
export const PRINCIPAL_CHANNEL = 'principal_changed';
/** How long a change this instance made waits for its announcement before it is taken as lost. */
const UNSETTLED_MS = 10_000;

type Changed = number | '*';
interface Watch {
  heard: boolean;
  /** Moves with every change heard or made: a validity read across a move is not kept. */
  generation: number;
  validities: BoundedCache<number, Validity>;
  /** Changes this instance made whose announcement has not arrived, until when they wait. */
  unsettled: Map<Changed, number>;
}
const watches = new Map<Database, Watch>();

function forget(watch: Watch, changed: Changed): void {
  watch.generation += 1;
  if (changed === '*') watch.validities.clear();
  else watch.validities.delete(changed);
}

/**
 * Keeps the validities of the principals served from `db` while `listen` hears its change feed;
 * answers the function that stops (the app's close).
 */
export function watchPrincipalChanges(
  db: Database,
  listen: (channel: string, listener: ChannelListener) => () => Promise<void>,
): () => Promise<void> {
  const watch: Watch = {
    heard: false,
    generation: 0,
    validities: boundedCache({ max: CACHE_ENTRIES }),
    unsettled: new Map(),
  };
  watches.set(db, watch);
  const stop = listen(PRINCIPAL_CHANNEL, {
    message(payload) {
      announcements += 1;
      const changed: Changed = payload === '*' ? '*' : Number(payload);
      if (changed !== '*' && !Number.isInteger(changed)) return;
      forget(watch, changed);
      watch.unsettled.delete(changed);
    },
    listening(live) {
      watch.heard = live;
      forget(watch, '*');
    },
  });
  return async () => {
    if (watches.get(db) === watch) watches.delete(db);
    await stop();
  };
}

/**
 * Call inside a transaction that changes a user's row (its id) or the principal epoch ('*'): this
 * instance forgets what it kept of it and reads it from the database until the change's own
 * announcement arrives (or, if the transaction rolled back, for `UNSETTLED_MS`).
 */
export function principalChanging(changed: Changed): void {
  for (const watch of watches.values()) {
    forget(watch, changed);
    watch.unsettled.set(changed, Date.now() + UNSETTLED_MS);
  }
}

/**
 * The tables whose rows make up a principal: a write this instance commits to one of them (the
 * engine's `forgetListMemory` after commit) forgets every kept validity at once; the epoch moved
 * by migration 0028's triggers then reloads the principals.
 */
export const PRINCIPAL_TABLES: ReadonlySet<string> = new Set([
  'users',
  'groups',
  'permissions',
  'group_permissions',
  'user_groups',
  'user_permissions',
  'user_modules',
]);
onTableChange((table, source) => {
  // Announced changes reach the validities through the principal feed itself.
  if (source !== 'local' || !PRINCIPAL_TABLES.has(table)) return;
  for (const watch of watches.values()) forget(watch, '*');
});

function settled(watch: Watch, changed: Changed, now: number): boolean {
  const until = watch.unsettled.get(changed);
  if (until === undefined) return true;
  if (until > now) return false;
  watch.unsettled.delete(changed);
  return true;
}

/** Whether `db`'s validity of `userId` may be kept (and what was kept trusted). */
function keepable(watch: Watch | undefined, userId: number): watch is Watch {
  if (!watch?.heard) return false;
  const now = Date.now();
  return settled(watch, '*', now) && settled(watch, userId, now);
}

/**
 * The principal of an authenticated request, with the user's current token version: its validity
 * as kept (above) or from one small query, plus a full load only when the user, its token version
 * or the epoch changed.
 */
export async function currentPrincipal(
  db: Database,
  userId: number,
): Promise<{ principal: Principal; tokenVersion: number } | null> {
  const watch = watches.get(db);
  const keeping = keepable(watch, userId);
  let validity = keeping ? watch.validities.get(userId) : undefined;
  if (!validity) {
    const generation = watch?.generation;
    validity = await readValidity(db, userId);
    if (!validity) {
      cache.delete(userId);
      return null;
    }
    if (keeping && watch.generation === generation && keepable(watch, userId))
      watch.validities.set(userId, validity);
  }
  const tokenVersion = Number(validity.tokenVersion);
  const stamp = stampOf({ ...validity, tokenVersion });
  const cached = cache.get(userId);
  if (cached?.stamp === stamp) return { principal: cached.principal, tokenVersion };
  loads += 1;
  const principal = await loadPrincipal(db, userId);
  if (!principal) return null;
  cache.set(userId, { stamp, principal });
  return { principal, tokenVersion };
}

async function readValidity(db: Database, userId: number): Promise<Validity | undefined> {
  let statement = validityStatements.get(db);
  if (!statement) {
    statement = prepareValidity(db);
    validityStatements.set(db, statement);
  }
  const [validity]: Validity[] = await statement.execute({ userId });
  validityReads += 1;
  return validity;
}

let validityReads = 0;
let announcements = 0;
/** Announcements heard on the change feed since start (tests wait for one). */
export function principalAnnouncements(): number {
  return announcements;
}

/** Validity queries run since start (tests check that a heard feed spares them). */
export function principalValidityReads(): number {
  return validityReads;
}
