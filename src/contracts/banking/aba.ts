import { type AbaReason, type CheckResult, invalid, valid, weightedSum } from './result';

export const ABA_LENGTH = 9;
const ABA_WEIGHTS = [3, 7, 1] as const;

/** Removes spaces and hyphens. */
export function normalizeAba(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** US ABA routing number: 9 digits with 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function checkAba(value: string): CheckResult<AbaReason> {
  const aba = normalizeAba(value);
  if (aba === '') return invalid('abaRequired');
  if (!/^\d+$/.test(aba) || aba.length !== ABA_LENGTH) return invalid('abaLength');
  if (weightedSum(aba, ABA_WEIGHTS) % 10 !== 0) return invalid('abaCheckDigit');
  return valid;
}
