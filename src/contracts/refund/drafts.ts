/**
 * The refund wizard's server-side draft (issue 30 §1): what the traveller typed and uploaded so
 * far, saved as it changes and resumed after a login from any browser. Keyed by the login's
 * voucher and document (one open draft per pair). `version` is the optimistic-concurrency
 * counter: a save names the version it read; a stale one answers 409 and changes nothing.
 */
import { z } from 'zod';
import { messages } from '../messages';
import { MULTI_CAUSE_SERVICES, TRANSPORT_SERVICES } from './claims';
import { MAX_CHECKLIST_ITEM_LENGTH, MAX_COMMENT_LENGTH, MAX_MISSING_REASON_LENGTH } from './limits';
import { paymentTextFields } from './payment';

export const refundDraftSteps = ['applicant', 'claims', 'payment'] as const;
export type RefundDraftStep = (typeof refundDraftSteps)[number];

/** Days a draft is kept after its last save; the maintenance job then deletes it and its files. */
export const REFUND_DRAFT_RETENTION_DAYS = 30;
/**
 * Issue 39: the most a draft's `data` may weigh, as JSON in UTF-8 (64 KB). A large claim (20
 * receipts with their checklist items, the penalty letter) is about 4 KB; a traveller's whole
 * draft of a handful of claims stays far below.
 */
export const MAX_DRAFT_BYTES = 64 * 1024;
const MAX_DRAFT_CLAIMS = 30;
const MAX_DRAFT_FILES_PER_LIST = 60;

const shortText = (max: number) => z.string().max(max);

/*
 * Every object of a draft is strict (issue 39): a key the wizard does not write is refused with
 * the field's 'unknown field' error, so nothing but what the traveller typed is stored. The values
 * are what the wizard holds while typing (checked by the steps and again at submission), bounded.
 */

/**
 * An uploaded file as the wizard keeps it: its id and name (and, for a receipt, its item). The
 * upload's answer may be sent whole (files.ts `StoredFile`: its type and size are known keys,
 * dropped, never stored); any other key is refused.
 */
const draftFileShape = {
  id: z.uuid(messages.refund.fileUnknown),
  name: shortText(255).default(''),
  content_type: shortText(100).optional(),
  size: z.number().int().nonnegative().optional(),
};
const draftFileRefSchema = z.strictObject(draftFileShape).transform(({ id, name }) => ({ id, name }));
const draftClaimFileSchema = z
  .strictObject({ ...draftFileShape, item: shortText(MAX_CHECKLIST_ITEM_LENGTH).nullable().optional() })
  .transform(({ id, name, item }) => (item === undefined ? { id, name } : { id, name, item }));

const draftServiceAmountsShape = {
  selected: z.boolean(),
  montoPagado: shortText(40),
  montoRecuperado: shortText(40),
};
const draftServiceAmountsSchema = z.strictObject(draftServiceAmountsShape);
/** The penalty letter's services (claims.ts `MultiCause`), as typed. */
const draftMultiCauseSchema = z.strictObject({
  ...(Object.fromEntries(
    MULTI_CAUSE_SERVICES.filter((name) => name !== 'transporte' && name !== 'otro').map((name) => [
      name,
      draftServiceAmountsSchema,
    ]),
  ) as Record<'alojamientos' | 'excursiones', typeof draftServiceAmountsSchema>),
  transporte: z.strictObject({
    selected: z.boolean(),
    ...(Object.fromEntries(TRANSPORT_SERVICES.map((name) => [name, draftServiceAmountsSchema])) as Record<
      (typeof TRANSPORT_SERVICES)[number],
      typeof draftServiceAmountsSchema
    >),
  }),
  otro: z.strictObject({ ...draftServiceAmountsShape, nombreServicio: shortText(150) }),
});

/**
 * A claim as the wizard holds it (machines/claimForm.ts `LoadedClaim`): its files are checked
 * (with the checklist item each was added under, issue 30 §3), the rest is re-validated at
 * submission.
 */
const draftClaimSchema = z.strictObject({
  coverage: shortText(255),
  sinister_country: shortText(60).optional(),
  sinister_date: shortText(30).optional(),
  currency: shortText(30).optional(),
  amount: shortText(40).optional(),
  coverage_files: z.array(draftClaimFileSchema).max(MAX_DRAFT_FILES_PER_LIST),
  missing_items: z
    .array(
      z.strictObject({
        item: shortText(MAX_CHECKLIST_ITEM_LENGTH),
        reason: shortText(MAX_MISSING_REASON_LENGTH * 2),
      }),
    )
    .max(50)
    .optional(),
  multi_cause: draftMultiCauseSchema.nullable().optional(),
  receiptCount: z.number().int().min(0).max(10_000).optional(),
});

/** Step 2's payment form as typed (payment.ts `RefundPayment`). */
const draftPaymentSchema = z.strictObject({
  ...(Object.fromEntries(paymentTextFields.map((field) => [field, shortText(255).optional()])) as Record<
    (typeof paymentTextFields)[number],
    z.ZodOptional<z.ZodString>
  >),
  /** The traveller confirmed a CCI whose check digits do not match (payment.ts). */
  cci_confirmed: z.boolean().optional(),
  authorization_letter: z.array(draftFileRefSchema).max(MAX_DRAFT_FILES_PER_LIST).default([]),
  authorized_document: z.array(draftFileRefSchema).max(MAX_DRAFT_FILES_PER_LIST).default([]),
});

export const refundDraftDataSchema = z.strictObject({
  step: z.enum(refundDraftSteps),
  applicant: z.strictObject({ email: shortText(254), phone_contact: shortText(40) }),
  claims: z.array(draftClaimSchema).max(MAX_DRAFT_CLAIMS),
  comment: shortText(MAX_COMMENT_LENGTH * 2),
  payment: draftPaymentSchema,
});
export type RefundDraftData = z.infer<typeof refundDraftDataSchema>;

/** Bytes of a value as JSON in UTF-8 (the client's and the server's measure alike). */
export const jsonBytes = (value: unknown): number =>
  new TextEncoder().encode(JSON.stringify(value) ?? '').length;

/** A draft's data: at most MAX_DRAFT_BYTES (checked first, before its shape), then its shape. */
const boundedDraftDataSchema = z
  .unknown()
  .refine((data) => jsonBytes(data) <= MAX_DRAFT_BYTES, {
    message: messages.refund.draftTooLarge(MAX_DRAFT_BYTES / 1024),
    abort: true,
  })
  .pipe(refundDraftDataSchema);

/** PUT body: the data and the version the client last read (0: no draft yet). */
export const refundDraftSaveSchema = z.strictObject({
  version: z.number().int().min(0).max(2_000_000_000),
  data: boundedDraftDataSchema,
});
export type RefundDraftSave = z.infer<typeof refundDraftSaveSchema>;

/** PUT answer: the draft's new version. */
export const refundDraftSavedSchema = z.object({ version: z.number().int().positive() });

export const refundDraftSchema = z.object({
  version: z.number().int().positive(),
  data: refundDraftDataSchema,
  updated_at: z.string(),
  /** Issue 42: the traveller's language when the draft was saved (absent: not kept). */
  language: z.enum(['es', 'pt', 'en']).optional(),
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
