/**
 * The traveller's terms page (issue 28 §4; SPEC §7 GET /sendAcceptConditions/{data}): the terms
 * mail links to the public page `/terms/<voucher>/<expiry>/<MAC>` (issue 39: it lapses); the page reads the conditions with a GET that
 * changes nothing and records the acceptance with a POST when the traveller presses 'Acepto'.
 * `{data}` is `<voucher id>.<expiry>.<32-character MAC>`, signed by the server. Shared by the server and
 * the public bundle (nothing of the staff side).
 */
import { z } from 'zod';
import { messages } from './messages';

/** The `{data}` of the page's path after /terms/ (`<voucher>/<expiry>/<MAC>`). */
export const termsDataOfPage = (rest: string): string => rest.replace(/\/+$/, '').split('/').join('.');

/**
 * A link's `{data}`: the voucher id, its expiry (Unix seconds, issue 39) and the MAC (base64url,
 * 32 characters), separated by dots. Links mailed before issue 39 have no expiry
 * (`<voucher>.<MAC>`): still read, and answered as lapsed.
 */
export const termsLinkDataSchema = z
  .string({ error: messages.terms.linkInvalid })
  .regex(/^[1-9]\d{0,9}(\.[1-9]\d{0,11})?\.[A-Za-z0-9_-]{32}$/, messages.terms.linkInvalid);

export const termsPaths = {
  /**
   * The public page of the web app the mail links to: `/terms/<voucher>/<expiry>/<MAC>` (no dot in the
   * path, so the server serves the app for it rather than looking for a file).
   */
  page: (data: string) => `/terms/${data.split('.').map(encodeURIComponent).join('/')}`,
  /** GET: what the page shows (reading only). */
  view: (data: string) => `/terms/${encodeURIComponent(data)}/`,
  /** POST: records the acceptance (idempotent). */
  accept: (data: string) => `/terms/${encodeURIComponent(data)}/accept/`,
} as const;

export const termsCoverageSchema = z.object({
  name: z.string(),
  description: z.string(),
  /** The limit as an exact decimal, null when the product states none. */
  limit: z.string().nullable(),
  currency: z.string(),
});
export type TermsCoverage = z.infer<typeof termsCoverageSchema>;

/** GET /api/terms/{data}/: the conditions of the voucher's product and whether they were accepted. */
export const termsViewSchema = z.object({
  voucher_id: z.number().int(),
  product: z.string(),
  supplier: z.string(),
  rate: z.string(),
  date_in: z.string(),
  date_out: z.string(),
  coverages: z.array(termsCoverageSchema),
  /** When the traveller accepted (ISO 8601), null while not accepted. */
  accepted_at: z.string().nullable(),
});
export type TermsView = z.infer<typeof termsViewSchema>;

/** POST /api/terms/{data}/accept/: the acceptance as recorded (the first one, on a repeat). */
export const termsAcceptedSchema = z.object({
  status: z.literal('OK'),
  accepted_at: z.string(),
  /** True when it had been recorded before (the POST changed nothing). */
  already: z.boolean(),
});
export type TermsAccepted = z.infer<typeof termsAcceptedSchema>;
