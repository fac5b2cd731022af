/**
 * Issue 32 'Lists': at 1366×768 every staff list's table fits its card with its default columns
 * (the table's scroll container does not scroll sideways), and a column chosen in 'Columnas' shows
 * and survives a reload (kept on the server per user). One page load per list, signed in by API.
 */
import { expect, type Page, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { SECTIONS } from '../../src/contracts/modules';
import { signInByApi } from './support';

const LISTS = SECTIONS.filter((section) => section.menu).map((section) => section.routing);
const text = messages.lists;
const sectionTitle = (routing: string) =>
  SECTIONS.find((section) => section.routing === routing)?.title ?? routing;

/**
 * Every table of the page's main region (a list's rows, Facturación's totals above them): each
 * one's overflow past its scroll container (`scrollWidth - clientWidth`) and past the main region.
 * Issue 40: the totals table fitted while the rows' table below it did not, and only the first
 * table was measured.
 */
async function tablesOverflow(page: Page): Promise<{ label: string; overflow: number }[]> {
  return page.getByRole('main').evaluate((main) => {
    const mainRight = main.getBoundingClientRect().right;
    return [...main.querySelectorAll('table')].map((table, index) => {
      const container = table.parentElement as HTMLElement;
      const past = Math.max(
        container.scrollWidth - container.clientWidth,
        Math.ceil(table.getBoundingClientRect().right - mainRight),
      );
      return { label: table.getAttribute('aria-label') ?? `table ${index + 1}`, overflow: past };
    });
  });
}

async function settled(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Cargando...')).toHaveCount(0);
  await expect(
    page
      .getByRole('main')
      .getByRole('table')
      .or(page.getByText(/No hay/).first())
      .first(),
  ).toBeVisible();
}

test.use({ viewport: { width: 1366, height: 768 } });

test('every table of every staff list fits 1366×768 with its default columns', async ({ page }) => {
  test.setTimeout(120_000);
  await signInByApi(page);
  const overflowing: string[] = [];
  const measured: string[] = [];
  for (const routing of LISTS) {
    await page.goto(`/dashboard/${routing}`);
    await settled(page);
    const tables = await tablesOverflow(page);
    if (tables.length === 0) continue;
    measured.push(`${routing}:${tables.length}`);
    for (const table of tables)
      if (table.overflow > 0) overflowing.push(`${routing} (${table.label}): ${table.overflow}px`);
  }
  expect(overflowing).toEqual([]);
  // The widest lists of the issue have rows in the demo data: they were measured.
  // Facturación has two tables (its totals and its rows): both were measured.
  expect(measured).toEqual(expect.arrayContaining(['vouchers:1', 'facturacion:2']));
});

test('a column chosen in Columnas shows and survives a reload', async ({ page }) => {
  await signInByApi(page);
  await page.goto('/dashboard/vouchers');
  const table = page.getByRole('main').getByRole('table');
  const supplier = table.getByRole('columnheader', { name: messages.bookings.fields.supplier_name });
  await expect(table).toBeVisible();
  await expect(supplier).toHaveCount(0);

  const chooser = page.getByRole('button', { name: text.columns });
  await chooser.press('Enter');
  const panel = page.getByRole('group', { name: text.columnsOf(sectionTitle('vouchers')) });
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/api/list_preferences/vouchers/') && response.request().method() === 'PUT',
  );
  await panel.getByLabel(messages.bookings.fields.supplier_name).check();
  expect((await saved).status()).toBe(200);
  await expect(supplier).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(chooser).toBeFocused();

  await page.reload();
  await expect(supplier).toBeVisible();
  // Still fits with the added column? Not promised; the defaults are. Put the defaults back.
  await chooser.click();
  await panel.getByLabel(messages.bookings.fields.supplier_name).uncheck();
  await expect(supplier).toHaveCount(0);
});
