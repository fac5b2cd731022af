/** Coberturas on the resource engine (/coverage/, with ?search= over the names). */

import { sql } from 'drizzle-orm';
import { coverageContract } from '../../contracts/resources';
import { coverages } from '../db/schema';
import { defineResource } from './engine';
import { textKey } from './sortKeys';

export const coverageResource = defineResource({
  contract: coverageContract,
  table: coverages,
  ownership: 'global',
  serialize: (row) => ({
    id: row.id,
    short_name: row.shortName,
    long_name_es: row.longNameEs,
    long_name_en: row.longNameEn,
    long_name_po: row.longNamePo,
    description: row.description,
    is_multi_cause: row.isMultiCause,
    required_items: row.requiredItems,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }),
  values: (input) => ({
    shortName: input.short_name,
    longNameEs: input.long_name_es,
    longNameEn: input.long_name_en,
    longNamePo: input.long_name_po,
    description: input.description,
    isMultiCause: input.is_multi_cause,
    requiredItems: input.required_items,
  }),
  filters: {
    id: { kind: 'exact', on: coverages.id, type: 'integer' },
    search: {
      kind: 'contains',
      on: [coverages.shortName, coverages.longNameEs, coverages.longNameEn, coverages.longNamePo],
    },
    short_name: { kind: 'contains', on: [coverages.shortName] },
    long_name_es: { kind: 'contains', on: [coverages.longNameEs] },
    long_name_en: { kind: 'contains', on: [coverages.longNameEn] },
    long_name_po: { kind: 'contains', on: [coverages.longNamePo] },
    description: { kind: 'contains', on: [coverages.description] },
  },
  ordering: {
    id: coverages.id,
    short_name: coverages.shortName,
    long_name_es: coverages.longNameEs,
    long_name_en: coverages.longNameEn,
    long_name_po: coverages.longNamePo,
    created_at: coverages.createdAt,
    updated_at: coverages.updatedAt,
    // A long text: its first 150 characters (a keyset cursor carries at most 300).
    description: textKey(sql`left(${coverages.description}, 150)`),
  },
  unique: [{ column: coverages.shortName, field: 'short_name' }],
});
