/**
 * A voucher's prices keep one rule (issue 32): **net price = final price − commission**.
 *
 * - Changing the commission or the final price recalculates the net price.
 * - Changing the net price (without the commission) recalculates the commission.
 * - A write that changes the commission and the net price together must already follow the rule.
 * - Neither the commission nor the net price may be negative (a commission above the final price).
 *
 * The server applies it inside the voucher's write (src/server/resources/bookings.ts), so what is
 * stored always follows the rule whatever a client sends; the voucher form applies the same
 * function as the user types, so the recalculation is shown before saving. Amounts are exact
 * decimal strings ('1234.56'), computed in cents: never a float.
 */
import { canonicalAmount } from './amountInput';
import { formatAmount } from './format';
import { messages } from './messages';

export const PRICE_FIELDS = ['final_price', 'commission', 'net_price'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export type VoucherPrices = Record<PriceField, string>;

export type PriceOutcome =
  | { ok: true; prices: VoucherPrices }
  | { ok: false; field: PriceField; message: string };

const text = messages.bookings;

function centsOf(decimal: string): bigint {
  const [integer, fraction = ''] = decimal.replace(/^-/, '').split('.');
  const cents = BigInt(integer || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return decimal.startsWith('-') ? -cents : cents;
}

function decimalOf(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const absolute = cents < 0n ? -cents : cents;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}

/**
 * The prices after a write that set `changed` (already in `prices`): what the rule derives, or
 * which field breaks it and why.
 */
export function reconcilePrices(prices: VoucherPrices, changed: ReadonlySet<PriceField>): PriceOutcome {
  const final = centsOf(prices.final_price);
  let commission = centsOf(prices.commission);
  let net = centsOf(prices.net_price);
  if (changed.has('net_price') && !changed.has('commission')) commission = final - net;
  else if (changed.has('net_price')) {
    if (final - commission !== net) return { ok: false, field: 'net_price', message: text.netPriceRule };
  } else if (changed.size > 0) net = final - commission;
  if (commission < 0n) return { ok: false, field: 'commission', message: text.commissionNegative };
  if (net < 0n)
    return {
      ok: false,
      field: changed.has('net_price') ? 'net_price' : 'commission',
      message: changed.has('net_price') ? text.netAboveFinal : text.commissionAboveFinal,
    };
  return {
    ok: true,
    prices: { final_price: prices.final_price, commission: decimalOf(commission), net_price: decimalOf(net) },
  };
}

/**
 * The voucher form's recalculation as the user types (amounts typed either way, '1.234,56' or
 * '1,234.56', read by the one parser): the other price follows the rule once every price involved reads as an amount;
 * while one does not, the values stay as typed (the save's validation says why).
 */
export function recalculatedPrices<T extends Partial<Record<PriceField, unknown>>>(
  values: T,
  changed: string,
): T {
  if (!(PRICE_FIELDS as readonly string[]).includes(changed)) return values;
  const read = (field: PriceField) => {
    const value = values[field];
    return typeof value === 'string' && value.trim() !== ''
      ? canonicalAmount(value, { maxIntegerDigits: 9 })
      : null;
  };
  const [final, commission, net] = PRICE_FIELDS.map(read);
  if (final === null || commission === null || net === null) return values;
  const outcome = reconcilePrices(
    { final_price: final, commission, net_price: net },
    new Set([changed as PriceField]),
  );
  if (!outcome.ok) return values;
  const derived = changed === 'net_price' ? 'commission' : 'net_price';
  return { ...values, [derived]: formatAmount(outcome.prices[derived]) };
}
