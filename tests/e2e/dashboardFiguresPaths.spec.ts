// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * dashboardFigures (the dashboard cards' live figures, issue 18) along its generated paths in
 * Chromium (issue 29 §tests): /dashboard for the superuser, who sees every card. Each card's count
 * (GET <list>?limit=1&offset=0, `loadFigures` reads them all at once) is held: the model's output
 * answers the cards it names (Zonas' records, Reintegros' pending refunds) and every other card's
 * count fails, so it shows no figure; the model's error is every count failing (the view's loader
 * settles each count on its own, so the cards simply show none). The walk writes nothing.
 *
 * Nothing is left out (pinned below).
 */
import { expect, type Page, type Route, test } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { DashboardFiguresContext, Figure } from '../../machines/dashboardFigures';
import { dashboardFiguresModel } from '../../machines/models/dashboard';
import type { MachineModel } from '../../machines/models/types';
import { figureRequestOf } from '../../src/client/views/dashboard/cardInfo';
import { formatCount } from '../../src/contracts/format';
import { messages } from '../../src/contracts/messages';
import { dashboardCards } from '../../src/contracts/modules';
import { coveringPaths, type Executors, missingIn, type ScreenChecks, walkPath } from './machineWalk';
import { signInByApi } from './support';

const text = messages.polish.dashboard;
const model = dashboardFiguresModel as unknown as MachineModel;
const paths = coveringPaths(model);

test('the walk covers every state and transition of the dashboard figures', () => {
  expect(paths.length).toBeLessThanOrEqual(2);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as DashboardFiguresContext;
/** The superuser's cards and the figure each reads. */
const cards = dashboardCards({ isSuperuser: true, permissions: [], modules: [] });
const figureRequests = cards.flatMap((card) => figureRequestOf(card.routing) ?? []);

/** A figure as its card words it. */
function figureText(figure: Figure): string {
  const shown = formatCount(figure.count);
  const count =
    figure.countKind === 'capped'
      ? text.more(shown)
      : figure.countKind === 'estimate'
        ? text.about(shown)
        : shown;
  return figure.kind === 'pending' ? text.pending(count) : text.records(count);
}

/** Every figure shown on the page ('N registros', 'N pendientes de revisión'). */
const shownFigures = (page: Page) => page.getByText(/^\S+ (registros|pendientes de revisión)$/);

for (const path of paths) {
  test(`dashboardFigures: ${path.description}`, async ({ page }) => {
    await signInByApi(page);
    const counts: Route[] = [];
    await page.route(/\/api\/[^?]+\?(.*&)?limit=1&offset=0/, (route) => {
      counts.push(route);
    });
    await page.goto('/dashboard');
    const allCounts = async () => {
      await expect.poll(() => counts.length, { message: 'a count per card' }).toBe(figureRequests.length);
      return counts.splice(0);
    };

    const executors: Executors = {
      'xstate.done.actor.loadFigures': async (event) => {
        const output = event.output as Record<string, Figure>;
        for (const route of await allCounts()) {
          const url = new URL(route.request().url());
          const figure = figureRequests.find(
            (one) =>
              url.pathname === `/api${one.path}` &&
              Object.entries(one.params).every(([key, value]) => url.searchParams.get(key) === value),
          );
          const answer = figure ? output[figure.routing] : undefined;
          if (answer)
            await route.fulfill({ json: { count: answer.count, count_kind: answer.countKind, results: [] } });
          else await route.abort('failed');
        }
      },
      'xstate.error.actor.loadFigures': async () => {
        for (const route of await allCounts()) await route.abort('failed');
      },
    };

    const grid = page.getByRole('list', { name: messages.navigation.shell.dashboardTitle });
    const checks: ScreenChecks = {
      loading: async () => {
        await expect(grid.getByRole('listitem')).toHaveCount(cards.length);
        await expect.poll(() => counts.length, { message: 'a count per card' }).toBe(figureRequests.length);
        await expect(shownFigures(page)).toHaveCount(0);
      },
      ready: async (snapshot) => {
        const { figures } = contextOf(snapshot);
        const shown = Object.entries(figures);
        await expect(shownFigures(page)).toHaveCount(shown.length);
        for (const [routing, figure] of shown) {
          const card = cards.find((one) => one.routing === routing)!;
          await expect(
            grid.getByRole('link').filter({ has: page.getByText(card.title, { exact: true }) }),
          ).toContainText(figureText(figure));
        }
      },
    };

    await walkPath(path, executors, checks);
  });
}
