/**
 * The refund review lifecycle (issue 17 'Staff review (Reintegros)'; SPEC §3 Refund shows only
 * that a status exists, §7 `PUT /refund/{id}/`): ONE transition table, read by the server (the
 * engine's row and bulk actions and `PUT /refund/{id}/` both apply it) and by the client (which
 * offers only what a row's `allowed_actions` say, computed from this table).
 *
 *   RECIBIDO ──review──▶ EN_REVISION ──approve──▶ APROBADO ──pay──▶ PAGADO
 *      │  ▲                 │  ▲                    │
 *      │  └──review── DOCUMENTACION_SOLICITADA ◀────┤ request_documents (RECIBIDO, EN_REVISION)
 *      │  └──review── DATOS_BANCARIOS_SOLICITADOS ◀─┘ request_bank_data (RECIBIDO, EN_REVISION, APROBADO)
 *      └──reject──▶ RECHAZADO (from every open status before approval)
 *
 * 'Solicitar documentación' and 'Solicitar datos bancarios' record the request (what is missing,
 * observations); the server then mails the traveller a signed link to answer it
 * (src/server/services/refundLinks.ts), and the answer moves the refund back 'En revisión'.
 */
import { z } from 'zod';
import { amountField } from '../amountInput';
import { messages } from '../messages';
import { optionalText, requiredText } from '../resources/fields';
import { type PaymentTextField, paymentFieldsFor, paymentTextFields } from './payment';

const text = messages.refundReview;

export const REFUND_STATUSES = [
  'RECIBIDO',
  'EN_REVISION',
  'DOCUMENTACION_SOLICITADA',
  'DATOS_BANCARIOS_SOLICITADOS',
  'APROBADO',
  'PAGADO',
  'RECHAZADO',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** The status of a refund just submitted in the portal. */
export const INITIAL_REFUND_STATUS: RefundStatus = 'RECIBIDO';

export const isRefundStatus = (value: string): value is RefundStatus =>
  (REFUND_STATUSES as readonly string[]).includes(value);

export const refundStatusLabel = (status: string): string =>
  isRefundStatus(status) ? text.statuses[status] : status;

/** The transition table: each action, the statuses it leaves from and the status it reaches. */
export const REFUND_TRANSITIONS = {
  review: {
    from: ['RECIBIDO', 'DOCUMENTACION_SOLICITADA', 'DATOS_BANCARIOS_SOLICITADOS'],
    to: 'EN_REVISION',
  },
  request_documents: { from: ['RECIBIDO', 'EN_REVISION'], to: 'DOCUMENTACION_SOLICITADA' },
  request_bank_data: { from: ['RECIBIDO', 'EN_REVISION', 'APROBADO'], to: 'DATOS_BANCARIOS_SOLICITADOS' },
  approve: { from: ['EN_REVISION'], to: 'APROBADO' },
  pay: { from: ['APROBADO'], to: 'PAGADO' },
  reject: {
    from: ['RECIBIDO', 'EN_REVISION', 'DOCUMENTACION_SOLICITADA', 'DATOS_BANCARIOS_SOLICITADOS'],
    to: 'RECHAZADO',
  },
} as const satisfies Record<string, { from: readonly RefundStatus[]; to: RefundStatus }>;

export type RefundTransition = keyof typeof REFUND_TRANSITIONS;
export const REFUND_TRANSITION_NAMES = Object.keys(REFUND_TRANSITIONS) as RefundTransition[];

export function mayTransition(status: string, transition: RefundTransition): boolean {
  return (REFUND_TRANSITIONS[transition].from as readonly string[]).includes(status);
}

/** The transitions open from a status, in table order. */
export function transitionsFrom(status: string): RefundTransition[] {
  return REFUND_TRANSITION_NAMES.filter((name) => mayTransition(status, name));
}

/** The one transition that reaches a status (every status but RECIBIDO has exactly one). */
export function transitionTo(status: RefundStatus): RefundTransition | undefined {
  return REFUND_TRANSITION_NAMES.find((name) => REFUND_TRANSITIONS[name].to === status);
}

/**
 * The bank fields staff may ask a traveller to complete (issue 30 §4): the text fields of the
 * payment form of the refund's country of residence, in form order (a Peruvian is never asked
 * for an IBAN or a CLABE).
 */
export function bankFieldsFor(countryIso3: string): PaymentTextField[] {
  return paymentFieldsFor(countryIso3).filter((field): field is PaymentTextField =>
    (paymentTextFields as readonly string[]).includes(field),
  );
}

/**
 * An approved amount as typed ('8.000,50', '8,000.50') or sent ('8000.50'), read by the one
 * parser (src/contracts/money.ts, issue 40), as '8000.50'; the claim's currency's minor units are
 * checked where the claim is known (the server's approve, the review's draft).
 */
export const approvedAmountSchema = amountField({ maxIntegerDigits: 10 });

/** The payloads of each transition (row action body, bulk payload, or PUT body beside `status`). */
export const refundTransitionInputs = {
  review: z.strictObject({}),
  /** Issue 30 §2: the payment's reference, told to the traveller in the paid mail ('' when none). */
  pay: z.strictObject({ reference: optionalText(100) }),
  reject: z.strictObject({ reason: requiredText(text.reasonRequired, 500) }),
  approve: z.strictObject({
    amounts: z
      .array(
        z.strictObject({
          claim: z.number({ error: text.unknownClaim }).int().positive(),
          amount: approvedAmountSchema,
        }),
        { error: text.amountsRequired },
      )
      .min(1, text.amountsRequired)
      .max(100, text.amountsRequired),
  }),
  request_documents: z.strictObject({
    documents: z
      .array(requiredText(text.documentRequired, 150), { error: text.documentsRequired })
      .min(1, text.documentsRequired)
      .max(20, text.documentsRequired),
    max_files: z
      .number({ error: text.maxFilesInvalid })
      .int(text.maxFilesInvalid)
      .min(1, text.maxFilesInvalid)
      .max(20, text.maxFilesInvalid)
      .default(5),
    observations: optionalText(500),
  }),
  request_bank_data: z.strictObject({
    fields: z
      .array(z.enum(paymentTextFields, { error: text.bankFieldInvalid }), { error: text.bankFieldsRequired })
      .min(1, text.bankFieldsRequired)
      .max(paymentTextFields.length, text.bankFieldsRequired)
      .transform((fields) => [...new Set(fields)] as PaymentTextField[]),
    observations: optionalText(500),
  }),
} as const satisfies Record<RefundTransition, z.ZodType>;

export type RefundTransitionInput<T extends RefundTransition> = z.output<(typeof refundTransitionInputs)[T]>;

/**
 * `PUT /refund/{id}/` (§7): the status to reach and that transition's payload, e.g.
 * `{status: 'RECHAZADO', reason: '...'}`. The same table and checks as the row actions. The
 * payload is read here as it came: the server refuses a status the refund cannot reach (409)
 * before it validates the payload with `refundTransitionInputs` (issue 30 §4).
 */
export const refundStatusChangeSchema = z
  .looseObject({
    status: z.enum(REFUND_STATUSES, { error: text.statusInvalid }),
  })
  .transform((body, context) => {
    const { status, ...payload } = body;
    const transition = transitionTo(status);
    if (!transition) {
      context.addIssue({ code: 'custom', path: ['status'], message: text.statusInvalid });
      return z.NEVER;
    }
    return { status, transition, payload: payload as Record<string, unknown> };
  });
export type RefundStatusChange = z.output<typeof refundStatusChangeSchema>;
