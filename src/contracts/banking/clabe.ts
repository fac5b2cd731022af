import { type CheckResult, type ClabeReason, invalid, valid } from './result';

export const CLABE_LENGTH = 18;
const CLABE_WEIGHTS = [3, 7, 1] as const;

/** Removes spaces and hyphens. */
export function normalizeClabe(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The CLABE check digit for its first 17 digits. */
export function clabeCheckDigit(firstSeventeen: string): number {
  let sum = 0;
  for (let i = 0; i < firstSeventeen.length; i++) {
    sum += (Number(firstSeventeen[i]) * CLABE_WEIGHTS[i % 3]) % 10;
  }
  return (10 - (sum % 10)) % 10;
}

/** Mexican CLABE: 18 digits, last one a weighted (3, 7, 1) mod-10 check digit. */
export function checkClabe(value: string): CheckResult<ClabeReason> {
  const clabe = normalizeClabe(value);
  if (clabe === '') return invalid('clabeRequired');
  if (!/^\d+$/.test(clabe) || clabe.length !== CLABE_LENGTH) return invalid('clabeLength');
  if (clabeCheckDigit(clabe.slice(0, 17)) !== Number(clabe[17])) return invalid('clabeCheckDigit');
  return valid;
}
