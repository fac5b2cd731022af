/**
 * The one mapper from an HTTP outcome to the error machines read, shared by the staff client
 * (api/http.ts, ofetch) and the refund portal's client (api/refund.ts, fetch): a `{detail}`
 * answer shows its detail, a `{field: [messages]}` answer its field errors, no answer at all is a
 * network error, and an answer that does not match its contract says so (a version mismatch is
 * not the user's connection). No HTTP library here, so the portal's first load stays small.
 */
import { FieldErrorsError } from '../../../machines/support/errors';
import { isFieldErrors } from '../../contracts/fieldErrors';
import { rememberCodedMessage, takeFieldCodes } from '../../contracts/i18n/coded';
import { commonMessages } from '../../contracts/messages/common';

export type ApiErrorKind = 'answer' | 'network' | 'contract';

/** A failed call: `detail` for `{detail}` answers, `fields` for field errors. */
export class ApiError extends FieldErrorsError {
  constructor(
    readonly status: number,
    message: string,
    fields: Record<string, string[]> = {},
    readonly kind: ApiErrorKind = 'answer',
    detail: string | null = null,
  ) {
    super(fields, message, detail);
  }
}

export interface AnswerMessages {
  /** What a 401/403 without a detail says (the portal: the refund access expired). */
  unauthorized?: string;
}

/** The error for a non-2xx answer with its (parsed JSON, or null) body. */
export function errorFromAnswer(status: number, answer: unknown, options: AnswerMessages = {}): ApiError {
  // Issue 42: a portal field-error answer's `codes` (beside its messages) are remembered and taken
  // off: they are no field (src/contracts/i18n/coded.ts `takeFieldCodes`).
  const body =
    answer && typeof answer === 'object' && !Array.isArray(answer)
      ? takeFieldCodes(answer as Record<string, unknown>)
      : answer;
  if (body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string') {
    // A detail with the field errors that caused it (an office's failed sub-record, SPEC §7).
    // Issue 42: a portal answer's code and values (beside its Spanish detail) for the traveller's
    // language (src/contracts/i18n/coded.ts).
    const { detail, ...rest } = body as Record<string, unknown>;
    if (typeof rest.code === 'string') {
      rememberCodedMessage(detail, rest.code, rest.values);
      delete rest.code;
      delete rest.values;
    }
    const fields = isFieldErrors(rest) && Object.keys(rest).length > 0 ? rest : {};
    return new ApiError(
      status,
      body.detail,
      fields,
      'answer',
      Object.keys(fields).length ? String(detail) : null,
    );
  }
  if (isFieldErrors(body))
    return new ApiError(status, Object.values(body).flat()[0] ?? commonMessages.genericError, body);
  if ((status === 401 || status === 403) && options.unauthorized)
    return new ApiError(status, options.unauthorized);
  if (status === 429) return new ApiError(status, commonMessages.tooManyRequests);
  return new ApiError(status, commonMessages.genericRetry);
}

/** No answer: the request never reached the server or the connection dropped. */
export function networkError(): ApiError {
  return new ApiError(0, commonMessages.networkError, {}, 'network');
}

/** A 2xx answer whose body does not match the contract. */
export function contractMismatch(status: number): ApiError {
  return new ApiError(status, commonMessages.contractMismatch, {}, 'contract');
}

/** Parses a successful answer with its contract; a mismatch is reported as one. */
export function parseAnswer<T>(parse: (value: unknown) => T, status: number, body: unknown): T {
  try {
    return parse(body);
  } catch {
    throw contractMismatch(status);
  }
}
