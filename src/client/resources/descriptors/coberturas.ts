/**
 * Coberturas (SPEC §2: columns long_name_es, long_name_en, long_name_po, description, created_at,
 * updated_at; §7 /coverage/ with ?search=).
 */

import { formatLocalDate } from '../../../contracts/format';
import { coverageContract } from '../../../contracts/resources';
import { defineDescriptor } from '../descriptor';

export const coberturasDescriptor = defineDescriptor({
  routing: 'coberturas',
  contract: coverageContract,
  columns: [
    'long_name_es',
    { key: 'long_name_en', optional: true },
    { key: 'long_name_po', optional: true },
    'description',
    { key: 'created_at', render: (row) => formatLocalDate(row.created_at) },
    { key: 'updated_at', render: (row) => formatLocalDate(row.updated_at) },
  ],
  filters: ['search', 'description'],
  fields: [
    { name: 'short_name', span: 4, maxLength: 50 },
    { name: 'long_name_es', span: 8, maxLength: 255 },
    { name: 'long_name_en', span: 6, maxLength: 255 },
    { name: 'long_name_po', span: 6, maxLength: 255 },
    { name: 'description', type: 'textarea', span: 12, maxLength: 2000 },
    { name: 'required_items', type: 'lines', span: 8 },
    { name: 'is_multi_cause', type: 'checkbox', span: 4 },
  ],
  recordName: (row) => String(row.long_name_es ?? row.id),
});
