/**
 * Sort keys of columns that show a related row's name (issue 40 'Lists': Producto, Oficina,
 * Usuario, Proveedor, Categoría sort by the name, never by the id): the name's Spanish sort key
 * (migration 0020, `es_sort_key`), read by the related table's primary key. The key is computed
 * per row, so on the million-row tables such an ordering is a top-N sort of the filtered rows
 * (docs/lists.md 'Sorting'); the table's own columns sort by an index.
 */
import { SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const computed = new WeakSet<SQL>();

/**
 * Marks an ordering computed per row from another table (a related name, a reservation's date, a
 * sum of vouchers): no index of the list's table holds it, so on a large table the first page is
 * a top-N sort of the filtered rows. The plan tests (tests/server/vouchersPlans.test.ts) require
 * an index walk of every other ordering and measure these.
 */
export function computedKey(expression: SQL): SQL {
  computed.add(expression);
  return expression;
}

export const isComputedKey = (expression: unknown): boolean =>
  expression instanceof SQL && computed.has(expression);

/** `(select es_sort_key(r.<name>) from <table> r where r.id = <foreignKey>)`. */
export function relatedNameKey(table: string, nameColumn: string, foreignKey: PgColumn | SQL): SQL {
  return computedKey(
    sql`(select es_sort_key(${sql.identifier('related')}.${sql.identifier(nameColumn)}) collate "C" from ${sql.identifier(table)} ${sql.identifier('related')} where ${sql.identifier('related')}."id" = ${foreignKey})`,
  );
}

/** A text expression's Spanish sort key (a name built from two columns). */
export function textKey(expression: SQL): SQL {
  return sql`(es_sort_key(${expression}) collate "C")`;
}
