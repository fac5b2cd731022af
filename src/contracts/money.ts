/**
 * Money, issue 40 (SPEC §5 'Amount mask', §9): the ONE reader of typed amounts, for every money
 * field of the browser and every amount the server accepts, and each currency's ISO 4217 minor
 * units (CLP, JPY and PYG have none). Shown with `formatAmount`/`formatMoney` of ./format.ts.
 *
 * What people type is read, never rewritten:
 * - both separators: '1.000,50', '1,000.50', '1000.50', '1000,5', '1 000,50', a pasted
 *   'US$ 1.000,50' or '1.000,50 USD' (a currency code other than the chosen one is refused);
 * - the LAST separator followed by 1 or 2 digits is the decimal one; with both '.' and ',' the
 *   last one is decimal and the other groups thousands (in threes, else refused);
 * - a single separator followed by exactly 3 digits after 1–3 digits ('1.000', '1,000') is
 *   ambiguous: a thousands separator as in Spanish (a decimal one for currencies with 3 minor
 *   units), and the reading says `ambiguous` so the field shows how it understood it;
 *   in a currency without minor units ('84.900' CLP) it can only be thousands: not ambiguous;
 * - never a digit dropped or shifted: more integer digits than allowed, more decimals than the
 *   currency has (trailing zeros aside), a negative sign, letters or misplaced separators give an
 *   error key (Spanish text: `amountErrorMessage`, messages/amounts.ts).
 */
import { amountsMessages } from './messages/amounts';

/** Decimals of an amount whose currency is not known (and of unknown currencies). */
export const DEFAULT_MINOR_UNITS = 2;
/** Integer digits allowed unless a field says otherwise. */
export const DEFAULT_MAX_INTEGER_DIGITS = 12;

/**
 * ISO 4217 minor units where the CLDR data of `Intl` differs (CLDR gives 0 for these, ISO 4217
 * says 2, or 3 for IQD).
 */
const ISO_4217_DIFFERENCES: Readonly<Record<string, number>> = {
  AFN: 2,
  ALL: 2,
  COP: 2,
  HUF: 2,
  IDR: 2,
  IQD: 3,
  IRR: 2,
  KPW: 2,
  LAK: 2,
  LBP: 2,
  MGA: 2,
  MMK: 2,
  PKR: 2,
  SLL: 2,
  SOS: 2,
  SYP: 2,
  YER: 2,
};

const minorUnitsCache = new Map<string, number>();

/**
 * A currency's ISO 4217 minor units: 'CLP' 0, 'USD' 2, 'KWD' 3; 2 for an unknown or missing code.
 * From `Intl.NumberFormat(...).resolvedOptions().maximumFractionDigits`, corrected to ISO 4217
 * where CLDR differs.
 */
export function minorUnitsOf(currency: string | null | undefined): number {
  const code = (currency ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return DEFAULT_MINOR_UNITS;
  const known = minorUnitsCache.get(code);
  if (known !== undefined) return known;
  let units = ISO_4217_DIFFERENCES[code];
  if (units === undefined) {
    try {
      units = new Intl.NumberFormat('es-AR', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits as number;
    } catch {
      units = DEFAULT_MINOR_UNITS;
    }
  }
  minorUnitsCache.set(code, units);
  return units;
}

export type AmountError =
  | 'required'
  | 'negative'
  | 'unreadable'
  | 'misplacedSeparator'
  | 'tooManyDecimals'
  | 'tooLarge'
  | 'otherCurrency'
  | 'notPositive';

export interface AmountOptions {
  /** The amount's currency (ISO code): its minor units decide the decimals. */
  currency?: string | null;
  /** Decimals when no currency is given (default 2: money; 6 for a quote). */
  decimals?: number;
  /** Integer digits allowed (default 12). */
  maxIntegerDigits?: number;
  /** Refuse zero ('notPositive'). */
  positive?: boolean;
}

export type AmountReading =
  | {
      ok: true;
      /** Canonical decimal with exactly `decimals` decimals: '1000.50', '84900' (CLP). */
      decimal: string;
      /** The value in minor units: 100050n, 84900n. */
      minor: bigint;
      decimals: number;
      /** Read by the es rule from a single separator before three digits ('1.000'): show how. */
      ambiguous: boolean;
    }
  | {
      ok: false;
      error: AmountError;
      decimals: number;
      maxIntegerDigits: number;
      currency: string | null;
      /** The other currency written in the text ('otherCurrency'). */
      typedCurrency?: string;
    };

const SPACES = /[\s\u00a0\u2007\u2009\u202f'’]/g;
const MINUS = /[-\u2212\u2012\u2013\u2014\ufe63\uff0d]/;
/** Symbols and short marks a pasted amount may carry, with the currency they name (null: '$', any). */
const MARKS: ReadonlyArray<readonly [RegExp, string | null]> = [
  [/^(?:US\$|U\$S|U\$D|USD\$)$/i, 'USD'],
  [/^R\$$/i, 'BRL'],
  [/^S\/\.?$/i, 'PEN'],
  [/^(?:Gs\.?|₲)$/i, 'PYG'],
  [/^€$/, 'EUR'],
  [/^£$/, 'GBP'],
  [/^¥$/, 'JPY'],
  [/^\$$/, null],
];

let isoCodes: ReadonlySet<string> | null | undefined;
function isCurrencyCode(code: string): boolean {
  if (isoCodes === undefined) {
    const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
    isoCodes = intl.supportedValuesOf ? new Set(intl.supportedValuesOf('currency')) : null;
  }
  return isoCodes ? isoCodes.has(code) : /^[A-Z]{3}$/.test(code);
}

/**
 * What surrounds the number ('US$ ', ' USD', '-'): the currency it names (null: none), whether it
 * holds a minus, or false when it is not a currency mark.
 */
function readMarks(text: string): { currency: string | null; negative: boolean } | false {
  let negative = false;
  let currency: string | null = null;
  const tokens = text
    .replace(/[-\u2212\u2012\u2013\u2014\ufe63\uff0d]/g, () => {
      negative = true;
      return ' ';
    })
    .split(/\s+/)
    .filter(Boolean);
  for (const token of tokens) {
    const mark = MARKS.find(([pattern]) => pattern.test(token));
    let named: string | null;
    if (mark) named = mark[1];
    else if (/^[A-Za-z]{3}\$?$/.test(token) && isCurrencyCode(token.slice(0, 3).toUpperCase()))
      named = token.slice(0, 3).toUpperCase();
    else if (/^\$[A-Za-z]{3}$/.test(token) && isCurrencyCode(token.slice(1).toUpperCase()))
      named = token.slice(1).toUpperCase();
    else return false;
    if (named && currency && named !== currency) return false;
    currency = named ?? currency;
  }
  return { currency, negative };
}

/**
 * Reads a typed amount (module comment): `{ok: true, decimal, minor, ambiguous}` or `{ok: false,
 * error}`. The same function validates on the server (the contracts' amount fields).
 */
export function parseAmount(typed: string, options: AmountOptions = {}): AmountReading {
  const currency = options.currency?.trim().toUpperCase() || null;
  const decimals = currency ? minorUnitsOf(currency) : (options.decimals ?? DEFAULT_MINOR_UNITS);
  const maxIntegerDigits = options.maxIntegerDigits ?? DEFAULT_MAX_INTEGER_DIGITS;
  const fail = (error: AmountError, typedCurrency?: string): AmountReading => ({
    ok: false,
    error,
    decimals,
    maxIntegerDigits,
    currency,
    ...(typedCurrency ? { typedCurrency } : {}),
  });

  const text = typed.trim();
  if (text === '') return fail('required');
  let start = text.search(/\d/);
  if (start < 0) return MINUS.test(text) ? fail('negative') : fail('unreadable');
  // ',50' or '$.50': a separator right before the first digit belongs to the number, unless it
  // ends a mark ('Gs.150', 'S/.100').
  const before = text[start - 1];
  if ((before === '.' || before === ',') && (start === 1 || /[\s$€£¥-]/.test(text[start - 2] ?? '')))
    start -= 1;
  let end = text.length;
  while (end > start && !/[\d.,]/.test(text[end - 1] ?? '')) end -= 1;
  const prefix = text.slice(0, start);
  const core = text.slice(start, end);
  const marks = readMarks(`${prefix} ${text.slice(end)}`);
  if (marks === false) return fail('unreadable');
  if (marks.negative) return fail('negative');
  if (marks.currency && currency && marks.currency !== currency) return fail('otherCurrency', marks.currency);
  if (!/^[\d.,\s\u00a0\u2007\u2009\u202f'’]+$/.test(core)) return fail('unreadable');

  // Which separator is the decimal one.
  const lastDot = core.lastIndexOf('.');
  const lastComma = core.lastIndexOf(',');
  let decimalMark: '.' | ',' | null = null;
  let ambiguous = false;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalMark = lastDot > lastComma ? '.' : ',';
    if (core.split(decimalMark).length > 2) return fail('misplacedSeparator');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const mark = lastDot >= 0 ? '.' : ',';
    const count = core.split(mark).length - 1;
    const last = core.lastIndexOf(mark);
    const after = core.slice(last + 1);
    const before = core.slice(0, last);
    if (count > 1) {
      decimalMark = null;
    } else if (/^\d{3}$/.test(after) && /^[1-9]\d{0,2}$/.test(before)) {
      // '1.000', '1,000': ambiguous; thousands unless the currency has three decimals.
      if (decimals >= 3) decimalMark = mark;
      else decimalMark = null;
      ambiguous = decimals !== 0;
    } else {
      decimalMark = mark;
    }
  }

  const cut = decimalMark ? core.lastIndexOf(decimalMark) : core.length;
  const integerText = core.slice(0, cut);
  const fractionText = decimalMark ? core.slice(cut + 1) : '';
  if (!/^\d*$/.test(fractionText)) return fail('misplacedSeparator');
  const groups = integerText
    .replace(SPACES, ' ')
    .trim()
    .split(/[.,\s]/);
  if (groups.length > 1) {
    const [first = '', ...rest] = groups;
    if (!/^\d{1,3}$/.test(first) || rest.some((group) => !/^\d{3}$/.test(group)))
      return fail('misplacedSeparator');
  } else if (!/^\d*$/.test(groups[0] ?? '')) return fail('misplacedSeparator');
  const integerDigits = groups.join('');
  if (integerDigits === '' && fractionText === '') return fail('unreadable');

  return readDigits(
    integerDigits,
    fractionText,
    ambiguous,
    { decimals, maxIntegerDigits, positive: options.positive },
    fail,
  );
}

/** The limits every reading shares: decimals of the currency, integer digits, zero. */
function readDigits(
  integerDigits: string,
  fractionText: string,
  ambiguous: boolean,
  limits: { decimals: number; maxIntegerDigits: number; positive?: boolean },
  fail: (error: AmountError) => AmountReading,
): AmountReading {
  const { decimals } = limits;
  if (fractionText.length > decimals && /[1-9]/.test(fractionText.slice(decimals)))
    return fail('tooManyDecimals');
  const fraction = fractionText.slice(0, decimals).padEnd(decimals, '0');
  const integer = integerDigits.replace(/^0+(?=\d)/, '') || '0';
  if (integer.length > limits.maxIntegerDigits) return fail('tooLarge');
  const minor = BigInt(`${integer}${fraction}`);
  if (limits.positive && minor === 0n) return fail('notPositive');
  return {
    ok: true,
    decimal: decimals > 0 ? `${integer}.${fraction}` : integer,
    minor,
    decimals,
    ambiguous,
  };
}

/**
 * A JSON number as an amount (API clients): its decimal digits as JavaScript writes them, with
 * the same limits as a typed amount ('.' is always the decimal point here: nothing to guess).
 */
export function parseAmountNumber(value: number, options: AmountOptions = {}): AmountReading {
  const currency = options.currency?.trim().toUpperCase() || null;
  const decimals = currency ? minorUnitsOf(currency) : (options.decimals ?? DEFAULT_MINOR_UNITS);
  const maxIntegerDigits = options.maxIntegerDigits ?? DEFAULT_MAX_INTEGER_DIGITS;
  const fail = (error: AmountError): AmountReading => ({
    ok: false,
    error,
    decimals,
    maxIntegerDigits,
    currency,
  });
  if (!Number.isFinite(value)) return fail('unreadable');
  if (value < 0 || Object.is(value, -0)) return fail(value === 0 ? 'notPositive' : 'negative');
  const match = /^(\d+)(?:\.(\d+))?$/.exec(String(value));
  if (!match) return fail(value >= 1 ? 'tooLarge' : 'tooManyDecimals');
  return readDigits(
    match[1] ?? '0',
    match[2] ?? '',
    false,
    { decimals, maxIntegerDigits, positive: options.positive },
    fail,
  );
}

/** The Spanish text of a refusal (messages/amounts.ts). */
export function amountErrorMessage(reading: Extract<AmountReading, { ok: false }>): string {
  const text = amountsMessages;
  switch (reading.error) {
    case 'tooManyDecimals':
      return text.tooManyDecimals(reading.decimals, reading.currency);
    case 'tooLarge':
      return text.tooLarge(reading.maxIntegerDigits);
    case 'otherCurrency':
      return text.otherCurrency(reading.typedCurrency ?? '', reading.currency ?? '');
    default:
      return text[reading.error];
  }
}

/** A decimal string's value in minor units of `decimals` ('12.5', 2 -> 1250n); null if not a decimal. */
export function minorOf(decimal: string, decimals: number): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return null;
  const [, sign, integer = '0', fraction = ''] = match;
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) return null;
  const value = BigInt(`${integer}${fraction.slice(0, decimals).padEnd(decimals, '0')}`);
  return sign ? -value : value;
}

/** Minor units back to a decimal string (12345n, 2 -> '123.45'; 84900n, 0 -> '84900'). */
export function decimalOfMinor(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const integer = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${integer}${decimals > 0 ? `.${fraction}` : ''}`;
}
