/** Helpers shared by the Playwright tests. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { TOKENS_KEY, USER_KEY } from '../../src/client/api/storageKeys';
import { messages } from '../../src/contracts/messages';

export const ADMIN = { username: 'admin', password: 'Admin-E2E-Password-1', email: 'admin@example.com' };
export const DEMO_PASSWORD = 'Demo-Extranet-2026';

/** filter_offices.xlsx's header: the list's columns plus the fields a user filters by (issue 32). */
export const OFFICE_EXPORT_HEADERS = [
  'ID',
  'Nombre',
  'Abreviatura',
  'Habilitada',
  messages.offices.fields.childrens,
  'País',
  messages.offices.fields.bussines_unit,
  messages.offices.fields.tags,
  messages.offices.fields.parent,
];

export const dataDir = path.resolve(`.e2e-data-${process.env.E2E_PORT ?? 3100}`);

/**
 * Signs in through the API (the calls the sign-in screen makes: POST /api/token/, then the
 * profile) and leaves the session in the tab's sessionStorage, as the screen keeps it without
 * 'Mantener logueado', for every page the test then loads: tests about another screen skip the
 * login screen. The session is written once, before the app's first load; later loads keep what
 * the app made of it (a refreshed token, a sign-out). Answers the user's id.
 */
export async function signInByApi(
  page: Page,
  username = 'admin',
  password = username === 'admin' ? ADMIN.password : DEMO_PASSWORD,
): Promise<number> {
  const tokenResponse = await page.request.post('/api/token/', { data: { username, password } });
  expect(tokenResponse.status(), `sign-in of ${username}`).toBe(200);
  const tokens = (await tokenResponse.json()) as { access: string; refresh: string };
  const profileResponse = await page.request.get('/api/profile/?queryType=LOGIN', {
    headers: { authorization: `Bearer ${tokens.access}` },
  });
  expect(profileResponse.status()).toBe(200);
  const user = (await profileResponse.json()) as { id: number };
  await page.addInitScript(
    ({ keys, tokens, user }) => {
      if (sessionStorage.getItem('e2e-session-written')) return;
      sessionStorage.setItem('e2e-session-written', 'yes');
      sessionStorage.setItem(keys.tokens, JSON.stringify(tokens));
      sessionStorage.setItem(keys.user, JSON.stringify(user));
    },
    {
      keys: { tokens: TOKENS_KEY, user: USER_KEY },
      tokens: { access: tokens.access, refresh: tokens.refresh },
      user,
    },
  );
  return user.id;
}

/** `signInByApi`, then `path` opened: one page load instead of three. */
export async function openSignedIn(page: Page, path: string, username = 'admin', password?: string) {
  await signInByApi(page, username, password);
  await page.goto(path);
}

export async function signIn(
  page: Page,
  username: string,
  password = username === 'admin' ? ADMIN.password : DEMO_PASSWORD,
) {
  await page.goto('/login');
  await page.getByLabel('Email o usuario').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The newest .eml in the outbox addressed to `recipient`. */
export function latestMailTo(recipient: string): string | null {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox)
      .filter((file) => file.includes(recipient) && file.endsWith('.eml'))
      .sort();
  } catch {
    return null;
  }
  const last = files.at(-1);
  return last ? readFileSync(path.join(outbox, last), 'utf8') : null;
}

/** The first link in a mail, with quoted-printable soft breaks undone. */
export function linkInMail(mail: string): string | null {
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return body.match(/https?:\/\/\S+/)?.[0] ?? null;
}

/** The signed link a staff request mails (its `hash=`), wherever it stands in the mail, or null. */
export function signedLinkInMail(mail: string): string | null {
  const body = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return body.match(/https?:\/\/\S+hash=\S+/)?.[0] ?? null;
}
