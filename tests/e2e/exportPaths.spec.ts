// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * exportNotifications (issue 12, SPEC §4 'Export notifications', §8 texts) along its generated
 * paths in Chromium (issue 29 §tests): the bell of the top bar and the Oficinas list's 'Exportar'.
 * The path's input (an offices export pending before a reload) is put in localStorage as the
 * shell stores it; each server answer is held with page.route and answered as the path says
 * (GET /report/{hash}/ per pending export or GET /report/ for the bell's check, GET /office_report/,
 * the file, PUT /report/{hash}/). The polls run on Playwright's clock, paused once the shell is up:
 * `xstate.after` events are `page.clock.runFor` of their delay.
 *
 * Nothing is left out (pinned below): every event the model sends, the screen sends.
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import {
  EXPORT_POLL_MS,
  type ExportCheck,
  type ExportItem,
  NOTIFICATION_POLL_MS,
  notificationsOf,
  pendingHashes,
} from '../../machines/exportNotifications';
import { exportNotificationsModel } from '../../machines/models/exports';
import type { MachineModel } from '../../machines/models/types';
import type { UserFacingError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  walkPath,
} from './machineWalk';
import { signInByApi } from './support';

const text = messages.exports;
const shell = messages.navigation.shell;
const model = exportNotificationsModel as unknown as MachineModel;
const paths = coveringPaths(model);
const START = new Date('2026-03-02T09:00:00Z').getTime();

test('the walk covers every state and transition of the bell', () => {
  expect(paths.length).toBeLessThanOrEqual(10);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

const contextOf = (snapshot: AnyMachineSnapshot) =>
  snapshot.context as {
    items: ExportItem[];
    requestError: string | null;
    downloadError: string | null;
    lastRequested: string | null;
  };

/**
 * GET /report/{hash}/ held per hash: a check and a download may both be waiting for an answer
 * (each step answers the newest request for its hash).
 */
function holdReports(page: Page) {
  const held: Route[] = [];
  const ready = page.route(/\/api\/report\/[^/?]+\/$/, (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    held.push(route);
  });
  const take = async (hash: string) => {
    const path = `/api/report/${encodeURIComponent(hash)}/`;
    const index = () => held.findLastIndex((route) => new URL(route.request().url()).pathname === path);
    await expect.poll(index, { message: `a GET request to ${path}` }).toBeGreaterThan(-1);
    return held.splice(index(), 1)[0]!;
  };
  return {
    ready,
    answer: async (hash: string, status: number, body: unknown) =>
      (await take(hash)).fulfill({ status, json: body }),
    abort: async (hash: string) => (await take(hash)).abort('failed'),
  };
}

/** An item as GET /report/{hash}/ answers it. */
const reportOf = (item: ExportItem) => ({
  hash: item.hash,
  kind: item.kind,
  status: item.status,
  url: item.url,
  file_name: item.fileName,
  rows_written: item.rowsWritten,
  rows_total: item.rowsTotal,
  consumed: false,
  detail: item.status === 'error' ? text.kinds[item.kind].error : null,
  created_at: new Date(START).toISOString(),
});

for (const path of paths) {
  test(`exportNotifications ${path.description}`, async ({ page }) => {
    const userId = await signInByApi(page);
    const { items } = contextOf(path.steps[0].state);
    await page.addInitScript(({ key, stored }) => window.localStorage.setItem(key, JSON.stringify(stored)), {
      key: `exports:${userId}`,
      stored: items,
    });
    const report = holdReports(page);
    const consume = holdRequests(page, /\/api\/report\/[^/?]+\/$/, 'PUT');
    const reports = holdRequests(page, /\/api\/report\/(\?.*)?$/);
    const file = holdRequests(page, /\/api\/report\/[^/?]+\/file\/$/);
    const started = holdRequests(page, /\/api\/office_report\//);
    await Promise.all([report.ready, consume.ready, reports.ready, file.ready, started.ready]);
    await page.clock.install({ time: START });
    await page.goto('/dashboard/oficinas');
    const bell = page.getByRole('button', { name: new RegExp(`^${shell.notifications}`) });
    await expect(bell).toBeVisible({ timeout: 30_000 });
    // Time stops once the shell is up (its first check is held: no poll is scheduled yet).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    const panel = page.getByRole('region', { name: shell.notifications });
    const entry = (at: number) => panel.getByRole('listitem').nth(at);
    const exportButton = page.getByRole('button', {
      name: new RegExp(`^(${text.exportButton}|${text.requesting})$`),
    });

    // The export being downloaded, as it was when the download began (a check may drop it since).
    const downloaded = (before: AnyMachineSnapshot) => {
      const items = path.steps.flatMap((step) => contextOf(step.state).items);
      return items.find((one) => one.hash === before.context.active && one.status === 'OK')!;
    };
    const executors: Executors = {
      // By keyboard: the open panel lies over the list's buttons (a pointer would close it first).
      REQUEST: async () => exportButton.press('Enter'),
      'xstate.done.actor.requestExport': async (event) =>
        started.answer(200, (event as AnyEventObject & { output: { hash: string } }).output),
      'xstate.error.actor.requestExport': async (event) =>
        started.answer(403, { detail: (errorOf(event) as UserFacingError).message }),
      'xstate.done.actor.checkExports': async (event, before) => {
        const check = (event as AnyEventObject & { output: ExportCheck }).output;
        const pending = pendingHashes(contextOf(before).items);
        // The bell's check reads the list; pending exports are read one by one, in order.
        if (pending.length === 0) return reports.answer(200, { results: check.reports.map(reportOf) });
        for (const hash of pending) {
          const found = check.reports.find((item) => item.hash === hash);
          await (found
            ? report.answer(hash, 200, reportOf(found))
            : report.answer(hash, 404, { detail: 'No encontrado.' }));
        }
      },
      'xstate.error.actor.checkExports': async (_, before) =>
        pendingHashes(contextOf(before).items).length
          ? report.abort(pendingHashes(contextOf(before).items)[0]!)
          : reports.abort(),
      'xstate.after.notificationPoll.exportNotifications.jobs.idle': async () =>
        page.clock.runFor(NOTIFICATION_POLL_MS),
      'xstate.after.exportPoll.exportNotifications.jobs.watching': async () =>
        page.clock.runFor(EXPORT_POLL_MS),
      TOGGLE: async () => bell.click(),
      CLOSE: async () => bell.press('Escape'),
      DOWNLOAD: async (event, before) => {
        const at = contextOf(before).items.findIndex((one) => one.hash === event.hash);
        await entry(at).getByRole('button', { name: text.kinds.offices.ready }).click();
      },
      DISMISS: async (event, before) => {
        const at = contextOf(before).items.findIndex((one) => one.hash === event.hash);
        await entry(at).getByRole('button', { name: text.dismiss }).click();
      },
      'xstate.done.actor.downloadExport': async (_, before) => {
        const item = downloaded(before);
        await report.answer(item.hash, 200, reportOf(item));
        await file.answer(200, { file: item.fileName });
      },
      'xstate.error.actor.downloadExport': async (_, before) => {
        const item = downloaded(before);
        await report.answer(item.hash, 200, reportOf(item));
        await file.answer(500, { detail: 'Error interno.' });
      },
      'xstate.done.actor.consumeExport': async () => consume.answer(200, { status: 'OK' }),
      'xstate.error.actor.consumeExport': async () => consume.answer(500, { detail: 'Error interno.' }),
    };

    /** What the list says below 'Exportar' (requested, or why not), whatever the jobs do. */
    const requestOutcome = async (snapshot: AnyMachineSnapshot, requesting: boolean) => {
      const { requestError, lastRequested } = contextOf(snapshot);
      await expect(exportButton).toHaveText(requesting ? text.requesting : text.exportButton);
      await expect(exportButton).toBeEnabled({ enabled: !requesting });
      await expect(page.getByRole('status').filter({ hasText: text.requested })).toHaveCount(
        lastRequested && !requesting ? 1 : 0,
      );
      await expect(page.getByRole('alert').filter({ hasText: messages.common.forbidden })).toHaveCount(
        requestError && !requesting ? 1 : 0,
      );
    };
    const entries = async (snapshot: AnyMachineSnapshot, busy: boolean) => {
      const { items, downloadError } = contextOf(snapshot);
      await expect(panel.getByRole('listitem')).toHaveCount(items.length);
      for (const item of items.filter((one) => one.status === 'Pending'))
        await expect(
          panel
            .getByText(text.progress(item.rowsWritten, item.rowsTotal))
            .or(panel.getByText(text.pending))
            .first(),
        ).toBeVisible();
      await expect(panel.getByRole('progressbar')).toHaveCount(pendingHashes(items).length);
      const ready = items.filter((one) => one.status === 'OK');
      await expect(panel.getByRole('button', { name: text.kinds.offices.ready })).toHaveCount(ready.length);
      const failed = items.filter((one) => one.status === 'error');
      await expect(panel.getByRole('alert').filter({ hasText: text.kinds.offices.error })).toHaveCount(
        failed.length,
      );
      for (const button of await panel.getByRole('button').all())
        await expect(button).toBeEnabled({ enabled: !busy });
      await expect(panel.getByRole('alert').filter({ hasText: text.downloadFailed })).toHaveCount(
        downloadError ? 1 : 0,
      );
    };
    const checks: ScreenChecks = {
      'jobs.requesting': async (snapshot) => requestOutcome(snapshot, true),
      'jobs.idle': async (snapshot) => requestOutcome(snapshot, false),
      'jobs.watching': async (snapshot) => requestOutcome(snapshot, false),
      'jobs.checking': async (snapshot) => requestOutcome(snapshot, false),
      'bell.closed': async (snapshot) => {
        const unread = notificationsOf(contextOf(snapshot).items).length;
        await expect(bell).toHaveAccessibleName(
          unread ? `${shell.notifications}: ${text.unread(unread)}` : shell.notifications,
        );
        await expect(bell).toHaveAttribute('aria-expanded', 'false');
        await expect(panel).toHaveCount(0);
      },
      'bell.open': async (snapshot) => {
        await expect(bell).toHaveAttribute('aria-expanded', 'true');
        await expect(panel.getByRole('status').filter({ hasText: text.downloading })).toHaveCount(0);
        await entries(snapshot, false);
        await expect(panel.getByText(shell.noNotifications)).toHaveCount(
          contextOf(snapshot).items.length ? 0 : 1,
        );
      },
      'bell.downloading': async (snapshot) => {
        await expect(panel.getByRole('status').filter({ hasText: text.downloading })).toBeVisible();
        await entries(snapshot, true);
      },
      'bell.consuming': async (snapshot) => {
        await expect(panel.getByRole('status').filter({ hasText: text.downloading })).toBeVisible();
        await entries(snapshot, true);
      },
    };
    await walkPath(path, executors, checks);
  });
}
