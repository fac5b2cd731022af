import { type CheckResult, type IbanReason, invalid, valid } from './result';

/**
 * IBAN length per country, from the SWIFT IBAN registry (countries whose IBAN is part of the
 * registry proper; partial or experimental IBANs are left out).
 */
export const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

/**
 * Registry countries in Europe (the "Europa" payment zone of SPEC §5): EU and EEA members,
 * Switzerland, the United Kingdom, the European microstates and Gibraltar, the Faroe Islands,
 * the Western Balkans, Moldova, Ukraine and Belarus.
 */
export const europeanIbanCountries: ReadonlySet<string> = new Set([
  'AD',
  'AL',
  'AT',
  'BA',
  'BE',
  'BG',
  'BY',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FO',
  'FR',
  'GB',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MD',
  'ME',
  'MK',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'RS',
  'SE',
  'SI',
  'SK',
  'SM',
  'UA',
  'VA',
  'XK',
]);

export function isEuropeanIbanCountry(iso2: string): boolean {
  return europeanIbanCountries.has(iso2.trim().toUpperCase());
}

/** Strips all whitespace and uppercases ('gb82 west 1234…' → 'GB82WEST1234…'). */
export function normalizeIban(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Groups of four for display ('GB82 WEST 1234 5698 7654 32'). */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The remainder mod 97 of the IBAN read as a number after moving its first four characters to
 * the end and replacing letters by 10..35. Computed digit by digit, so no big integers are needed.
 * Expects an uppercase alphanumeric string.
 */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** IBAN: registry country, that country's length and ISO 7064 mod-97 check digits. */
export function checkIban(value: string): CheckResult<IbanReason> {
  const iban = normalizeIban(value);
  if (iban === '') return invalid('ibanRequired');
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return invalid('ibanFormat');
  const expectedLength = ibanLengths[iban.slice(0, 2)];
  if (expectedLength === undefined) return invalid('ibanCountry');
  if (iban.length !== expectedLength) return invalid('ibanLength');
  if (ibanMod97(iban) !== 1) return invalid('ibanCheckDigits');
  return valid;
}
