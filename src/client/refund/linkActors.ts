/** The link pages' machines with the browser's actors (issue 17 'Links'). */
import { fromPromise } from 'xstate';
import { paymentUpdateMachine } from '../../../machines/paymentUpdate';
import { pendingDocsMachine } from '../../../machines/pendingDocs';
import type { UploadPendingDocResponse } from '../../contracts/refund/links';
import { RefundApiError } from '../api/refund';
import {
  loadPaymentUpdate,
  loadPendingDocs,
  patchPendingDocs,
  sendPaymentUpdate,
  uploadPendingDocs,
} from '../api/refundLinks';
import { prepareReceipts } from './files/prepare';
import { forgetReceipt, loadReceipt } from './files/receiptStore';

export const providedPendingDocsMachine = pendingDocsMachine.provide({
  actors: {
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
    sendFields: fromPromise(async ({ input }) => sendPaymentUpdate(input, input.fields)),
  },
});

export async function forgetDocuments(ids: readonly string[]): Promise<void> {
  await Promise.all(ids.map((id) => forgetReceipt(id)));
}
