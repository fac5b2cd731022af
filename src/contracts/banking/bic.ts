import { isCountryIso2 } from '../static/countries';
import { ibanLengths } from './iban';
import { type CheckResult, invalid, type SwiftReason, valid } from './result';

const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

/**
 * Territories with their own ISO code (and banks with their own BICs) that are not in the
 * countries list, e.g. the Cayman Islands, Jersey, Macao or Curaçao.
 */
const extraBicCountries: ReadonlySet<string> = new Set([
  'AI',
  'AS',
  'AW',
  'AX',
  'BL',
  'BM',
  'BQ',
  'CK',
  'CW',
  'FK',
  'FO',
  'GF',
  'GG',
  'GI',
  'GL',
  'GP',
  'GU',
  'IM',
  'JE',
  'KY',
  'MF',
  'MO',
  'MP',
  'MQ',
  'MS',
  'NC',
  'PF',
  'PM',
  'RE',
  'SX',
  'TC',
  'VG',
  'VI',
  'WF',
  'XK',
  'YT',
]);

/** Whether chars 5–6 of a BIC can be this code: a listed country, an IBAN country or a territory. */
export function isBicCountry(iso2: string): boolean {
  return isCountryIso2(iso2) || iso2 in ibanLengths || extraBicCountries.has(iso2);
}

/** Strips whitespace and uppercases. */
export function normalizeSwift(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * BIC/SWIFT code: 8 or 11 characters — bank (4 letters), country (2 letters, a real ISO code),
 * location (2 alphanumerics) and optional branch (3 alphanumerics).
 */
export function checkSwift(value: string): CheckResult<SwiftReason> {
  const bic = normalizeSwift(value);
  if (bic === '') return invalid('swiftRequired');
  if (bic.length !== 8 && bic.length !== 11) return invalid('swiftLength');
  if (!BIC_PATTERN.test(bic)) return invalid('swiftFormat');
  if (!isBicCountry(bic.slice(4, 6))) return invalid('swiftCountry');
  return valid;
}

/** Alias of `checkSwift`, by the other common name. */
export const checkBic = checkSwift;
