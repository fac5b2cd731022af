/** Helpers shared by the Playwright tests. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

export const ADMIN = { username: 'admin', password: 'Admin-E2E-Password-1', email: 'admin@example.com' };
export const DEMO_PASSWORD = 'Demo-Extranet-2026';

export const dataDir = path.resolve(`.e2e-data-${process.env.E2E_PORT ?? 3100}`);

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
