/** Validation with the shared zod contracts; failures become DRF-style field errors. */
import { z } from 'zod';
import type { FieldErrors } from '../../contracts/http';
import { messages } from '../../contracts/messages';
import { findUnstorableText } from '../../contracts/text';
import { FieldValidationError, notFound } from './errors';

export function zodIssuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  // Own keys only: a body key such as `constructor` or `__proto__` must not reach Object.prototype.
  const add = (key: string, message: string) => {
    if (!Object.hasOwn(fields, key))
      Object.defineProperty(fields, key, { value: [], enumerable: true, writable: true, configurable: true });
    if (!fields[key].includes(message)) fields[key].push(message);
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      for (const key of issue.keys) add(`${prefix}${key}`, messages.common.unknownField);
      continue;
    }
    const key = issue.path.length ? issue.path.map(String).join('.') : 'non_field_errors';
    add(key, humanMessage(issue));
  }
  return fields;
}

function humanMessage(issue: z.core.$ZodIssue): string {
  // zod's own English defaults never reach a user: contracts give Spanish messages, and any
  // issue left without one falls back to a generic Spanish text.
  if (issue.message && !/^(Invalid|Too|Expected|Unrecognized|Required)/.test(issue.message))
    return issue.message;
  if (issue.code === 'too_big' && typeof issue.maximum === 'number' && issue.origin === 'string') {
    return messages.common.tooLong(Number(issue.maximum));
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return messages.common.required;
  return messages.common.required === issue.message ? issue.message : messages.common.invalidValue;
}

/**
 * Parses with a contract written with either zod API (classic or mini). Text the database cannot
 * store (NUL, lone surrogates; see contracts/text.ts) is refused first, anywhere in the input, so
 * no contract can let it through to a query.
 */
/** Refuses (400, per field) any text PostgreSQL cannot store: NUL, lone surrogates. */
export function assertStorable(data: unknown): void {
  const unstorable = findUnstorableText(data);
  if (!unstorable.length) return;
  const fields = Object.fromEntries(
    unstorable.map((path) => [
      path.length ? path.map(String).join('.') : 'non_field_errors',
      [messages.common.invalidCharacters],
    ]),
  );
  throw new FieldValidationError(fields);
}

export function parseWith<T extends z.core.$ZodType>(schema: T, data: unknown): z.output<T> {
  assertStorable(data);
  const result = z.safeParse(schema, data);
  if (!result.success) throw new FieldValidationError(zodIssuesToFieldErrors(result.error.issues));
  return result.data;
}

/** A canonical id: decimal digits without leading zeros (issue 28 §6: `00001` is not record 1). */
const idParamSchema = z.object({ id: z.string().regex(/^[1-9]\d{0,9}$/) });
const MAX_INTEGER_ID = 2_147_483_647;

/**
 * The `:id` of a route, parsed here once for every route: anything but a positive 32-bit integer
 * written canonically (no leading zeros, sign, spaces or exponent) is a 404 (no such record).
 */
export function idFromParams(params: unknown): number {
  const parsed = idParamSchema.safeParse(params);
  const id = parsed.success ? Number(parsed.data.id) : 0;
  if (id < 1 || id > MAX_INTEGER_ID) throw notFound(messages.common.notFound);
  return id;
}
