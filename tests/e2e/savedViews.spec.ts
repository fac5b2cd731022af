/**
 * Issue 32 'Lists': a saved view round-trips. The user saves the current ordering and columns
 * of Reservas under a name, leaves, comes back and applies it: the URL (the list's one source of
 * state) and the columns are the view's again. Another user does not see it (asked through the
 * API: one page load fewer). Signed in by API.
 */
import { expect, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { DEMO_PASSWORD, signInByApi } from './support';

const text = messages.lists;
const paymentHeader = messages.bookings.fields.payment_method;

test.use({ viewport: { width: 1366, height: 768 } });

test('a saved view round-trips and stays its owner’s', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/dashboard/reservas?ordering=-id');
  const table = page.getByRole('main').getByRole('table');
  await expect(table).toBeVisible();
  const payment = table.getByRole('columnheader', { name: paymentHeader });

  // The view's columns: the defaults plus 'Forma de pago'.
  await page.getByRole('button', { name: text.columns }).click();
  await page.getByLabel(paymentHeader).check();
  await expect(payment).toBeVisible();
  await page.keyboard.press('Escape');

  const name = `Recientes ${Date.now()}`;
  await page.getByRole('button', { name: text.views }).click();
  await page.getByLabel(text.viewName).fill(name);
  await page.getByRole('button', { name: text.saveView }).click();
  await expect(page.getByRole('status').filter({ hasText: text.viewSaved(name) })).toBeVisible();
  await expect(page.getByRole('button', { name: text.applyView(name) })).toBeVisible();
  await page.keyboard.press('Escape');

  // Back to the defaults and another list, then the plain list again.
  await page.getByRole('button', { name: text.columns }).click();
  await page.getByLabel(paymentHeader).uncheck();
  await expect(payment).toHaveCount(0);
  await page.keyboard.press('Escape');
  const menu = page.getByRole('navigation');
  await menu.getByRole('link', { name: 'Vouchers', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/vouchers/);
  await menu.getByRole('link', { name: 'Reservas', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/reservas$/);
  await expect(table).toBeVisible();
  await expect(payment).toHaveCount(0);

  await page.getByRole('button', { name: text.views }).click();
  await page.getByRole('button', { name: text.applyView(name) }).click();
  await expect(page).toHaveURL(/[?&]ordering=-id(&|$)/);
  await expect(payment).toBeVisible();
  await expect(
    table.getByRole('columnheader', { name: new RegExp(`^${messages.bookings.fields.id}\\b`) }),
  ).toHaveAttribute('aria-sort', 'descending');

  // Another user does not see it.
  const token = await page.request.post('/api/token/', {
    data: { username: 'ejecutivo', password: DEMO_PASSWORD },
  });
  expect(token.status()).toBe(200);
  const { access } = (await token.json()) as { access: string };
  const theirs = await page.request.get('/api/list_preferences/reservas/', {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(theirs.status()).toBe(200);
  expect(((await theirs.json()) as { views: unknown[] }).views).toEqual([]);

  // Deleting asks first.
  await page.getByRole('button', { name: text.views }).click();
  await page.getByRole('button', { name: text.deleteView(name) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text.deleteViewConfirm(name));
  await dialog.getByRole('button', { name: text.remove }).click();
  await expect(page.getByRole('button', { name: text.applyView(name) })).toHaveCount(0);
});
