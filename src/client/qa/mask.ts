/**
 * Masking of recorded data: document numbers, names, emails, credentials, bank data and file
 * contents never leave the browser in a recording.
 *
 * - By key name: any value under a key whose words name personal or bank data (`document_number`,
 *   `first_name`, `email`, `cbu`, `alias`, `cuit_cuil`, `iban`, `swift`, `account_number`, `rut`,
 *   `password`, `token`...), the `value` of a `{field: 'cbu', value}` pair, and the payload of an
 *   event whose type names such data (`PASSWORD_CHANGED`, `EMAIL_CHANGED`).
 * - By value shape, anywhere: email addresses, runs of seven or more digits (documents, CUIT,
 *   CBU, phones; dates and amounts with decimals are kept), IBAN-like codes, data URLs and long
 *   base64 text; files, blobs and byte arrays are reduced to their type and size.
 *
 * A masked string keeps its shape (letters become `x`/`X`, digits `0`, the rest stays), so a
 * masked email still looks like an email, a masked CBU still has 22 digits, and the machine's
 * guards take the same branches when QA replays the recording. Masking is idempotent.
 */

import { FieldErrorsError, UserFacingError } from '../../../machines/support/errors';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

const SENSITIVE_WORDS = new Set([
  'password',
  'passwd',
  'contrasena',
  'confirmation',
  'secret',
  'token',
  'access',
  'refresh',
  'hash',
  'authorization',
  'document',
  'documento',
  'doc',
  'dni',
  'passport',
  'pasaporte',
  'email',
  'mail',
  'correo',
  'username',
  'name',
  'names',
  'nombre',
  'nombres',
  'apellido',
  'apellidos',
  'surname',
  'lastname',
  'firstname',
  'fullname',
  'holder',
  'titular',
  'beneficiary',
  'beneficiario',
  'phone',
  'telefono',
  'celular',
  'mobile',
  'address',
  'adress',
  'direccion',
  'domicilio',
  'birth',
  'birthdate',
  'nacimiento',
  'cbu',
  'cvu',
  'alias',
  'cuit',
  'cuil',
  'iban',
  'swift',
  'bic',
  'account',
  'cuenta',
  'rut',
  'clabe',
  'routing',
  'aba',
  'sortcode',
  'card',
  'tarjeta',
]);

/** Keys whose values are file contents: dropped, whatever their shape. */
const CONTENT_WORDS = new Set(['content', 'contents', 'base64', 'blob', 'bytes', 'buffer', 'dataurl']);

/** Words of a key or an event type: `document_number`, `documentNumber`, `PASSWORD_CHANGED`. */
export function wordsOf(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** `document_type`, `account_id`, `email_valid`: about the data, not the data. */
const NEUTRAL_LAST_WORDS = new Set([
  'type',
  'kind',
  'id',
  'ids',
  'count',
  'required',
  'valid',
  'status',
  'label',
]);

export function isSensitiveKey(key: string): boolean {
  const words = wordsOf(key);
  if (words.length > 1 && NEUTRAL_LAST_WORDS.has(words.at(-1)!)) return false;
  return words.some((word) => SENSITIVE_WORDS.has(word)) || SENSITIVE_WORDS.has(words.join(''));
}

function isContentKey(key: string): boolean {
  return wordsOf(key).some((word) => CONTENT_WORDS.has(word));
}

/** Letters become `x`/`X`, digits `0`; spaces and punctuation stay. */
export function maskText(text: string): string {
  return text.replace(/\p{L}|\p{N}/gu, (char) =>
    /\p{N}/u.test(char) ? '0' : char === char.toLowerCase() && char !== char.toUpperCase() ? 'x' : 'X',
  );
}

export const FILE_CONTENT_MASK = '[file content removed]';

const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[^\s@"'<>(),;:]+/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
/** Seven or more digits, possibly grouped by dots, dashes, slashes or spaces. */
const DIGIT_RUN = /\d(?:[\d.\-/ ]*\d)?/g;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DATE = /^\d{1,2}\/\d{1,2}\/\d{2,4}$/;

function looksLikeFileContent(text: string): boolean {
  if (/^data:[^,]*,/.test(text)) return true;
  return text.length >= 200 && /^[A-Za-z0-9+/=\s_-]+$/.test(text) && !/\s{2,}/.test(text.trim());
}

/** Masks the sensitive shapes inside a free text. */
export function maskByShape(text: string): string {
  if (looksLikeFileContent(text)) return FILE_CONTENT_MASK;
  let result = text.replace(EMAIL, (match) => maskText(match)).replace(IBAN, (match) => maskText(match));
  result = result.replace(DIGIT_RUN, (match, offset: number, whole: string) => {
    const digits = match.replace(/\D/g, '').length;
    if (digits < 7) return match;
    if (ISO_DATE.test(match.trim()) || DATE.test(match.trim())) return match;
    // An amount with decimals (1.234.567,89) is not personal data.
    if (/^,\d{1,2}\b/.test(whole.slice(offset + match.length))) return match;
    return maskText(match);
  });
  return result;
}

function maskAll(value: unknown, seen: WeakSet<object>): JsonValue {
  if (typeof value === 'string') return value === '' ? '' : maskText(value);
  if (typeof value === 'number') return 0;
  return maskValue(value, seen, true);
}

function isBinary(value: object): value is ArrayBuffer | ArrayBufferView {
  return value instanceof ArrayBuffer || ArrayBuffer.isView(value);
}

/** How a recorded error is revived on replay: the machines read `UserFacingError` and its field errors. */
export type ErrorKind = 'user' | 'fields' | 'other';

function errorKindOf(error: unknown): ErrorKind {
  if (error instanceof FieldErrorsError) return 'fields';
  if (error instanceof UserFacingError) return 'user';
  return 'other';
}

/** An Error as text (errors are stored as text in recordings). */
export function errorText(error: unknown): string {
  if (error instanceof Error) return maskByShape(`${error.name || 'Error'}: ${error.message}`);
  if (typeof error === 'string') return maskByShape(error);
  try {
    return maskByShape(JSON.stringify(error) ?? String(error));
  } catch {
    return String(error);
  }
}

function maskValue(value: unknown, seen: WeakSet<object>, everything = false): JsonValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return everything && value !== '' ? maskText(value) : maskByShape(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'function' || typeof value === 'symbol') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Error) return errorText(value);
  if (typeof Blob !== 'undefined' && value instanceof Blob) {
    const name = typeof File !== 'undefined' && value instanceof File ? maskText(value.name) : null;
    return { file: true, name, type: value.type, size: value.size };
  }
  if (isBinary(value)) return { file: true, name: null, type: 'binary', size: value.byteLength };
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  try {
    if (value instanceof Map) return maskValue(Object.fromEntries(value), seen, everything);
    if (value instanceof Set) return maskValue([...value], seen, everything);
    if (Array.isArray(value)) return value.map((item) => maskValue(item, seen, everything));
    // Actor refs and other live objects in a context are not data.
    const record = value as Record<string, unknown>;
    if ('sessionId' in record && 'send' in record) return `[actor ${String(record.id)}]`;
    const pairKey = ['field', 'key', 'name'].map((key) => record[key]).find((key) => typeof key === 'string');
    const maskPairValue = typeof pairKey === 'string' && isSensitiveKey(pairKey);
    const result: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(record)) {
      if (item === undefined) continue;
      if (isContentKey(key) && item !== null && item !== '') result[key] = FILE_CONTENT_MASK;
      else if (everything || isSensitiveKey(key) || (maskPairValue && key === 'value'))
        result[key] = maskAll(item, seen);
      else result[key] = maskValue(item, seen);
    }
    return result;
  } finally {
    seen.delete(value);
  }
}

/** Any value (context, input, event payload) as masked JSON. */
export function maskData(value: unknown): JsonValue {
  return maskValue(value, new WeakSet());
}

/** An event as masked JSON; an event whose type names personal data has its whole payload masked. */
export function maskEvent(
  event: { type: string } & Record<string, unknown>,
): { type: string } & Record<string, JsonValue> {
  const everything = isSensitiveKey(event.type);
  const result: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(event)) {
    if (key === 'type' || item === undefined) continue;
    if (key === 'error') {
      result[key] = errorText(item);
      result.errorKind = errorKindOf(item);
      const fields = item instanceof FieldErrorsError ? item.fields : null;
      // Field errors are the server's messages about the fields, not the fields' values.
      if (fields && Object.keys(fields).length) {
        result.errorFields = Object.fromEntries(
          Object.entries(fields).map(([field, problems]) => [field, problems.map(maskByShape)]),
        );
      }
    } else result[key] = everything ? maskAll(item, new WeakSet()) : maskValue(item, new WeakSet());
  }
  return { type: event.type, ...result };
}
