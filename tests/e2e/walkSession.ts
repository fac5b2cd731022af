/**
 * The admin's session for the walk specs without the login screen: one POST /token/ and one
 * GET /profile/ per worker, stored in localStorage ('Mantener logueado', SPEC §7 keys) before the
 * page's scripts run. Each path's test then starts on its screen, a page load instead of four.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { TOKENS_KEY, USER_KEY } from '../../src/client/api/storageKeys';
import { ADMIN } from './support';

let stored: Promise<{ tokens: unknown; user: { id: number } }> | undefined;

async function adminSession(request: APIRequestContext) {
  const answer = await request.post('/api/token/', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(answer.status()).toBe(200);
  const tokens = (await answer.json()) as { access: string; refresh: string };
  const profile = await request.get('/api/profile/?queryType=LOGIN', {
    headers: { Authorization: `Bearer ${tokens.access}` },
  });
  expect(profile.status()).toBe(200);
  return { tokens, user: (await profile.json()) as { id: number } };
}

/** Signs the admin in for every page the test loads; answers the admin's id. */
export async function signInByApi(page: Page, request: APIRequestContext): Promise<number> {
  stored ??= adminSession(request);
  const session = await stored;
  await page.addInitScript(
    ({ keys, value }) => {
      window.localStorage.setItem(keys.tokens, JSON.stringify(value.tokens));
      window.localStorage.setItem(keys.user, JSON.stringify(value.user));
    },
    { keys: { tokens: TOKENS_KEY, user: USER_KEY }, value: session },
  );
  return session.user.id;
}
