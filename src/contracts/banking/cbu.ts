import { findArgentineBank } from '../static/banks';
import {
  type AliasReason,
  type CbuOrAliasReason,
  type CbuReason,
  type CheckResult,
  invalid,
  valid,
  weightedSum,
} from './result';

/** CBU length (SPEC §5, §9). */
export const CBU_LENGTH = 22;
export const ALIAS_MIN_LENGTH = 6;
export const ALIAS_MAX_LENGTH = 20;

const BANK_BLOCK_WEIGHTS = [7, 1, 3, 9, 7, 1, 3] as const;
const ACCOUNT_BLOCK_WEIGHTS = [3, 9, 7, 1] as const;

/** Removes spaces, dots and hyphens people paste along with a CBU. */
export function normalizeCbu(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

function mod10CheckDigit(digits: string, weights: readonly number[]): number {
  return (10 - (weightedSum(digits, weights) % 10)) % 10;
}

/** Whether both CBU check digits (8th and 22nd) are right. Expects 22 digits. */
function cbuCheckDigitsMatch(cbu: string): boolean {
  return (
    mod10CheckDigit(cbu.slice(0, 7), BANK_BLOCK_WEIGHTS) === Number(cbu[7]) &&
    mod10CheckDigit(cbu.slice(8, 21), ACCOUNT_BLOCK_WEIGHTS) === Number(cbu[21])
  );
}

/**
 * Argentine CBU: 22 digits, two check digits (bank-and-branch block, account block).
 * When `bankCode` (BCRA entity code, e.g. '285') is given, the CBU's first three digits must match.
 */
export function checkCbu(value: string, bankCode?: string): CheckResult<CbuReason> {
  const cbu = normalizeCbu(value);
  if (cbu === '') return invalid('cbuRequired');
  if (!/^\d+$/.test(cbu) || cbu.length !== CBU_LENGTH) return invalid('cbuLength');
  if (!cbuCheckDigitsMatch(cbu)) return invalid('cbuCheckDigits');
  if (bankCode !== undefined && bankCode.trim() !== '') {
    const expected = findArgentineBank(bankCode)?.code ?? bankCode.trim().padStart(3, '0');
    if (cbu.slice(0, 3) !== expected) return invalid('cbuBankMismatch');
  }
  return valid;
}

/** Trims the alias; letters keep their case (aliases are case-insensitive for banks). */
export function normalizeAlias(value: string): string {
  return value.trim();
}

/** CBU alias: 6 to 20 characters among letters, digits, '.' and '-'. */
export function checkAlias(value: string): CheckResult<AliasReason> {
  const alias = normalizeAlias(value);
  if (alias === '') return invalid('aliasRequired');
  if (!/^[A-Za-z0-9.-]+$/.test(alias)) return invalid('aliasCharacters');
  if (alias.length < ALIAS_MIN_LENGTH || alias.length > ALIAS_MAX_LENGTH) return invalid('aliasLength');
  return valid;
}

/**
 * ARG payment data needs a CBU or an alias (SPEC §5: one of the two). A non-empty CBU is checked
 * first; otherwise the alias is checked; both empty gives 'cbuOrAliasRequired'.
 */
export function checkCbuOrAlias(
  cbu: string,
  alias: string,
  bankCode?: string,
): CheckResult<CbuReason | AliasReason | CbuOrAliasReason> {
  if (normalizeCbu(cbu) !== '') return checkCbu(cbu, bankCode);
  if (normalizeAlias(alias) !== '') return checkAlias(alias);
  return invalid('cbuOrAliasRequired');
}
