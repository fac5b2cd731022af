/**
 * The staff refund review calls (issue 17; SPEC §7 GET /refund/{id}/): the refund, a transition
 * (`POST /refund/{id}/actions/{transition}/`), the bank data unmasked (`POST /refund/{id}/bank_data/`,
 * recorded in the history), a receipt's bytes (`GET /stored_file/{id}/`) as an object URL, and
 * files saved to disk (`POST /refund_download_file/`: one as itself, several as one zip).
 */
import { fromPromise } from 'xstate';
import { z } from 'zod';
import type { BankRevealContext } from '../../../machines/bankReveal';
import type { DownloadRequest } from '../../../machines/receiptDownload';
import type { LoadedFile, ViewerFile } from '../../../machines/receiptViewer';
import type { ReviewedRefund, TransitionRequest } from '../../../machines/refundReview';
import { allowedActionsSchema } from '../../contracts/engine';
import { type RefundReadingsResponse, refundReadingsResponseSchema } from '../../contracts/refund/reading';
import {
  REFUND_DOWNLOAD_PATH,
  type RefundDownload,
  refundBankDataSchema,
  refundDetailSchema,
} from '../../contracts/refund/review';
import { contractMismatch } from './errors';
import { request, requestBlob } from './http';
import { saveBlob } from './saveBlob';

const reviewedSchema = refundDetailSchema.extend({ allowed_actions: allowedActionsSchema.optional() });

export const refundReviewActors = {
  loadRefund: fromPromise<ReviewedRefund, { id: number }>(({ input }) =>
    request(reviewedSchema, `/refund/${input.id}/`),
  ),
  runTransition: fromPromise<ReviewedRefund, TransitionRequest>(({ input }) =>
    request(reviewedSchema, `/refund/${input.id}/actions/${input.transition}/`, {
      method: 'POST',
      body: input.payload,
    }),
  ),
};

/** Issue 31: what the refund's receipts say, beside its claims, and the flags. */
export const refundReadingsActors = {
  loadReadings: fromPromise<RefundReadingsResponse, { id: number }>(({ input }) =>
    request(refundReadingsResponseSchema, `/refund/${input.id}/readings/`),
  ),
};

export const bankRevealActors = {
  revealBankData: fromPromise<NonNullable<BankRevealContext['data']>, { id: number }>(({ input }) =>
    request(refundBankDataSchema, `/refund/${input.id}/bank_data/`, { method: 'POST' }),
  ),
};

export const receiptViewerActors = {
  loadFile: fromPromise<LoadedFile, ViewerFile>(async ({ input }) => {
    const blob = await requestBlob(`/stored_file/${input.id}/`);
    return { url: URL.createObjectURL(blob) };
  }),
};

export const receiptDownloadActors = {
  downloadFiles: fromPromise<string, DownloadRequest>(async ({ input }) => {
    const body: RefundDownload = { refund_files_ids: input.ids };
    const blob = await request(z.unknown(), REFUND_DOWNLOAD_PATH, {
      method: 'POST',
      body,
      responseType: 'blob',
    });
    if (!(blob instanceof Blob)) throw contractMismatch(200);
    saveBlob(blob, input.fileName);
    return input.fileName;
  }),
};
