/**
 * Money totals kept exact (issue 43 'reconciled to the last peso'): amounts as the API writes them
 * ('1234.56') summed as integer cents in BigInt, keyed by office|month[|currency], with a count.
 */

/** key → [count, final price, commission, net] (cents, as decimal strings for JSON). */
export type Totals = Record<string, [number, string, string, string]>;

export const emptyTotals = (): Totals => ({});

/** '1234.5' → 123450n; anything unreadable counts as 0 (and shows as a difference). */
export function centsOf(value: unknown): bigint {
  const text = typeof value === 'number' ? value.toFixed(2) : String(value ?? '0').trim();
  const match = /^(-?)(\d*)(?:\.(\d{0,2})\d*)?$/.exec(text);
  if (!match) return 0n;
  const cents = BigInt(match[2] || '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
  return match[1] ? -cents : cents;
}

export function addTotals(totals: Totals, key: string, amounts: unknown[]) {
  const current = totals[key] ?? [0, '0', '0', '0'];
  totals[key] = [
    current[0] + 1,
    String(BigInt(current[1]) + centsOf(amounts[0])),
    String(BigInt(current[2]) + centsOf(amounts[1])),
    String(BigInt(current[3]) + centsOf(amounts[2])),
  ];
}

/** 123450n → '1234.50' */
export function formatCents(cents: string | bigint): string {
  const value = BigInt(cents);
  const sign = value < 0n ? '-' : '';
  const absolute = value < 0n ? -value : value;
  return `${sign}${absolute / 100n}.${String(absolute % 100n).padStart(2, '0')}`;
}
