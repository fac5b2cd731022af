/**
 * Issue 28 §5: the browser keeps the staff sign-in's device cookie (HttpOnly, SameSite=Strict,
 * only for /api/token/) and sends it with the next sign-in, so that device skips the account's
 * lock. The login form's ofetch call is same-origin: the cookie goes with it by default.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('a sign-in leaves a device cookie that the next sign-in sends', async ({ page }) => {
  await signIn(page, 'supervisor');
  const cookies = (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('dv_'));
  expect(cookies).toHaveLength(1);
  const [device] = cookies;
  expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/token/', secure: false });
  expect(device.expires * 1000).toBeGreaterThan(Date.now() + 100 * 24 * 60 * 60 * 1000);
  // Script in the page cannot read it.
  expect(await page.evaluate(() => document.cookie)).not.toContain(device.name);

  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const sent = page.waitForRequest('**/api/token/');
  await signIn(page, 'supervisor');
  expect(await (await sent).headerValue('cookie')).toContain(`${device.name}=${device.value}`);
});
