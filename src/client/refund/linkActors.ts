/** The link pages' machines with the browser's actors (issue 17 'Links'). */
import { fromPromise } from 'xstate';
import { paymentUpdateMachine } from '../../../machines/paymentUpdate';
import { type PendingDocsInput, pendingDocsMachine } from '../../../machines/pendingDocs';
import { type ReadingQuery, receiptReadingMachine } from '../../../machines/receiptReading';
import type { UploadPendingDocResponse } from '../../contracts/refund/links';
import type { FileReading } from '../../contracts/refund/reading';
import { RefundApiError } from '../api/refund';
import {
  loadPaymentUpdate,
  loadPendingDocReadings,
  loadPendingDocs,
  patchPendingDocs,
  sendPaymentUpdate,
  uploadPendingDocs,
} from '../api/refundLinks';
import { prepareReceipts } from './files/prepare';
import { forgetReceipt, loadReceipt } from './files/receiptStore';

/** Chosen document id -> the ids of its pages uploaded for reading (a failed upload is forgotten). */
const uploadsForReading = new Map<string, Promise<string[]>>();

/**
 * Issue 31: the reading of a chosen document. It is only in IndexedDB until 'Enviar', so it is
 * prepared as it will be sent and uploaded once through the link (`?purpose=reading`); the polls
 * then ask what was read. The upload at 'Enviar' sends the same bytes, whose reading the server
 * copies from this one instead of reading them twice.
 */
function pendingDocReading(link: PendingDocsInput) {
  const uploadedIdsOf = (documentId: string): Promise<string[]> => {
    const known = uploadsForReading.get(documentId);
    if (known) return known;
    const upload = (async () => {
      const stored = await loadReceipt(documentId);
      if (!stored) throw new Error(`document ${documentId} missing`);
      const prepared = await prepareReceipts([{ name: stored.name, blob: stored.blob }]);
      const answer = await uploadPendingDocs(
        link,
        prepared.map((file) => ({ name: file.name, blob: file.blob as Blob })),
        'reading',
      );
      if (answer.status !== 'ok') throw new Error('not uploaded');
      return answer.files.map((file) => file.file_id);
    })();
    uploadsForReading.set(documentId, upload);
    upload.catch(() => uploadsForReading.delete(documentId));
    return upload;
  };
  return receiptReadingMachine.provide({
    actors: {
      fetchReadings: fromPromise<FileReading[], ReadingQuery>(async ({ input }) => {
        const ids = (await Promise.all(input.fileIds.map(uploadedIdsOf))).flat();
        return loadPendingDocReadings(link, ids);
      }),
    },
  });
}

/** The /upload_data page's machine with the browser's actors, for this link. */
export const providedPendingDocsMachine = (link: PendingDocsInput) =>
  pendingDocsMachine.provide({
    actors: {
      receiptReading: pendingDocReading(link),
      loadAccess: fromPromise(async ({ input }) => loadPendingDocs(input)),
      // As in the claim wizard: images recompressed, PDF pages to JPEG (the pages count as files).
      prepareDocs: fromPromise(async ({ input }) => {
        const sources = [];
        for (const ref of input.files) {
          const stored = await loadReceipt(ref.id);
          if (!stored) throw new Error(`document ${ref.id} missing`);
          sources.push({ name: ref.name, blob: stored.blob });
        }
        return prepareReceipts(sources);
      }),
      // A refusal with the server's reason is 'ko' (its message shown); anything else 'error'.
      uploadDocs: fromPromise(async ({ input }): Promise<UploadPendingDocResponse> => {
        try {
          return await uploadPendingDocs(
            input,
            input.files.map((file) => ({ name: file.name, blob: file.blob as Blob })),
          );
        } catch (error) {
          if (error instanceof RefundApiError && error.status >= 400 && error.message)
            return { status: 'ko', message: error.message, files: [] };
          return { status: 'error', files: [] };
        }
      }),
      patchRefund: fromPromise(async ({ input }) => {
        const answer = await patchPendingDocs(input, input.comment, input.fileIds);
        return answer;
      }),
    },
  });

export const providedPaymentUpdateMachine = paymentUpdateMachine.provide({
  actors: {
    loadFields: fromPromise(async ({ input }) => loadPaymentUpdate(input)),
    sendFields: fromPromise(async ({ input }) => sendPaymentUpdate(input, input.fields, input.cciConfirmed)),
  },
});

export async function forgetDocuments(ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => forgetReceipt(id)));
}
