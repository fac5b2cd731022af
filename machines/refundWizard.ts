/**
 * The refund wizard 'Solicitud de reintegros' (SPEC §2 public refund portal, §4 'Refund wizard',
 * §5 applicant / step 2 / payment rules, §8 refund creation failure, §9 redirect after 20 s):
 * 'Datos personales' -> 'Carga de reintegros' (the claim dialog is an invoked `claimForm`) ->
 * 'Datos del pago' (authorization uploads for 'Autorizar a tercero') -> sending -> the result
 * screen, which logs out and redirects after `refundRedirect`.
 *
 * The client persists this machine's snapshot (getPersistedSnapshot, with the open dialog) so a
 * reload keeps the claims; the idempotency key is in the context, so a resent submission never
 * creates a second refund.
 */
import { assign, fromPromise, sendTo, setup, spawnChild, stopChild } from 'xstate';
import type { Language } from '../src/contracts/i18n/core';
import { messages } from '../src/contracts/messages';
import {
  buildRefundSubmission,
  emptyRefundPayment,
  hasAllowedExtension,
  MAX_AUTHORIZATION_FILES,
  MAX_COMMENT_LENGTH,
  type PaymentFieldErrors,
  type PaymentFileField,
  type PaymentTextField,
  paymentProblems,
  type RefundApplicant,
  type RefundDraft,
  type RefundDraftData,
  type RefundDraftStep,
  type RefundLoginResponse,
  type RefundPayment,
  type RefundSubmissionInput,
  type RefundSubmissionResponse,
  refundApplicantSchema,
  refundCoverageSchemaFor,
  type StoredFile,
  submissionFileIds,
} from '../src/contracts/refund';
import {
  claimFormMachine,
  type LoadedClaim,
  type PrepareFilesEvent,
  prepareFilesStub,
  type ReceiptRef,
} from './claimForm';
import { type DraftResumedEvent, refundDraftMachine } from './refundDraft';
import { messageOf } from './support/errors';

const text = messages.refund;

export type ApplicantValues = Record<keyof RefundApplicant, string>;
export type ApplicantErrors = Partial<Record<keyof RefundApplicant, string>>;
/** Only these two are editable (SPEC §2). */
export type EditableApplicantField = 'email' | 'phone_contact';

export interface RefundWizardInput {
  login: RefundLoginResponse;
  /** crypto.randomUUID(), made once per wizard by the client. */
  idempotencyKey: string;
  /** Where to go when the voucher's country has no url_country_b2c. */
  defaultSiteUrl: string;
  /**
   * Issue 42: the traveller's language when the wizard starts (absent: Spanish), kept up to date by
   * LANGUAGE_CHANGED and given to the claim dialog, which reads typed dates in its order.
   */
  language?: Language;
}

export interface RefundWizardContext extends RefundWizardInput {
  applicant: ApplicantValues;
  applicantErrors: ApplicantErrors;
  claims: LoadedClaim[];
  comment: string;
  claimsError: string | null;
  payment: RefundPayment;
  paymentErrors: PaymentFieldErrors;
  /** Alerts of the authorization uploads (extension, limit, upload failure). */
  authorizationNotice: Partial<Record<PaymentFileField, string>>;
  uploadingField: PaymentFileField | null;
  uploadProgress: number;
  pendingAuthorizationFiles: ReceiptRef[];
  /**
   * Choices made while another upload is in flight (issue 30 §4: the ID photo picked right after
   * the letter was dropped), uploaded one after the other, in the order chosen.
   */
  queuedAuthorizationFiles: QueuedAuthorizationFiles[];
  result: RefundSubmissionResponse | null;
  error: string | null;
}

/** An authorization choice waiting for the upload in flight. */
export interface QueuedAuthorizationFiles {
  field: PaymentFileField;
  files: ReceiptRef[];
}

export interface SubmitRefundInput {
  submission: RefundSubmissionInput;
  /** The `files` part: every uploaded file the submission references. */
  files: { id: string }[];
}

export type RefundWizardEvent =
  | { type: 'APPLICANT_CHANGED'; values: Partial<Record<EditableApplicantField, string>> }
  | { type: 'CONTINUE' }
  | { type: 'BACK' }
  | { type: 'OPEN_CLAIM_DIALOG' }
  | { type: 'CLOSE_CLAIM_DIALOG' }
  | { type: 'CLAIM_REMOVED'; index: number }
  | { type: 'COMMENT_CHANGED'; value: string }
  | {
      type: 'PAYMENT_CHANGED';
      /** Text fields, and the confirmation of a CCI whose check digits do not match (issue 40). */
      values: Partial<Record<PaymentTextField, string>> & { cci_confirmed?: boolean };
    }
  | { type: 'AUTHORIZATION_FILES_CHOSEN'; field: PaymentFileField; files: ReceiptRef[] }
  | { type: 'AUTHORIZATION_FILE_REMOVED'; field: PaymentFileField; id: string }
  | { type: 'FINISH' }
  | { type: 'RETRY' }
  | { type: 'HOME' }
  /** 'Guardar y seguir después' (issue 30 §1): save the draft at once and say so. */
  | { type: 'SAVE_DRAFT' }
  /** Issue 42: the traveller switched language; every field is kept (the open dialog is told too). */
  | { type: 'LANGUAGE_CHANGED'; language: Language }
  | DraftResumedEvent
  | PrepareFilesEvent;

export function applicantFrom(login: RefundLoginResponse): ApplicantValues {
  const data = login.refunds;
  return {
    name: data.name,
    surname: data.surname,
    doc_number: data.doc_number,
    voucher: data.voucher,
    email: data.email,
    phone_contact: data.phone,
  };
}

export function applicantProblems(values: ApplicantValues): ApplicantErrors {
  const parsed = refundApplicantSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: ApplicantErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof RefundApplicant;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The `refund_coverage` part as sent (claims without their display-only keys). */
export function coverageOf(context: Pick<RefundWizardContext, 'claims' | 'comment'>) {
  return {
    claims: context.claims.map(({ receiptCount: _receiptCount, ...claim }) => claim),
    comment: context.comment,
  };
}

export function claimsProblem(context: RefundWizardContext): string | null {
  const parsed = refundCoverageSchemaFor(context.login.refunds).safeParse(coverageOf(context));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? text.claimsRequired);
}

export function currentPaymentProblems(context: Pick<RefundWizardContext, 'payment' | 'login'>) {
  return paymentProblems(context.payment, context.login.refunds.country_residence);
}

export function buildSubmission(context: RefundWizardContext): SubmitRefundInput {
  const submission = buildRefundSubmission({
    idempotencyKey: context.idempotencyKey,
    applicant: context.applicant,
    coverage: coverageOf(context),
    payment: context.payment,
  });
  const files = submissionFileIds({
    refund_coverage: { claims: context.claims },
    refund_payment: context.payment,
  }).map((id) => ({ id }));
  return { submission, files };
}

/** Where the final screen sends the traveller: the country's B2C site or the default one. */
export function redirectUrlOf(context: Pick<RefundWizardContext, 'login' | 'defaultSiteUrl'>): string {
  return context.login.refunds.url_country_b2c.trim() || context.defaultSiteUrl;
}

/** The step the Stepper shows (0, 1, 2), or 3 once sent, from the snapshot's value. */
export function stepIndexOf(snapshot: { value: unknown }): number {
  const value = snapshot.value;
  const top = typeof value === 'string' ? value : Object.keys(value as object)[0];
  if (top === 'applicant' || top === 'resuming') return 0;
  if (top === 'claims') return 1;
  if (top === 'payment') return 2;
  return 3;
}

function acceptAuthorizationFiles(current: readonly { name: string }[], chosen: readonly ReceiptRef[]) {
  if (chosen.some((file) => !hasAllowedExtension(file.name))) return text.badExtension;
  if (current.length + chosen.length > MAX_AUTHORIZATION_FILES) return text.authorizationFilesTooMany;
  const names = new Set(current.map((file) => file.name.toLowerCase()));
  for (const file of chosen) {
    if (names.has(file.name.toLowerCase())) return text.duplicateFileName;
    names.add(file.name.toLowerCase());
  }
  return chosen.length === 0 ? text.authorizationFilesRequired : null;
}

/**
 * The files a field already holds, is uploading or has waiting: a new choice is checked against
 * all of them (the limit of 5 and duplicate names count the queued ones too).
 */
export function authorizationFilesOf(
  context: Pick<
    RefundWizardContext,
    'payment' | 'uploadingField' | 'pendingAuthorizationFiles' | 'queuedAuthorizationFiles'
  >,
  field: PaymentFileField,
): { name: string }[] {
  // A snapshot stored before the queue existed has none.
  const queued = context.queuedAuthorizationFiles ?? [];
  return [
    ...context.payment[field],
    ...(context.uploadingField === field ? context.pendingAuthorizationFiles : []),
    ...queued.filter((choice) => choice.field === field).flatMap((choice) => choice.files),
  ];
}

/** The refusal of an authorization choice, or null when it can upload. */
function authorizationChoiceProblem(
  context: RefundWizardContext,
  event: { field: PaymentFileField; files: ReceiptRef[] },
): string | null {
  return acceptAuthorizationFiles(authorizationFilesOf(context, event.field), event.files);
}

/** The server draft of the wizard's data at `step` (issue 30 §1, contract refundDraftDataSchema). */
export function draftDataOf(context: RefundWizardContext, step: RefundDraftStep): RefundDraftData {
  return {
    step,
    applicant: { email: context.applicant.email, phone_contact: context.applicant.phone_contact },
    claims: context.claims as unknown as RefundDraftData['claims'],
    comment: context.comment,
    payment: context.payment,
  };
}

/**
 * The wizard's context with a server draft's data: the editable applicant fields, the claims
 * (their uploaded receipts included), the comment and the payment data. Everything is checked
 * again by the steps and at submission; a claim without its display count gets its files'.
 */
export function contextFromDraft(context: RefundWizardContext, draft: RefundDraft) {
  const { data } = draft;
  return {
    applicant: { ...context.applicant, ...data.applicant },
    applicantErrors: {},
    claims: data.claims.map((claim) => {
      const loaded = claim as unknown as LoadedClaim;
      return { ...loaded, receiptCount: loaded.receiptCount ?? claim.coverage_files.length };
    }),
    comment: data.comment,
    claimsError: null,
    payment: { ...emptyRefundPayment(), ...data.payment } as RefundPayment,
    paymentErrors: {},
    authorizationNotice: {},
    uploadingField: null,
    uploadProgress: 0,
    pendingAuthorizationFiles: [],
    queuedAuthorizationFiles: [],
  };
}

/**
 * The tag of the states a reload may resume (the wizard's steps and the submission, which is
 * idempotent); the result screens and the redirect are not resumed.
 */
export const RESUMABLE = 'resumable';

export const refundWizardMachine = setup({
  types: {
    context: {} as RefundWizardContext,
    events: {} as RefundWizardEvent,
    input: {} as RefundWizardInput,
  },
  actors: {
    claimForm: claimFormMachine,
    prepareFiles: prepareFilesStub,
    draftSaver: refundDraftMachine,
    /** GET /refund_data/draft/ with the login's token (null: no draft). */
    loadDraft: fromPromise<RefundDraft | null>(async () => {
      throw new Error('loadDraft not provided');
    }),
    submitRefund: fromPromise<RefundSubmissionResponse, SubmitRefundInput>(async () => {
      throw new Error('submitRefund not provided');
    }),
  },
  actions: {
    /** An edit: the saver saves it after a pause (machines/refundDraft.ts, `draftDebounce`). */
    draftChanged: sendTo('draft', ({ context }, params: { step: RefundDraftStep }) => ({
      type: 'DRAFT_CHANGED' as const,
      data: draftDataOf(context, params.step),
    })),
    /** A step change or 'Guardar y seguir después': saved at once. */
    saveDraftNow: sendTo('draft', ({ context }, params: { step: RefundDraftStep; explicit?: boolean }) => ({
      type: 'DRAFT_SAVE_NOW' as const,
      data: draftDataOf(context, params.step),
      explicit: params.explicit ?? false,
    })),
    /** The saver starts from the version the login read (0: none). */
    startDraft: spawnChild('draftSaver', {
      id: 'draft',
      input: ({ event }) => ({
        version: (event as { output?: RefundDraft | null }).output?.version ?? 0,
      }),
    }),
    /** Sending: the submission deletes the draft, nothing may save it again. */
    stopDraft: stopChild('draft'),
    /** The draft read at login, or the newer one loaded after a 409, replaces the shown data. */
    applyDraft: assign(({ context, event }) => {
      const draft =
        event.type === 'DRAFT_RESUMED' ? event.draft : (event as { output?: RefundDraft | null }).output;
      return draft ? contextFromDraft(context, draft) : {};
    }),
    /** Clears the stored login answer (SPEC §4: the user is logged out on completion). */
    forgetLogin: () => {},
    /** Leaves the portal for the given address. */
    redirect: (_, _params: { url: string }) => {},
    refuseAuthorizationChoice: assign(({ context, event }) => {
      if (event.type !== 'AUTHORIZATION_FILES_CHOSEN') return {};
      return {
        authorizationNotice: {
          ...context.authorizationNotice,
          [event.field]: authorizationChoiceProblem(context, event) ?? undefined,
        },
      };
    }),
    keepUploadedAuthorization: assign(({ context, event }) => {
      if (event.type !== 'PREPARE_DONE') return {};
      const field = context.uploadingField ?? 'authorization_letter';
      const payment = {
        ...context.payment,
        [field]: [
          ...context.payment[field],
          ...event.files.map((file: StoredFile) => ({ id: file.id, name: file.name })),
        ],
      };
      const paymentErrors = { ...context.paymentErrors };
      delete paymentErrors[field];
      return {
        payment,
        paymentErrors,
        uploadingField: null,
        pendingAuthorizationFiles: [],
        uploadProgress: 100,
      };
    }),
    noticeFailedAuthorization: assign(({ context, event }) => {
      if (event.type !== 'PREPARE_FAILED') return {};
      return {
        authorizationNotice: {
          ...context.authorizationNotice,
          [context.uploadingField ?? 'authorization_letter']: event.message || text.uploadFailed,
        },
        uploadingField: null,
        pendingAuthorizationFiles: [],
        uploadProgress: 0,
      };
    }),
    /** The next waiting choice becomes the upload in flight. */
    startQueuedAuthorization: assign(({ context }) => {
      const [next, ...rest] = context.queuedAuthorizationFiles ?? [];
      if (!next) return {};
      return {
        uploadingField: next.field,
        pendingAuthorizationFiles: next.files,
        queuedAuthorizationFiles: rest,
        uploadProgress: 0,
      };
    }),
  },
  delays: { refundRedirect: 20_000 },
  guards: {
    applicantValid: ({ context }) => Object.keys(applicantProblems(context.applicant)).length === 0,
    claimsValid: ({ context }) => claimsProblem(context) === null,
    paymentValid: ({ context }) => Object.keys(currentPaymentProblems(context)).length === 0,
    authorizationChoiceValid: ({ context, event }) =>
      event.type === 'AUTHORIZATION_FILES_CHOSEN' && authorizationChoiceProblem(context, event) === null,
    authorizationQueued: ({ context }) => (context.queuedAuthorizationFiles ?? []).length > 0,
    /** The draft (read at login, or the newer one) is at this step. */
    draftAt: ({ event }, params: { step: RefundDraftStep }) => {
      const draft =
        event.type === 'DRAFT_RESUMED' ? event.draft : (event as { output?: RefundDraft | null }).output;
      return draft?.data.step === params.step;
    },
  },
}).createMachine({
  id: 'refundWizard',
  context: ({ input }) => ({
    ...input,
    language: input.language ?? 'es',
    applicant: applicantFrom(input.login),
    applicantErrors: {},
    claims: [],
    comment: '',
    claimsError: null,
    payment: emptyRefundPayment(),
    paymentErrors: {},
    authorizationNotice: {},
    uploadingField: null,
    uploadProgress: 0,
    pendingAuthorizationFiles: [],
    queuedAuthorizationFiles: [],
    result: null,
    error: null,
  }),
  initial: 'resuming',
  on: {
    LANGUAGE_CHANGED: { actions: assign({ language: ({ event }) => event.language }) },
    // The saver loaded a newer draft after a 409: the wizard shows it, at its step.
    DRAFT_RESUMED: [
      { guard: { type: 'draftAt', params: { step: 'claims' } }, target: '.claims', actions: 'applyDraft' },
      { guard: { type: 'draftAt', params: { step: 'payment' } }, target: '.payment', actions: 'applyDraft' },
      { target: '.applicant', actions: 'applyDraft' },
    ],
  },
  states: {
    // Issue 30 §1: after a login (any browser) the server draft, if any, is read and the wizard
    // resumes at its step with everything it holds. A reload of the same tab restores the tab's
    // own snapshot instead and never passes here.
    resuming: {
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        onDone: [
          {
            guard: { type: 'draftAt', params: { step: 'claims' } },
            target: 'claims',
            actions: ['applyDraft', 'startDraft'],
          },
          {
            guard: { type: 'draftAt', params: { step: 'payment' } },
            target: 'payment',
            actions: ['applyDraft', 'startDraft'],
          },
          { target: 'applicant', actions: ['applyDraft', 'startDraft'] },
        ],
        // Unreadable: a fresh wizard; its first save meets the draft (409) and offers to load it.
        onError: { target: 'applicant', actions: 'startDraft' },
      },
    },
    applicant: {
      tags: [RESUMABLE],
      on: {
        SAVE_DRAFT: { actions: { type: 'saveDraftNow', params: { step: 'applicant', explicit: true } } },
        APPLICANT_CHANGED: {
          actions: [
            assign(({ context, event }) => {
              const applicant = { ...context.applicant, ...event.values };
              const remaining = applicantProblems(applicant);
              const applicantErrors: ApplicantErrors = {};
              for (const field of Object.keys(context.applicantErrors) as (keyof RefundApplicant)[]) {
                if (remaining[field]) applicantErrors[field] = remaining[field];
              }
              return { applicant, applicantErrors };
            }),
            { type: 'draftChanged', params: { step: 'applicant' } },
          ],
        },
        CONTINUE: [
          {
            guard: 'applicantValid',
            target: 'claims',
            actions: [assign({ applicantErrors: {} }), { type: 'saveDraftNow', params: { step: 'claims' } }],
          },
          { actions: assign({ applicantErrors: ({ context }) => applicantProblems(context.applicant) }) },
        ],
      },
    },
    claims: {
      tags: [RESUMABLE],
      initial: 'list',
      on: {
        SAVE_DRAFT: { actions: { type: 'saveDraftNow', params: { step: 'claims', explicit: true } } },
      },
      states: {
        list: {
          on: {
            OPEN_CLAIM_DIALOG: 'dialog',
            CLAIM_REMOVED: {
              actions: [
                assign({
                  claims: ({ context, event }) => context.claims.filter((_, index) => index !== event.index),
                  claimsError: null,
                }),
                { type: 'draftChanged', params: { step: 'claims' } },
              ],
            },
            COMMENT_CHANGED: {
              actions: [
                assign({
                  comment: ({ event }) => event.value,
                  claimsError: ({ event }) =>
                    event.value.length > MAX_COMMENT_LENGTH ? text.commentTooLong : null,
                }),
                { type: 'draftChanged', params: { step: 'claims' } },
              ],
            },
            BACK: {
              target: '#refundWizard.applicant',
              actions: { type: 'saveDraftNow', params: { step: 'applicant' } },
            },
            CONTINUE: [
              {
                guard: 'claimsValid',
                target: '#refundWizard.payment',
                actions: [
                  assign({ claimsError: null }),
                  { type: 'saveDraftNow', params: { step: 'payment' } },
                ],
              },
              { actions: assign({ claimsError: ({ context }) => claimsProblem(context) }) },
            ],
          },
        },
        dialog: {
          invoke: {
            id: 'claimForm',
            src: 'claimForm',
            input: ({ context }) => ({
              rules: context.login.refunds,
              loadedCoverages: context.claims.map((claim) => claim.coverage),
              language: context.language ?? 'es',
            }),
            // A loaded claim (its receipts uploaded) is saved at once.
            onDone: {
              target: 'list',
              actions: [
                assign({
                  claims: ({ context, event }) => [...context.claims, event.output],
                  claimsError: null,
                }),
                { type: 'saveDraftNow', params: { step: 'claims' } },
              ],
            },
          },
          on: {
            CLOSE_CLAIM_DIALOG: 'list',
            // Issue 42: the open dialog reads typed dates in the new language's order from now on.
            LANGUAGE_CHANGED: {
              actions: [
                assign({ language: ({ event }) => event.language }),
                sendTo('claimForm', ({ event }) => ({
                  type: 'LANGUAGE_CHANGED' as const,
                  language: event.language,
                })),
              ],
            },
          },
        },
      },
    },
    payment: {
      tags: [RESUMABLE],
      initial: 'editing',
      on: {
        SAVE_DRAFT: { actions: { type: 'saveDraftNow', params: { step: 'payment', explicit: true } } },
      },
      states: {
        editing: {
          on: {
            PAYMENT_CHANGED: {
              actions: [
                assign(({ context, event }) => {
                  const payment = { ...context.payment, ...event.values };
                  // A confirmation is of one number: a changed CCI asks again (issue 40).
                  if (event.values.bank_adress !== undefined && event.values.cci_confirmed === undefined)
                    payment.cci_confirmed = false;
                  const remaining = paymentProblems(payment, context.login.refunds.country_residence);
                  const paymentErrors: PaymentFieldErrors = {};
                  for (const field of Object.keys(context.paymentErrors) as (keyof PaymentFieldErrors)[]) {
                    if (remaining[field]) paymentErrors[field] = remaining[field];
                  }
                  return { payment, paymentErrors };
                }),
                { type: 'draftChanged', params: { step: 'payment' } },
              ],
            },
            AUTHORIZATION_FILES_CHOSEN: [
              {
                guard: 'authorizationChoiceValid',
                target: 'uploadingAuthorization',
                actions: assign(({ context, event }) => ({
                  uploadingField: event.field,
                  pendingAuthorizationFiles: event.files,
                  uploadProgress: 0,
                  authorizationNotice: { ...context.authorizationNotice, [event.field]: undefined },
                })),
              },
              { actions: 'refuseAuthorizationChoice' },
            ],
            AUTHORIZATION_FILE_REMOVED: {
              actions: [
                assign({
                  payment: ({ context, event }) => ({
                    ...context.payment,
                    [event.field]: context.payment[event.field].filter((file) => file.id !== event.id),
                  }),
                }),
                { type: 'draftChanged', params: { step: 'payment' } },
              ],
            },
            BACK: {
              target: '#refundWizard.claims',
              actions: { type: 'saveDraftNow', params: { step: 'claims' } },
            },
            FINISH: [
              {
                guard: 'paymentValid',
                target: '#refundWizard.submitting',
                actions: [assign({ paymentErrors: {} }), 'stopDraft'],
              },
              { actions: assign({ paymentErrors: ({ context }) => currentPaymentProblems(context) }) },
            ],
          },
        },
        uploadingAuthorization: {
          invoke: {
            id: 'prepareAuthorizationFiles',
            src: 'prepareFiles',
            input: ({ context }) => ({ files: context.pendingAuthorizationFiles }),
          },
          on: {
            // A choice while a file uploads waits its turn (issue 30 §4); a refused one says why.
            AUTHORIZATION_FILES_CHOSEN: [
              {
                guard: 'authorizationChoiceValid',
                actions: assign(({ context, event }) => ({
                  queuedAuthorizationFiles: [
                    ...(context.queuedAuthorizationFiles ?? []),
                    { field: event.field, files: event.files },
                  ],
                  authorizationNotice: { ...context.authorizationNotice, [event.field]: undefined },
                })),
              },
              { actions: 'refuseAuthorizationChoice' },
            ],
            PREPARE_PROGRESS: { actions: assign({ uploadProgress: ({ event }) => event.value }) },
            PREPARE_DONE: [
              {
                guard: 'authorizationQueued',
                target: 'uploadingAuthorization',
                reenter: true,
                actions: [
                  'keepUploadedAuthorization',
                  { type: 'draftChanged', params: { step: 'payment' } },
                  'startQueuedAuthorization',
                ],
              },
              {
                target: 'editing',
                actions: ['keepUploadedAuthorization', { type: 'draftChanged', params: { step: 'payment' } }],
              },
            ],
            PREPARE_FAILED: [
              {
                guard: 'authorizationQueued',
                target: 'uploadingAuthorization',
                reenter: true,
                actions: ['noticeFailedAuthorization', 'startQueuedAuthorization'],
              },
              { target: 'editing', actions: 'noticeFailedAuthorization' },
            ],
          },
        },
      },
    },
    submitting: {
      tags: [RESUMABLE],
      invoke: {
        id: 'submitRefund',
        src: 'submitRefund',
        input: ({ context }) => buildSubmission(context),
        onDone: {
          target: 'submitted',
          actions: assign({ result: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => messageOf(event.error, text.failureTitle) }),
        },
      },
    },
    submitted: {
      entry: 'forgetLogin',
      after: { refundRedirect: 'redirecting' },
      on: { HOME: 'redirecting' },
    },
    // Issue 17: a failure keeps the login, the claims, the receipts and the bank data (no logout,
    // no redirect timer); 'Reintentar' resends the same submission (same idempotency key).
    failed: {
      on: { HOME: 'redirecting', RETRY: 'submitting' },
    },
    redirecting: {
      type: 'final',
      entry: { type: 'redirect', params: ({ context }) => ({ url: redirectUrlOf(context) }) },
    },
  },
});
