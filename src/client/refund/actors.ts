/**
 * The refund machines with the browser's actors (ARCHITECTURE 'Machines': actors provided with
 * .provide()): receipts read from IndexedDB, converted (images, PDF pages) and uploaded with
 * progress; the submission; logout and redirect.
 */
import { fromCallback, fromPromise } from 'xstate';
import {
  claimFormMachine,
  type PrepareFilesEvent,
  type PrepareFilesInput,
  preparedCountProblem,
} from '../../../machines/claimForm';
import { refundDraftMachine, type SaveDraftInput } from '../../../machines/refundDraft';
import { refundWizardMachine } from '../../../machines/refundWizard';
import { messageOf } from '../../../machines/support/errors';
import { messages } from '../../contracts/messages';
import {
  type RefundDraft,
  type RefundLoginResponse,
  refundApiPaths,
  refundDraftResponseSchema,
  refundDraftSavedSchema,
} from '../../contracts/refund';
import { call, RefundApiError, refundLogin, submitRefund, uploadReceipts } from '../api/refund';
import { prepareReceipts } from './files/prepare';
import { clearReceipts, loadReceipt } from './files/receiptStore';
import { adoptLoginLanguage } from './language';
import { providedClaimReceiptReading } from './readingActors';
import { clearRefundLogin, refundWizardSlot, saveRefundLogin } from './session';

const text = messages.refund;

/** Preparation takes the first half of the bar, the upload the second. */
function prepareFilesActor(token: () => string, imageServiceUrl: string) {
  return fromCallback<PrepareFilesEvent, PrepareFilesInput>(({ sendBack, input }) => {
    let cancelled = false;
    const send = (event: PrepareFilesEvent) => {
      if (!cancelled) sendBack(event);
    };
    (async () => {
      let prepared: Awaited<ReturnType<typeof prepareReceipts>>;
      try {
        const sources = [];
        for (const ref of input.files) {
          const stored = await loadReceipt(ref.id);
          if (!stored) throw new Error(`receipt ${ref.id} missing`);
          sources.push({ name: ref.name, blob: stored.blob });
        }
        prepared = await prepareReceipts(sources, (fraction) =>
          send({ type: 'PREPARE_PROGRESS', value: Math.round(fraction * 50) }),
        );
      } catch {
        send({ type: 'PREPARE_FAILED', message: text.fileConversionFailed });
        return;
      }
      if (cancelled) return;
      const tooMany = preparedCountProblem(prepared.length);
      if (tooMany) {
        send({ type: 'PREPARE_FAILED', message: tooMany });
        return;
      }
      try {
        const stored = await uploadReceipts(imageServiceUrl, token(), prepared, (fraction) =>
          send({ type: 'PREPARE_PROGRESS', value: 50 + Math.round(fraction * 50) }),
        );
        send({ type: 'PREPARE_DONE', files: stored, sources: prepared.map((file) => file.source) });
      } catch (error) {
        send({
          type: 'PREPARE_FAILED',
          message:
            error instanceof RefundApiError && error.status !== 0
              ? error.message
              : messageOf(error, text.uploadFailed),
        });
      }
    })();
    return () => {
      cancelled = true;
    };
  });
}

/** Forgets everything of this refund in the browser (SPEC §4: logout on completion). */
export function forgetRefund(): void {
  clearRefundLogin();
  refundWizardSlot().clear();
  void clearReceipts();
}

/** GET /refund_data/draft/ (issue 30 §1): the server draft of this login's voucher and document. */
function loadDraftActor(token: () => string, country: string) {
  return fromPromise<RefundDraft | null>(async ({ signal }) => {
    const answer = await call(refundDraftResponseSchema, refundApiPaths.draft, { token: token(), signal });
    // Issue 42: a draft saved in another browser brings its language, unless one was chosen here.
    if (answer.draft?.language) adoptLoginLanguage(country, answer.draft.language);
    return answer.draft;
  });
}

/** PUT /refund_data/draft/ with the version last read; a 409 rejects with status 409. */
function saveDraftActor(token: () => string) {
  return fromPromise<{ version: number }, SaveDraftInput>(async ({ input }) =>
    call(refundDraftSavedSchema, refundApiPaths.draft, {
      method: 'PUT',
      token: token(),
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    }),
  );
}

export function providedRefundWizardMachine(login: RefundLoginResponse, imageServiceUrl: string) {
  // Issue 40 (traveller reach): 'Volver a ingresar' after another device took the session logs in
  // again here; every later call (uploads, readings, draft, submission) uses the new token.
  const session = { access: login.access };
  const token = () => session.access;
  const signInAgain = fromPromise<void>(async () => {
    const answer = await refundLogin({
      documento: login.refunds.doc_number,
      voucherId: login.refunds.voucher,
    });
    saveRefundLogin(answer);
    session.access = answer.access;
  });
  const prepareFiles = prepareFilesActor(token, imageServiceUrl);
  const loadDraft = loadDraftActor(token, login.refunds.country_residence);
  return refundWizardMachine.provide({
    actors: {
      claimForm: claimFormMachine.provide({
        actors: { prepareFiles, receiptReading: providedClaimReceiptReading(token, imageServiceUrl) },
      }),
      prepareFiles,
      loadDraft,
      draftSaver: refundDraftMachine.provide({
        actors: { loadDraft, saveDraft: saveDraftActor(token), signInAgain },
      }),
      submitRefund: fromPromise(async ({ input }) => submitRefund(token(), input)),
    },
    actions: {
      forgetLogin: () => forgetRefund(),
      redirect: (_, params) => {
        window.location.assign(params.url);
      },
    },
  });
}
