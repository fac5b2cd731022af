/**
 * Result shape shared by every bank-account check. Checks return stable reason codes, never
 * text; the Spanish explanation for each code lives in `messages/banking.ts`.
 */
export const cbuReasons = ['cbuRequired', 'cbuLength', 'cbuCheckDigits', 'cbuBankMismatch'] as const;
export const aliasReasons = ['aliasRequired', 'aliasLength', 'aliasCharacters'] as const;
export const cbuOrAliasReasons = ['cbuOrAliasRequired'] as const;
export const cuitReasons = [
  'cuitRequired',
  'cuitSeparators',
  'cuitLength',
  'cuitPrefix',
  'cuitCheckDigit',
] as const;
export const rutReasons = ['rutRequired', 'rutFormat', 'rutCheckDigit'] as const;
export const clabeReasons = ['clabeRequired', 'clabeLength', 'clabeCheckDigit'] as const;
export const abaReasons = ['abaRequired', 'abaLength', 'abaCheckDigit'] as const;
export const ibanReasons = [
  'ibanRequired',
  'ibanFormat',
  'ibanCountry',
  'ibanLength',
  'ibanCheckDigits',
] as const;
export const swiftReasons = ['swiftRequired', 'swiftLength', 'swiftFormat', 'swiftCountry'] as const;
export const cciReasons = ['cciRequired', 'cciLength'] as const;

/** Every refusal code a banking check can return. */
export const bankingReasons = [
  ...cbuReasons,
  ...aliasReasons,
  ...cbuOrAliasReasons,
  ...cuitReasons,
  ...rutReasons,
  ...clabeReasons,
  ...abaReasons,
  ...ibanReasons,
  ...swiftReasons,
  ...cciReasons,
] as const;

/** Non-blocking remarks: the value is accepted but the user should double-check it. */
export const bankingWarnings = ['cciCheckDigits'] as const;

export type CbuReason = (typeof cbuReasons)[number];
export type AliasReason = (typeof aliasReasons)[number];
export type CbuOrAliasReason = (typeof cbuOrAliasReasons)[number];
export type CuitReason = (typeof cuitReasons)[number];
export type RutReason = (typeof rutReasons)[number];
export type ClabeReason = (typeof clabeReasons)[number];
export type AbaReason = (typeof abaReasons)[number];
export type IbanReason = (typeof ibanReasons)[number];
export type SwiftReason = (typeof swiftReasons)[number];
export type CciReason = (typeof cciReasons)[number];
export type BankingReason = (typeof bankingReasons)[number];
export type BankingWarning = (typeof bankingWarnings)[number];
/** Every code that has a Spanish message: refusals and warnings. */
export type BankingMessageCode = BankingReason | BankingWarning;

export interface Valid<W extends BankingWarning = never> {
  readonly ok: true;
  readonly warning?: W;
}

export interface Invalid<R extends BankingReason> {
  readonly ok: false;
  readonly reason: R;
}

export type CheckResult<R extends BankingReason, W extends BankingWarning = never> = Valid<W> | Invalid<R>;

export const valid: Valid = { ok: true };

export function invalid<R extends BankingReason>(reason: R): Invalid<R> {
  return { ok: false, reason };
}

/** Sum of each digit times the weight at the same position (weights cycle if shorter). */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    sum += Number(digits[i]) * weights[i % weights.length];
  }
  return sum;
}
