/** Models of the traveller's link pages (issue 17 'Links': /upload_data, /update_payment_data). */
import { messages } from '../../src/contracts/messages';
import type { PaymentUpdateAccess, PendingDocsAccess } from '../../src/contracts/refund/links';
import type { ReceiptRef } from '../claimForm';
import { paymentUpdateMachine } from '../paymentUpdate';
import { type PreparedDoc, pendingDocsMachine } from '../pendingDocs';
import { FieldErrorsError, UserFacingError } from '../support/errors';
import { defineModel } from './types';

export const LINK_INPUT = { refundId: '7', hash: '3.2000000000.abc' };
export const LINK_USED = messages.refundLinks.linkUsed;
export const UPLOAD_KO = 'El archivo no es una imagen válida (factura.png)';

export const sampleDocsAccess: PendingDocsAccess = {
  refund_id: 7,
  documents: ['Factura original', 'Informe médico'],
  max_files: 2,
  remaining_files: 2,
  observations: 'Legibles, por favor',
};

const doc = (name: string): ReceiptRef => ({ id: `doc-${name}`, name, size: 100, type: 'image/png' });
export const factura = doc('factura.png');
export const informe = doc('informe.pdf');
export const badFile = doc('notas.txt');
/** Issue 40 (traveller reach): a PDF of three pages, and a text file renamed '.jpg'. */
export const threePages: ReceiptRef = { ...doc('extracto.pdf'), pages: 3 };
export const renamedFile: ReceiptRef = { ...doc('notas.jpg'), contentMismatch: true };
const prepared = (count: number): PreparedDoc[] =>
  Array.from({ length: count }, (_, index) => ({ name: `page-${index + 1}.jpg`, blob: null }));
export const TOO_LONG_COMMENT = 'x'.repeat(256);

const toUpload = [
  { type: 'xstate.done.actor.loadAccess', output: sampleDocsAccess },
  { type: 'FILES_CHOSEN', files: [factura] },
  { type: 'SUBMIT' },
  { type: 'xstate.done.actor.prepareDocs', output: prepared(1) },
];

export const pendingDocsModel = defineModel({
  machine: pendingDocsMachine,
  input: LINK_INPUT,
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadAccess', output: sampleDocsAccess },
        { type: 'xstate.error.actor.loadAccess', error: new UserFacingError(LINK_USED) },
        { type: 'xstate.error.actor.loadAccess', error: new Error('network') },
      ];
    if (snapshot.matches('editing'))
      return [
        { type: 'FILES_CHOSEN', files: [factura] },
        { type: 'FILES_CHOSEN', files: [badFile] },
        { type: 'FILES_CHOSEN', files: [threePages] },
        { type: 'FILES_CHOSEN', files: [renamedFile] },
        { type: 'FILE_REMOVED', id: factura.id },
        { type: 'COMMENT_CHANGED', value: 'Adjunto factura' },
        { type: 'COMMENT_CHANGED', value: TOO_LONG_COMMENT },
        { type: 'SUBMIT' },
      ];
    if (snapshot.matches('preparing'))
      return [
        { type: 'xstate.done.actor.prepareDocs', output: prepared(1) },
        // A PDF of three pages when two files are allowed.
        { type: 'xstate.done.actor.prepareDocs', output: prepared(3) },
        { type: 'xstate.error.actor.prepareDocs', error: new Error('pdf') },
      ];
    if (snapshot.matches('uploading'))
      return [
        {
          type: 'xstate.done.actor.uploadDocs',
          output: {
            status: 'ok',
            files: [{ file_id: 'f-1', name: 'factura.jpg', content_type: 'image/jpeg', size: 9 }],
          },
        },
        { type: 'xstate.done.actor.uploadDocs', output: { status: 'ko', message: UPLOAD_KO, files: [] } },
        { type: 'xstate.done.actor.uploadDocs', output: { status: 'error', files: [] } },
        { type: 'xstate.error.actor.uploadDocs', error: new Error('network') },
      ];
    if (snapshot.matches('patching'))
      return [
        { type: 'xstate.done.actor.patchRefund', output: { status: 'ok' } },
        { type: 'xstate.error.actor.patchRefund', error: new UserFacingError(LINK_USED) },
      ];
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
    return [];
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.files.map((file) => file.name),
      snapshot.context.comment.length > 255,
      snapshot.context.comment === '',
      snapshot.context.errors,
      snapshot.context.notice,
      snapshot.context.error,
      // Issue 31: the files being read (a child each).
      snapshot.context.reading,
      Object.keys(snapshot.children).sort(),
    ]),
  simplePaths: false,
  limit: 2000,
  journeys: [
    [
      ...toUpload,
      { type: 'xstate.done.actor.uploadDocs', output: { status: 'error', files: [] } },
      { type: 'RETRY' },
    ],
    [...toUpload, { type: 'xstate.error.actor.uploadDocs', error: new Error('network') }, { type: 'RETRY' }],
  ],
});

export const samplePaymentAccess: PaymentUpdateAccess = {
  refund_id: 7,
  update_fields: ['cbu', 'cuit_cuil'],
  observations: 'El CBU no corresponde al titular',
  country_residence: 'ARG',
};
export const GOOD_CBU = '2850590940090418135201';
export const GOOD_CUIT = '20301234563';
export const SERVER_CBU_ERROR = 'El CBU no corresponde al banco.';

export const paymentUpdateModel = defineModel({
  machine: paymentUpdateMachine,
  input: LINK_INPUT,
  events: (snapshot) => {
    if (snapshot.matches('loading'))
      return [
        { type: 'xstate.done.actor.loadFields', output: samplePaymentAccess },
        { type: 'xstate.error.actor.loadFields', error: new UserFacingError(LINK_USED) },
        { type: 'xstate.error.actor.loadFields', error: new Error('network') },
      ];
    if (snapshot.matches('editing'))
      return [
        { type: 'FIELD_CHANGED', field: 'cbu', value: GOOD_CBU },
        { type: 'FIELD_CHANGED', field: 'cbu', value: '123' },
        { type: 'FIELD_CHANGED', field: 'cuit_cuil', value: GOOD_CUIT },
        // Issue 40: the confirmation of a CCI whose check digits do not match (PER).
        { type: 'CCI_CONFIRMED', confirmed: !snapshot.context.cciConfirmed },
        { type: 'SUBMIT' },
      ];
    if (snapshot.matches('sending'))
      return [
        { type: 'xstate.done.actor.sendFields', output: { status: 'ok' } },
        { type: 'xstate.error.actor.sendFields', error: new FieldErrorsError({ cbu: [SERVER_CBU_ERROR] }) },
        { type: 'xstate.error.actor.sendFields', error: new UserFacingError(LINK_USED) },
      ];
    if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
    return [];
  },
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.values,
      snapshot.context.cciConfirmed,
      snapshot.context.errors,
      snapshot.context.error,
    ]),
  simplePaths: false,
  journeys: [
    [
      { type: 'xstate.done.actor.loadFields', output: samplePaymentAccess },
      { type: 'FIELD_CHANGED', field: 'cbu', value: GOOD_CBU },
      { type: 'FIELD_CHANGED', field: 'cuit_cuil', value: GOOD_CUIT },
      { type: 'SUBMIT' },
      { type: 'xstate.error.actor.sendFields', error: new UserFacingError(LINK_USED) },
      { type: 'RETRY' },
    ],
  ],
});
