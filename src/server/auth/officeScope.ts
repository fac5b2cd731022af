/**
 * Office scope by construction (issue 28 §2; docs/security-office-scope.md).
 *
 * A user's scope is a property of the user: every office (a superuser, or a member of a central
 * role's group), or the office it belongs to and every office below it; a user whose groups say
 * nothing about scope and who has no office sees nothing owned. A resource DECLARES where its rows
 * belong (`Ownership`): 'global' (master data everyone with the permission reads), or the path
 * from a row to an office. The resource engine applies the declaration to every read and write it
 * answers; routes outside the engine that read owned rows use `rowScopeOf` / `listRowScopeOf`
 * with the same declaration.
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ALL_OFFICES_GROUPS } from '../../contracts/roles';
import type { Database } from '../db/client';
import type { Principal } from './principal';

/** What a user's scope is. */
export type OfficeScope = { kind: 'all' } | { kind: 'offices'; root: number } | { kind: 'none' };

export function officeScopeOf(principal: Principal): OfficeScope {
  if (principal.isSuperuser) return { kind: 'all' };
  if (principal.groupIds.some((groupId) => ALL_OFFICES_GROUPS.includes(groupId))) return { kind: 'all' };
  return principal.officeId === null ? { kind: 'none' } : { kind: 'offices', root: principal.officeId };
}

/** Does this user read only some offices' records? */
export const isOfficeScoped = (principal: Principal): boolean => officeScopeOf(principal).kind !== 'all';

/** The ids of the office and every office below it (recursive over parent), as a subquery. */
export const officeTree = (officeId: number): SQL =>
  sql`(with recursive tree(id) as (select ${officeId}::int union all select o.id from offices o join tree on o.parent_id = tree.id) select id from tree)`;

type Executor = Pick<Database, 'execute'>;

/**
 * The ids of an office and every office below it, read first, so a list's scope is a list of
 * values the planner estimates from the statistics of each office (a recursive subquery looks to
 * it like half the table: an office with no vouchers had its whole list walked backwards).
 */
export async function officeTreeIds(reader: Executor, officeId: number): Promise<number[]> {
  const result = (await reader.execute(
    sql`select id from ${officeTree(officeId)} as tree(id)`,
  )) as unknown as {
    rows: { id: number | string }[];
  };
  return result.rows.map((row) => Number(row.id));
}

/** 'This office column is one of the principal's offices', as the scope builds it. */
export type InOffices = (officeColumn: PgColumn | SQL) => SQL;

/**
 * Where a resource's rows belong. Every resource declares one (a missing declaration is a type
 * error), so a new module cannot forget its scope.
 */
export type Ownership =
  /** Master data and catalogues: every user with the permission reads every row. */
  | 'global'
  /**
   * Owned rows: the condition that a row belongs to one of the offices `inOffices` accepts
   * (`inOffices(reservations.officeId)`); the principal for rules such as 'one's own user'.
   */
  | { rows(inOffices: InOffices, principal: Principal): SQL };

/** Rows that carry their office in a column (reservations, vouchers, office sub-records). */
export const ownedByOffice = (column: PgColumn | SQL): Ownership => ({
  rows: (inOffices) => inOffices(column),
});

/**
 * The scope of one record's reads and writes (detail, update, delete, actions, history): the
 * office tree as one array value. Undefined: every row.
 */
export function rowScopeOf(ownership: Ownership, principal: Principal): SQL | undefined {
  if (ownership === 'global') return undefined;
  const scope = officeScopeOf(principal);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  const tree = officeTree(scope.root);
  return ownership.rows((column) => sql`${column} = any(array${tree})`, principal);
}

/**
 * The same scope as a list, its summary and its export read it: the tree's ids read first and
 * named as values (the path 'How the list stays fast' in the README describes). Selects exactly
 * the rows `rowScopeOf` does.
 */
export async function listRowScopeOf(
  reader: Executor,
  ownership: Ownership,
  principal: Principal,
): Promise<SQL | undefined> {
  if (ownership === 'global') return undefined;
  const scope = officeScopeOf(principal);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'none') return sql`false`;
  const ids = await officeTreeIds(reader, scope.root);
  return ownership.rows((column) => (ids.length ? inArray(column as PgColumn, ids) : sql`false`), principal);
}

/** Is this office inside the principal's scope (an office it may give a record or a user)? */
export async function officeInScope(
  reader: Executor,
  principal: Principal,
  officeId: number,
): Promise<boolean> {
  const scope = officeScopeOf(principal);
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return (await officeTreeIds(reader, scope.root)).includes(officeId);
}
