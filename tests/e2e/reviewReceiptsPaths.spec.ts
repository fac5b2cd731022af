// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * The refund review's receipts and bank data (issue 17 'Staff review (Reintegros)') along the
 * generated paths of receiptViewer, receiptDownload and bankReveal in Chromium (issue 29 §tests),
 * on /dashboard/reintegros/7. The refund is a held GET /refund/7/ answered with the models'
 * refund, its two receipts (the viewer model's files) and its bank data masked. Each machine's
 * server answers are held and answered as the path says: GET /stored_file/<id>/ (`loadFile`: a
 * small image, or a dropped connection), POST /refund_download_file/ (`downloadFiles`: the bytes,
 * which the browser downloads under the machine's name, a refusal, a 403, a dropped connection),
 * POST /refund/7/bank_data/ (`revealBankData`). Anything else about refund 7 (its history, the
 * receipts' readings) waits unanswered: the walk reads and writes nothing of the e2e database.
 *
 * Not walkable (pinned below): the viewer's choice of a file it does not list (index 5: no such
 * button), and a download of no file (a refund without files offers no button). A download of one
 * receipt is 'Descargar <name>' of the receipt in view: its executor first shows that receipt.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { BankRevealContext } from '../../machines/bankReveal';
import {
  bankRevealModel,
  downloadAll,
  receiptDownloadModel,
  receiptViewerModel,
  sampleBankData,
  sampleReceipts,
  sampleReviewedRefund,
} from '../../machines/models/refundReview';
import type { MachineModel } from '../../machines/models/types';
import type { ReceiptDownloadContext } from '../../machines/receiptDownload';
import { type ReceiptViewerContext, ZOOM_LEVELS } from '../../machines/receiptViewer';
import type { ReviewedRefund } from '../../machines/refundReview';
import { UserFacingError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import { REFUND_DOWNLOAD_PATH } from '../../src/contracts/refund/review';
import {
  coveringPaths,
  type Executors,
  errorOf,
  missingIn,
  type ScreenChecks,
  type WalkPath,
  type WalkStep,
  walkPath,
} from './machineWalk';
import { signInByApi } from './support';

const text = messages.refundReview;
const REFUND_ID = sampleReviewedRefund.id;
const claim = sampleReviewedRefund.claims[0];

/** The refund with the viewer model's receipts (both of its claim) and its bank data masked. */
const refund: ReviewedRefund = {
  ...sampleReviewedRefund,
  files: sampleReceipts.map((file) => ({ ...file, size: 68, kind: 'claim', claim: claim.id, item: null })),
  payment: {
    ...sampleBankData,
    masked: true,
    fields: sampleBankData.fields.map(({ field, value }) => ({ field, value: `****${value.slice(-4)}` })),
  },
};
const captionOf = (name: string) =>
  `${text.claim(1)} · ${claim.coverage} · ${messages.refundChecklist.otherDocuments}: ${name}`;

/** A 1×1 PNG: what a held receipt answers. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A dropped connection is worded by the client itself; the models' plain errors fall back to 'retry'. */
const shown = (message: string | null) =>
  message === messages.common.genericRetry ? messages.common.networkError : message;

/** Requests held until a step answers the newest with any body (older ones abort). */
function holdRaw(page: Page, pattern: RegExp, method: string) {
  const held: { route: Route; body: unknown }[] = [];
  const ready = page.route(pattern, (route) => {
    if (route.request().method() !== method) return route.fallback();
    held.push({ route, body: method === 'POST' ? route.request().postDataJSON() : null });
  });
  const newest = async () => {
    await expect.poll(() => held.length, { message: `a ${method} request to ${pattern}` }).toBeGreaterThan(0);
    const last = held.pop()!;
    for (const stale of held.splice(0)) await stale.route.abort();
    return last.route;
  };
  return {
    ready,
    waiting: () => held.length,
    /** What the newest waiting request sent. */
    sent: () => held.at(-1)?.body,
    fulfill: async (options: Parameters<Route['fulfill']>[0]) => (await newest()).fulfill(options),
    abort: async () => (await newest()).abort('failed'),
  };
}

const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const viewerModel = receiptViewerModel as unknown as MachineModel;
const downloadModel = receiptDownloadModel as unknown as MachineModel;
const bankModel = bankRevealModel as unknown as MachineModel;

const viewerWalkable = (steps: readonly WalkStep[], index: number) => {
  const event = steps[index].event as AnyEventObject & { index?: number };
  return event.type !== 'SELECTED' || (event.index ?? 0) < sampleReceipts.length;
};
const downloadWalkable = (steps: readonly WalkStep[], index: number) => {
  const event = steps[index].event as AnyEventObject & { ids?: string[] };
  return event.type !== 'DOWNLOAD' || (event.ids ?? []).length > 0;
};

const walks = [
  { name: 'receiptViewer', paths: coveringPaths(viewerModel, viewerWalkable) },
  { name: 'receiptDownload', paths: coveringPaths(downloadModel, downloadWalkable) },
  { name: 'bankReveal', paths: coveringPaths(bankModel) },
];

test('the walks cover every state and transition of the receipts and the bank data', () => {
  const [viewer, download, bank] = walks;
  expect(viewer.paths.length + download.paths.length + bank.paths.length).toBeLessThanOrEqual(12);
  expect(missingIn(viewerModel, viewer.paths)).toEqual({ states: [], transitions: [] });
  expect(missingIn(downloadModel, download.paths)).toEqual({ states: [], transitions: [] });
  expect(missingIn(bankModel, bank.paths)).toEqual({ states: [], transitions: [] });
  // 'Descargar todo' names the zip as the model does.
  expect(text.downloadFileName(REFUND_ID)).toBe(downloadAll.fileName);
});

for (const { name, paths } of walks) {
  for (const path of paths) {
    test(`${name}: ${path.description}`, async ({ page }) => {
      await signInByApi(page);
      await page.route(new RegExp(`/api/refund/${REFUND_ID}/`), () => {});
      const load = holdRaw(page, new RegExp(`/api/refund/${REFUND_ID}/$`), 'GET');
      const files = holdRaw(page, /\/api\/stored_file\/\w+\/$/, 'GET');
      const download = holdRaw(page, new RegExp(`/api${REFUND_DOWNLOAD_PATH}$`), 'POST');
      const reveal = holdRaw(page, new RegExp(`/api/refund/${REFUND_ID}/bank_data/$`), 'POST');
      await Promise.all([load.ready, files.ready, download.ready, reveal.ready]);
      await page.goto(`/dashboard/reintegros/${REFUND_ID}`);
      await load.fulfill({ json: refund });
      const receipts = page.getByRole('region', { name: text.receipts });
      const bank = page.getByRole('region', { name: text.bankData });
      const image = { status: 200, contentType: 'image/png', body: PIXEL };
      // Only the viewer's walk answers the first receipt as its path says.
      if (name !== 'receiptViewer') {
        await files.fulfill(image);
        await expect(receipts.getByRole('img')).toBeVisible();
      }
      const fileButton = (file: { name: string }) =>
        receipts.getByRole('button', { name: file.name, exact: true });

      const viewerOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ReceiptViewerContext;
      const downloadOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ReceiptDownloadContext;
      const bankOf = (snapshot: AnyMachineSnapshot) => snapshot.context as BankRevealContext;

      const executors: Executors = {
        // receiptViewer
        'xstate.done.actor.loadFile': async () => files.fulfill(image),
        'xstate.error.actor.loadFile': async () => files.abort(),
        NEXT: async () => receipts.getByRole('button', { name: text.nextReceipt, exact: true }).click(),
        PREVIOUS: async () =>
          receipts.getByRole('button', { name: text.previousReceipt, exact: true }).click(),
        SELECTED: async (event) => fileButton(sampleReceipts[Number(event.index)]).click(),
        ZOOM_IN: async () => receipts.getByRole('button', { name: text.zoomIn }).click(),
        ZOOM_OUT: async () => receipts.getByRole('button', { name: text.zoomOut }).click(),
        RETRY: async () => receipts.getByRole('button', { name: messages.resourceScreens.retry }).click(),
        // receiptDownload
        DOWNLOAD: async (event) => {
          const ids = event.ids as string[];
          if (ids.length > 1) return receipts.getByRole('button', { name: text.downloadAll }).click();
          // 'Descargar' saves the receipt in view: show it first.
          const file = sampleReceipts.find((one) => one.id === ids[0])!;
          await fileButton(file).click();
          await files.fulfill(image);
          await receipts.getByRole('button', { name: text.downloadOneLabel(file.name) }).click();
        },
        'xstate.done.actor.downloadFiles': async (event) => {
          // The browser downloads the answer under the name the machine says it saved.
          const [saved] = await Promise.all([
            page.waitForEvent('download'),
            download.fulfill({ status: 200, contentType: 'application/zip', body: PIXEL }),
          ]);
          expect(saved.suggestedFilename()).toBe((event as AnyEventObject & { output: string }).output);
        },
        'xstate.error.actor.downloadFiles': async (event) => {
          const error = errorOf(event) as Error & { status?: number };
          // A plain error is the dropped connection; a worded one the server's refusal.
          if (!(error instanceof UserFacingError)) return download.abort();
          return download.fulfill({ status: error.status ?? 404, json: { detail: error.message } });
        },
        DISMISS: async () => receipts.getByRole('button', { name: text.dismiss }).click(),
        // bankReveal
        REVEAL: async () => bank.getByRole('button', { name: text.reveal }).click(),
        HIDE: async () => bank.getByRole('button', { name: text.hide }).click(),
        'xstate.done.actor.revealBankData': async (event) =>
          reveal.fulfill({ json: (event as AnyEventObject & { output: unknown }).output }),
        'xstate.error.actor.revealBankData': async (event) =>
          reveal.fulfill({ status: 403, json: { detail: errorOf(event).message } }),
      };

      /** What every state of the viewer shows: which receipt, and the moves it allows. */
      const position = async (snapshot: AnyMachineSnapshot) => {
        const { index } = viewerOf(snapshot);
        const file = sampleReceipts[index];
        await expect(
          receipts.getByText(`${text.receiptOf(index + 1, sampleReceipts.length)} — ${captionOf(file.name)}`),
        ).toBeVisible();
        for (const [position, one] of sampleReceipts.entries())
          await expect(fileButton(one)).toHaveAttribute('aria-pressed', String(position === index));
        await expect(receipts.getByRole('button', { name: text.previousReceipt, exact: true })).toBeEnabled({
          enabled: index > 0,
        });
        await expect(receipts.getByRole('button', { name: text.nextReceipt, exact: true })).toBeEnabled({
          enabled: index < sampleReceipts.length - 1,
        });
      };
      const viewerChecks: ScreenChecks = {
        loading: async (snapshot) => {
          await position(snapshot);
          await expect(
            receipts.getByRole('status').filter({ hasText: messages.resourceScreens.loading }),
          ).toBeVisible();
          await expect(receipts.getByRole('img')).toHaveCount(0);
          await expect(receipts.getByRole('button', { name: text.zoomIn })).toBeDisabled();
        },
        shown: async (snapshot) => {
          await position(snapshot);
          const { index, zoom } = viewerOf(snapshot);
          const img = receipts.getByRole('img', { name: captionOf(sampleReceipts[index].name), exact: true });
          await expect(img).toHaveAttribute('src', /^blob:/);
          await expect
            .poll(() => img.evaluate((element) => (element as HTMLElement).style.width))
            .toBe(`${ZOOM_LEVELS[zoom] * 100}%`);
          await expect(receipts.getByRole('button', { name: text.zoomOut })).toBeEnabled({
            enabled: zoom > 0,
          });
          await expect(receipts.getByRole('button', { name: text.zoomIn })).toBeEnabled({
            enabled: zoom < ZOOM_LEVELS.length - 1,
          });
          await expect(receipts.getByRole('alert')).toHaveCount(0);
        },
        failed: async (snapshot) => {
          await position(snapshot);
          const alert = receipts.getByRole('alert').filter({ hasText: shown(viewerOf(snapshot).error)! });
          await expect(alert.getByRole('button', { name: messages.resourceScreens.retry })).toBeEnabled();
          await expect(receipts.getByRole('img')).toHaveCount(0);
        },
      };

      const downloadAllButton = receipts.getByRole('button', {
        name: new RegExp(`^(${escaped(text.downloadAll)}|${escaped(text.downloading)})$`),
      });
      const downloadChecks: ScreenChecks = {
        idle: async (snapshot) => {
          const { saved } = downloadOf(snapshot);
          await expect(downloadAllButton).toHaveText(text.downloadAll);
          await expect(downloadAllButton).toBeEnabled();
          await expect(
            receipts.getByRole('status').filter({ hasText: text.downloaded(saved ?? '') }),
          ).toHaveCount(saved ? 1 : 0);
          await expect(receipts.getByRole('alert')).toHaveCount(0);
        },
        downloading: async (snapshot) => {
          const { request } = downloadOf(snapshot);
          await expect(receipts.getByRole('status').filter({ hasText: text.downloading })).toBeVisible();
          await expect(downloadAllButton).toBeDisabled();
          await expect(downloadAllButton).toHaveText(
            request?.fileName === downloadAll.fileName ? text.downloading : text.downloadAll,
          );
          await expect.poll(() => download.waiting()).toBe(1);
          expect(download.sent()).toEqual({ refund_files_ids: request?.ids });
        },
        failed: async (snapshot) => {
          const { error, retryable } = downloadOf(snapshot);
          const alert = receipts.getByRole('alert').filter({ hasText: shown(error)! });
          await expect(alert).toBeVisible();
          await expect(alert.getByRole('button', { name: messages.resourceScreens.retry })).toHaveCount(
            retryable ? 1 : 0,
          );
          await expect(alert.getByRole('button', { name: text.dismiss })).toBeVisible();
        },
      };

      const bankValue = bank.getByTestId(`bank-${refund.payment!.fields[0].field}`);
      const bankChecks: ScreenChecks = {
        masked: async (snapshot) => {
          const { error } = bankOf(snapshot);
          await expect(bankValue).toHaveText(refund.payment!.fields[0].value);
          await expect(bank.getByRole('button', { name: text.reveal })).toBeEnabled();
          await expect(bank.getByRole('alert')).toHaveCount(error ? 1 : 0);
          await expect(bank.getByRole('alert')).toHaveText(error ? [error] : []);
        },
        revealing: async () => {
          await expect(bank.getByRole('button', { name: text.revealing })).toBeDisabled();
          await expect.poll(() => reveal.waiting()).toBe(1);
        },
        revealed: async (snapshot) => {
          await expect(bankValue).toHaveText(bankOf(snapshot).data!.fields[0].value);
          await expect(bank.getByRole('button', { name: text.hide })).toBeVisible();
          await expect(bank.getByRole('alert')).toHaveCount(0);
        },
      };

      const checks = { receiptViewer: viewerChecks, receiptDownload: downloadChecks, bankReveal: bankChecks }[
        name
      ]!;
      await walkPath(path as WalkPath, executors, checks);
    });
  }
}
