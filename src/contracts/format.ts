/**
 * How amounts, counts and dates are shown, in ONE place for the browser and the server (PDFs,
 * mails, exports): SPEC §5 and ARCHITECTURE 'Client' (dates dd/MM/yyyy, amounts 1.234,56).
 *
 * - Amounts are exact decimal strings ('1234.5', as PostgreSQL numeric answers): never a float.
 *   Shown with '.' every three integer digits and ',' before the currency's ISO 4217 minor units
 *   (two without a currency): '1.234,50'; with a currency, the ISO code first: 'USD 1.234,50',
 *   'CLP 84.900' (issue 40). Typed amounts are read by `parseAmount` of ./money.ts.
 * - Calendar dates travel as 'YYYY-MM-DD' and are shown 'DD/MM/YYYY' (no time zone involved).
 * - Instants (ISO timestamps) are shown in the local time of whoever runs the code.
 *
 * Typing masks (what an input shows while it is typed) are input, not display: see
 * src/client/refund/masks.ts (dates only: amounts are never masked, issue 40).
 */

import { DEFAULT_MINOR_UNITS, minorUnitsOf } from './money';

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '1234567' -> '1.234.567' (digits only; the amount mask groups what is typed with it too). */
export function groupThousands(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+$)/g, '.');
}

const amountFormatters = new Map<string, Intl.NumberFormat>();
function amountFormatter(decimals: number, locale = 'es-AR'): Intl.NumberFormat {
  const key = `${locale} ${decimals}`;
  let formatter = amountFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: true,
    });
    amountFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * An exact decimal as shown, with the currency's ISO 4217 minor units (issue 40; two decimals
 * when no currency is given): '1234567.5' -> '1.234.567,50', ('84900.00', 'CLP') -> '84.900',
 * '-12.345' -> '-12,345' (never a significant decimal dropped). Intl.NumberFormat 'es-AR' given
 * the decimal string, so exact. Null, undefined and '' are ''; anything that is not a decimal is
 * shown unchanged.
 */
export function formatAmount(value: unknown, currency?: string | null): string {
  return formatAmountInLocale('es-AR', value, currency);
}

/** `formatAmount` in another locale (issue 42: the traveller's language; i18n/core.ts). */
export function formatAmountInLocale(locale: string, value: unknown, currency?: string | null): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value).trim();
  const match = DECIMAL.exec(text);
  if (!match) return text;
  const [, sign, integers, fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '').length;
  const minor = currency ? minorUnitsOf(currency) : DEFAULT_MINOR_UNITS;
  const decimals = Math.max(minor, significant);
  return amountFormatter(decimals, locale).format(
    `${sign}${integers}.${fraction || '0'}` as unknown as number,
  );
}

/** An amount with its currency: 'USD 1.234,50', 'CLP 84.900' ('' without an amount; the amount alone without a currency). */
export function formatMoney(value: unknown, currency: unknown): string {
  const code = currency === null || currency === undefined ? '' : String(currency).trim();
  const amount = formatAmount(value, code || null);
  if (amount === '') return '';
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
