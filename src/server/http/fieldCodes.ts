/**
 * Issue 42 (field codes): the code and values of each field message a portal route answers, beside
 * the SPEC's unchanged `{field: [messages]}` (src/contracts/i18n/coded.ts `FIELD_CODES_KEY`). A
 * message's code is the catalogue key whose Spanish it is, or whose template it reads back against
 * with these values (`codeOfSpanish`); a message the catalogue does not have gets null. Only the
 * traveller's routes carry codes, and only when the request asks for them (the portal's client
 * sends `X-Message-Codes`): every other answer keeps the SPEC's shape exactly.
 */
import type { FieldErrors } from '../../contracts/fieldErrors';
import { FIELD_CODES_KEY, type FieldCodes, MESSAGE_CODES_HEADER } from '../../contracts/i18n/coded';
import { codeOfSpanish } from '../../contracts/i18n/core';

/** The traveller's routes (the portal, its link pages, the terms page, its uploads). */
const PORTAL_ROUTES = [
  /^\/api\/refund_data\//,
  /^\/api\/authentication_pending_doc\//,
  /^\/api\/upload_pending_doc\//,
  /^\/api\/terms\//,
  /^\/images\/upload-image/,
];

export function isPortalRoute(url: string): boolean {
  return PORTAL_ROUTES.some((pattern) => pattern.test(url));
}

/** Each field's messages' codes, in order; null when no message of the answer has one. */
export function fieldCodesOf(fields: FieldErrors): FieldCodes | null {
  const codes: FieldCodes = {};
  let any = false;
  for (const [field, texts] of Object.entries(fields)) {
    codes[field] = texts.map((text) => {
      const coded = typeof text === 'string' ? codeOfSpanish(text) : null;
      if (coded) any = true;
      return coded;
    });
  }
  return any ? codes : null;
}

/** Whether a request asks for codes (the header, any value). */
export function asksForCodes(headers: Record<string, string | string[] | undefined>): boolean {
  return headers[MESSAGE_CODES_HEADER.toLowerCase()] !== undefined;
}

/** A field-error answer's body, with its codes on a portal route that asked for them. */
export function fieldErrorsBody(
  fields: FieldErrors,
  detail: string | undefined,
  request: { url: string; headers: Record<string, string | string[] | undefined> },
): Record<string, unknown> {
  const body: Record<string, unknown> = detail ? { detail, ...fields } : { ...fields };
  if (!isPortalRoute(request.url) || !asksForCodes(request.headers) || FIELD_CODES_KEY in fields) return body;
  const codes = fieldCodesOf(fields);
  return codes ? { ...body, [FIELD_CODES_KEY]: codes } : body;
}
