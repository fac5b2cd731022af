/**
 * The event date (SPEC §5): sent as ISO 'YYYY-MM-DD', typed as 'DD/MM/AAAA' in the claim dialog;
 * shown with `formatDate` of src/contracts/format.ts.
 */
import { z } from 'zod';
import { isIsoDate, isRealDate, text } from './shared';

/** Oldest event date accepted ('Fecha fuera de rango' before it). */
export const MIN_SINISTER_DATE = '2000-01-01';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * 'DD/MM/AAAA' -> 'YYYY-MM-DD', or null when it is not a real calendar date in that format.
 * Issue 42: the unambiguous ISO form 'YYYY-MM-DD' is accepted too, in every language (an English
 * reader's MM/DD/YYYY habit cannot be told from DD/MM/YYYY; the English label names both forms).
 */
export function parseDateInput(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (iso) return isRealDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? iso[0] : null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

/** Today in the local time zone of whoever runs it, as 'YYYY-MM-DD'. */
export function localTodayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The latest calendar date that is "today" somewhere on Earth (UTC+14). The server cannot know the
 * traveller's time zone, so a payload date is refused only when it is after this.
 */
export function latestTodayIso(now: Date = new Date()): string {
  const ahead = new Date(now.getTime() + 14 * 3_600_000);
  return `${ahead.getUTCFullYear()}-${pad(ahead.getUTCMonth() + 1)}-${pad(ahead.getUTCDate())}`;
}

/** The event date as sent: ISO, a real date, not before 2000-01-01 and not after today. */
export const sinisterDateSchema = z
  .string(text.sinisterDateRequired)
  .trim()
  .min(1, text.sinisterDateRequired)
  .refine(isIsoDate, text.dateInvalid)
  .refine((iso) => iso >= MIN_SINISTER_DATE && iso <= latestTodayIso(), text.dateOutOfRange);

/**
 * The event date as typed in the dialog ('DD/MM/AAAA'), strictly not after the browser's today;
 * outputs ISO. Use in the browser; the payload uses `sinisterDateSchema`.
 */
export const sinisterDateInputSchema = z
  .string(text.sinisterDateRequired)
  .trim()
  .min(1, text.sinisterDateRequired)
  .transform((value, context) => {
    const iso = parseDateInput(value);
    if (iso === null) {
      context.addIssue({ code: 'custom', message: text.dateInvalid });
      return z.NEVER;
    }
    if (iso < MIN_SINISTER_DATE || iso > localTodayIso()) {
      context.addIssue({ code: 'custom', message: text.dateOutOfRange });
      return z.NEVER;
    }
    return iso;
  });
