/**
 * The refund wizard's server-side draft (issue 30 §1): what the traveller typed and uploaded so
 * far, saved as it changes and resumed after a login from any browser. Keyed by the login's
 * voucher and document (one open draft per pair). `version` is the optimistic-concurrency
 * counter: a save names the version it read; a stale one answers 409 and changes nothing.
 */
import { z } from 'zod';
import { claimFileRefSchema, fileRefSchema } from './files';
import { MAX_COMMENT_LENGTH } from './limits';

export const refundDraftSteps = ['applicant', 'claims', 'payment'] as const;
export type RefundDraftStep = (typeof refundDraftSteps)[number];

/** Days a draft is kept after its last save; the maintenance job then deletes it and its files. */
export const REFUND_DRAFT_RETENTION_DAYS = 30;
const MAX_DRAFT_CLAIMS = 30;
const MAX_DRAFT_FILES_PER_LIST = 60;

const shortText = (max: number) => z.string().max(max);

/**
 * A claim as the wizard holds it: its files are checked (with the checklist item each was added
 * under, issue 30 §3), the rest is re-validated at submission.
 */
const draftClaimSchema = z.looseObject({
  coverage: shortText(255),
  coverage_files: z.array(claimFileRefSchema).max(MAX_DRAFT_FILES_PER_LIST),
});

const draftPaymentSchema = z.looseObject({
  authorization_letter: z.array(fileRefSchema).max(MAX_DRAFT_FILES_PER_LIST).default([]),
  authorized_document: z.array(fileRefSchema).max(MAX_DRAFT_FILES_PER_LIST).default([]),
});

export const refundDraftDataSchema = z.object({
  step: z.enum(refundDraftSteps),
  applicant: z.object({ email: shortText(254), phone_contact: shortText(40) }),
  claims: z.array(draftClaimSchema).max(MAX_DRAFT_CLAIMS),
  comment: shortText(MAX_COMMENT_LENGTH * 2),
  payment: draftPaymentSchema,
});
export type RefundDraftData = z.infer<typeof refundDraftDataSchema>;

/** PUT body: the data and the version the client last read (0: no draft yet). */
export const refundDraftSaveSchema = z.object({
  version: z.number().int().min(0).max(2_000_000_000),
  data: refundDraftDataSchema,
});
export type RefundDraftSave = z.infer<typeof refundDraftSaveSchema>;

/** PUT answer: the draft's new version. */
export const refundDraftSavedSchema = z.object({ version: z.number().int().positive() });

export const refundDraftSchema = z.object({
  version: z.number().int().positive(),
  data: refundDraftDataSchema,
  updated_at: z.string(),
});
export type RefundDraft = z.infer<typeof refundDraftSchema>;

/** GET answer: the draft, or null when there is none. */
export const refundDraftResponseSchema = z.object({ draft: refundDraftSchema.nullable() });
export type RefundDraftResponse = z.infer<typeof refundDraftResponseSchema>;

/** Every uploaded file id a draft references. */
export function draftFileIds(data: RefundDraftData): string[] {
  const ids = [
    ...data.claims.flatMap((claim) => claim.coverage_files.map((file) => file.id)),
    ...data.payment.authorization_letter.map((file) => file.id),
    ...data.payment.authorized_document.map((file) => file.id),
  ];
  return [...new Set(ids)];
}
