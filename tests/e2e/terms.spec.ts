/**
 * Issue 28 §4 'Terms acceptance is an act, not a GET': staff send a voucher's terms; the link of
 * the mail opens the public terms page with the conditions of the voucher's product; 'Acepto'
 * records the acceptance; a reload says so again, without the button.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { dataDir, signIn } from './support';

/** The terms link of the newest mail in the outbox that carries one for `voucherId`. */
function termsLinkFor(voucherId: string): string | null {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox)
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .reverse();
  } catch {
    return null;
  }
  const pattern = new RegExp(`https?://\\S+/terms/${voucherId}/\\d+/[A-Za-z0-9_-]{32}`);
  for (const file of files) {
    const body = readFileSync(path.join(outbox, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const found = pattern.exec(body)?.[0];
    if (found) return found;
  }
  return null;
}

test('the mailed terms link shows the conditions; Acepto records them, also after a reload', async ({
  page,
  browser,
}) => {
  await signIn(page, 'soporte');
  await page.goto('/dashboard/vouchers?status=3');
  const table = page.getByRole('table', { name: 'Vouchers' });
  await expect(table.getByRole('link', { name: /^Mostrar Voucher N° \d+$/ }).first()).toBeVisible();
  const label = await table
    .getByRole('link', { name: /^Mostrar Voucher N° \d+$/ })
    .first()
    .getAttribute('aria-label');
  const id = /N° (\d+)/.exec(label ?? '')?.[1] ?? '';
  expect(id).toMatch(/^\d+$/);
  await page.goto(`/dashboard/vouchers/${id}`);
  const documents = page.getByRole('region', { name: 'Documentos del voucher' });
  await documents.getByRole('button', { name: 'Enviar condiciones' }).click();
  await expect(documents.getByRole('status')).toHaveText(/Email enviado\./);

  await expect.poll(() => termsLinkFor(id)).not.toBeNull();
  const link = termsLinkFor(id) ?? '';
  expect(new URL(link).pathname).toMatch(new RegExp(`^/terms/${id}/\\d+/[A-Za-z0-9_-]{32}$`));

  // The traveller, in a browser of their own (no staff session).
  const traveller = await (await browser.newContext()).newPage();
  await traveller.goto(link);
  await expect(traveller.getByRole('heading', { name: 'Condiciones generales' })).toBeVisible();
  await expect(traveller.getByText(`de su voucher N° ${id}.`)).toBeVisible();
  await expect(
    traveller.getByRole('table', { name: 'Coberturas incluidas' }).getByRole('row').nth(1),
  ).toBeVisible();
  const accept = traveller.getByRole('button', { name: 'Acepto' });
  await expect(accept).toBeVisible();
  // Opening the page accepted nothing: the answer the page read says so.
  const data = new URL(link).pathname.replace(/^\/terms\//, '').replaceAll('/', '.');
  const read = await traveller.request.get(`/api/terms/${data}/`);
  expect((await read.json()).accepted_at).toBeNull();

  const posted = traveller.waitForResponse(
    (answer) => answer.request().method() === 'POST' && answer.url().endsWith('/accept/'),
  );
  await accept.click();
  expect((await posted).status()).toBe(200);
  await expect(traveller.getByTestId('terms-accepted')).toContainText('Aceptación registrada');
  await expect(traveller.getByTestId('terms-accepted')).toContainText('Usted aceptó estas condiciones el');
  await expect(accept).toHaveCount(0);

  await traveller.reload();
  await expect(traveller.getByRole('heading', { name: 'Condiciones generales' })).toBeVisible();
  await expect(traveller.getByTestId('terms-accepted')).toContainText('Aceptación registrada');
  await expect(traveller.getByRole('button', { name: 'Acepto' })).toHaveCount(0);
});
