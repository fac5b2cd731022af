/**
 * The staff list's counts past the server's threshold (issue 29 §counts) and its URL as the one
 * source of the list's query (issue 29 'Client'), on Zonas as admin. The list's answers are the
 * server's own rows with the count the test sets: a capped count ('más de 10.000') unless the
 * request asks `?count=exact` (EXACT_COUNT_PARAM), which answers the exact figure.
 */
import { expect, type Page, test } from '@playwright/test';
import { EXACT_COUNT_PARAM, EXACT_COUNT_VALUE } from '../../src/contracts/engine';
import { signIn } from './support';

const LIST = /\/api\/zone\/\?(?!limit=1&offset=0$)/;

/** Answers the zone list with the server's first rows and a capped or exact count; records each request. */
async function countingList(page: Page, kind: 'capped' | 'estimate' = 'capped') {
  const requests: URL[] = [];
  await page.route(LIST, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const url = new URL(route.request().url());
    requests.push(url);
    let results: unknown[];
    try {
      const real = await route.fetch({ url: new URL('/api/zone/?offset=0&limit=10', url).toString() });
      ({ results } = (await real.json()) as { results: unknown[] });
    } catch {
      // Back or Forward moved the page on while the rows were fetched: the browser dropped this
      // request, and the next one (recorded too) is answered instead.
      return;
    }
    const exact = url.searchParams.get(EXACT_COUNT_PARAM) === EXACT_COUNT_VALUE;
    await route.fulfill({
      json: exact
        ? { count: 12_345, count_kind: 'exact', results }
        : kind === 'capped'
          ? { count: 10_000, count_kind: 'capped', results }
          : { count: 15_217, count_kind: 'estimate', results },
    });
  });
  return requests;
}

test('a capped count says más de 10.000 and counts exactly on request', async ({ page }) => {
  await signIn(page, 'admin');
  const requests = await countingList(page);
  await page.goto('/dashboard/zonas');
  const pagination = page.getByRole('navigation', { name: 'Paginación' });
  await expect(pagination.getByText(/de más de 10\.000$/)).toBeVisible();
  const exact = pagination.getByRole('button', { name: 'Contar exactamente' });
  await expect(exact).toBeVisible();
  expect(requests.every((url) => !url.searchParams.has(EXACT_COUNT_PARAM))).toBe(true);

  await exact.click();
  await expect(pagination.getByText(/de 12\.345$/)).toBeVisible();
  await expect(exact).toBeHidden();
  // The URL says it (a reload or a shared link counts exactly too), and so did the request.
  await expect(page).toHaveURL(new RegExp(`[?&]${EXACT_COUNT_PARAM}=${EXACT_COUNT_VALUE}`));
  expect(requests.at(-1)?.searchParams.get(EXACT_COUNT_PARAM)).toBe(EXACT_COUNT_VALUE);

  // Paging keeps the exact count; Back returns to the first page, still exact.
  await pagination.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/[?&]offset=10/);
  await expect(pagination.getByText(/^11–\d+ de 12\.345$/)).toBeVisible();
  expect(requests.at(-1)?.searchParams.get(EXACT_COUNT_PARAM)).toBe(EXACT_COUNT_VALUE);
  await page.goBack();
  await expect(pagination.getByText(/^1–\d+ de 12\.345$/)).toBeVisible();

  // A new filter counts afresh: capped again, and the action offered again.
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByLabel('Nombre').fill('a');
  await filters.getByLabel('Nombre').press('Enter');
  await expect(page).toHaveURL(/long_name=a/);
  await expect(page).not.toHaveURL(new RegExp(`${EXACT_COUNT_PARAM}=`));
  await expect(pagination.getByText(/de más de 10\.000$/)).toBeVisible();
  await expect(exact).toBeVisible();
});

test("an unfiltered list's estimate says unos 15.217 and counts exactly on request too (issue 40)", async ({
  page,
}) => {
  await signIn(page, 'admin');
  await countingList(page, 'estimate');
  await page.goto('/dashboard/zonas');
  const pagination = page.getByRole('navigation', { name: 'Paginación' });
  await expect(pagination.getByText(/^1–\d+ de unos 15\.217$/)).toBeVisible();
  await pagination.getByRole('button', { name: 'Contar exactamente' }).click();
  await expect(pagination.getByText(/^1–\d+ de 12\.345$/)).toBeVisible();
});

test('the URL drives the list: Back and Forward load the query they say, a pasted link too', async ({
  page,
}) => {
  await signIn(page, 'admin');
  const requests = await countingList(page);
  await page.goto('/dashboard/zonas?limit=20&ordering=-short_name');
  const pagination = page.getByRole('navigation', { name: 'Paginación' });
  await expect(page.getByLabel('Filas por página')).toHaveValue('20');
  await expect(page.getByRole('columnheader', { name: 'Abreviatura' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await pagination.getByLabel('Filas por página').selectOption('50');
  await expect(page).toHaveURL(/limit=50/);
  await expect.poll(() => requests.at(-1)?.searchParams.get('limit')).toBe('50');
  await page.goBack();
  await expect(page).toHaveURL(/limit=20/);
  await expect(page.getByLabel('Filas por página')).toHaveValue('20');
  await expect.poll(() => requests.at(-1)?.searchParams.get('limit')).toBe('20');
  await page.goForward();
  await expect(page.getByLabel('Filas por página')).toHaveValue('50');
  await expect.poll(() => requests.at(-1)?.searchParams.get('limit')).toBe('50');
});
