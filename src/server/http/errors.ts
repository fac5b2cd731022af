/**
 * Errors that the app's error handler turns into `{detail}` or `{field: [messages]}` answers, and
 * the one mapper of database errors (issue 10: never a 500 for what the database refuses).
 */
import type { FieldErrors } from '../../contracts/http';
import type { CodedValues } from '../../contracts/i18n/coded';
import type { MessageKey } from '../../contracts/i18n/es';
import { messages } from '../../contracts/messages';

/**
 * Issue 42: the catalogue key and values of a `detail` with variable parts (src/contracts/i18n),
 * answered beside it so the portal shows it in the traveller's language: `{detail, code, values}`.
 * The detail stays the SPEC's Spanish (the key's Spanish with these values; tests check both agree).
 */
export interface CodedDetail {
  code: MessageKey;
  values: CodedValues;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly coded?: CodedDetail,
  ) {
    super(detail);
  }
}

/** The answer's body of an HttpError: `{detail}`, with `code` and `values` when it has them. */
export function httpErrorBody(error: HttpError): { detail: string; code?: MessageKey; values?: CodedValues } {
  return error.coded
    ? { detail: error.detail, code: error.coded.code, values: error.coded.values }
    : { detail: error.detail };
}

export class FieldValidationError extends Error {
  constructor(
    readonly fields: FieldErrors,
    readonly statusCode = 400,
    /** A message for the whole answer beside the field errors (SPEC §7: an office's failed sub-record, 'Hubo un error'). */
    readonly detail?: string,
  ) {
    super('Validation failed');
  }
}

export const notFound = (detail: string) => new HttpError(404, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const unauthorized = (detail: string) => new HttpError(401, detail);
export const badRequest = (detail: string) => new HttpError(400, detail);

export interface PgErrorLike {
  code: string;
  detail?: string;
  constraint?: string;
  column?: string;
  message?: string;
}

/** The PostgreSQL error under drizzle's wrapper (node-postgres and PGlite alike). */
export function pgErrorOf(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code))
      return candidate as PgErrorLike;
    current = candidate.cause;
  }
  return null;
}

export interface DatabaseErrorOptions {
  /** Database column -> API field (default: the column without `_id`). */
  fieldOfColumn?: (column: string) => string;
  /** A delete: a foreign key violation means the row is still in use. */
  removing?: boolean;
}

const defaultFieldOf = (column: string) => column.replace(/_id$/, '');

/**
 * What the database refused, as the answer the client gets; null when the error is not one the
 * client caused (a bug or an outage: a 500). Data exceptions (class 22: NUL bytes, untranslatable
 * characters, numbers out of range, bad text representations, too long, bad dates) answer 400;
 * integrity violations (class 23) a field error or 409; serialization failures and deadlocks
 * (class 40) 409, to be retried.
 */
export function databaseErrorAnswer(
  error: unknown,
  options: DatabaseErrorOptions = {},
): HttpError | FieldValidationError | null {
  const pgError = pgErrorOf(error);
  if (!pgError) return null;
  const fieldOf = options.fieldOfColumn ?? defaultFieldOf;
  const keyColumn = /Key \(([a-z_]+)\)/.exec(pgError.detail ?? '')?.[1];
  const fieldError = (column: string | undefined, message: string, status = 400) =>
    column
      ? new FieldValidationError({ [fieldOf(column)]: [message] } satisfies FieldErrors)
      : new HttpError(status, message);
  const text = messages.resources;
  const { code } = pgError;
  switch (code) {
    case '22021': // character_not_in_repertoire (a NUL byte)
    case '22P05': // untranslatable_character
    case '22P06': // nonstandard_use_of_escape_character
    case '22025': // invalid_escape_sequence
      return new HttpError(400, messages.common.invalidCharacters);
    case '22001': // string_data_right_truncation
    case '22003': // numeric_value_out_of_range
    case '22008': // datetime_field_overflow
    case '22015': // interval_field_overflow
    case '2201W': // invalid_row_count_in_limit_clause
    case '2201X': // invalid_row_count_in_result_offset_clause
      return fieldError(pgError.column, text.outOfRange);
    case '22007': // invalid_datetime_format
      return fieldError(pgError.column, messages.common.dateInvalid);
    case '23001': // restrict_violation
      return new HttpError(409, text.inUse);
    case '23503': // foreign_key_violation
      if (options.removing || /still referenced/.test(pgError.detail ?? ''))
        return new HttpError(409, text.inUse);
      return fieldError(keyColumn, text.referenceMissing);
    case '23505': // unique_violation
      return fieldError(keyColumn, text.duplicate, 409);
    case '23502': // not_null_violation
      return fieldError(pgError.column, messages.common.required);
    case '23P01': // exclusion_violation
      return new HttpError(409, text.duplicate);
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      return new HttpError(409, messages.common.conflict);
    case '54000': // program_limit_exceeded (an index row too large, a too-long tsvector)
      return new HttpError(400, text.outOfRange);
  }
  // Any other data exception (22P02 invalid_text_representation, 22023 invalid_parameter_value,
  // 2201B invalid_regular_expression, ...) or integrity violation (23514 check_violation).
  if (code.startsWith('22') || code.startsWith('23')) return new HttpError(400, messages.common.invalidValue);
  return null;
}

/**
 * Multipart bodies that cannot be read (no boundary, a boundary too long, truncated, malformed):
 * busboy throws plain errors without a status, which would otherwise answer 500.
 */
const MALFORMED_MULTIPART = new RegExp(
  [
    '^Multipart: Boundary not found',
    '^Boundary required',
    'unexpected end of multipart data$',
    '^Unsupported Content-Type',
    '^Missing Content-Type-header',
    '^The needle cannot',
  ].join('|'),
  'i',
);

export function malformedBodyAnswer(error: unknown): HttpError | null {
  if (!(error instanceof Error) || 'statusCode' in error) return null;
  return MALFORMED_MULTIPART.test(error.message)
    ? new HttpError(400, messages.common.malformedRequest)
    : null;
}
