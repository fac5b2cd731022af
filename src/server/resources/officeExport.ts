/**
 * The office list export (issue 12; SPEC §7 GET /office_report/, limit 1000000 unfiltered or
 * 100000 filtered): the rows of GET /office/ with the same filters, scope and permission
 * (office/view), as filter_offices.xlsx. Declared on the export engine (./exports.ts).
 *
 * Its columns (issue 32 'Money, dates and exports'): the list's (name, enabled, children,
 * country) and what a user filters the list by (the four search modes: name and short name,
 * business unit, tags, country), plus the parent office; names from the list's own answer.
 */
import { messages } from '../../contracts/messages';
import type { Office } from '../../contracts/offices';
import { defineExport } from './exports';

const fields = messages.resourceScreens.fields;
const officeFields = messages.offices.fields;
const yesNo = (value: boolean) => (value ? messages.resourceScreens.yes : messages.resourceScreens.no);

export const officeExport = defineExport<Office>({
  kind: 'offices',
  resourcePath: '/office/',
  sheetName: 'Oficinas',
  columns: [
    { header: 'ID', width: 10, value: (office) => office.id },
    { header: fields.long_name, width: 40, value: (office) => office.long_name },
    { header: fields.short_name, width: 20, value: (office) => office.short_name },
    { header: fields.is_enabled, width: 12, value: (office) => yesNo(office.is_enabled) },
    {
      header: officeFields.childrens,
      width: 40,
      value: (office) => (office.childrens ?? []).map((child) => child.long_name).join(', '),
    },
    { header: fields.country, width: 24, value: (office) => office.country_name ?? '' },
    { header: officeFields.bussines_unit, width: 30, value: (office) => office.bussines_unit_name ?? '' },
    { header: officeFields.tags, width: 30, value: (office) => (office.tag_names ?? []).join(', ') },
    { header: officeFields.parent, width: 36, value: (office) => office.parent_name ?? '' },
  ],
});
