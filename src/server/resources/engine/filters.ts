/**
 * Filter and loader helpers a declaration uses: `containsVia` (a contains filter through a
 * foreign key) and `groupRows` (the usual shape of a to-many relation loader).
 */
import { getTableName, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { contains, containsPattern } from '../../http/filters';
import { rememberedLookup } from '../listQuery';
import type { Reader } from './definition';

/** Past this many matching ids, `containsVia` names them by a subquery instead of as values. */
const VIA_IDS_LIMIT = 1_000;

/**
 * A filter on a foreign key: contains on a column of the referenced (small) table. The matching
 * ids are read first, and the list's statement names them as values: the planner then knows from
 * its statistics how many rows each has (a rarely sold product's vouchers through their index, a
 * common one's along the list's order), and a value matching nothing reads no row at all. As a
 * subquery the planner guessed: a fragment matching no product walked every voucher (300 ms at a
 * million), and planning the semi-join cost more than running it (issue 15). The ids are
 * remembered for a moment per fragment (`rememberedLookup`): a burst of pages runs one lookup.
 */
export function containsVia(foreignKey: PgColumn, targetId: PgColumn, targetColumn: PgColumn) {
  // One named statement per reader (parsed and planned once per connection on PostgreSQL).
  const name = `via_${getTableName(targetId.table)}_${targetColumn.name}`;
  const prepared = new WeakMap<
    Reader,
    { execute(values: { pattern: string }): Promise<{ id: unknown }[]> }
  >();
  const statementOf = (reader: Reader) => {
    let statement = prepared.get(reader);
    if (!statement) {
      statement = reader
        .select({ id: targetId })
        .from(targetId.table)
        .where(ilike(targetColumn, sql.placeholder('pattern')))
        .limit(VIA_IDS_LIMIT + 1)
        .prepare(name);
      prepared.set(reader, statement);
    }
    return statement;
  };
  return async (value: string, reader: Reader): Promise<SQL> => {
    const matching = await rememberedLookup(
      reader,
      targetId.table,
      `${targetColumn.name}|${value}`,
      async () =>
        (await statementOf(reader).execute({ pattern: containsPattern(value) })).map((row) => row.id),
    );
    if (!matching.length) return sql`false`;
    if (matching.length > VIA_IDS_LIMIT)
      return inArray(
        foreignKey,
        sql`(select ${targetId} from ${targetId.table} where ${contains(targetColumn, value)})`,
      );
    return inArray(foreignKey, matching);
  };
}

/** Groups `[key, value]` rows into a map of arrays (the usual shape of a to-many loader). */
export function groupRows<V>(rows: readonly { key: number; value: V }[]): Map<number, V[]> {
  const grouped = new Map<number, V[]>();
  for (const { key, value } of rows) {
    const list = grouped.get(key);
    if (list) list.push(value);
    else grouped.set(key, [value]);
  }
  return grouped;
}
