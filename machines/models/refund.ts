import type { AnyEventObject } from 'xstate';
/** Models of the refund portal machines (login, wizard, claim dialog), shared by tests and the QA gallery. */
import type { Language } from '../../src/contracts/i18n/core';
import { messages } from '../../src/contracts/messages';
import {
  dateOrderOf,
  emptyMultiCause,
  emptyRefundPayment,
  MAX_CLAIM_FILES,
  paymentProblems,
  type RefundDraft,
  type RefundDraftData,
  type RefundDraftStep,
  type RefundLoginResponse,
  retypeDate,
  type SubmittedRefund,
} from '../../src/contracts/refund';
import { claimFormMachine, claimProblems, type LoadedClaim, pagesOf, type ReceiptRef } from '../claimForm';
import { refundDraftMachine } from '../refundDraft';
import { refundLoginMachine } from '../refundLogin';
import { refundStatusMachine } from '../refundStatus';
import { applicantProblems, refundWizardMachine } from '../refundWizard';
import { UserFacingError } from '../support/errors';
import { defineModel } from './types';

export const sampleRefundLogin: RefundLoginResponse = {
  access: 'refund-access-token',
  refunds: {
    doc_number: '30123456',
    voucher: '1',
    country_residence: 'ARG',
    name: 'Lucía',
    surname: 'Fernández',
    email: 'lucia.fernandez@example.com',
    phone: '1130123456',
    coverages: ['Asistencia médica por enfermedad', 'Cancelación de viaje multicausa', 'Gastos de farmacia'],
    required_items: {
      'Asistencia médica por enfermedad': ['Factura o recibo de pago', 'Informe o certificado médico'],
      'Cancelación de viaje multicausa': ['Carta de penalidad del prestador'],
      'Gastos de farmacia': ['Receta médica'],
    },
    multi_cause_coverages: ['Cancelación de viaje multicausa'],
    url_country_b2c: 'https://ar.example.com/',
    // The voucher's validity: the sample claims' 10/01/2024 falls within it.
    date_in: '2024-01-05',
    date_out: '2024-01-20',
  },
};

export const LOGIN_FAILED_SAMPLE = 'No encontramos un voucher habilitado (mensaje del servidor).';
/** The rate limit's refusal (HTTP 429), as the server words it. */
export const TOO_MANY_LOGINS_SAMPLE = messages.refund.tooManyAttempts;

export const refundLoginModel = defineModel({
  machine: refundLoginMachine,
  events: (snapshot) => {
    if (snapshot.matches('editing'))
      return [
        { type: 'FIELDS_CHANGED', values: { documento: '30123456', voucherId: '1' } },
        { type: 'FIELDS_CHANGED', values: { documento: '30123456', voucherId: ' ' } },
        { type: 'FIELDS_CHANGED', values: { documento: '', voucherId: '' } },
        { type: 'SUBMIT' },
      ];
    if (snapshot.matches('authenticating'))
      return [
        { type: 'xstate.done.actor.authenticateRefund', output: sampleRefundLogin },
        { type: 'xstate.error.actor.authenticateRefund', error: new UserFacingError(LOGIN_FAILED_SAMPLE) },
        // The server's rate limit on logins (SPEC §8: its message is shown as any refusal's).
        { type: 'xstate.error.actor.authenticateRefund', error: new UserFacingError(TOO_MANY_LOGINS_SAMPLE) },
        { type: 'xstate.error.actor.authenticateRefund', error: new Error('network') },
      ];
    return [];
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.documento,
      snapshot.context.voucherId,
      snapshot.context.fieldErrors,
      snapshot.context.error,
    ]),
});

// ---- claim dialog -------------------------------------------------------------------------

export const MEDICAL = 'Asistencia médica por enfermedad';
export const MULTI_CAUSE = 'Cancelación de viaje multicausa';

const receipt = (name: string, index = 0): ReceiptRef => ({
  id: `receipt-${index}-${name}`,
  name,
  size: 1000,
  type: name.endsWith('.pdf') ? 'application/pdf' : 'image/png',
});
export const receiptPdf = receipt('factura.pdf');
export const receiptPng = receipt('receta.PNG');
export const receiptBad = receipt('notas.docx');
export const receiptDuplicate = { ...receipt('FACTURA.pdf'), id: 'receipt-dup' };
/** Exactly the limit: taken whole into an empty claim, refused whole into one that has a file. */
export const twentyReceipts = Array.from({ length: MAX_CLAIM_FILES }, (_, index) =>
  receipt(`pagina-${index}.jpg`, index),
);
/** A 3-page PDF: 3 of the 20 (issue 30 §4, the limit counts pages). */
export const receiptThreePages: ReceiptRef = { ...receipt('extracto.pdf', 90), pages: 3 };
/** Issue 40 (traveller reach): a text file renamed '.jpg' (its first bytes say so at the pick). */
export const receiptRenamed: ReceiptRef = { ...receipt('notas.jpg', 91), contentMismatch: true };
/** The medical coverage's checklist (sampleRefundLogin's required_items). */
export const MEDICAL_ITEMS = ['Factura o recibo de pago', 'Informe o certificado médico'] as const;
export const itemReceipt = { ...receipt('factura-item.png', 91) };
export const secondItemReceipt = { ...receipt('informe-item.png', 92) };

export const sampleUploaded = [
  {
    id: '7b0c5e2a-1f1e-4c39-9a4c-3f2a1b0c9d11',
    name: 'factura-1.jpg',
    content_type: 'image/jpeg' as const,
    size: 900,
  },
  {
    id: '7b0c5e2a-1f1e-4c39-9a4c-3f2a1b0c9d12',
    name: 'factura-2.jpg',
    content_type: 'image/jpeg' as const,
    size: 900,
  },
];

const validFields = {
  sinister_country: 'ARG',
  sinister_date: '10/01/2024',
  currency: 'USD',
  amount: '1.234,50',
};

/** Issue 42: validFields' date (January 10) as English types it, and a day-first date no English reading takes. */
export const EN_VALID_DATE = '01/10/2024';
export const EN_INVALID_DATE = '13/01/2024';

/** What the receipt reading suggests (issue 31): the valid fields, read. */
export const readSuggestion = { amount: '1234.50', currency: 'USD', date: '2024-01-10' };

export const claimFormModel = defineModel({
  machine: claimFormMachine,
  input: { rules: sampleRefundLogin.refunds, loadedCoverages: ['Gastos de farmacia'] },
  events: (snapshot) => {
    if (snapshot.matches('editing')) {
      // Phases keep the graph small: fields and receipts are explored before a coverage is
      // chosen; the multi-cause section once everything else of the claim is valid.
      const context = snapshot.context;
      const problems = Object.keys(claimProblems(context));
      const isChecklist = (key: string) => key === 'checklist' || key.startsWith('missing.');
      const base = problems.filter((key) => !key.startsWith('multi_cause') && !isChecklist(key));
      const events: AnyEventObject[] = [
        { type: 'COVERAGE_CHOSEN', coverage: MEDICAL },
        { type: 'COVERAGE_CHOSEN', coverage: MULTI_CAUSE },
        { type: 'COVERAGE_CHOSEN', coverage: '' },
        { type: 'NOTICE_DISMISSED' },
        { type: 'SUBMIT' },
      ];
      if (context.coverage === '') {
        events.push(
          { type: 'FIELDS_CHANGED', values: validFields },
          { type: 'FIELDS_CHANGED', values: { sinister_date: '31/02/2024', amount: '-5' } },
          { type: 'FIELDS_CHANGED', values: { sinister_date: '01/01/2999', amount: '0,00' } },
          // Before the trip: outside the voucher's validity (issue 17).
          { type: 'FIELDS_CHANGED', values: { sinister_date: '04/01/2024' } },
          { type: 'FILES_CHOSEN', files: [receiptPdf, receiptPng] },
          { type: 'FILES_CHOSEN', files: [receiptBad] },
          { type: 'FILES_CHOSEN', files: [receiptRenamed] },
          { type: 'FILES_CHOSEN', files: [receiptDuplicate] },
          { type: 'FILES_CHOSEN', files: twentyReceipts },
          { type: 'FILES_CHOSEN', files: [receiptThreePages] },
          { type: 'FILE_REMOVED', id: context.files.at(-1)?.id ?? 'none' },
          // Issue 31: the traveller accepted what was read on a receipt.
          { type: 'READING_ACCEPTED', suggestion: readSuggestion },
        );
      }
      // Issue 30 §3, once the rest of the claim is valid: a file under the first item, 'No lo
      // tengo' on the second with a reason (or a blank one), then a file there after all.
      // (Only from a calm claim of a few files: no notice, no upload error; keeps the graph small.)
      const calm = !context.fileNotice && !context.uploadError && pagesOf(context.files) <= 4;
      if (context.coverage === MEDICAL && base.length === 0 && calm) {
        const [first, second] = MEDICAL_ITEMS;
        events.push(
          { type: 'FILES_CHOSEN', files: [itemReceipt], item: first },
          { type: 'ITEM_MISSING_TOGGLED', item: second, missing: !(second in context.missing) },
          { type: 'MISSING_REASON_CHANGED', item: second, reason: 'Se perdió en el viaje' },
          { type: 'MISSING_REASON_CHANGED', item: second, reason: '   ' },
          { type: 'FILES_CHOSEN', files: [secondItemReceipt], item: second },
          { type: 'FILE_REMOVED', id: itemReceipt.id },
        );
      }
      if (context.coverage === MULTI_CAUSE && base.length === 0 && calm && problems.some(isChecklist)) {
        events.push({
          type: 'ITEM_MISSING_TOGGLED',
          item: 'Carta de penalidad del prestador',
          missing: true,
        });
        events.push({
          type: 'MISSING_REASON_CHANGED',
          item: 'Carta de penalidad del prestador',
          reason: 'El hotel no la emitió',
        });
      }
      if (context.isMultiCause && base.length === 0 && !problems.some(isChecklist)) {
        const mc = context.multiCause;
        events.push(
          { type: 'SERVICE_TOGGLED', service: 'alojamientos', selected: !mc.alojamientos.selected },
          { type: 'SERVICE_AMOUNT_CHANGED', service: 'alojamientos', amount: 'montoPagado', value: '500,00' },
          { type: 'SERVICE_AMOUNT_CHANGED', service: 'alojamientos', amount: 'montoRecuperado', value: '0' },
          { type: 'SERVICE_TOGGLED', service: 'transporte', selected: !mc.transporte.selected },
          { type: 'SERVICE_TOGGLED', service: 'transporte.vuelos', selected: true },
          { type: 'SERVICE_TOGGLED', service: 'otro', selected: !mc.otro.selected },
          { type: 'SERVICE_NAME_CHANGED', value: 'Entradas' },
        );
      }
      return events;
    }
    if (snapshot.matches('preparing'))
      return [
        { type: 'PREPARE_PROGRESS', value: 50 },
        {
          type: 'PREPARE_DONE',
          files: sampleUploaded,
          // The second upload is the last receipt's (a PDF's second page when there is one file).
          sources: [0, snapshot.context.files.length - 1],
        },
        { type: 'PREPARE_FAILED', message: 'No se pudieron subir los archivos. Vuelva a intentarlo.' },
      ];
    return [];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context;
    const files = pagesOf(context.files);
    const mc = context.multiCause;
    return JSON.stringify([
      snapshot.value,
      Object.keys(claimProblems(context)).sort(),
      Object.keys(context.errors).length > 0,
      context.coverage,
      context.isMultiCause
        ? [mc.alojamientos.selected, mc.transporte.selected, mc.transporte.vuelos.selected, mc.otro.selected]
        : null,
      files === 0 ? 0 : files >= MAX_CLAIM_FILES ? 'full' : 'some',
      Boolean(context.fileNotice),
      Boolean(context.uploadError),
      context.requiredItems.map((item) =>
        context.files.some((file) => file.item === item)
          ? 'files'
          : item in context.missing
            ? context.missing[item].trim() === ''
              ? 'missing-no-reason'
              : 'missing'
            : 'empty',
      ),
    ]);
  },
  limit: 20000,
  simplePaths: false,
  journeys: [
    [
      { type: 'FILES_CHOSEN', files: twentyReceipts },
      { type: 'FILE_REMOVED', id: twentyReceipts[MAX_CLAIM_FILES - 1].id },
      { type: 'FILES_CHOSEN', files: [receiptPdf] },
    ],
    [
      { type: 'FIELDS_CHANGED', values: validFields },
      { type: 'FILES_CHOSEN', files: [receiptPdf, receiptPng] },
      { type: 'COVERAGE_CHOSEN', coverage: MEDICAL },
      { type: 'SUBMIT' },
      { type: 'FILES_CHOSEN', files: [itemReceipt], item: MEDICAL_ITEMS[0] },
      { type: 'ITEM_MISSING_TOGGLED', item: MEDICAL_ITEMS[1], missing: true },
      { type: 'SUBMIT' },
      { type: 'MISSING_REASON_CHANGED', item: MEDICAL_ITEMS[1], reason: 'Se perdió en el viaje' },
      { type: 'SUBMIT' },
      { type: 'PREPARE_PROGRESS', value: 50 },
      { type: 'PREPARE_DONE', files: sampleUploaded, sources: [0, 2] },
    ],
    [
      { type: 'FILES_CHOSEN', files: twentyReceipts.slice(0, 18) },
      { type: 'FILES_CHOSEN', files: [receiptThreePages] },
      { type: 'NOTICE_DISMISSED' },
      { type: 'FILE_REMOVED', id: twentyReceipts[0].id },
      { type: 'FILES_CHOSEN', files: [receiptThreePages] },
    ],
    // Issue 42: in English the date is typed MM/DD/YYYY (01/10/2024 is January 10) ...
    [
      { type: 'LANGUAGE_CHANGED', language: 'en' },
      { type: 'FIELDS_CHANGED', values: { ...validFields, sinister_date: EN_VALID_DATE } },
      { type: 'FILES_CHOSEN', files: [receiptPdf, receiptPng] },
      { type: 'COVERAGE_CHOSEN', coverage: MEDICAL },
      { type: 'FILES_CHOSEN', files: [itemReceipt], item: MEDICAL_ITEMS[0] },
      { type: 'FILES_CHOSEN', files: [secondItemReceipt], item: MEDICAL_ITEMS[1] },
      { type: 'SUBMIT' },
      { type: 'PREPARE_DONE', files: sampleUploaded, sources: [0, 2] },
    ],
    // ... a day-first date with a day over 12 is no date there ...
    [
      { type: 'LANGUAGE_CHANGED', language: 'en' },
      { type: 'FIELDS_CHANGED', values: { ...validFields, sinister_date: EN_INVALID_DATE } },
      { type: 'SUBMIT' },
    ],
    // ... and switching language keeps every field, the date with its meaning.
    [
      { type: 'FIELDS_CHANGED', values: validFields },
      { type: 'FILES_CHOSEN', files: [receiptPdf] },
      { type: 'LANGUAGE_CHANGED', language: 'en' },
      { type: 'LANGUAGE_CHANGED', language: 'pt' },
    ],
  ],
});

// ---- wizard ---------------------------------------------------------------------------------

/**
 * The claim dialog's model in a language (issue 42; walked by tests/machines/refundLanguages.test.ts
 * and, in Chromium, tests/e2e/refundPaths.spec.ts): the machine starts in it, and every date the
 * model types in the Spanish order (its events, its journeys up to their own language switch) is
 * typed in the language's order instead, so the same days are meant (English MM/DD/YYYY).
 */
export function claimFormModelIn(language: Language): typeof claimFormModel {
  const order = dateOrderOf(language);
  const retype = (event: AnyEventObject): AnyEventObject =>
    event.type === 'FIELDS_CHANGED' && typeof event.values?.sinister_date === 'string'
      ? {
          ...event,
          values: { ...event.values, sinister_date: retypeDate(event.values.sinister_date, 'dmy', order) },
        }
      : event;
  return {
    ...claimFormModel,
    input: { ...claimFormModel.input!, language },
    events: (snapshot) => {
      const events = claimFormModel.events(snapshot);
      return dateOrderOf(snapshot.context.language ?? 'es') === 'dmy' ? events : events.map(retype);
    },
    journeys: (claimFormModel.journeys ?? []).map((journey) => {
      const switched = journey.findIndex((event) => event.type === 'LANGUAGE_CHANGED');
      return journey.map((event, index) => (switched === -1 || index < switched ? retype(event) : event));
    }),
  };
}

export const sampleClaim: LoadedClaim = {
  coverage: MEDICAL,
  sinister_country: 'ARG',
  sinister_date: '2024-01-10',
  currency: 'USD',
  amount: '1234.50',
  coverage_files: sampleUploaded.map(({ id, name }) => ({ id, name })),
  multi_cause: null,
  receiptCount: 1,
};

export const sampleMultiCauseClaim: LoadedClaim = {
  ...sampleClaim,
  coverage: MULTI_CAUSE,
  coverage_files: [{ id: '7b0c5e2a-1f1e-4c39-9a4c-3f2a1b0c9d13', name: 'carta.jpg' }],
  multi_cause: {
    ...emptyMultiCause(),
    alojamientos: { selected: true, montoPagado: '500.00', montoRecuperado: '0.00' },
  },
};

export const validArgentinePayment = {
  owner: 'Lucía Fernández',
  bank: '285',
  account_type: 'Caja de ahorro en pesos',
  account_number: '123456789',
  cbu: '2850590940090418135201',
  cuit_cuil: '20055361682',
};

// ---- the server draft (issue 30 §1) ------------------------------------------------------------

/** A draft as another browser saved it: one claim with its receipts, bank data, an edited email. */
export function sampleDraft(step: RefundDraftStep, version = 3): RefundDraft {
  return {
    version,
    updated_at: '2026-11-20T10:00:00.000Z',
    data: {
      step,
      applicant: { email: 'lucia.otra@example.com', phone_contact: '1130123456' },
      claims: [sampleClaim as unknown as RefundDraftData['claims'][number]],
      comment: 'Guardado en el teléfono',
      payment: { ...emptyRefundPayment(), ...validArgentinePayment },
    },
  };
}

/** The data the wizard would save (the saver model does not look inside it: kept short). */
export const sampleDraftData: RefundDraftData = {
  step: 'claims',
  applicant: { email: 'lucia@example.com', phone_contact: '1130123456' },
  claims: [],
  comment: 'A',
  payment: { authorization_letter: [], authorized_document: [] },
};
export const editedDraftData: RefundDraftData = { ...sampleDraftData, comment: 'B' };

/** A 409 as the API client rejects it. */
export class StaleSaveError extends UserFacingError {
  readonly status = 409;
}
export const STALE_SAMPLE = 'La solicitud se modificó desde otra pestaña o dispositivo.';
/** Issue 40 (traveller reach): a save refused because another login replaced the session. */
export class SignedOutError extends UserFacingError {
  readonly status = 401;
}
export const SIGNED_OUT_SAMPLE = 'Su sesión de reintegro se abrió en otro dispositivo o pestaña.';

export const refundDraftModel = defineModel({
  machine: refundDraftMachine,
  input: { version: 0 },
  events: (snapshot) => {
    const change = { type: 'DRAFT_CHANGED', data: editedDraftData };
    const now = { type: 'DRAFT_SAVE_NOW', data: sampleDraftData, explicit: false };
    const explicit = { type: 'DRAFT_SAVE_NOW', data: sampleDraftData, explicit: true };
    if (snapshot.matches('idle')) return [change, now, explicit];
    if (snapshot.matches('pending'))
      return [change, now, explicit, { type: 'xstate.after.draftDebounce.refundDraft.pending' }];
    if (snapshot.matches('saving'))
      return [
        change,
        explicit,
        { type: 'xstate.done.actor.saveDraft', output: { version: snapshot.context.version + 1 } },
        { type: 'xstate.error.actor.saveDraft', error: new StaleSaveError(STALE_SAMPLE) },
        { type: 'xstate.error.actor.saveDraft', error: new SignedOutError(SIGNED_OUT_SAMPLE) },
        { type: 'xstate.error.actor.saveDraft', error: new Error('network') },
      ];
    if (snapshot.matches('failed')) return [{ type: 'DRAFT_RETRY' }, change, now];
    if (snapshot.matches('signedOut')) return [{ type: 'DRAFT_SIGN_IN' }, change, now, explicit];
    if (snapshot.matches('signingIn'))
      return [
        change,
        now,
        { type: 'xstate.done.actor.signInAgain', output: undefined },
        { type: 'xstate.error.actor.signInAgain', error: new Error('network') },
      ];
    if (snapshot.matches('stale')) return [{ type: 'DRAFT_LOAD_NEWER' }, change, explicit];
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadDraft', output: sampleDraft('payment', 7) },
        { type: 'xstate.done.actor.loadDraft', output: null },
        { type: 'xstate.error.actor.loadDraft', error: new Error('network') },
      ];
    return [];
  },
  serializeState: (snapshot) => {
    const context = snapshot.context;
    return JSON.stringify([
      snapshot.value,
      Math.min(context.version, 1),
      context.data === null ? null : context.data.comment,
      context.dirty,
      context.explicit,
      context.saved,
      context.signedOutMessage,
    ]);
  },
  limit: 5000,
  simplePaths: false,
  journeys: (() => {
    const change = { type: 'DRAFT_CHANGED', data: editedDraftData };
    const now = { type: 'DRAFT_SAVE_NOW', data: sampleDraftData, explicit: false };
    const failed = [now, { type: 'xstate.error.actor.saveDraft', error: new Error('network') }];
    const stale = [now, { type: 'xstate.error.actor.saveDraft', error: new StaleSaveError(STALE_SAMPLE) }];
    const loading = [...stale, { type: 'DRAFT_LOAD_NEWER' }];
    return [
      [change, change],
      [change, now],
      [...failed, { type: 'DRAFT_RETRY' }],
      [...failed, change],
      [...failed, now],
      [...stale, change],
      [...stale, { ...now, explicit: true }],
      [...loading, { type: 'xstate.done.actor.loadDraft', output: null }],
      [...loading, { type: 'xstate.error.actor.loadDraft', error: new Error('network') }],
      // Issue 40: a replaced session signs in again here and saves what is on screen.
      [
        now,
        { type: 'xstate.error.actor.saveDraft', error: new SignedOutError(SIGNED_OUT_SAMPLE) },
        change,
        { type: 'DRAFT_SIGN_IN' },
        { type: 'xstate.done.actor.signInAgain', output: undefined },
      ],
      [
        now,
        { type: 'xstate.error.actor.saveDraft', error: new SignedOutError(SIGNED_OUT_SAMPLE) },
        { ...now, explicit: true },
        { type: 'DRAFT_SIGN_IN' },
        change,
        now,
        { type: 'xstate.error.actor.signInAgain', error: new Error('network') },
      ],
    ];
  })(),
});

export const refundWizardModel = defineModel({
  machine: refundWizardMachine,
  input: {
    login: sampleRefundLogin,
    idempotencyKey: '3f0e8a52-7c1d-4b7e-9a55-0d2c6e1f4a10',
    defaultSiteUrl: 'https://www.example.com/',
  },
  events: (snapshot) => {
    if (snapshot.matches('resuming'))
      return [
        { type: 'xstate.done.actor.loadDraft', output: null },
        { type: 'xstate.done.actor.loadDraft', output: sampleDraft('applicant') },
        { type: 'xstate.done.actor.loadDraft', output: sampleDraft('claims') },
        { type: 'xstate.done.actor.loadDraft', output: sampleDraft('payment') },
        { type: 'xstate.error.actor.loadDraft', error: new Error('network') },
      ];
    // Issue 30 §1: 'Guardar y seguir después', and the newer draft loaded after a 409 (from the
    // first step: enough to take the root's three transitions once each).
    const drafts: AnyEventObject[] = [{ type: 'SAVE_DRAFT' }];
    if (snapshot.matches('applicant'))
      return [
        ...drafts,
        { type: 'DRAFT_RESUMED', draft: sampleDraft('applicant', 4) },
        { type: 'DRAFT_RESUMED', draft: sampleDraft('claims', 4) },
        { type: 'DRAFT_RESUMED', draft: sampleDraft('payment', 4) },
        { type: 'APPLICANT_CHANGED', values: { email: 'no-es-un-email' } },
        { type: 'APPLICANT_CHANGED', values: { phone_contact: '11-3012' } },
        { type: 'APPLICANT_CHANGED', values: { phone_contact: '' } },
        { type: 'APPLICANT_CHANGED', values: { email: 'lucia@example.com', phone_contact: '1130123456' } },
        { type: 'CONTINUE' },
      ];
    if (snapshot.matches({ claims: 'list' }))
      return [
        ...drafts,
        { type: 'OPEN_CLAIM_DIALOG' },
        { type: 'CLAIM_REMOVED', index: 0 },
        { type: 'COMMENT_CHANGED', value: 'Todo cargado.' },
        { type: 'COMMENT_CHANGED', value: 'x'.repeat(256) },
        { type: 'BACK' },
        { type: 'CONTINUE' },
      ];
    if (snapshot.matches({ claims: 'dialog' }))
      return [
        {
          type: 'xstate.done.actor.claimForm',
          output: snapshot.context.claims.length === 0 ? sampleClaim : sampleMultiCauseClaim,
        },
        { type: 'CLOSE_CLAIM_DIALOG' },
      ];
    if (snapshot.matches({ payment: 'editing' })) {
      const thirdParty = snapshot.context.payment.refund_method === 'Autorizar a tercero';
      const events: AnyEventObject[] = [
        ...drafts,
        { type: 'PAYMENT_CHANGED', values: validArgentinePayment },
        { type: 'PAYMENT_CHANGED', values: { cbu: '2850590940090418135209' } },
        { type: 'PAYMENT_CHANGED', values: { cuit_cuil: '20-05536168-2' } },
        { type: 'PAYMENT_CHANGED', values: { refund_method: 'Autorizar a tercero' } },
        { type: 'PAYMENT_CHANGED', values: { refund_method: 'Cuenta propia' } },
        { type: 'BACK' },
        { type: 'FINISH' },
      ];
      if (thirdParty)
        events.push(
          { type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorization_letter', files: [receiptPdf] },
          { type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorized_document', files: [receiptPng] },
          { type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorized_document', files: [receiptBad] },
          {
            type: 'AUTHORIZATION_FILE_REMOVED',
            field: 'authorization_letter',
            id: snapshot.context.payment.authorization_letter[0]?.id ?? 'none',
          },
        );
      return events;
    }
    if (snapshot.matches({ payment: 'uploadingAuthorization' })) {
      // Issue 30 §4: the other file picked while this one uploads waits its turn (or is refused).
      const letter = snapshot.context.uploadingField === 'authorization_letter';
      const other = letter ? 'authorized_document' : 'authorization_letter';
      return [
        { type: 'PREPARE_PROGRESS', value: 40 },
        { type: 'PREPARE_DONE', files: [sampleUploaded[letter ? 0 : 1]] },
        { type: 'PREPARE_FAILED', message: 'No se pudieron subir los archivos. Vuelva a intentarlo.' },
        { type: 'AUTHORIZATION_FILES_CHOSEN', field: other, files: [receiptPng] },
        { type: 'AUTHORIZATION_FILES_CHOSEN', field: other, files: [receiptBad] },
      ];
    }
    if (snapshot.matches('submitting'))
      return [
        {
          type: 'xstate.done.actor.submitRefund',
          output: { refund: { id: 1, status: 'PENDIENTE' }, refund_payment: { status: true }, create: true },
        },
        { type: 'xstate.error.actor.submitRefund', error: new Error('500') },
      ];
    if (snapshot.matches('submitted'))
      return [{ type: 'HOME' }, { type: 'xstate.after.refundRedirect.refundWizard.submitted' }];
    if (snapshot.matches('failed')) return [{ type: 'HOME' }, { type: 'RETRY' }];
    return [];
  },
  serializeState: (snapshot) => {
    // Each step keys on its own data only: the traversal explores one step at a time.
    const context = snapshot.context;
    if (snapshot.matches('applicant'))
      return JSON.stringify([
        snapshot.value,
        Object.keys(applicantProblems(context.applicant)).sort(),
        Object.keys(context.applicantErrors).length > 0,
      ]);
    if (snapshot.matches('claims'))
      return JSON.stringify([
        snapshot.value,
        Math.min(context.claims.length, 2),
        context.comment.length > 255,
        Boolean(context.claimsError),
      ]);
    if (snapshot.matches('payment'))
      return JSON.stringify([
        snapshot.value,
        Object.keys(paymentProblems(context.payment, context.login.refunds.country_residence)).sort(),
        Object.keys(context.paymentErrors).length > 0,
        context.payment.refund_method,
        Object.values(context.authorizationNotice).some(Boolean),
        context.uploadingField,
        context.queuedAuthorizationFiles.length,
      ]);
    return JSON.stringify([snapshot.value, Boolean(context.error)]);
  },
  limit: 20000,
  simplePaths: false,
  journeys: (() => {
    const toClaims = [{ type: 'xstate.done.actor.loadDraft', output: null }, { type: 'CONTINUE' }];
    const withClaim = [
      ...toClaims,
      { type: 'OPEN_CLAIM_DIALOG' },
      { type: 'xstate.done.actor.claimForm', output: sampleClaim },
    ];
    const toPayment = [...withClaim, { type: 'CONTINUE' }];
    const readyToSend = [
      ...toPayment,
      { type: 'PAYMENT_CHANGED', values: validArgentinePayment },
      { type: 'FINISH' },
    ];
    const resumed = { type: 'xstate.done.actor.loadDraft', output: null };
    return [
      // Issue 30 §1: 'Guardar y seguir después' at each step; the newer draft at the same step.
      [resumed, { type: 'SAVE_DRAFT' }],
      // Issue 42: the language switched at a step, and with the claim dialog open (told too).
      [resumed, { type: 'LANGUAGE_CHANGED', language: 'pt' }],
      [...toClaims, { type: 'OPEN_CLAIM_DIALOG' }, { type: 'LANGUAGE_CHANGED', language: 'en' }],
      [resumed, { type: 'DRAFT_RESUMED', draft: sampleDraft('applicant', 4) }],
      [resumed, { type: 'DRAFT_RESUMED', draft: sampleDraft('claims', 4) }],
      [resumed, { type: 'DRAFT_RESUMED', draft: sampleDraft('payment', 4) }],
      [{ type: 'xstate.error.actor.loadDraft', error: new Error('network') }],
      [...toClaims, { type: 'SAVE_DRAFT' }],
      [...toPayment, { type: 'SAVE_DRAFT' }],
      [...toClaims, { type: 'BACK' }],
      [...toClaims, { type: 'OPEN_CLAIM_DIALOG' }, { type: 'CLOSE_CLAIM_DIALOG' }],
      [...toPayment, { type: 'BACK' }],
      [
        ...toPayment,
        {
          type: 'PAYMENT_CHANGED',
          values: { ...validArgentinePayment, refund_method: 'Autorizar a tercero' },
        },
        { type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorization_letter', files: [receiptPdf] },
        { type: 'PREPARE_PROGRESS', value: 40 },
        { type: 'PREPARE_FAILED', message: 'No se pudieron subir los archivos. Vuelva a intentarlo.' },
        { type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorization_letter', files: [receiptPdf] },
        { type: 'PREPARE_DONE', files: [sampleUploaded[0]] },
        { type: 'AUTHORIZATION_FILE_REMOVED', field: 'authorization_letter', id: sampleUploaded[0].id },
      ],
      // Issue 30 §4: the ID photo picked while the letter uploads waits its turn, then uploads,
      // whether the letter's upload ends well or fails.
      ...['PREPARE_DONE', 'PREPARE_FAILED'].map((letterEnd) => [
        ...toPayment,
        {
          type: 'PAYMENT_CHANGED',
          values: { ...validArgentinePayment, refund_method: 'Autorizar a tercero' },
        },
        { type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorization_letter', files: [receiptPdf] },
        { type: 'AUTHORIZATION_FILES_CHOSEN', field: 'authorized_document', files: [receiptPng] },
        letterEnd === 'PREPARE_DONE'
          ? { type: 'PREPARE_DONE', files: [sampleUploaded[0]] }
          : { type: 'PREPARE_FAILED', message: 'No se pudieron subir los archivos. Vuelva a intentarlo.' },
        { type: 'PREPARE_DONE', files: [sampleUploaded[1]] },
      ]),
      [
        ...readyToSend,
        {
          type: 'xstate.done.actor.submitRefund',
          output: { refund: { id: 1, status: 'PENDIENTE' }, refund_payment: { status: true }, create: true },
        },
        { type: 'xstate.after.refundRedirect.refundWizard.submitted' },
      ],
      [
        ...readyToSend,
        { type: 'xstate.error.actor.submitRefund', error: new Error('500') },
        { type: 'RETRY' },
      ],
    ];
  })(),
});

// ---- the status page (issue 17, issue 30 §2) --------------------------------------------------

export const sampleSubmittedRefund: SubmittedRefund = {
  id: 41,
  status: 'PENDIENTE',
  created_at: '2026-11-20T10:00:00.000Z',
  requests: [],
  timeline: [{ event: 'received', at: '2026-11-20T10:00:00.000Z' }] as SubmittedRefund['timeline'],
  rejection_reason: '',
  claims: [],
  payment_reference: '',
};
/** The same refund, decided since the login. */
export const rejectedSubmittedRefund: SubmittedRefund = {
  ...sampleSubmittedRefund,
  status: 'RECHAZADO',
  rejection_reason: 'Falta la factura original.',
};

export const refundStatusModel = defineModel({
  machine: refundStatusMachine,
  input: { refunds: [sampleSubmittedRefund] },
  events: (snapshot) =>
    snapshot.matches('refreshing')
      ? [
          { type: 'xstate.done.actor.loadStatus', output: [rejectedSubmittedRefund] },
          { type: 'xstate.error.actor.loadStatus', error: new Error('network') },
        ]
      : [],
});
