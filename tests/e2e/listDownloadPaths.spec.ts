// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * listDownload (Reservas' 'Descargar CSV', issue 15; SPEC §7 'the export URL
 * /csv_reservation_filter/?offset=0&limit={n} is built from the current filters') along its
 * generated paths in Chromium (issue 29 §tests). The list is /dashboard/reservas with the path's
 * filters in its address; its page is the server's, with the count the path's DOWNLOAD carries (the
 * download's `limit`). GET /csv_reservation_filter/ (`download`) is held and answered as the path
 * says: a CSV, or a 403 with its detail. The walk writes nothing.
 *
 * Not walkable, for a stated reason (pinned below): a DOWNLOAD with other filters or another count
 * than the path's first (one page shows one list).
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { DownloadRequest, ListDownloadContext } from '../../machines/listDownload';
import { listDownloadModel } from '../../machines/models/bookings';
import type { MachineModel } from '../../machines/models/types';
import { messages } from '../../src/contracts/messages';
import {
  coveringPaths,
  type Executors,
  errorOf,
  missingIn,
  type ScreenChecks,
  type WalkStep,
  walkPath,
} from './machineWalk';
import { signInByApi } from './support';

const text = messages.bookings;
const model = listDownloadModel as unknown as MachineModel;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as ListDownloadContext;
const requestOf = (event: AnyEventObject) => event as AnyEventObject & DownloadRequest;

/** The path's list: its first DOWNLOAD's filters and count. */
const listOfPath = (steps: readonly WalkStep[]) =>
  requestOf(steps.slice(1).find((step) => step.event.type === 'DOWNLOAD')!.event);

function downloadWalkable(steps: readonly WalkStep[], index: number): boolean {
  const event = steps[index].event;
  if (event.type !== 'DOWNLOAD') return true;
  const list = listOfPath(steps);
  return (
    requestOf(event).rows === list.rows &&
    JSON.stringify(requestOf(event).query) === JSON.stringify(list.query)
  );
}

const paths = coveringPaths(model, downloadWalkable);

test('the walk covers every state and transition of the list download', () => {
  expect(paths.length).toBeLessThanOrEqual(4);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

const downloadButton = (page: Page, busy: boolean) =>
  page.getByRole('button', { name: busy ? text.downloading : text.downloadCsv, exact: true });

for (const path of paths) {
  test(`listDownload: ${path.description}`, async ({ page }) => {
    const list = listOfPath(path.steps);
    await signInByApi(page);
    await page.route(/\/api\/reservation\/\?/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, count: list.rows } });
    });
    const downloads: Route[] = [];
    await page.route(/\/api\/csv_reservation_filter\/\?/, (route) => {
      downloads.push(route);
    });
    const held = async () => {
      await expect.poll(() => downloads.length, { message: 'GET /csv_reservation_filter/' }).toBe(1);
      return downloads.pop()!;
    };
    await page.goto(`/dashboard/reservas?${new URLSearchParams(list.query)}`);
    await expect(downloadButton(page, false)).toBeEnabled();

    const executors: Executors = {
      DOWNLOAD: async () => downloadButton(page, false).click(),
      DISMISS: async () => page.getByRole('button', { name: text.close, exact: true }).click(),
      'xstate.done.actor.download': async () =>
        (await held()).fulfill({ status: 200, contentType: 'text/csv', body: '\uFEFFid\n1\n' }),
      'xstate.error.actor.download': async (event) =>
        (await held()).fulfill({ status: 403, json: { detail: errorOf(event).message } }),
    };

    const checks: ScreenChecks = {
      idle: async (snapshot) => {
        await expect(downloadButton(page, false)).toBeEnabled();
        const { notice } = contextOf(snapshot);
        const closer = page.getByRole('button', { name: text.close, exact: true });
        await expect(closer).toHaveCount(notice ? 1 : 0);
        await expect(
          page.getByRole(notice?.tone === 'danger' ? 'alert' : 'status').filter({ has: closer }),
        ).toHaveText(notice ? [`${notice.text}${text.close}`] : []);
      },
      downloading: async () => {
        await expect(downloadButton(page, true)).toBeDisabled();
        await expect(downloadButton(page, true)).toHaveAttribute('aria-busy', 'true');
        await expect.poll(() => downloads.length, { message: 'GET /csv_reservation_filter/' }).toBe(1);
        // SPEC §7: offset 0, limit the list's count, the list's filters (never its page or order).
        const query = Object.fromEntries(new URL(downloads[0].request().url()).searchParams);
        expect(query).toEqual({ offset: '0', limit: String(list.rows), ...list.query });
      },
    };

    await walkPath(path, executors, checks);
  });
}
