/** Zonas on the resource engine (spec section 7 'Master data': /zone/). */
import { zoneContract } from '../../contracts/resources';
import { zones } from '../db/schema';
import { defineResource } from './engine';

export const zoneResource = defineResource({
  contract: zoneContract,
  table: zones,
  ownership: 'global',
  serialize: (row) => ({ id: row.id, short_name: row.shortName, long_name: row.longName }),
  values: (input) => ({ shortName: input.short_name, longName: input.long_name }),
  filters: {
    id: { kind: 'exact', on: zones.id, type: 'integer' },
    short_name: { kind: 'contains', on: [zones.shortName] },
    long_name: { kind: 'contains', on: [zones.longName] },
  },
  ordering: { id: zones.id, short_name: zones.shortName, long_name: zones.longName },
  unique: [{ column: zones.shortName, field: 'short_name' }],
});
