/** Tags on the resource engine (/tags/). */
import { tagContract } from '../../contracts/resources';
import { tags } from '../db/schema';
import { defineResource } from './engine';

export const tagResource = defineResource({
  contract: tagContract,
  table: tags,
  serialize: (row) => ({
    id: row.id,
    short_name: row.shortName,
    long_name: row.longName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  values: (input) => ({ shortName: input.short_name, longName: input.long_name }),
  filters: {
    id: { kind: 'exact', on: tags.id, type: 'integer' },
    short_name: { kind: 'contains', on: [tags.shortName] },
    long_name: { kind: 'contains', on: [tags.longName] },
  },
  ordering: {
    id: tags.id,
    short_name: tags.shortName,
    long_name: tags.longName,
    created_at: tags.createdAt,
    updated_at: tags.updatedAt,
  },
  unique: [{ column: tags.shortName, field: 'short_name' }],
});
