/**
 * Requested amounts (SPEC §5, issue 40): exact decimal STRINGS in canonical form '1234567.89',
 * never numbers. What the traveller types ('1.234,56', '1,234.56', 'US$ 1.234,56') is read by
 * the one parser, `parseAmount` of src/contracts/money.ts, in the browser and here; shown with
 * `formatAmount`/`formatMoney` of src/contracts/format.ts in the currency's minor units.
 */
import { amountField } from '../amountInput';
import { type AmountReading, parseAmount } from '../money';
import { MAX_AMOUNT_INTEGER_DIGITS } from './limits';
import { text } from './shared';

/** How a refund amount is read: up to 7 integer digits, the currency's minor units. */
export function readRefundAmount(
  typed: string,
  currency?: string | null,
  options: { positive?: boolean } = {},
): AmountReading {
  return parseAmount(typed, { currency, maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS, ...options });
}

/** A requested amount: greater than 0, up to 7 integer digits, answered as '1234.50'. */
export const amountSchema = amountField({
  maxIntegerDigits: MAX_AMOUNT_INTEGER_DIGITS,
  positive: true,
  required: text.amountRequired,
});
