/**
 * What is registered on an app, per context: the modules (what the generated tests walk), their
 * services (`serviceOf`), their list readers (exports, the reservations CSV) and who may read a
 * record's history. Kept per `AppContext`, so two apps in one process (the tests) never mix.
 */
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Resource } from '../../../contracts/permissions';
import type { Ownership } from '../../auth/officeScope';
import type { Principal } from '../../auth/principal';
import type { AppContext } from '../../context';
import type { OrderTerm } from '../listQuery';
import type { Operation, Reader } from './definition';
import type { ResourceService } from './service';

/** A map per app context, created on first use. */
function perContext<V>() {
  const maps = new WeakMap<AppContext, Map<string, V>>();
  return (context: AppContext): Map<string, V> => {
    let map = maps.get(context);
    if (!map) {
      map = new Map();
      maps.set(context, map);
    }
    return map;
  };
}

/** How the history route decides whether a principal may read one record's entries. */
export interface HistoryAccess {
  /** Throws 403/404 like the detail route would; resolves when the history may be read. */
  assertMayRead(reader: Reader, principal: Principal, recordId: string): Promise<void>;
}

const historyOf = perContext<HistoryAccess>();

/** The history access of a registered module by its entity name (`zone`, `profile`...). */
export function historyAccessOf(context: AppContext, entity: string): HistoryAccess | undefined {
  return historyOf(context).get(entity);
}

/**
 * What the export engine (./exports.ts, issue 12) reads of a registered module's list: the same
 * permission, filters, scope, relations and serializer as `GET {path}`, in id order by batches.
 */
export interface ResourceListReader {
  path: string;
  resource: Resource;
  /** Throws 403 as the list route would. */
  assertMayList(principal: Principal): void;
  /**
   * The list query's filter conditions, the principal's scope and the query's `ordering` (as the
   * list orders: text by its Spanish sort key, id last); bad values throw the list's field errors.
   * `filtered` when the query carries a filter parameter.
   */
  whereOf(
    query: Record<string, unknown>,
    principal: Principal,
  ): Promise<{ where: SQL | undefined; filtered: boolean; order: OrderTerm[] }>;
  /** How many rows match, counting at most `cap`. */
  count(reader: Reader, where: SQL | undefined, cap: number): Promise<number>;
  /**
   * The ids of at most `size` rows after `cursor` ('' for the first) in `order` (keyset), and the
   * cursor after them: what an export with its own lean projection reads (`ExportDefinition.project`,
   * issue 15), in the list's order.
   */
  ids(
    reader: Reader,
    where: SQL | undefined,
    order: OrderTerm[],
    cursor: string,
    size: number,
  ): Promise<{ ids: number[]; next: string | null }>;
  /** At most `size` rows after `cursor` ('' for the first) in `order` (keyset), serialized. */
  batch(
    reader: Reader,
    where: SQL | undefined,
    order: OrderTerm[],
    cursor: string,
    size: number,
  ): Promise<{ next: string | null; entities: Record<string, unknown>[] }>;
}

const listReadersOf = perContext<ResourceListReader>();

/**
 * What is registered on an app, per module (its API path): what the generated tests walk (the
 * cross-office test, tests/server/officeScope.test.ts), so a new module is covered without a test.
 */
export interface RegisteredResource {
  path: string;
  entity: string;
  resource: Resource;
  table: PgTable & { id: PgColumn };
  ownership: Ownership;
  operations: readonly Operation[];
  /** The create and update body schemas (the contract's write unless the module separates them). */
  writeSchemas: { create: z.ZodType; update: z.ZodType };
  /** Custom actions and their payload schemas. */
  actions: readonly { name: string; input: z.ZodType }[];
  hasSummary: boolean;
}

const registrationsOf = perContext<RegisteredResource>();

/** Every module registered on this app through the engine. */
export function registeredResourcesOf(context: AppContext): RegisteredResource[] {
  return [...registrationsOf(context).values()];
}

/** The list reader of a module registered on this app, by its API path ('/office/'). */
export function listReaderOf(context: AppContext, path: string): ResourceListReader | undefined {
  return listReadersOf(context).get(path);
}

const servicesOf = perContext<ResourceService>();

/** Records a module's registration, its service, list reader and history access. */
export function recordRegistration(
  context: AppContext,
  registration: RegisteredResource,
  service: ResourceService,
  reader: ResourceListReader,
  history: HistoryAccess,
): void {
  registrationsOf(context).set(registration.path, registration);
  servicesOf(context).set(registration.path, service);
  listReadersOf(context).set(registration.path, reader);
  historyOf(context).set(registration.entity, history);
}

/** The service of a module registered on this app, by its API path ('/voucher/'); untyped. */
export function serviceAt(context: AppContext, path: string): ResourceService | undefined {
  return servicesOf(context).get(path);
}
