/**
 * Issue 42 (third part): structured server messages. A portal answer whose Spanish `detail` has
 * variable parts carries, beside it, the message's catalogue key and values:
 * `{ "detail": "Puede enviar hasta 5 archivos.", "code": "links.filesTooMany", "values": { "max": 5 } }`
 * (the `detail` stays exactly the SPEC's Spanish). The API client keeps the pair here under the
 * Spanish text it received (the machines hold only that text), and `Translator.fromSpanish` formats
 * the key in the traveller's language; reading the Spanish back against its template stays as the
 * fallback for answers without a code. No dependencies: the staff client's error mapper imports it.
 */

export type CodedValues = Record<string, string | number>;

export interface CodedMessage {
  code: string;
  values: CodedValues;
}

/** A catalogue key as the catalogues write them ('links.filesTooMany'). */
const CODE = /^[a-zA-Z]+\.[a-zA-Z_]+$/;
const MAX_REMEMBERED = 200;
const MAX_VALUES = 10;
const MAX_VALUE_LENGTH = 500;

const remembered = new Map<string, CodedMessage>();

/** The values of an answer, when they are a small flat object of texts and finite numbers. */
function valuesOf(raw: unknown): CodedValues | null {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) return null;
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_VALUES) return null;
  const values: CodedValues = {};
  for (const [name, value] of entries) {
    if (!/^[a-zA-Z]+$/.test(name)) return null;
    if (typeof value === 'number' && Number.isFinite(value)) values[name] = value;
    else if (typeof value === 'string' && value.length <= MAX_VALUE_LENGTH) values[name] = value;
    else return null;
  }
  return values;
}

/** Keeps an answer's code and values under its Spanish detail (anything malformed is ignored). */
export function rememberCodedMessage(detail: unknown, code: unknown, values: unknown): void {
  if (typeof detail !== 'string' || detail === '' || typeof code !== 'string' || !CODE.test(code)) return;
  const parsed = valuesOf(values);
  if (!parsed) return;
  remembered.delete(detail);
  remembered.set(detail, { code, values: parsed });
  if (remembered.size > MAX_REMEMBERED) {
    const oldest = remembered.keys().next().value;
    if (oldest !== undefined) remembered.delete(oldest);
  }
}

/** The code and values a server answer gave with this Spanish text, if any. */
export function codedMessageOf(detail: string): CodedMessage | undefined {
  return remembered.get(detail);
}

/**
 * Issue 42 (field codes): a field-error answer of the portal carries, beside the SPEC's
 * `{field: [messages]}`, the code of each message in the same order under `codes`:
 * `{ "cbu": ["El CBU debe tener 22 dígitos."], "codes": { "cbu": [{ "code": "…", "values": {} }] } }`
 * (null for a message without one), when the request asked for them (`MESSAGE_CODES_HEADER`).
 * `codes` is never a field: the client takes it off the answer
 * (`takeFieldCodes`) and keeps each message's code under its Spanish text, as for a `detail`.
 */
export const FIELD_CODES_KEY = 'codes';

/**
 * The request header with which the portal's client asks for `codes` (any value): answers to
 * other callers (the staff client, scripts, the SPEC's clients) keep the SPEC's shape exactly.
 */
export const MESSAGE_CODES_HEADER = 'X-Message-Codes';

export type FieldCodes = Record<string, (CodedMessage | null)[]>;

/**
 * Takes the `codes` off a field-error answer and remembers each message's code and values; returns
 * the answer without it (anything malformed in `codes` is ignored, the messages stay as sent).
 */
export function takeFieldCodes(body: Record<string, unknown>): Record<string, unknown> {
  const codes = body[FIELD_CODES_KEY];
  // A list is a field's messages (a staff form's field named 'codes'): left as it is.
  if (!codes || typeof codes !== 'object' || Array.isArray(codes)) return body;
  const { [FIELD_CODES_KEY]: _codes, ...fields } = body;
  for (const [field, coded] of Object.entries(codes as Record<string, unknown>)) {
    const texts = fields[field];
    if (!Array.isArray(texts) || !Array.isArray(coded)) continue;
    coded.slice(0, texts.length).forEach((entry, index) => {
      if (entry && typeof entry === 'object')
        rememberCodedMessage(
          texts[index],
          (entry as { code?: unknown }).code,
          (entry as { values?: unknown }).values,
        );
    });
  }
  return fields;
}

/** Forgets every remembered answer (tests). */
export function forgetCodedMessages(): void {
  remembered.clear();
}
