/**
 * The wiring of the resources area's show views that are loaded only when opened
 * (./detailViews.tsx): Vouchers' documents and Reintegros' review (issue 17 'Staff review'). Kept
 * apart from ./wiring.ts, which the list loads at once, so that these machines and their actors
 * stay in the screens' own chunks. The views create their actors from these and only send events.
 */
import type { ActorRefFrom } from 'xstate';
import { bankRevealMachine } from '../../../../machines/bankReveal';
import { receiptDownloadMachine } from '../../../../machines/receiptDownload';
import { receiptViewerMachine } from '../../../../machines/receiptViewer';
import { refundReadingsMachine } from '../../../../machines/refundReadings';
import { refundReviewMachine } from '../../../../machines/refundReview';
import { voucherDocumentsMachine } from '../../../../machines/voucherDocuments';
import { voucherDocumentsActors } from '../../api/bookings';
import {
  bankRevealActors,
  receiptDownloadActors,
  receiptViewerActors,
  refundReadingsActors,
  refundReviewActors,
} from '../../api/refundReview';
import { notifySuccess } from '../shared/toasts';

/** A voucher's documents (print, send terms); what was done is announced in a toast. */
export const voucherDocumentsLogic = voucherDocumentsMachine.provide({
  actors: voucherDocumentsActors,
  actions: { announce: (_, text: string) => notifySuccess(text) },
});

/** Reintegros' review (issue 17 'Staff review'): the refund, its transitions and their drafts. */
export const refundReviewLogic = refundReviewMachine.provide({ actors: refundReviewActors });
export type RefundReviewActor = ActorRefFrom<typeof refundReviewLogic>;

/** A refund's bank data, masked until revealed (the server records the reveal). */
export const bankRevealLogic = bankRevealMachine.provide({ actors: bankRevealActors });

/** A refund's files downloaded: one, or all as one zip. */
export const receiptDownloadLogic = receiptDownloadMachine.provide({ actors: receiptDownloadActors });
export type ReceiptDownloadActor = ActorRefFrom<typeof receiptDownloadLogic>;

/** The receipt in view; the object URL of the one left is released. */
export const receiptViewerLogic = receiptViewerMachine.provide({
  actors: receiptViewerActors,
  actions: { releaseFile: (_, { url }) => (url ? URL.revokeObjectURL(url) : undefined) },
});

/** Issue 31: what the refund's receipts say (read totals, dates, currencies) and the flags. */
export const refundReadingsLogic = refundReadingsMachine.provide({ actors: refundReadingsActors });
