/**
 * 'Ir a mi sitio' (SPEC §2, issue 9): the user menu closes at once, the tab opens inside the
 * click (no popup blocker) and reaches the office's country url_redirect with the access token.
 * The demo 'ejecutivo' works at Casa Central Buenos Aires, in Argentina, whose site is
 * https://b2b.example.com/ar (seed); that address is answered here by a route, not the Internet.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support';

test("'Ir a mi sitio' opens the country's site with the token for a user with an office", async ({
  page,
  context,
}) => {
  await context.route('https://b2b.example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Sitio B2B</h1>' }),
  );
  await signIn(page, 'ejecutivo');
  const token = await page.evaluate(() => {
    const raw = sessionStorage.getItem('headersSetCookie') ?? localStorage.getItem('headersSetCookie');
    return raw ? (JSON.parse(raw) as { access: string }).access : null;
  });
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  const popup = context.waitForEvent('page');
  await page.getByRole('menuitem', { name: 'Ir a mi sitio' }).click();
  // The menu closes right away; the machine keeps loading the office and the country.
  await expect(page.getByRole('menu')).toHaveCount(0);
  const site = await popup;
  await expect(site.getByRole('heading', { name: 'Sitio B2B' })).toBeVisible();
  expect(site.url()).toBe(`https://b2b.example.com/ar?access=${token}`);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
