// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * refundDraft (the refund wizard's server draft saver; issue 30 §1, docs/refund-drafts.md) along
 * its generated paths in Chromium (issue 29 §tests), on /dashboardRefund signed in with the
 * models' login answer (put in sessionStorage as the login page leaves it) and the tab's stored
 * wizard at its claims list with one claim, its saver at rest at the model's version 0 (no draft
 * saved yet), so the comment can be typed at once. Every save (PUT /refund_data/draft/) and the
 * newer draft's read after a 409 are held and
 * answered as the path says; every other API request but the public configuration is held
 * unanswered, so nothing is written.
 *
 * The screen's events: an edit (DRAFT_CHANGED) is a typed comment on the claims step, a typed
 * email on the applicant step; a step change (DRAFT_SAVE_NOW) is 'Anterior' from the claims step
 * and 'continuar' from the applicant step; 'Guardar y seguir después' is the explicit save. The
 * debounce runs on the page's clock (paused once the wizard shows): `xstate.after` is
 * `page.clock.runFor` of its delay. A failed save is a dropped connection, a stale one a 409, a
 * replaced session a 401 (issue 40, traveller reach): 'Volver a ingresar' is the held login
 * (GET /refund_data/?voucher_id&document), answered with a new token or dropped.
 *
 * Generation keeps one path per shape of events, so the read that finds the draft gone (the
 * newer draft's read answering null, then this tab's data saved as version 0) is walked as the
 * model's journey of its own. Nothing is left out (pinned below).
 */
import { expect, type Page, test } from '@playwright/test';
import { type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate';
import {
  refundDraftModel,
  refundWizardModel,
  SIGNED_OUT_SAMPLE,
  STALE_SAMPLE,
  StaleSaveError,
  sampleClaim,
  sampleRefundLogin,
} from '../../machines/models/refund';
import type { MachineModel } from '../../machines/models/types';
import {
  type DraftSaverContext,
  type DraftSaverInput,
  isSignedOut,
  isStaleSave,
  refundDraftMachine,
} from '../../machines/refundDraft';
import { refundWizardMachine } from '../../machines/refundWizard';
import type { RefundDraft, RefundDraftData } from '../../src/contracts/refund';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  pathOf,
  type ScreenChecks,
  walkPath,
} from './machineWalk';
import { forEachLanguage, speaks, type WalkLanguage } from './walkLanguages';

const model = refundDraftModel as unknown as MachineModel;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DraftSaverContext;
const DRAFT_PATH = /\/api\/refund_data\/draft\/$/;
const LOGIN_PATH = /\/api\/refund_data\/\?voucher_id=/;
const DEBOUNCE_MS = 1500;

const covering = coveringPaths(model);
const saveNow = covering
  .flatMap((path) => path.steps.map((step) => step.event))
  .find((event) => event.type === 'DRAFT_SAVE_NOW' && !event.explicit)!;
/** The newer draft's read finds it gone: this tab's data is saved as a new draft. */
const draftGone = pathOf(model, [
  saveNow,
  { type: 'xstate.error.actor.saveDraft', error: new StaleSaveError(STALE_SAMPLE) },
  { type: 'DRAFT_LOAD_NEWER' },
  { type: 'xstate.done.actor.loadDraft', output: null },
]);
const paths = [...covering, draftGone];

/**
 * The tab's stored wizard: at its claims list with the models' claim, its saver replaced by one at
 * rest at the model's input version (adding the claim had started a save).
 */
function storedWizard(): unknown {
  const actor = createActor(refundWizardMachine, { input: refundWizardModel.input! });
  actor.start();
  actor.send({ type: 'xstate.done.actor.loadDraft', output: null } as never);
  actor.send({ type: 'CONTINUE' });
  actor.send({ type: 'OPEN_CLAIM_DIALOG' });
  actor.send({ type: 'xstate.done.actor.claimForm', output: sampleClaim } as never);
  const snapshot = actor.getPersistedSnapshot() as unknown as {
    children: Record<string, { snapshot: unknown }>;
  };
  actor.stop();
  const saver = createActor(refundDraftMachine, { input: model.input as DraftSaverInput });
  saver.start();
  snapshot.children.draft.snapshot = saver.getPersistedSnapshot();
  saver.stop();
  const owner = JSON.stringify([sampleRefundLogin.refunds.voucher, sampleRefundLogin.refunds.doc_number]);
  return { owner, snapshot };
}

/** What the saver shows under the wizard's buttons. */
function notices(page: Page, { t }: WalkLanguage) {
  return {
    failed: page.getByRole('alert').filter({ hasText: t('refund.draftSaveFailed') }),
    stale: page.getByRole('alert').filter({ hasText: t('refund.draftStale') }),
    signedOut: page.getByTestId('draft-signed-out'),
    saved: page.getByRole('status').filter({ hasText: t('refund.draftSaved') }),
  };
}

forEachLanguage((walk) => {
  const { language, t, axeOnce } = walk;
  test(`${language}: the walk covers every state and transition of the draft saver`, () => {
    expect(paths.length).toBeLessThanOrEqual(16);
    expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
  });

  for (const path of paths) {
    test(`refundDraft: ${path.description}`, async ({ page }) => {
      await page.clock.install();
      await page.route(/\/api\//, () => {});
      // The wizard waits for the public configuration (read only).
      await page.route(/\/api\/config\/$/, (route) => route.continue());
      const reads = holdRequests(page, DRAFT_PATH, 'GET');
      const saves = holdRequests(page, DRAFT_PATH, 'PUT');
      const logins = holdRequests(page, LOGIN_PATH, 'GET');
      await Promise.all([reads.ready, saves.ready, logins.ready]);
      const sent: { version: number; data: RefundDraftData }[] = [];
      page.on('request', (request) => {
        if (DRAFT_PATH.test(request.url()) && request.method() === 'PUT') sent.push(request.postDataJSON());
      });
      await page.addInitScript(
        ([login, wizard]) => {
          if (sessionStorage.getItem('walkSeeded')) return;
          sessionStorage.setItem('walkSeeded', '1');
          sessionStorage.setItem('refundLogin', login);
          sessionStorage.setItem('refundWizard', wizard);
        },
        [JSON.stringify(sampleRefundLogin), JSON.stringify(storedWizard())] as const,
      );
      await page.goto('/dashboardRefund');
      await expect(page.getByLabel(t('refund.commentLabel'))).toBeVisible();
      await speaks(page, walk);
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

      let step: RefundDraftData['step'] = 'claims';
      let edits = 0;
      const shown = notices(page, walk);

      const executors: Executors = {
        DRAFT_CHANGED: async () => {
          edits += 1;
          if (step === 'claims') await page.getByLabel(t('refund.commentLabel')).fill(`Comentario ${edits}`);
          else await page.getByLabel(t('refund.emailLabel')).fill(`lucia+${edits}@example.com`);
        },
        DRAFT_SAVE_NOW: async (event) => {
          if (event.explicit)
            return page.getByRole('button', { name: t('refund.saveAndContinueLater') }).click();
          await page
            .getByRole('button', {
              name: step === 'applicant' ? t('refund.continueButton') : t('refund.previousButton'),
              // 'continue' is also in 'Save and continue later' (English).
              exact: true,
            })
            .click();
          step = step === 'applicant' ? 'claims' : 'applicant';
        },
        'xstate.after.draftDebounce.refundDraft.pending': async () => page.clock.runFor(DEBOUNCE_MS),
        'xstate.done.actor.saveDraft': async (event) =>
          saves.answer(200, (event as AnyEventObject & { output: { version: number } }).output),
        'xstate.error.actor.saveDraft': async (event) => {
          const error = errorOf(event);
          if (isStaleSave(error)) return saves.answer(409, { detail: error.message });
          if (isSignedOut(error)) return saves.answer(401, { detail: error.message });
          return saves.abort();
        },
        DRAFT_SIGN_IN: async () => page.getByRole('button', { name: t('refund.draftSignIn') }).click(),
        'xstate.done.actor.signInAgain': async () =>
          logins.answer(200, { ...sampleRefundLogin, access: `${sampleRefundLogin.access}-again` }),
        'xstate.error.actor.signInAgain': async () => logins.abort(),
        DRAFT_RETRY: async () => page.getByRole('button', { name: t('refund.draftRetry') }).click(),
        DRAFT_LOAD_NEWER: async () => page.getByRole('button', { name: t('refund.draftLoadNewer') }).click(),
        'xstate.done.actor.loadDraft': async (event) => {
          const draft = (event as AnyEventObject & { output: RefundDraft | null }).output;
          await reads.answer(200, { draft });
          if (draft) step = draft.data.step;
        },
        'xstate.error.actor.loadDraft': async () => reads.abort(),
      };

      /** No save in flight: as many PUTs as the path's saves so far. */
      const noSaveWaiting = () => expect(saves.waiting()).toBe(0);

      const checks: ScreenChecks = {
        idle: async (snapshot) => {
          await expect(shown.saved).toHaveCount(contextOf(snapshot).saved ? 1 : 0);
          await expect(shown.failed).toHaveCount(0);
          await expect(shown.stale).toHaveCount(0);
          noSaveWaiting();
          await axeOnce(page, 'refundDraft.idle', { pausedClock: true });
        },
        // An edit waits for the debounce: nothing is sent yet.
        pending: async () => {
          await expect(shown.saved).toHaveCount(0);
          await expect(shown.failed).toHaveCount(0);
          noSaveWaiting();
          await axeOnce(page, 'refundDraft.pending', { pausedClock: true });
        },
        // One PUT in flight, with the version last read or saved.
        saving: async (snapshot) => {
          await expect.poll(() => saves.waiting(), { message: 'PUT /refund_data/draft/' }).toBe(1);
          expect(sent.at(-1)!.version).toBe(contextOf(snapshot).version);
          await expect(shown.failed).toHaveCount(0);
          await expect(shown.stale).toHaveCount(0);
          await axeOnce(page, 'refundDraft.saving', { pausedClock: true });
        },
        failed: async () => {
          await expect(shown.failed.getByRole('button', { name: t('refund.draftRetry') })).toBeEnabled();
          await expect(shown.stale).toHaveCount(0);
          noSaveWaiting();
          await axeOnce(page, 'refundDraft.failed', { pausedClock: true });
        },
        // Nothing more is saved until the newer draft is loaded.
        stale: async () => {
          await expect(shown.stale.getByRole('button', { name: t('refund.draftLoadNewer') })).toBeEnabled();
          await expect(shown.failed).toHaveCount(0);
          noSaveWaiting();
          await axeOnce(page, 'refundDraft.stale', { pausedClock: true });
        },
        // Issue 40: never 'Reintentar guardado'; the server's reason and 'Volver a ingresar'.
        signedOut: async (snapshot, event) => {
          await expect(shown.signedOut.getByRole('button', { name: t('refund.draftSignIn') })).toBeEnabled();
          // The model's sample of the server's reason (no route words it so: not a catalogue text)
          // is shown as it came.
          if (event.type === 'xstate.error.actor.saveDraft')
            await expect(shown.signedOut).toContainText(SIGNED_OUT_SAMPLE);
          await expect(shown.signedOut).toContainText(t('refund.draftSignedOutKept'));
          await expect(shown.failed).toHaveCount(0);
          expect(contextOf(snapshot).data).not.toBeNull();
          noSaveWaiting();
          await axeOnce(page, 'refundDraft.signedOut', { pausedClock: true });
        },
        signingIn: async () => {
          await expect(shown.signedOut.getByRole('button', { name: t('refund.draftSignIn') })).toBeDisabled();
          await expect.poll(() => logins.waiting(), { message: 'GET /refund_data/?voucher_id' }).toBe(1);
          noSaveWaiting();
          await axeOnce(page, 'refundDraft.signingIn', { pausedClock: true });
        },
        loading: async () => {
          await expect(shown.stale.getByRole('button', { name: t('refund.draftLoadNewer') })).toBeDisabled();
          await expect.poll(() => reads.waiting(), { message: 'GET /refund_data/draft/' }).toBe(1);
          noSaveWaiting();
          await axeOnce(page, 'refundDraft.loading', { pausedClock: true });
        },
      };

      await walkPath(path, executors, checks);
    });
  }
});
