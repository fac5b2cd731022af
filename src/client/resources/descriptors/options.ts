/** Option sources shared by the master-data forms (another module's rows, limit=10000). */
import type { OptionSource } from '../descriptor';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** GET /country_name_id/ (issue 18): id and name only, readable by every form with a country select. */
export const countryOptions: OptionSource = {
  path: '/country_name_id/',
  label: (row) => text(row.long_name),
};

export const currencyOptions: OptionSource = {
  path: '/currency/',
  label: (row) => `${text(row.short_name)} - ${text(row.long_name)}`,
};

export const productOptions: OptionSource = {
  path: '/product/',
  label: (row) => text(row.long_name),
};

/**
 * GET /office_name_id/ (issue 12): the light list meant for selectors; the picker also finds an
 * office by its short name, business unit, tags and country (issue 32: as the four office search
 * modes do).
 */
export const officeOptions: OptionSource = {
  path: '/office_name_id/',
  label: (row) => text(row.long_name),
  keywords: (row) =>
    [
      text(row.short_name),
      text(row.bussines_unit_name),
      text(row.country_name),
      ...(Array.isArray(row.tag_names) ? row.tag_names.map(text) : []),
    ].join(' '),
};
