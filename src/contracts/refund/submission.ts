/** The submission (POST /refund_data/, multipart `data` + `files`, SPEC §7) built from the wizard's three steps. */
import { z } from 'zod';
import { refundApplicantSchema } from './applicant';
import { type RefundCoverageInput, refundCoverageSchemaFor } from './claims';
import type { FileRef } from './files';
import { MAX_COMMENT_LENGTH } from './limits';
import type { RefundLoginData } from './login';
import { type RefundPaymentInput, refundPaymentSchemaFor } from './payment';
import { text } from './shared';

export const refundSubmissionRefundSchema = refundApplicantSchema.extend({
  client_comment: z.string().trim().max(MAX_COMMENT_LENGTH, text.commentTooLong).default(''),
});

/** What the submission schema depends on: the login answer (or the server's view of the voucher). */
export type RefundSubmissionRules = Pick<
  RefundLoginData,
  'country_residence' | 'coverages' | 'multi_cause_coverages'
> &
  Partial<Pick<RefundLoginData, 'required_items'>>;

export function refundSubmissionSchemaFor(rules: RefundSubmissionRules) {
  return z.object({
    /** Client-generated (crypto.randomUUID()) once per wizard; a retry reuses it. */
    idempotency_key: z.uuid(text.idempotencyKeyInvalid),
    refund: refundSubmissionRefundSchema,
    refund_coverage: refundCoverageSchemaFor(rules),
    refund_payment: refundPaymentSchemaFor(rules.country_residence),
  });
}
export type RefundSubmission = z.infer<ReturnType<typeof refundSubmissionSchemaFor>>;
export type RefundSubmissionInput = z.input<ReturnType<typeof refundSubmissionSchemaFor>>;

/**
 * Builds the `data` part of the submission from the wizard's three steps: the step-1 comment
 * travels as refund.client_comment too (SPEC §3), so both places agree.
 */
export function buildRefundSubmission(input: {
  idempotencyKey: string;
  applicant: z.input<typeof refundApplicantSchema>;
  coverage: RefundCoverageInput;
  payment: RefundPaymentInput;
}): RefundSubmissionInput {
  return {
    idempotency_key: input.idempotencyKey,
    refund: { ...input.applicant, client_comment: input.coverage.comment ?? '' },
    refund_coverage: input.coverage,
    refund_payment: input.payment,
  };
}

/** Every uploaded file a submission references (claims and authorization uploads). */
export function submissionFileIds(submission: {
  refund_coverage: { claims: { coverage_files: FileRef[] }[] };
  refund_payment: { authorization_letter: FileRef[]; authorized_document: FileRef[] };
}): string[] {
  const ids = new Set<string>();
  for (const claim of submission.refund_coverage.claims)
    for (const file of claim.coverage_files) ids.add(file.id);
  for (const file of submission.refund_payment.authorization_letter) ids.add(file.id);
  for (const file of submission.refund_payment.authorized_document) ids.add(file.id);
  return [...ids];
}

/** The status of a submitted refund: the first of the review lifecycle (src/contracts/refund/lifecycle.ts). */
export const REFUND_STATUS_RECEIVED = 'RECIBIDO';

/** SPEC §4: refund_payment.status true together with create marks the flow final. */
export const refundSubmissionResponseSchema = z.object({
  refund: z.object({ id: z.number().int().positive(), status: z.string() }),
  refund_payment: z.object({ status: z.literal(true) }),
  create: z.literal(true),
});
export type RefundSubmissionResponse = z.infer<typeof refundSubmissionResponseSchema>;
