/**
 * The staff refund review calls (issue 17; SPEC §7 GET /refund/{id}/): the refund, a transition
 * (`POST /refund/{id}/actions/{transition}/`), the bank data unmasked (`POST /refund/{id}/bank_data/`,
 * recorded in the history) and a receipt's bytes (`GET /stored_file/{id}/`) as an object URL.
 */
import { fromPromise } from 'xstate';
import type { BankRevealContext } from '../../../machines/bankReveal';
import type { LoadedFile, ViewerFile } from '../../../machines/receiptViewer';
import type { ReviewedRefund, TransitionRequest } from '../../../machines/refundReview';
import { allowedActionsSchema } from '../../contracts/engine';
import { refundBankDataSchema, refundDetailSchema } from '../../contracts/refundReview';
import { request, requestBlob } from './http';

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
