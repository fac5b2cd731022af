// biome-ignore-all lint/correctness/noComponentHookFactories: executors are keyed by event type, not React components
/**
 * accessToken (SPEC §2 'Access by token') along its generated paths in Chromium (issue 29 §tests):
 * /access?access=<token>. TOKEN_READ is the page opened with the path's token (none for a null
 * token); the user's load is GET /profile/{id}/ held and answered as the path says (the model's
 * session's profile, or a 401). Every other API request is held unanswered, so the walk writes
 * nothing and the fake token never reaches the server.
 *
 * Nothing is left out (pinned below). `readingToken` lasts until the page is opened: the view sends
 * TOKEN_READ on mount, so its check is that no page is open yet.
 */
import { expect, test } from '@playwright/test';
import type { AnyMachineSnapshot } from 'xstate';
import type { AccessTokenContext } from '../../machines/accessToken';
import { accessTokenModel } from '../../machines/models/auth';
import type { MachineModel } from '../../machines/models/types';
import type { StaffSession } from '../../machines/session';
import { messages } from '../../src/contracts/messages';
import {
  coveringPaths,
  type Executors,
  holdRequests,
  missingIn,
  type ScreenChecks,
  walkPath,
} from './machineWalk';

const model = accessTokenModel as unknown as MachineModel;
const paths = coveringPaths(model);

test('the walk covers every state and transition of the access by token', () => {
  expect(paths.length).toBeLessThanOrEqual(4);
  expect(missingIn(model, paths)).toEqual({ states: [], transitions: [] });
});

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as AccessTokenContext;

for (const path of paths) {
  test(`accessToken: ${path.description}`, async ({ page }) => {
    await page.route(/\/api\//, () => {});
    const profile = holdRequests(page, /\/api\/profile\/\d+\/(\?.*)?$/);
    await profile.ready;

    const executors: Executors = {
      TOKEN_READ: async (event) => {
        const token = (event as unknown as { token: string | null }).token;
        await page.goto(token === null ? '/access' : `/access?access=${encodeURIComponent(token)}`);
      },
      'xstate.done.actor.loadUserWithToken': async (event) =>
        profile.answer(200, (event as unknown as { output: StaffSession }).output.user),
      'xstate.error.actor.loadUserWithToken': async () => profile.answer(401, { detail: 'Token inválido' }),
    };

    const checks: ScreenChecks = {
      readingToken: async () => expect(page).toHaveURL('about:blank'),
      verifying: async (snapshot) => {
        await expect(page.getByText(messages.auth.verifyingAccess)).toBeVisible();
        await expect
          .poll(() => profile.waiting(), { message: `GET /profile/${contextOf(snapshot).userId}/` })
          .toBe(1);
        expect(new URL(page.url()).searchParams.get('access')).toBe(contextOf(snapshot).token);
      },
      verified: async (snapshot) => {
        const user = contextOf(snapshot).session!.user;
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(
          page.getByRole('button', {
            name: `${user.first_name || user.username} - ${messages.navigation.shell.userMenu}`,
          }),
        ).toBeVisible();
      },
      failed: async (snapshot) => {
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('heading', { name: messages.auth.loginTitle })).toBeVisible();
        await expect(page.getByRole('alert').filter({ hasText: contextOf(snapshot).error! })).toBeVisible();
      },
    };

    await walkPath(path, executors, checks);
  });
}
