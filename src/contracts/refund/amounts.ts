/**
 * Requested amounts (SPEC §5): exact decimal STRINGS in canonical form '1234567.89', never numbers.
 * The browser reads the masked form '1.234.567,89' with `parseAmountInput`; it is shown with
 * `formatAmount` of src/contracts/format.ts.
 */
import { z } from 'zod';
import { text } from './shared';

/** Canonical amount: up to 7 integer digits, optional 1–2 decimals, '.' as decimal point. */
export const AMOUNT_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;

/** '007.5' -> '7.50'. Expects a string matching AMOUNT_PATTERN. */
export function normalizeAmount(value: string): string {
  const [integer, decimals = ''] = value.split('.');
  return `${integer.replace(/^0+(?=\d)/, '')}.${decimals.padEnd(2, '0')}`;
}

/** Whether a canonical amount is greater than zero (string test: no float involved). */
export function isPositiveAmount(value: string): boolean {
  return /[1-9]/.test(value);
}

/**
 * Reads the masked input of SPEC §5 ('.' thousands, ',' decimals): '1.234.567,89' -> '1234567.89'.
 * Also accepts unseparated digits ('1234,5'). Returns null for anything else (negatives, letters,
 * more than 7 integer digits or 2 decimals, misplaced thousands dots).
 */
export function parseAmountInput(masked: string): string | null {
  const value = masked.trim();
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const integer = match[1].replace(/\./g, '');
  const canonical = match[2] === undefined ? integer : `${integer}.${match[2]}`;
  return AMOUNT_PATTERN.test(canonical) ? normalizeAmount(canonical) : null;
}

/** A requested amount: canonical decimal string, greater than 0, normalized to two decimals. */
export const amountSchema = z
  .string(text.amountRequired)
  .trim()
  .min(1, text.amountRequired)
  .regex(AMOUNT_PATTERN, text.amountInvalid)
  .transform(normalizeAmount)
  .refine(isPositiveAmount, text.amountNotPositive);
