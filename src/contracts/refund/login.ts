/** The traveller's login (GET /refund_data/?voucher_id&document, SPEC §7) and the refund access token. */
import { z } from 'zod';
import { text } from './shared';
import { statusClaimSchema, timelineEntrySchema } from './status';

export const refundLoginQuerySchema = z.object({
  voucher_id: z.string(text.voucherIdRequired).trim().min(1, text.voucherIdRequired).max(30),
  document: z.string(text.documentRequired).trim().min(1, text.documentRequired).max(30),
});
export type RefundLoginQuery = z.infer<typeof refundLoginQuerySchema>;

export const refundLoginDataSchema = z.object({
  doc_number: z.string(),
  /** The voucher number (its id), as text. */
  voucher: z.string(),
  /** ISO-3 country of residence of the passenger ('ARG'); decides the payment fields. */
  country_residence: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Names (long_name_es) of the voucher's coverages: the choices of 'Servicio a reintegrar'. */
  coverages: z.array(z.string()),
  /** Coverage name -> names of the receipts its claim needs. */
  required_items: z.record(z.string(), z.array(z.string())),
  /**
   * Issue 42: each coverage's name (the Spanish one of `coverages`) in Portuguese and English
   * (long_name_po, long_name_en; '' when the data has none: the portal shows the Spanish).
   */
  coverage_names: z.record(z.string(), z.object({ pt: z.string(), en: z.string() })).optional(),
  /** The subset of `coverages` that is the multi-cause cancellation (penalty-letter section). */
  multi_cause_coverages: z.array(z.string()),
  /** Where to go 20 s after the final screen; empty means the default public site. */
  url_country_b2c: z.string(),
  /**
   * Issue 17: the voucher's validity (ISO dates, the trip's first and last day). An event date
   * outside it is refused in the claim dialog and by the server.
   */
  date_in: z.string().optional(),
  date_out: z.string().optional(),
});
export type RefundLoginData = z.infer<typeof refundLoginDataSchema>;

/**
 * Issue 17: a refund this traveller already submitted for the voucher, with its status and what
 * is asked of them now (each open request with the link page that answers it).
 */
export const submittedRefundSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  requests: z.array(
    z.object({
      kind: z.enum(['documents', 'bank_data']),
      items: z.array(z.string()),
      observations: z.string(),
      /** '/upload_data?refund_id=..&hash=..' or '/update_payment_data?...'. */
      link: z.string(),
    }),
  ),
  /** Issue 30 §2: the status page's timeline, oldest first (from the refund's history). */
  timeline: z.array(timelineEntrySchema).default([]),
  /** The reason staff recorded when rejecting ('' otherwise). */
  rejection_reason: z.string().default(''),
  claims: z.array(statusClaimSchema).default([]),
  /** The reference staff gave when paying ('' when none or not paid). */
  payment_reference: z.string().default(''),
  /** Issue 42: the traveller's language stored with the refund (its mails are in it). */
  language: z.enum(['es', 'pt', 'en']).optional(),
});
export type SubmittedRefund = z.infer<typeof submittedRefundSchema>;

/** GET /refund_data/status/ (issue 30 §2): the same list as the login's, for the session. */
export const refundStatusResponseSchema = z.object({ submitted_refunds: z.array(submittedRefundSchema) });

export const refundLoginResponseSchema = z.object({
  refunds: refundLoginDataSchema,
  /** Refund access token (Bearer) for the upload and submission calls; short-lived. */
  access: z.string().min(1),
  /** Refunds already submitted for this voucher and document, newest first (issue 17). */
  submitted_refunds: z.array(submittedRefundSchema).optional(),
  /**
   * Issue 40 (traveller reach): false when the 30-day window for new claims has passed (or the
   * voucher is cancelled) and the login was let in only to follow the refunds already sent: the
   * portal shows the status page and never offers the wizard. Absent: true.
   */
  may_claim: z.boolean().optional(),
});
export type RefundLoginResponse = z.infer<typeof refundLoginResponseSchema>;

/** Payload of the refund access token. */
export const refundAccessPayloadSchema = z.object({
  token_type: z.literal('refund'),
  voucher_id: z.number().int().positive(),
  doc_number: z.string(),
  /** The login subject's version when issued (issue 28 §6): a later login, submission or 'Salir' revokes it. */
  ver: z.number().int().nonnegative(),
  exp: z.number(),
});
export type RefundAccessPayload = z.infer<typeof refundAccessPayloadSchema>;
