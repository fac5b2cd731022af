/**
 * Field builders shared by the master-data contracts: required texts with the spec's Spanish
 * messages (section 5 'Admin forms'), numeric strings, dates, decimals and references.
 * A missing or null value answers the field's own required message; a wrong type a generic one.
 */
import { z } from 'zod';
import { amountField } from '../amountInput';
import { paginatedSchema } from '../http';
import { messages } from '../messages';
import type { Resource } from '../permissions';
import { isStorableText } from '../text';

const text = messages.resources;

const isAbsent = (input: unknown) => input === undefined || input === null;

/** The largest value of a PostgreSQL `integer` column (ids, references, codes). */
export const MAX_DB_INTEGER = 2_147_483_647;

/** A required, trimmed text of at most `max` characters. */
export function requiredText(requiredMessage: string, max: number) {
  return z
    .string({ error: (issue) => (isAbsent(issue.input) ? requiredMessage : text.mustBeText) })
    .trim()
    .min(1, requiredMessage)
    .max(max, messages.common.tooLong(max))
    .refine(isStorableText, messages.common.invalidCharacters);
}

/** An optional text (absent or null become ''), trimmed, of at most `max` characters. */
export function optionalText(max: number) {
  return z
    .string({ error: text.mustBeText })
    .trim()
    .max(max, messages.common.tooLong(max))
    .refine(isStorableText, messages.common.invalidCharacters)
    .nullish()
    .transform((value) => value ?? '');
}

/** Digits only (section 5: phone and doc_number are numeric). */
export function requiredDigits(requiredMessage: string, max: number) {
  return requiredText(requiredMessage, max).regex(/^\d+$/, messages.common.mustBeNumeric);
}

export function optionalDigits(max: number) {
  return optionalText(max).refine((value) => value === '' || /^\d+$/.test(value), {
    message: messages.common.mustBeNumeric,
  });
}

export function requiredEmail(requiredMessage: string, max = 254) {
  return requiredText(requiredMessage, max).email(messages.common.emailInvalid);
}

export function optionalEmail(max = 254) {
  return optionalText(max).refine((value) => value === '' || z.email().safeParse(value).success, {
    message: messages.common.emailInvalid,
  });
}

/** An http(s) address, optional; '' or null become null. */
export function optionalUrl(max = 500) {
  return optionalText(max)
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), {
      message: text.invalidUrl,
    })
    .transform((value) => (value === '' ? null : value));
}

/** The id of a referenced record (a select): a positive integer. */
export function requiredReference(requiredMessage: string) {
  return z
    .number({ error: (issue) => (isAbsent(issue.input) ? requiredMessage : text.invalidChoice) })
    .int(text.invalidChoice)
    .positive(text.invalidChoice)
    .max(MAX_DB_INTEGER, text.invalidChoice);
}

export function optionalReference() {
  return z
    .number({ error: text.invalidChoice })
    .int(text.invalidChoice)
    .positive(text.invalidChoice)
    .max(MAX_DB_INTEGER, text.invalidChoice)
    .nullish()
    .transform((value) => value ?? null);
}

export function optionalBoolean(fallback: boolean) {
  return z.boolean({ error: text.mustBeBoolean }).optional().default(fallback);
}

/** Today's date as YYYY-MM-DD in local time. */
export function todayIso(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Reads YYYY-MM-DD or DD/MM/AAAA; answers YYYY-MM-DD, or null when it is not a real date. */
export function toIsoDate(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const local = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : local
      ? [Number(local[3]), Number(local[2]), Number(local[1])]
      : [0, 0, 0];
  if (!year) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2100-12-31';

/** A typed date as YYYY-MM-DD, or the message saying why it is not one. */
function checkDate(value: string, notAfterToday = false): { iso: string } | { message: string } {
  const iso = toIsoDate(value);
  if (!iso) return { message: messages.common.dateInvalid };
  const max = notAfterToday ? todayIso() : MAX_DATE;
  if (iso < MIN_DATE || iso > max) return { message: messages.common.dateOutOfRange };
  return { iso };
}

/**
 * A date given as YYYY-MM-DD or DD/MM/AAAA (section 5), answered as YYYY-MM-DD; `notAfterToday`
 * for birth dates (section 5: maximum today).
 */
export function requiredDate(requiredMessage: string, options: { notAfterToday?: boolean } = {}) {
  return requiredText(requiredMessage, 10).transform((value, context) => {
    const checked = checkDate(value, options.notAfterToday);
    if ('message' in checked) {
      context.issues.push({ code: 'custom', message: checked.message, input: value });
      return z.NEVER;
    }
    return checked.iso;
  });
}

/** An optional date: absent, null, '' or blanks mean none (null); otherwise as requiredDate. */
export function optionalDate() {
  return z
    .string({ error: messages.common.dateInvalid })
    .trim()
    .max(10, messages.common.dateInvalid)
    .refine(isStorableText, messages.common.invalidCharacters)
    .nullish()
    .transform((value, context) => {
      if (!value) return null;
      const checked = checkDate(value);
      if ('message' in checked) {
        context.issues.push({ code: 'custom', message: checked.message, input: value });
        return z.NEVER;
      }
      return checked.iso;
    });
}

/**
 * A non-negative decimal given as a number or as typed ('1.234,56', '1,234.56'), read by the one
 * amount parser (src/contracts/money.ts, issue 40) and answered as a string with '.' (exact
 * decimals never pass through floats on the server).
 */
export function requiredDecimal(requiredMessage: string, options: { integers: number; decimals: number }) {
  return amountField({
    required: requiredMessage,
    decimals: options.decimals,
    maxIntegerDigits: options.integers,
  });
}

/** A timestamp as the API answers it (ISO 8601). */
export const timestampSchema = z.string();
/** An exact decimal as the API answers it. */
export const decimalSchema = z.string();

/** How a list query parameter filters (section 2 'List filters'). */
export type FilterDescriptor =
  | { kind: 'contains' }
  | { kind: 'exact' }
  | { kind: 'search' }
  /** `true` | `false` | `all`; `default` applies when the parameter is absent. */
  | { kind: 'switch'; default: 'true' | 'false' | 'all' };

export const CONTAINS = { kind: 'contains' } as const;
export const EXACT = { kind: 'exact' } as const;
export const SEARCH = { kind: 'search' } as const;
export const SWITCH_VALUES = ['true', 'false', 'all'] as const;

/**
 * A master-data module's API: path, permission resource, the answered entity, the write body,
 * list filters and the fields `ordering` accepts. Server and client both read it.
 */
export interface ResourceContract<
  Entity extends z.ZodType = z.ZodType,
  Write extends z.ZodType = z.ZodType,
  Filters extends Record<string, FilterDescriptor> = Record<string, FilterDescriptor>,
  Ordering extends string = string,
> {
  /** Path under /api, with its trailing slash, for example '/zone/'. */
  path: string;
  resource: Resource;
  entity: Entity;
  write: Write;
  /** The body a create needs when it is stricter than `write` (Usuarios: the password). */
  create?: z.ZodType;
  filters: Filters;
  ordering: readonly Ordering[];
  /** The ordering applied when none is asked for (a field, '-' for descending). */
  defaultOrdering: string;
}

export function defineContract<
  Entity extends z.ZodType,
  Write extends z.ZodType,
  Filters extends Record<string, FilterDescriptor>,
  Ordering extends string,
>(contract: ResourceContract<Entity, Write, Filters, Ordering>) {
  return { ...contract, list: paginatedSchema(contract.entity) };
}
