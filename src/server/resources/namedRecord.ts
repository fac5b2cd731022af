/** The engine declaration Tags and Categorías share: short_name (unique), long_name, timestamps. */
import type { namedRecordContract } from '../../contracts/resources/namedRecord';
import type { productTypes, tags } from '../db/schema';
import { defineResource, type Permission } from './engine';

export function namedRecordResource(
  contract: ReturnType<typeof namedRecordContract>,
  table: typeof tags | typeof productTypes,
  /** Who else may list the records (Tags: the office form's select, issue 12). */
  list?: Permission<unknown>,
) {
  return defineResource({
    contract,
    table,
    ownership: 'global',
    ...(list ? { permissions: { list } } : {}),
    serialize: (row) => ({
      id: row.id,
      short_name: row.shortName,
      long_name: row.longName,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    }),
    values: (input) => ({ shortName: input.short_name, longName: input.long_name }),
    filters: {
      id: { kind: 'exact', on: table.id, type: 'integer' },
      short_name: { kind: 'contains', on: [table.shortName] },
      long_name: { kind: 'contains', on: [table.longName] },
    },
    ordering: {
      id: table.id,
      short_name: table.shortName,
      long_name: table.longName,
      created_at: table.createdAt,
      updated_at: table.updatedAt,
    },
    unique: [{ column: table.shortName, field: 'short_name' }],
  });
}
