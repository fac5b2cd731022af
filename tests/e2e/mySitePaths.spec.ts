// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * mySite ('Ir a mi sitio', SPEC §2) along its generated paths in Chromium (issue 29 §tests): the
 * user menu of the staff shell. The page holds the model's session: the stored tokens carry the
 * OPEN's access token and the user (GET /profile/, answered from a held request) works at the
 * OPEN's office. GET /office/{id}/ (`fetchOffice`) and GET /country/{id}/ (`fetchCountry`) are held
 * and answered as the path says; /config/ is the server's, with the model's default site; every
 * other API request is held unanswered, so the fake token never reaches the server and nothing is
 * written. The sites (b2b.example.com, ar.example.com) are answered by a route, not the Internet.
 *
 * Not walkable, each for a stated reason (pinned below): an OPEN without an access token (the menu
 * is in the signed-in shell only: the session always has one), and an OPEN from another office
 * than the path's first (one page holds one user). The walk adds the journey opening the site of
 * a user without an office, with a token, twice (the second OPEN from 'opened' starts again).
 */
import { expect, type Page, test } from '@playwright/test';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { mySiteModel } from '../../machines/models/auth';
import { sampleProfile } from '../../machines/models/session';
import type { MachineModel } from '../../machines/models/types';
import type { MySiteContext, MySiteEvent } from '../../machines/mySite';
import { TOKENS_KEY, USER_KEY } from '../../src/client/api/storageKeys';
import type { PublicConfig } from '../../src/contracts/http';
import { messages } from '../../src/contracts/messages';
import {
  coveringPaths,
  type Executors,
  holdRequests,
  missingIn,
  type ScreenChecks,
  type WalkStep,
  walkPath,
} from './machineWalk';

const shell = messages.navigation.shell;
const TOKEN = 'token';

const openOf = (event: AnyEventObject) => event as Extract<MySiteEvent, { type: 'OPEN' }>;

/** The path's user: the office of its first OPEN. */
function officeOfPath(steps: readonly WalkStep[]): number | null | undefined {
  return steps.slice(1).find((step) => step.event.type === 'OPEN')?.event.officeId as
    | number
    | null
    | undefined;
}

function mySiteWalkable(steps: readonly WalkStep[], index: number): boolean {
  const event = steps[index].event;
  if (event.type !== 'OPEN') return true;
  return openOf(event).accessToken !== null && openOf(event).officeId === officeOfPath(steps);
}

const baseModel = mySiteModel as unknown as MachineModel;
const model: MachineModel = {
  ...baseModel,
  // Opened twice: the generated paths' single OPEN without an office has no token (not walkable),
  // and a one-event journey of the same type would be dropped as its duplicate.
  journeys: [
    [
      { type: 'OPEN', officeId: null, accessToken: TOKEN },
      { type: 'OPEN', officeId: null, accessToken: TOKEN },
    ],
    ...(baseModel.journeys ?? []),
  ],
};
const paths = coveringPaths(model, mySiteWalkable);

test("the walk covers every state and transition of 'Ir a mi sitio'", () => {
  expect(paths.length).toBeLessThanOrEqual(5);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as MySiteContext;

/** The model's session stored as the login page leaves it, its user at `office`. */
async function storeSession(page: Page, office: number | null) {
  await page.addInitScript(
    ({ keys, tokens, user }) => {
      sessionStorage.setItem(keys.tokens, JSON.stringify(tokens));
      sessionStorage.setItem(keys.user, JSON.stringify(user));
    },
    {
      keys: { tokens: TOKENS_KEY, user: USER_KEY },
      tokens: { access: TOKEN, refresh: 'refresh-token' },
      user: { ...sampleProfile, office },
    },
  );
}

const menuButton = (page: Page) =>
  page.getByRole('button', {
    name: `${sampleProfile.first_name} - ${shell.userMenu}`,
  });

for (const path of paths) {
  test(`mySite: ${path.description}`, async ({ page, context }) => {
    const office = officeOfPath(path.steps) ?? null;
    await storeSession(page, office);
    const tabs: Page[] = [];
    context.on('page', (opened) => tabs.push(opened));
    await context.route(/^https:\/\/(b2b|ar)\.example\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Sitio B2B</h1>' }),
    );
    await page.route(/\/api\//, () => {});
    await page.route(/\/api\/config\/$/, async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as PublicConfig;
      await route.fulfill({ response, json: { ...config, b2bSiteUrl: model.input.defaultSiteUrl } });
    });
    await page.route(/\/api\/profile\/\?queryType=LOGIN$/, (route) =>
      route.fulfill({ json: { ...sampleProfile, office } }),
    );
    const officeAnswer = holdRequests(page, /\/api\/office\/\d+\/$/);
    const countryAnswer = holdRequests(page, /\/api\/country\/\d+\/$/);
    await Promise.all([officeAnswer.ready, countryAnswer.ready]);
    await page.goto('/dashboard');

    const executors: Executors = {
      OPEN: async () => {
        await menuButton(page).click();
        await page.getByRole('menuitem', { name: shell.goToMySite }).click();
      },
      'xstate.done.actor.fetchOffice': async (event, before) =>
        officeAnswer.answer(200, {
          id: contextOf(before).officeId,
          country: (event.output as { countryId: number | null }).countryId,
        }),
      'xstate.error.actor.fetchOffice': async () => officeAnswer.answer(500, { detail: 'error' }),
      'xstate.done.actor.fetchCountry': async (event, before) =>
        countryAnswer.answer(200, {
          id: contextOf(before).countryId,
          url_redirect: (event.output as { urlRedirect: string | null }).urlRedirect,
        }),
      'xstate.error.actor.fetchCountry': async () => countryAnswer.answer(500, { detail: 'error' }),
    };

    /** The site error under the menu, shown exactly when the machine holds it. */
    const expectError = async (snapshot: AnyMachineSnapshot) => {
      const alert = page.getByRole('alert').filter({ hasText: shell.mySiteError });
      await expect(alert).toHaveCount(contextOf(snapshot).error === shell.mySiteError ? 1 : 0);
    };
    /** The tab the OPEN opened, blank while the address loads. */
    const expectBlankTab = async () => {
      await expect.poll(() => tabs.length, { message: 'the tab opened in the click' }).toBe(opens());
      expect(tabs.at(-1)!.url()).toBe('about:blank');
      expect(tabs.at(-1)!.isClosed()).toBe(false);
    };
    let step = 0;
    const opens = () => path.steps.slice(1, step + 1).filter((one) => one.event.type === 'OPEN').length;

    const checks: ScreenChecks = {
      idle: async (snapshot) => {
        await expect(menuButton(page)).toBeVisible();
        await expectError(snapshot);
        expect(tabs.length).toBe(opens());
        // After a failed load the tab opened in the click is closed again; before any OPEN there is none.
        if (contextOf(snapshot).error) await expect.poll(() => tabs.at(-1)?.isClosed()).toBe(true);
        else expect(tabs).toHaveLength(0);
      },
      loadingOffice: async (snapshot) => {
        await expectBlankTab();
        await expectError(snapshot);
        await expect.poll(() => officeAnswer.waiting(), { message: `GET /office/${office}/` }).toBe(1);
        await menuButton(page).click();
        await expect(page.getByRole('menuitem', { name: messages.common.loading })).toBeDisabled();
        await menuButton(page).click();
      },
      loadingCountry: async (snapshot) => {
        await expectBlankTab();
        await expectError(snapshot);
        await expect
          .poll(() => countryAnswer.waiting(), { message: `GET /country/${contextOf(snapshot).countryId}/` })
          .toBe(1);
      },
      opened: async (snapshot) => {
        await expect.poll(() => tabs.length).toBe(opens());
        const tab = tabs.at(-1)!;
        await expect(tab).toHaveURL(contextOf(snapshot).url!);
        await expect(tab.getByRole('heading', { name: 'Sitio B2B' })).toBeVisible();
        await expectError(snapshot);
      },
    };

    const counted: ScreenChecks = Object.fromEntries(
      Object.entries(checks).map(([key, check]) => [
        key,
        async (snapshot: AnyMachineSnapshot, event: AnyEventObject) => {
          step = path.steps.findIndex((one) => one.state === snapshot);
          return check(snapshot, event);
        },
      ]),
    );
    await walkPath(path, executors, counted);
  });
}
