// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * receiptReading (issue 31: the reading of a chosen receipt in the claim dialog, 'Carga de
 * reintegro') along its generated paths in Chromium (issue 29 §tests). The wizard opens with the
 * models' login answer and a stored wizard (portalSupport), its own uploads and draft held as in
 * the other portal walks. A receipt chosen under 'Otros documentos' is read: the browser prepares
 * it and uploads it once for reading (POST /images/upload-image?purpose=reading), then asks
 * GET /api/refund_data/readings/?ids=… — both held and answered as the path says (the model's
 * readings, or a dropped connection), so there is no real OCR and nothing is stored.
 * FILES_CHANGED is another pick (a new receipt) or the removal of the receipt being read; the
 * poll's delay runs on the page's own timer (READING_POLL_MS). Real OCR: receiptReading.spec.ts.
 *
 * Not walkable: removing the receipt being read when none is (the dialog only silences the reading
 * of the receipt it reads); the cut loses no state or transition (pinned below: nothing missing).
 */
import { expect, type Page, test } from '@playwright/test';
import { valuesOfSuggestion } from '../../machines/claimForm';
import { receiptReadingModel } from '../../machines/models/receiptReading';
import type { MachineModel } from '../../machines/models/types';
import type { ReceiptReadingContext } from '../../machines/receiptReading';
import type { FileReading } from '../../src/contracts/refund/reading';
import { checklistItem } from './claimChecklist';
import { gradientPng } from './fixtures/refund/files';
import {
  coveringPaths,
  type Executors,
  holdRequests,
  missingIn,
  type ScreenChecks,
  type WalkStep,
  walkPath,
} from './machineWalk';
import { holdPortal, loginFor, openWizard, wizardWithClaim } from './portalSupport';
import { forEachLanguage, speaks } from './walkLanguages';

const model = receiptReadingModel as unknown as MachineModel;
const contextOf = (step: Pick<WalkStep, 'state'>) => step.state.context as ReceiptReadingContext;

/** FILES_CHANGED with no file is the removal of the receipt being read: there must be one. */
function readingWalkable(steps: readonly WalkStep[], index: number): boolean {
  const { event } = steps[index];
  if (event.type === 'FILES_CHANGED' && (event.fileIds as string[]).length === 0)
    return contextOf(steps[index - 1]).fileIds.length > 0;
  return true;
}

const paths = coveringPaths(model, readingWalkable);

forEachLanguage((walk) => {
  const { language, t, tr, axeOnce } = walk;
  test(`${language}: receiptReading: the walk covers every state and transition the claim dialog can take`, () => {
    expect(paths.length).toBeLessThanOrEqual(3);
    // Every state and transition: the cut of readingWalkable (a removal when nothing is being read)
    // is taken on another path from a failed reading whose receipt is still chosen.
    expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
  });

  /** The model's suggestion ('12345.50' ARS of 2026-11-12), as the dialog words it in the language. */
  const SUGGESTION = t('reading.suggestion', {
    amount: `${tr.amount('12345.50', 'ARS')} ARS`,
    date: tr.date('2026-11-12'),
  });
  /**
   * The amount the reading fills, as the dialog's machine writes it (valuesOfSuggestion: the same
   * '12.345,50' in every language, which the one parser reads; the date follows the language).
   */
  const FILLED = String(
    valuesOfSuggestion({ amount: '12345.50', currency: 'ARS', date: '2026-11-12' }, language).amount,
  );

  const readingUploads = (page: Page) =>
    holdRequests(page, /\/images\/upload-image\?purpose=reading$/, 'POST');
  const readingAnswers = (page: Page) => holdRequests(page, /\/api\/refund_data\/readings\/\?/);

  for (const path of paths) {
    test(`receiptReading ${path.description}`, async ({ page }) => {
      const portal = holdPortal(page);
      const uploads = readingUploads(page);
      const answers = readingAnswers(page);
      // The ids each readings request asked for, in order.
      const asked: string[][] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/refund_data/readings/')
          asked.push((url.searchParams.get('ids') ?? '').split(','));
      });
      await Promise.all([portal.ready, uploads.ready, answers.ready]);
      const login = loginFor();
      await openWizard(page, login, wizardWithClaim(login, language));
      await page.getByRole('button', { name: t('refund.addClaimButton'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t('refund.claimDialogTitle') });
      await speaks(page, walk);
      const amount = dialog.getByLabel(t('refund.amountLabel'));
      const others = checklistItem(dialog, t('checklist.otherDocuments'));

      /** The receipts chosen so far (one per pick), the last one being read; the id it was stored as. */
      const picked: string[] = [];
      let storedAs = '';
      let filled = false;
      const pick = async () => {
        const name = `recibo-${picked.length + 1}.png`;
        picked.push(name);
        await others
          .getByLabel(t('refund.addFilesButton'), { exact: true })
          .setInputFiles([{ name, mimeType: 'image/png', buffer: gradientPng(24 + picked.length, 16) }]);
        await expect(others.getByText(name, { exact: true })).toBeVisible();
      };
      /** The reading's upload, answered once per receipt (a poll asks again without uploading). */
      const answerUpload = async () => {
        if (uploads.waiting() === 0) return;
        storedAs = crypto.randomUUID();
        await uploads.answer(201, {
          files: [{ id: storedAs, name: 'recibo.jpg', content_type: 'image/jpeg', size: 900 }],
        });
      };
      /** The reading's question about the copy it uploaded (and only that one) is held. */
      const questionHeld = async () => {
        await answerUpload();
        await expect.poll(() => asked.at(-1), { message: 'GET /refund_data/readings/' }).toEqual([storedAs]);
        await expect.poll(() => answers.waiting()).toBeGreaterThan(0);
      };

      const executors: Executors = {
        FILES_CHANGED: async (event) => {
          if ((event.fileIds as string[]).length > 0) return pick();
          // Removing the receipt being read silences its reading.
          const name = picked.pop()!;
          await others
            .getByRole('listitem')
            .filter({ has: page.getByText(name, { exact: true }) })
            .getByRole('button', { name: t('refund.removeFileButton') })
            .click();
          await expect(others.getByText(name, { exact: true })).toHaveCount(0);
        },
        'xstate.done.actor.fetchReadings': async (event) => {
          await questionHeld();
          await answers.answer(200, { readings: event.output as FileReading[] });
        },
        // A dropped connection: the reading says nothing.
        'xstate.error.actor.fetchReadings': async () => {
          await questionHeld();
          await answers.abort();
        },
        // The page's own timer asks again after READING_POLL_MS: the next check waits for it.
        'xstate.after.readingPoll.receiptReading.waiting': async () => {},
        ACCEPT: async () => {
          await dialog.getByRole('button', { name: t('reading.useData') }).click();
          filled = true;
        },
        DISMISS: async () => dialog.getByRole('button', { name: t('reading.dismiss') }).click(),
      };

      const reading = dialog.getByRole('status').filter({ hasText: t('reading.reading') });
      const suggestion = dialog.getByText(SUGGESTION, { exact: true });
      const accepted = dialog.getByText(t('reading.accepted'), { exact: true });
      const buttons = dialog.getByRole('button', {
        name: new RegExp(`^(${t('reading.useData')}|${t('reading.dismiss')})$`),
      });
      /** Only the amount the traveller accepted is ever filled. */
      const amountAsAccepted = () => expect(amount).toHaveValue(filled ? FILLED : '');
      const nothingShown = async () => {
        await expect(reading).toHaveCount(0);
        await expect(suggestion).toHaveCount(0);
        await expect(accepted).toHaveCount(0);
        await expect(buttons).toHaveCount(0);
      };

      const checks: ScreenChecks = {
        // Before the answer ('reading') and between polls ('waiting'): the same line.
        reading: async () => {
          await expect(reading).toBeVisible();
          await expect(suggestion).toHaveCount(0);
          await expect(buttons).toHaveCount(0);
          // The request that will answer it is on its way (the upload first, then the readings).
          await expect
            .poll(() => uploads.waiting() + answers.waiting(), { message: 'the reading’s request' })
            .toBeGreaterThan(0);
          await amountAsAccepted();
          await axeOnce(page, 'receiptReading.reading');
        },
        waiting: async () => {
          await expect(reading).toBeVisible();
          await expect(suggestion).toHaveCount(0);
          await amountAsAccepted();
          await axeOnce(page, 'receiptReading.waiting');
        },
        suggested: async () => {
          await expect(suggestion).toBeVisible();
          await expect(dialog.getByRole('button', { name: t('reading.useData') })).toBeVisible();
          await expect(dialog.getByRole('button', { name: t('reading.dismiss') })).toBeVisible();
          await expect(reading).toHaveCount(0);
          // Nothing filled without consent.
          await amountAsAccepted();
          await axeOnce(page, 'receiptReading.suggested');
        },
        accepted: async () => {
          await expect(accepted).toBeVisible();
          await expect(suggestion).toHaveCount(0);
          await expect(buttons).toHaveCount(0);
          await expect(amount).toHaveValue(FILLED);
          await axeOnce(page, 'receiptReading.accepted');
        },
        // 'No, gracias', a failed or empty reading, a removed receipt: the dialog says nothing.
        dismissed: async () => {
          await nothingShown();
          await amountAsAccepted();
          await axeOnce(page, 'receiptReading.dismissed');
        },
        failed: async () => {
          await nothingShown();
          await amountAsAccepted();
          await axeOnce(page, 'receiptReading.failed');
        },
      };

      // The path starts once a receipt was chosen (the dialog spawns the reading then).
      await pick();
      await walkPath(path, executors, checks);
    });
  }
});
