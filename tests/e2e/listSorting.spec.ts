/**
 * Issue 40 'Lists': every column of a list sorts. A walk in Chromium over the lists the issue
 * named: each sortable header is clicked twice (ascending, then descending); each click asks the
 * server for that ordering and gets a page (never an error), and the header says its direction.
 * That the rows come in the right order for every column of every list is checked exhaustively
 * by tests/server/listSorting.test.ts.
 */
import { expect, test } from '@playwright/test';
import { descriptorOf } from '../../src/client/resources/descriptors';
import { productosDescriptor } from '../../src/client/resources/descriptors/productos';
import { signInByApi } from './support';

test.use({ viewport: { width: 1366, height: 768 } });

const LISTS = ['facturacion', 'vouchers', 'reservas', 'productos'] as const;

test('each sortable header of Facturación, Vouchers, Reservas and Productos sorts on the server', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page);
  for (const routing of LISTS) {
    const descriptor = routing === 'productos' ? productosDescriptor : descriptorOf(routing);
    if (!descriptor) throw new Error(routing);
    await page.goto(`/dashboard/${routing}`);
    const table = page.getByRole('main').getByRole('table', { name: descriptor.title });
    await expect(table).toBeVisible();
    const shown = descriptor.columns.filter((column) => !column.optional && column.sortField);
    expect(shown.length, routing).toBeGreaterThan(2);
    for (const column of shown) {
      const escaped = column.header.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const header = table.getByRole('columnheader', { name: new RegExp(`^${escaped} [↕▲▼]$`) });
      for (const [ordering, direction] of [
        [column.sortField as string, 'ascending'],
        [`-${column.sortField}`, 'descending'],
      ] as const) {
        const answered = page.waitForResponse(
          (response) =>
            response.request().method() === 'GET' &&
            new URL(response.url()).pathname === `/api${descriptor.path}` &&
            new URL(response.url()).searchParams.get('ordering') === ordering,
        );
        await header.getByRole('button').click();
        expect((await answered).status(), `${routing} ${ordering}`).toBe(200);
        await expect(header).toHaveAttribute('aria-sort', direction);
      }
    }
  }
});
