/**
 * Issue 42: names from the data in the traveller's language. Coverages from long_name_po /
 * long_name_en (the login's `coverage_names`), falling back to the Spanish long_name_es, never to
 * a key; countries and currencies from the static Spanish catalogue in Spanish, and by
 * Intl.DisplayNames in Portuguese and English (the catalogue has Spanish names only).
 */
import { coverageNameIn, type Translator } from '../../contracts/i18n/core';
import type { RefundLoginResponse } from '../../contracts/refund';
import { findCountryByIso3, findCurrency } from '../../contracts/static';

export function coverageLabelOf(tr: Translator, login: RefundLoginResponse) {
  const names = login.refunds.coverage_names ?? {};
  return (spanish: string) => coverageNameIn(tr.language, { es: spanish, ...names[spanish] });
}

export function countryLabel(tr: Translator, iso3: string): string {
  const country = findCountryByIso3(iso3);
  if (!country) return iso3;
  if (tr.language === 'es') return country.name;
  return tr.countryName(country.iso2) ?? country.name;
}

export function currencyLabel(tr: Translator, code: string): string {
  const spanish = findCurrency(code)?.name;
  if (tr.language === 'es') return spanish ?? code;
  return tr.currencyName(code) ?? spanish ?? code;
}
