/**
 * The office list export (issue 12; SPEC §7 GET /office_report/, limit 1000000 unfiltered or
 * 100000 filtered): the rows of GET /office/ with the same filters, scope and permission
 * (office/view), as filter_offices.xlsx. Declared on the export engine (./exports.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import { messages } from '../../contracts/messages';
import type { OfficeCore } from '../../contracts/offices';
import { countries, offices } from '../db/schema';
import { loader } from './engine';
import { defineExport } from './exports';

const fields = messages.resourceScreens.fields;

export const officeExport = defineExport<OfficeCore>({
  kind: 'offices',
  resourcePath: '/office/',
  sheetName: 'Oficinas',
  related: {
    // The country's name for each office of a batch (one query per batch).
    countryName: loader(async (reader, ids) => {
      const rows = await reader
        .select({ id: offices.id, name: countries.longName })
        .from(offices)
        .innerJoin(countries, eq(countries.id, offices.countryId))
        .where(inArray(offices.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.name]));
    }),
  },
  columns: [
    { header: 'ID', width: 10, value: (office) => office.id },
    { header: fields.long_name, width: 40, value: (office) => office.long_name },
    { header: fields.short_name, width: 20, value: (office) => office.short_name },
    { header: fields.is_enabled, width: 12, value: (office) => (office.is_enabled ? 'Sí' : 'No') },
    {
      header: fields.country,
      width: 24,
      value: (_office, related) => (typeof related.countryName === 'string' ? related.countryName : ''),
    },
  ],
});
