/** Input masks of the refund portal (SPEC §5): amounts '1.234.567,89' and dates '__/__/____'. */
import { groupThousands } from '../../contracts/format';
import { MAX_AMOUNT_INTEGER_DIGITS } from '../../contracts/refund';

/**
 * Masks what is typed into an amount: digits and one ',' only (so never negative), '.' every
 * three integer digits, up to 7 integer digits and 2 decimals. Works on strings only.
 */
export function maskAmountInput(raw: string): string {
  // '1234.56' or '12.5' (typed or pasted with a point): a point followed by one or two digits at
  // the end is the decimal separator, never a thousands dot (issue 17: the mask never multiplies
  // an amount by a hundred). Thousands dots are followed by three digits.
  const decimalPoint = raw.includes(',') ? null : /\.(\d{1,2})$/.exec(raw.trim());
  const normalized = decimalPoint ? `${raw.trim().slice(0, decimalPoint.index)},${decimalPoint[1]}` : raw;
  const cleaned = normalized.replace(/[^\d,]/g, '');
  const comma = cleaned.indexOf(',');
  const integerPart = comma < 0 ? cleaned : cleaned.slice(0, comma);
  const decimals =
    comma < 0
      ? ''
      : cleaned
          .slice(comma + 1)
          .replace(/,/g, '')
          .slice(0, 2);
  const integer = integerPart.replace(/^0+(?=\d)/, '').slice(0, MAX_AMOUNT_INTEGER_DIGITS);
  const grouped = groupThousands(integer);
  return comma < 0 ? grouped : `${grouped || '0'},${decimals}`;
}

/** Masks a date as DD/MM/AAAA while typing. */
export function maskDateInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}
