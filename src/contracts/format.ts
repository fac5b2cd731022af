/**
 * How amounts, counts and dates are shown, in ONE place for the browser and the server (PDFs,
 * mails, exports): SPEC §5 and ARCHITECTURE 'Client' (dates dd/MM/yyyy, amounts 1.234,56).
 *
 * - Amounts are exact decimal strings ('1234.5', as PostgreSQL numeric answers): never a float.
 *   Shown with '.' every three integer digits and ',' before at least two decimals:
 *   '1.234,50'; with a currency, the ISO code first: 'USD 1.234,50'.
 * - Calendar dates travel as 'YYYY-MM-DD' and are shown 'DD/MM/YYYY' (no time zone involved).
 * - Instants (ISO timestamps) are shown in the local time of whoever runs the code.
 *
 * Typing masks (what an input shows while it is typed) are input, not display: see
 * src/client/refund/masks.ts.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '1234567' -> '1.234.567' (digits only; the amount mask groups what is typed with it too). */
export function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+$)/g, '.');
}

/**
 * An exact decimal as shown: '1234567.5' -> '1.234.567,50', '007' -> '7,00', '-12.345' ->
 * '-12,345' (never fewer than two decimals, never a significant one dropped). Null, undefined
 * and '' are ''; anything that is not a decimal is shown unchanged.
 */
export function formatAmount(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const match = DECIMAL.exec(text);
  if (!match) return text;
  const [, sign, integers, fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  const decimals = significant.length > 2 ? significant : fraction.padEnd(2, '0').slice(0, 2);
  return `${sign}${groupThousands(integers.replace(/^0+(?=\d)/, ''))},${decimals}`;
}

/** An amount with its currency: 'USD 1.234,50' ('' without an amount; the amount alone without a currency). */
export function formatMoney(value: unknown, currency: unknown): string {
  const amount = formatAmount(value);
  if (amount === '') return '';
  const code = currency === null || currency === undefined ? '' : String(currency).trim();
  return code ? `${code} ${amount}` : amount;
}

/** A whole count as shown: 12345 -> '12.345'. */
export function formatCount(value: number): string {
  return `${value < 0 ? '-' : ''}${groupThousands(String(Math.trunc(Math.abs(value))))}`;
}

/** A calendar date 'YYYY-MM-DD' -> 'DD/MM/YYYY'; null, undefined and '' are ''; anything else unchanged. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = ISO_DATE.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

const pad = (part: number) => String(part).padStart(2, '0');

function instantOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** An instant (ISO timestamp or Date) as 'DD/MM/YYYY' in local time; '' when empty, unchanged text when not a date. */
export function formatLocalDate(value: unknown): string {
  const date = instantOf(value);
  if (!date) return typeof value === 'string' ? value : '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** An instant (ISO timestamp or Date) as 'DD/MM/YYYY HH:mm' in local time; as formatLocalDate otherwise. */
export function formatLocalDateTime(value: unknown): string {
  const date = instantOf(value);
  if (!date) return typeof value === 'string' ? value : '';
  return `${formatLocalDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An instant's calendar date in UTC as 'DD/MM/YYYY' (the server's mails: no reader's time zone is known). */
export function formatUtcDate(value: Date): string {
  return formatDate(value.toISOString().slice(0, 10));
}
