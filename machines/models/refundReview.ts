/** Models of the staff refund review machines (issue 17 'Staff review (Reintegros)'). */
import type { AnyEventObject } from 'xstate';
import { messages } from '../../src/contracts/messages';
import type { RefundBankData } from '../../src/contracts/refund/review';
import { bankRevealMachine } from '../bankReveal';
import { type DownloadRequest, receiptDownloadMachine } from '../receiptDownload';
import { receiptViewerMachine, type ViewerFile } from '../receiptViewer';
import { draftErrors, type ReviewedRefund, refundReviewMachine } from '../refundReview';
import { FieldErrorsError, UserFacingError } from '../support/errors';
import { defineModel } from './types';

export const sampleReviewedRefund: ReviewedRefund = {
  id: 7,
  name: 'Lucía',
  surname: 'Fernández',
  doc_number: '30123456',
  voucher: 1,
  status: 'EN_REVISION',
  created_at: '2026-11-20T12:00:00.000Z',
  email: 'lucia@example.com',
  phone_contact: '+5491130123456',
  country_residence: 'ARG',
  language: 'es',
  client_comment: '',
  claims: [
    {
      id: 31,
      coverage: 'Asistencia médica',
      sinister_country: 'ITA',
      sinister_date: '2026-11-01',
      currency: 'EUR',
      amount: '100.00',
      approved_amount: null,
      services: [],
    },
  ],
  files: [],
  rejection_reason: '',
  payment: null,
  requests: [],
  // The machine follows the server's list; the model offers every transition that has a form.
  allowed_actions: ['update', 'review', 'request_documents', 'request_bank_data', 'approve', 'reject', 'pay'],
};
export const approvedRefund: ReviewedRefund = {
  ...sampleReviewedRefund,
  status: 'APROBADO',
  allowed_actions: [],
};
export const REVIEW_REFUSAL = "No se puede pasar un reintegro de 'Pagado' a 'En revisión'.";
export const SERVER_REASON_ERROR = 'Indique el motivo del rechazo.';

export const refundReviewModel = defineModel({
  machine: refundReviewMachine,
  input: { id: 7 },
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadRefund', output: sampleReviewedRefund },
        { type: 'xstate.error.actor.loadRefund', error: new UserFacingError(messages.common.notFound) },
      ];
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
    if (snapshot.matches({ ready: 'idle' }))
      return [
        { type: 'TRANSITION_ASKED', transition: 'approve' },
        { type: 'TRANSITION_ASKED', transition: 'reject' },
        { type: 'TRANSITION_ASKED', transition: 'request_documents' },
        { type: 'TRANSITION_ASKED', transition: 'request_bank_data' },
        { type: 'TRANSITION_ASKED', transition: 'pay' },
      ];
    if (snapshot.matches({ ready: 'editing' })) {
      // Each form's own fields: a valid and an invalid value where the contract checks one.
      const edits: Record<string, AnyEventObject[]> = {
        approve: [
          { type: 'AMOUNT_CHANGED', claim: 31, value: '1,2345' },
          { type: 'AMOUNT_CHANGED', claim: 31, value: '80' },
        ],
        reject: [{ type: 'FIELD_CHANGED', field: 'reason', value: 'Fuera de cobertura' }],
        request_documents: [{ type: 'FIELD_CHANGED', field: 'documents', value: 'Factura original' }],
        request_bank_data: [{ type: 'BANK_FIELD_TOGGLED', field: 'cbu' }],
        // Issue 30 §2: the payment's reference, told in the paid mail (optional, at most 100).
        pay: [
          { type: 'FIELD_CHANGED', field: 'reference', value: 'TRF-2026-0042' },
          { type: 'FIELD_CHANGED', field: 'reference', value: 'R'.repeat(101) },
        ],
      };
      return [
        { type: 'SUBMITTED' },
        { type: 'CANCELLED' },
        ...(edits[snapshot.context.transition ?? ''] ?? []),
      ];
    }
    if (snapshot.matches({ ready: 'submitting' }))
      return [
        { type: 'xstate.done.actor.runTransition', output: approvedRefund },
        {
          type: 'xstate.error.actor.runTransition',
          error: new FieldErrorsError({ reason: [SERVER_REASON_ERROR] }),
        },
        { type: 'xstate.error.actor.runTransition', error: new UserFacingError(REVIEW_REFUSAL) },
      ];
    return [];
  },
  serializeState: (snapshot) => {
    const { transition, draft, refund, fieldErrors, transitionError, error } = snapshot.context;
    return JSON.stringify([
      snapshot.value,
      transition,
      refund?.status ?? null,
      transition ? Object.keys(draftErrors(transition, draft, refund)).length === 0 : null,
      Object.keys(fieldErrors).sort(),
      transitionError,
      error,
    ]);
  },
  simplePaths: false,
  journeys: [
    [
      { type: 'xstate.done.actor.loadRefund', output: sampleReviewedRefund },
      { type: 'TRANSITION_ASKED', transition: 'approve' },
      { type: 'CANCELLED' },
    ],
    [
      { type: 'xstate.error.actor.loadRefund', error: new UserFacingError(messages.common.notFound) },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.loadRefund', output: sampleReviewedRefund },
    ],
  ],
});

export const sampleBankData: RefundBankData = {
  complete: true,
  masked: false,
  fields: [{ field: 'cbu', value: '2850590940090418135201' }],
  cci_unverified: false,
};

export const bankRevealModel = defineModel({
  machine: bankRevealMachine,
  input: { id: 7 },
  events: (snapshot) => {
    if (snapshot.matches('masked')) return [{ type: 'REVEAL' }];
    if (snapshot.matches('revealing'))
      return [
        { type: 'xstate.done.actor.revealBankData', output: sampleBankData },
        { type: 'xstate.error.actor.revealBankData', error: new UserFacingError(messages.common.forbidden) },
      ];
    return [{ type: 'HIDE' }];
  },
  journeys: [
    [
      { type: 'REVEAL' },
      { type: 'xstate.done.actor.revealBankData', output: sampleBankData },
      { type: 'HIDE' },
    ],
  ],
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.data !== null, snapshot.context.error]),
});

export const sampleReceipts: ViewerFile[] = [
  { id: 'a', name: 'factura.jpg', content_type: 'image/jpeg' },
  { id: 'b', name: 'informe.jpg', content_type: 'image/jpeg' },
];

export const receiptViewerModel = defineModel({
  machine: receiptViewerMachine,
  input: { files: sampleReceipts },
  events: (snapshot) => {
    const moves = [
      { type: 'NEXT' },
      { type: 'PREVIOUS' },
      { type: 'SELECTED', index: 0 },
      { type: 'SELECTED', index: 1 },
      { type: 'SELECTED', index: 5 },
    ];
    if (snapshot.matches('loading'))
      return [
        {
          type: 'xstate.done.actor.loadFile',
          output: { url: `blob:${snapshot.context.files[snapshot.context.index].id}` },
        },
        { type: 'xstate.error.actor.loadFile', error: new Error('network') },
      ];
    if (snapshot.matches('shown')) return [...moves, { type: 'ZOOM_IN' }, { type: 'ZOOM_OUT' }];
    if (snapshot.matches('failed')) return [...moves, { type: 'RETRY' }];
    return [];
  },
  // Back to a state already seen: only journeys take these.
  journeys: [
    [
      { type: 'xstate.done.actor.loadFile', output: { url: 'blob:a' } },
      { type: 'NEXT' },
      { type: 'xstate.done.actor.loadFile', output: { url: 'blob:b' } },
      { type: 'PREVIOUS' },
    ],
    [
      { type: 'xstate.done.actor.loadFile', output: { url: 'blob:a' } },
      { type: 'NEXT' },
      { type: 'xstate.error.actor.loadFile', error: new Error('network') },
      { type: 'PREVIOUS' },
    ],
    [{ type: 'xstate.error.actor.loadFile', error: new Error('network') }, { type: 'RETRY' }],
    [
      { type: 'xstate.done.actor.loadFile', output: { url: 'blob:a' } },
      { type: 'ZOOM_IN' },
      { type: 'ZOOM_OUT' },
    ],
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.index,
      snapshot.context.zoom,
      snapshot.context.url,
      snapshot.context.error,
    ]),
});

/** 'Descargar todo' of the sample refund (both receipts as one zip, named as the screen names it) and 'Descargar' of one. */
export const downloadAll: DownloadRequest = {
  ids: ['a', 'b'],
  fileName: messages.refundReview.downloadFileName(7),
};
export const downloadOne: DownloadRequest = { ids: ['b'], fileName: 'informe.jpg' };
export const DOWNLOAD_REFUSAL = 'No encontramos el archivo.';

export const receiptDownloadModel = defineModel({
  machine: receiptDownloadMachine,
  events: (snapshot) => {
    const asks = [
      { type: 'DOWNLOAD', ...downloadAll },
      { type: 'DOWNLOAD', ...downloadOne },
      // Nothing to download (a refund without files offers no button): ignored.
      { type: 'DOWNLOAD', ids: [], fileName: downloadAll.fileName },
    ];
    if (snapshot.matches('idle')) return [...asks, { type: 'DISMISS' }];
    if (snapshot.matches('downloading'))
      return [
        { type: 'xstate.done.actor.downloadFiles', output: snapshot.context.request?.fileName ?? '' },
        { type: 'xstate.error.actor.downloadFiles', error: new UserFacingError(DOWNLOAD_REFUSAL) },
        {
          type: 'xstate.error.actor.downloadFiles',
          error: Object.assign(new UserFacingError(messages.common.forbidden), { status: 403 }),
        },
        { type: 'xstate.error.actor.downloadFiles', error: new Error('network') },
      ];
    return [...asks, { type: 'RETRY' }, { type: 'DISMISS' }];
  },
  journeys: [
    [
      { type: 'DOWNLOAD', ...downloadAll },
      { type: 'xstate.done.actor.downloadFiles', output: downloadAll.fileName },
      { type: 'DISMISS' },
    ],
    [
      { type: 'DOWNLOAD', ...downloadAll },
      { type: 'xstate.error.actor.downloadFiles', error: new Error('network') },
      { type: 'RETRY' },
      { type: 'xstate.done.actor.downloadFiles', output: downloadAll.fileName },
    ],
    [
      { type: 'DOWNLOAD', ...downloadOne },
      { type: 'xstate.error.actor.downloadFiles', error: new UserFacingError(DOWNLOAD_REFUSAL) },
      { type: 'DOWNLOAD', ...downloadAll },
    ],
  ],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.request?.fileName ?? null,
      snapshot.context.saved,
      snapshot.context.error,
      snapshot.context.retryable,
    ]),
});
