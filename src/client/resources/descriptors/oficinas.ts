/**
 * Oficinas (SPEC §2 list columns long_name, is_enabled, country; §7 /office/). MINIMAL: the list
 * the export of issue 12 starts from; the full office module (every column, the four search modes
 * and the form) comes with the offices work and replaces this file, keeping the `export` line.
 */
import { officeContract } from '../../../contracts/offices';
import { defineDescriptor } from '../descriptor';
import { countryOptions } from './options';

export const oficinasDescriptor = defineDescriptor({
  routing: 'oficinas',
  contract: officeContract,
  columns: [
    'long_name',
    'is_enabled',
    { key: 'country', sortField: null, render: (row) => String(row.country ?? '') },
  ],
  filters: ['long_name'],
  fields: [
    { name: 'short_name', span: 4, maxLength: 50 },
    { name: 'long_name', span: 8, maxLength: 255 },
    { name: 'is_enabled', type: 'checkbox', span: 4 },
    { name: 'country', type: 'select', span: 8, options: countryOptions },
  ],
  actions: { edit: false, remove: false },
  export: { kind: 'offices' },
});
