// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * recordHistory (the 'Historial' tab, issue 9) along its generated paths in Chromium (issue 29
 * §tests), on the show view of Zonas 'Nacional'. Each answer of GET /history/ is the path's
 * `loadHistory` completion, held with page.route; the page turns are the buttons.
 *
 * Not walkable, each for a stated reason: RELOAD (no screen sends it: the tab mounts afresh), a
 * PAGE_CHANGED to a page that does not exist or is shown (its button is disabled or absent).
 * The model pages by two rows; the screen by HISTORY_PAGE_SIZE, so each answer's count is scaled
 * to give the screen as many pages as the model has.
 */
import { expect, test } from '@playwright/test';
import type { AnyEventObject } from 'xstate';
import { recordHistoryModel } from '../../machines/models/history';
import type { MachineModel } from '../../machines/models/types';
import { HISTORY_PAGE_SIZE, type HistoryPage, historyPages } from '../../machines/recordHistory';
import { UserFacingError } from '../../machines/support/errors';
import { messages } from '../../src/contracts/messages';
import {
  coveringPaths,
  type Executors,
  errorOf,
  holdRequests,
  missingIn,
  type ScreenChecks,
  type WalkStep,
  walkPath,
} from './machineWalk';
import { signIn } from './support';

const text = messages.history;
const model = recordHistoryModel as unknown as MachineModel;
const MODEL_LIMIT = 2;

function walkable(steps: readonly WalkStep[], index: number): boolean {
  const { event } = steps[index];
  if (event.type === 'RELOAD') return false;
  if (event.type !== 'PAGE_CHANGED') return true;
  const { offset, count, limit } = steps[index - 1].state.context as {
    offset: number;
    count: number;
    limit: number;
  };
  const page = Math.floor(offset / limit);
  return Math.abs(event.page - page) === 1 && event.page >= 0 && event.page < historyPages(count, limit);
}

const paths = coveringPaths(model, walkable);

test('the walk covers every state and transition the Historial tab can take', () => {
  expect(missingIn(model, paths)).toEqual({
    states: [],
    transitions: [
      'recordHistory.loaded RELOAD -> recordHistory.loading',
      'recordHistory.empty RELOAD -> recordHistory.loading',
    ],
  });
});

/** The model's page (two rows of a count) as the screen's page of HISTORY_PAGE_SIZE rows. */
function scaled(output: HistoryPage) {
  const pages = historyPages(output.count, MODEL_LIMIT);
  const count = output.count === 0 ? 0 : (pages - 1) * HISTORY_PAGE_SIZE + output.results.length;
  return { count, next: null, previous: null, results: output.results };
}

for (const path of paths) {
  test(`recordHistory ${path.description}`, async ({ page }) => {
    await signIn(page, 'admin');
    const history = holdRequests(page, /\/api\/history\/\?/);
    await history.ready;
    await page.goto('/dashboard/zonas/1');
    await page.getByRole('tab', { name: text.tabHistory }).click();
    const table = page.getByRole('table', { name: text.title });
    const executors: Executors = {
      'xstate.done.actor.loadHistory': async (event) =>
        history.answer(200, scaled((event as AnyEventObject & { output: HistoryPage }).output)),
      'xstate.error.actor.loadHistory': async (event) => {
        const error = errorOf(event);
        // A refusal the server words; anything else (a dropped connection) is the generic failure.
        await (error instanceof UserFacingError
          ? history.answer(404, { detail: error.message })
          : history.abort());
      },
      PAGE_CHANGED: async (event, before) => {
        const { offset, limit } = before.context as { offset: number; limit: number };
        const forward = event.page > Math.floor(offset / limit);
        await page.getByRole('button', { name: forward ? text.next : text.previous }).click();
      },
      RETRY: async () => page.getByRole('button', { name: text.retry }).click(),
    };
    const checks: ScreenChecks = {
      loading: async () => {
        await expect(page.getByText(text.loading)).toBeVisible();
      },
      loaded: async (snapshot) => {
        const { entries, offset, limit } = snapshot.context as {
          entries: { id: number }[];
          offset: number;
          limit: number;
        };
        await expect(table.getByTestId('history-entry')).toHaveCount(entries.length);
        // First page: 'Anteriores' disabled; the last: 'Siguientes' disabled (the model has two).
        const onFirst = Math.floor(offset / limit) === 0;
        await expect(page.getByRole('button', { name: text.previous })).toBeEnabled({ enabled: !onFirst });
        await expect(page.getByRole('button', { name: text.next })).toBeEnabled({ enabled: onFirst });
      },
      empty: async () => {
        await expect(page.getByText(text.empty)).toBeVisible();
        await expect(table).toHaveCount(0);
      },
      failed: async (snapshot) => {
        const alert = page.getByRole('alert');
        // The client words every failure: an unworded one (the machine's fallback) reaches the
        // screen as a dropped connection, which the client names itself.
        const error = String(snapshot.context.error);
        await expect(alert).toContainText(error === text.failed ? messages.common.networkError : error);
        await expect(alert.getByRole('button', { name: text.retry })).toBeVisible();
      },
    };
    await walkPath(path, executors, checks);
  });
}
