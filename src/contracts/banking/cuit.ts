import { type CheckResult, type CuitReason, invalid, valid, weightedSum } from './result';

/** CUIT/CUIL length (SPEC §5, §9). */
export const CUIT_LENGTH = 11;

/** Valid type prefixes: people (20, 23, 24, 27), companies (30, 33, 34), others (50, 51, 55). */
export const cuitPrefixes = ['20', '23', '24', '27', '30', '33', '34', '50', '51', '55'] as const;

const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * Strips spaces, hyphens and dots (e.g. '20-05536168-2' → '20055361682'). Offered to the UI for
 * pasted values; `checkCuit` itself refuses separators, as SPEC §5 asks for plain digits.
 */
export function normalizeCuit(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** The check digit for the first ten digits, or undefined when none exists (remainder 1). */
export function cuitCheckDigit(firstTen: string): number | undefined {
  const check = 11 - (weightedSum(firstTen, CUIT_WEIGHTS) % 11);
  if (check === 11) return 0;
  if (check === 10) return undefined;
  return check;
}

/** Argentine CUIT/CUIL: exactly 11 digits, no hyphens or dots, known prefix, mod-11 check digit. */
export function checkCuit(value: string): CheckResult<CuitReason> {
  const cuit = value.trim();
  if (cuit === '') return invalid('cuitRequired');
  if (/^[\d\s.-]+$/.test(cuit) && /[\s.-]/.test(cuit)) return invalid('cuitSeparators');
  if (!/^\d+$/.test(cuit) || cuit.length !== CUIT_LENGTH) return invalid('cuitLength');
  if (!(cuitPrefixes as readonly string[]).includes(cuit.slice(0, 2))) return invalid('cuitPrefix');
  if (cuitCheckDigit(cuit.slice(0, 10)) !== Number(cuit[10])) return invalid('cuitCheckDigit');
  return valid;
}
