/**
 * Money fields (issue 40): the zod field every contract uses for an amount (the server reads what
 * the browser read, with the same parser), and what a field shows under a typed amount ('Se
 * cargará: USD 1.000,50' or why it cannot be read). Parser: ./money.ts; display: ./format.ts.
 */
import { z } from 'zod';
import { formatAmount, formatMoney } from './format';
import { amountsMessages } from './messages/amounts';
import {
  type AmountOptions,
  type AmountReading,
  amountErrorMessage,
  parseAmount,
  parseAmountNumber,
} from './money';

export interface AmountFieldOptions extends AmountOptions {
  /** The message when nothing was given (default 'Ingrese un monto.'). */
  required?: string;
  /** '' and an absent value read as 0 (fields that default to zero). */
  emptyIsZero?: boolean;
}

/** A typed amount or a JSON number -> its reading (the one parser). */
export function readAmount(value: unknown, options: AmountOptions = {}): AmountReading {
  if (typeof value === 'number') return parseAmountNumber(value, options);
  return parseAmount(typeof value === 'string' ? value : '', options);
}

/** A typed amount as the canonical decimal ('1.234,5' -> '1234.50'), or null when it cannot be read. */
export function canonicalAmount(typed: string, options: AmountOptions = {}): string | null {
  const reading = parseAmount(typed, options);
  return reading.ok ? reading.decimal : null;
}

/**
 * A money (or decimal) field of a contract: a typed amount ('1.000,50', '1,000.50', 'US$ 10')
 * or a number, answered as the canonical decimal ('1000.50'); refusals in Spanish.
 */
export function amountField(options: AmountFieldOptions = {}) {
  const required = options.required ?? amountsMessages.required;
  return z
    .union([z.number(), z.string()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? required : amountsMessages.unreadable,
    })
    .transform((value, context) => {
      const typed = options.emptyIsZero && typeof value === 'string' && value.trim() === '' ? '0' : value;
      const reading = readAmount(typed, options);
      if (!reading.ok) {
        context.issues.push({
          code: 'custom',
          message: reading.error === 'required' ? required : amountErrorMessage(reading),
          input: value,
        });
        return z.NEVER;
      }
      return reading.decimal;
    });
}

export interface AmountFeedback {
  /** How it was understood ('Se cargará: USD 1.000,50'), when that is not exactly what was typed. */
  understood: string | null;
  /** Why it cannot be read, in Spanish (null when it can, or nothing was typed). */
  problem: string | null;
}

/**
 * What a money field shows under what was typed: the reading in the display format when it
 * differs from the typed text (always for an ambiguous '1.000'), or why it cannot be read.
 */
export function amountFeedback(
  typed: string,
  options: AmountOptions & { verb?: (shown: string) => string } = {},
): AmountFeedback {
  if (typed.trim() === '') return { understood: null, problem: null };
  const reading = parseAmount(typed, options);
  if (!reading.ok) return { understood: null, problem: amountErrorMessage(reading) };
  const shown = options.currency
    ? formatMoney(reading.decimal, options.currency)
    : formatAmount(reading.decimal);
  const asTyped = formatAmount(reading.decimal, options.currency ?? null);
  const verb = options.verb ?? amountsMessages.willLoad;
  return {
    understood: reading.ambiguous || typed.trim() !== asTyped ? verb(shown) : null,
    problem: null,
  };
}
