import { type CheckResult, invalid, type RutReason, valid } from './result';

const RUT_PATTERN = /^(\d{7,8}|\d{1,2}\.\d{3}\.\d{3})-([0-9K])$/;

/** The Chilean RUT check character ('0'–'9' or 'K') for a body of digits. */
export function rutCheckCharacter(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const check = 11 - (sum % 11);
  if (check === 11) return '0';
  if (check === 10) return 'K';
  return String(check);
}

/**
 * Chilean RUT: body of 7–8 digits, with or without thousands dots, a hyphen and the check
 * character (mod 11, 'K' for 10, case-insensitive).
 */
export function checkRut(value: string): CheckResult<RutReason> {
  const rut = value.trim().toUpperCase();
  if (rut === '') return invalid('rutRequired');
  const match = RUT_PATTERN.exec(rut);
  if (!match) return invalid('rutFormat');
  const body = match[1].replace(/\./g, '');
  if (rutCheckCharacter(body) !== match[2]) return invalid('rutCheckDigit');
  return valid;
}

/**
 * Canonical form '12345678-9' (no dots, uppercase K) when the input has the accepted shape;
 * otherwise the trimmed input unchanged.
 */
export function normalizeRut(value: string): string {
  const rut = value.trim().toUpperCase();
  const match = RUT_PATTERN.exec(rut);
  return match ? `${match[1].replace(/\./g, '')}-${match[2]}` : rut;
}

/** Display form '12.345.678-9' when the input has the accepted shape; otherwise unchanged. */
export function formatRut(value: string): string {
  const rut = normalizeRut(value);
  const match = /^(\d{7,8})-([0-9K])$/.exec(rut);
  if (!match) return rut;
  return `${match[1].replace(/\B(?=(\d{3})+$)/g, '.')}-${match[2]}`;
}
