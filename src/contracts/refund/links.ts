/**
 * The traveller's link pages (issue 17 'Links'; SPEC §2 '/upload_data', '/update_payment_data',
 * §3 'Pending docs', 'Payment data update', §5, §7 'Refund (public)'): the paths, the answers and
 * the bodies, shared by the server and the public bundle (nothing of the staff side).
 */
import { z } from 'zod';
import { messages } from '../messages';
import { MAX_CLAIM_FILES, MAX_COMMENT_LENGTH } from './limits';
import {
  emptyRefundPayment,
  type PaymentFieldErrors,
  type PaymentTextField,
  paymentFieldMaxLength,
  paymentProblems,
  paymentTextFields,
  type RefundPayment,
} from './payment';

const text = messages.refundLinks;

/** What a link answers: the documents asked for, or the bank data to complete. */
export const REFUND_LINK_PURPOSES = ['documents', 'bank_data'] as const;
export type RefundLinkPurpose = (typeof REFUND_LINK_PURPOSES)[number];

/** The public pages the mails link to (SPEC §2), with `?refund_id=..&hash=..`. */
export const refundLinkPages: Record<RefundLinkPurpose, string> = {
  documents: '/upload_data',
  bank_data: '/update_payment_data',
};

/** The calls of SPEC §7 'Refund (public)' behind the two pages (under the API base). */
export const refundLinkApiPaths = {
  authenticatePendingDoc: '/authentication_pending_doc/',
  uploadPendingDoc: '/upload_pending_doc/',
  /** PATCH: the documents' file ids and the comment. */
  refundData: '/refund_data/',
  pendingUpdateFields: '/refund_data/pending-update-fields/',
  /** GET ?refund_id&hash&ids=uuid,…: what was read on the documents uploaded through the link (issue 31). */
  pendingDocReadings: '/refund_data/pending-doc-readings/',
  updateFields: '/refund_data/update-fields/',
} as const;

/** The link's query as the page reads it; anything else is the access error. */
export const refundLinkQuerySchema = z.object({
  refund_id: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/)
    .transform(Number),
  hash: z
    .string()
    .trim()
    .min(10)
    .max(200)
    .regex(/^[A-Za-z0-9._-]+$/),
});
export type RefundLinkQuery = z.output<typeof refundLinkQuerySchema>;

/** GET /authentication_pending_doc/ (§3 'Pending docs': the server gives remaining_files). */
export const pendingDocsAccessSchema = z.object({
  refund_id: z.number().int(),
  documents: z.array(z.string()),
  max_files: z.number().int().min(1).max(MAX_CLAIM_FILES),
  remaining_files: z.number().int().min(0).max(MAX_CLAIM_FILES),
  observations: z.string(),
  /** Issue 42: the refund's language (the page speaks it unless the traveller chose another). */
  language: z.enum(['es', 'pt', 'en']).optional(),
});
export type PendingDocsAccess = z.infer<typeof pendingDocsAccessSchema>;

/** POST /upload_pending_doc/ (§4: status ok, ko with the server message, error). */
export const uploadPendingDocResponseSchema = z.object({
  status: z.enum(['ok', 'ko', 'error']),
  message: z.string().optional(),
  files: z
    .array(z.object({ file_id: z.string(), name: z.string(), content_type: z.string(), size: z.number() }))
    .default([]),
});
export type UploadPendingDocResponse = z.infer<typeof uploadPendingDocResponseSchema>;

/** The multipart `data` part of POST /upload_pending_doc/. */
export const uploadPendingDocDataSchema = z.object({
  refund_id: z.coerce.number().int().positive(),
  voucher_hash: z.string().trim().min(10).max(200),
  pending_doc_files: z.array(z.string().max(255)).max(MAX_CLAIM_FILES).default([]),
});

/** PATCH /refund_data/ (§7): refund.id, refund.hash, pending_documentation.client_pending_documents. */
export const pendingDocsPatchSchema = z.object({
  refund: z.object({
    id: z.coerce.number().int().positive(),
    hash: z.string().trim().min(10).max(200),
    pending_documentation: z.object({
      client_pending_documents: z.object({
        comment: z.string().trim().max(MAX_COMMENT_LENGTH, text.commentTooLong).default(''),
        file_ids: z
          .array(z.string().uuid(text.fileUnknown))
          .min(1, text.filesRequired)
          .max(MAX_CLAIM_FILES, text.filesTooMany(MAX_CLAIM_FILES)),
      }),
    }),
  }),
});
export type PendingDocsPatch = z.input<typeof pendingDocsPatchSchema>;

/** GET /refund_data/pending-update-fields/ (§3: update_fields, observations, country_residence). */
export const paymentUpdateAccessSchema = z.object({
  refund_id: z.number().int(),
  update_fields: z.array(z.enum(paymentTextFields)),
  observations: z.string(),
  country_residence: z.string(),
  /** Issue 42: the refund's language (the page speaks it unless the traveller chose another). */
  language: z.enum(['es', 'pt', 'en']).optional(),
});
export type PaymentUpdateAccess = z.infer<typeof paymentUpdateAccessSchema>;

/** PATCH /refund_data/update-fields/ (§7: refund_id, voucher_hash, fields). */
export const paymentUpdateBodySchema = z.object({
  refund_id: z.coerce.number().int().positive(),
  voucher_hash: z.string().trim().min(10).max(200),
  fields: z.record(z.string(), z.string().max(255)),
  /** Issue 40: the traveller confirmed a CCI whose check digits do not follow the published rule. */
  cci_confirmed: z.boolean().optional(),
});
export type PaymentUpdateBody = z.input<typeof paymentUpdateBodySchema>;

export const linkCompletedSchema = z.object({ status: z.literal('ok') });

/**
 * §5 'Payment update': each field of update_fields required, then the wizard's payment rules
 * (bank in the country's list, CBU 22 digits with check digits, CUIT/CUIL 11, ...) applied to the
 * stored payment with the new values; only the asked fields' problems count.
 */
export function paymentUpdateProblems(
  values: Partial<Record<PaymentTextField, string>>,
  updateFields: readonly PaymentTextField[],
  countryIso3: string,
  current: Partial<RefundPayment> = {},
  cciConfirmed = false,
): PaymentFieldErrors {
  const merged: RefundPayment = { ...emptyRefundPayment(), ...current, cci_confirmed: cciConfirmed };
  for (const field of updateFields) merged[field] = values[field] ?? '';
  const problems: PaymentFieldErrors = {};
  const all = paymentProblems(merged, countryIso3);
  for (const field of updateFields) {
    const value = (values[field] ?? '').trim();
    if (value === '') problems[field] = messages.refund.fieldRequired;
    else if (value.length > paymentFieldMaxLength[field])
      problems[field] = messages.refund.tooLong(paymentFieldMaxLength[field]);
    else if (all[field]) problems[field] = all[field];
  }
  return problems;
}
