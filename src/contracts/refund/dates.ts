/**
 * The event date (SPEC §5): sent as ISO 'YYYY-MM-DD', typed as 'DD/MM/AAAA' in the claim dialog
 * (issue 42: 'MM/DD/YYYY' in English, 'YYYY-MM-DD' in every language); shown with `formatDate` of
 * src/contracts/format.ts (the portal: the traveller's locale, src/contracts/i18n).
 */
import { z } from 'zod';
import { isIsoDate, isRealDate, text } from './shared';

/** Oldest event date accepted ('Fecha fuera de rango' before it). */
export const MIN_SINISTER_DATE = '2000-01-01';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * Issue 42: the order of day and month in a typed date: 'dmy' (DD/MM/YYYY, Spanish and
 * Portuguese) or 'mdy' (MM/DD/YYYY, the United States' English).
 */
export type DateOrder = 'dmy' | 'mdy';

/** The typed date's order in each language of the portal (src/contracts/i18n). */
export const DATE_ORDERS = { es: 'dmy', pt: 'dmy', en: 'mdy' } as const satisfies Record<
  'es' | 'pt' | 'en',
  DateOrder
>;

/** The order of a language's typed dates ('dmy' for anything but English). */
export function dateOrderOf(language: string | null | undefined): DateOrder {
  return language === 'en' ? DATE_ORDERS.en : 'dmy';
}

/**
 * A typed date -> 'YYYY-MM-DD', or null when it is not a real calendar date: 'DD/MM/AAAA' (or
 * 'MM/DD/YYYY' in the 'mdy' order, issue 42). The unambiguous ISO form 'YYYY-MM-DD' is accepted
 * too, in every language.
 */
export function parseDateInput(value: string, order: DateOrder = 'dmy'): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (iso) return isRealDate(Number(iso[1]), Number(iso[2]), Number(iso[3])) ? iso[0] : null;
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [first = '', second = '', year = ''] = match.slice(1);
  const [day, month] = order === 'mdy' ? [second, first] : [first, second];
  return isRealDate(Number(year), Number(month), Number(day)) ? `${year}-${month}-${day}` : null;
}

/** An ISO date as typed in the order: '2024-01-10' -> '10/01/2024' (dmy) or '01/10/2024' (mdy). */
export function typedDateOf(iso: string, order: DateOrder): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const [, year, month, day] = match;
  return order === 'mdy' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

/**
 * A date typed in one order, as the other order writes it (the traveller switched language): a
 * complete real date keeps its meaning ('10/01/2024' dmy -> '01/10/2024' mdy); anything else
 * (incomplete, not a date, the ISO form every order reads alike) stays as typed.
 */
export function retypeDate(typed: string, from: DateOrder, to: DateOrder): string {
  if (from === to || !/^\d{2}\/\d{2}\/\d{4}$/.test(typed.trim())) return typed;
  const iso = parseDateInput(typed, from);
  return iso === null ? typed : typedDateOf(iso, to);
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
 * The event date as typed in the dialog ('DD/MM/AAAA', or 'MM/DD/YYYY' in the 'mdy' order),
 * strictly not after the browser's today; outputs ISO. Use in the browser; the payload uses
 * `sinisterDateSchema`.
 */
function sinisterDateInputSchemaOf(order: DateOrder) {
  return z
    .string(text.sinisterDateRequired)
    .trim()
    .min(1, text.sinisterDateRequired)
    .transform((value, context) => {
      const iso = parseDateInput(value, order);
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
}

/** The typed event date in the Spanish and Portuguese order (DD/MM/AAAA). */
export const sinisterDateInputSchema = sinisterDateInputSchemaOf('dmy');
const mdySinisterDateInputSchema = sinisterDateInputSchemaOf('mdy');

/** Issue 42: the typed event date in a language's order (English: MM/DD/YYYY). */
export function sinisterDateInputSchemaIn(order: DateOrder) {
  return order === 'mdy' ? mdySinisterDateInputSchema : sinisterDateInputSchema;
}
