import { type CciReason, type CheckResult, invalid, valid } from './result';

/** Peruvian CCI (Código de Cuenta Interbancario) length. */
export const CCI_LENGTH = 20;

/** Removes spaces and hyphens. */
export function normalizeCci(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/**
 * Check digit as commonly published for the CCI: weights 1, 2 alternating from the left, two-digit
 * products replaced by the sum of their digits, then (10 − sum mod 10) mod 10.
 */
function cciBlockCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Whether the CCI's two check digits (positions 19 and 20: for the bank+branch block, digits
 * 1–6, and for the account block, digits 7–18) match the published algorithm. Expects 20 digits.
 */
export function cciCheckDigitsMatch(cci: string): boolean {
  return (
    cciBlockCheckDigit(cci.slice(0, 6)) === Number(cci[18]) &&
    cciBlockCheckDigit(cci.slice(6, 18)) === Number(cci[19])
  );
}

/**
 * Peruvian CCI: refused only when it is not 20 digits. Its check digits are not documented
 * authoritatively, so a mismatch gives `{ ok: true, warning: 'cciCheckDigits' }`, never a refusal.
 */
export function checkCci(value: string): CheckResult<CciReason, 'cciCheckDigits'> {
  const cci = normalizeCci(value);
  if (cci === '') return invalid('cciRequired');
  if (!/^\d+$/.test(cci) || cci.length !== CCI_LENGTH) return invalid('cciLength');
  if (!cciCheckDigitsMatch(cci)) return { ok: true, warning: 'cciCheckDigits' };
  return valid;
}
