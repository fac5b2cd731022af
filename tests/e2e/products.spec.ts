/**
 * Gestión de Productos and the product wizard in the browser (issue 13; SPEC §2 productos and
 * 'add' with tabs Crear, Clonar, Editar; §4 Product save status; §5 messages): create a product
 * through steps 0, 1 and 2 with an image, a general and a particular rate file (a bad file first,
 * its rows listed), Volver keeping what was typed and a reload keeping the wizard; find it in the
 * list; see its rates in the detail and replace an office's rate there (a bad file first); clone it; edit its coverages; a product in use refuses the
 * delete and offers to disable it instead.
 */
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '../../src/contracts/messages';
import { RATE_CSV_TEMPLATE } from '../../src/contracts/productWizard';
import { signIn } from './support';

const csv = (content: string, name = 'tarifa.csv') => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(content),
});
const BAD_CSV =
  'dias_desde,dias_hasta,edad_desde,edad_hasta,precio,moneda\n1,7,0,64,-10,USD\n1,5,0,64,10,ZZZ\n';
const PARTICULAR_CSV = 'dias_desde,dias_hasta,edad_desde,edad_hasta,precio,moneda\n1,30,0,99,19.90,USD\n';

async function next(page: Page) {
  await page.getByRole('button', { name: 'Siguiente' }).click();
}

test('create a product in three steps, find it, see its rates, clone it and edit its coverages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await page.goto('/dashboard/productos');
  await expect(page.getByRole('heading', { name: 'Gestión de Productos' })).toBeVisible();
  await page.goto('/dashboard/add');
  await expect(page.getByRole('tab', { name: 'Crear' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Clonar' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Editar' })).toBeVisible();

  // Step 0 cannot be left while its schema fails (SPEC §5 messages).
  await expect(page.getByText('Paso 1 de 3')).toBeVisible();
  await next(page);
  await expect(page.getByText('Ingrese categoría')).toBeVisible();
  await expect(page.getByText('Ingrese un proveedor')).toBeVisible();
  await expect(page.getByText('Seleccione al menos una zona')).toBeVisible();
  await page.getByLabel('Nombre corto').fill('E2E-VIAJERO');
  await page.getByLabel('Nombre', { exact: true }).fill('Producto E2E Viajero');
  await page.getByLabel('Categoría').selectOption({ index: 1 });
  await page.getByLabel('Proveedor').selectOption({ index: 1 });
  const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#1565c0' } })
    .png()
    .toBuffer();
  await page.getByLabel('Imagen').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen del producto' })).toBeVisible();
  await page.getByRole('group', { name: 'Zonas' }).getByLabel('Europa').check();
  await page.getByRole('searchbox', { name: 'Buscar oficina por nombre' }).fill('Sucursal');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('button', { name: 'Agregar Sucursal Córdoba' }).click();
  await page.getByRole('button', { name: 'Agregar Sucursal Mendoza' }).click();
  await next(page);

  // Step 1: at least one coverage; Volver keeps what was typed.
  await expect(page.getByText('Paso 2 de 3')).toBeVisible();
  const firstCoverage = page.getByRole('group', { name: 'Cobertura 1' });
  await firstCoverage.getByLabel('Cobertura', { exact: true }).selectOption({ index: 1 });
  await firstCoverage.getByLabel('Monto o límite').fill('30000');
  await next(page);
  await expect(page.getByText('Seleccione una moneda')).toBeVisible();
  await firstCoverage.getByLabel('Moneda').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Volver' }).click();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Producto E2E Viajero');
  await next(page);
  await expect(firstCoverage.getByLabel('Monto o límite')).toHaveValue('30000');
  await next(page);

  // Step 2: a bad rate file lists each bad row; then a general and a particular file.
  await expect(page.getByText('Paso 3 de 3')).toBeVisible();
  await page.getByLabel('Archivo CSV de tarifa', { exact: true }).setInputFiles(csv(BAD_CSV, 'mala.csv'));
  await expect(page.getByText('Fila 2, columna precio: el precio no puede ser negativo')).toBeVisible();
  await expect(page.getByText('Fila 3, columna moneda: la moneda «ZZZ» no existe')).toBeVisible();
  await page
    .getByLabel('Archivo CSV de tarifa', { exact: true })
    .setInputFiles(csv(RATE_CSV_TEMPLATE, 'general.csv'));
  await expect(page.getByText('general.csv: 6 filas')).toBeVisible();
  await page
    .getByLabel('Archivo CSV de tarifa Sucursal Córdoba')
    .setInputFiles(csv(PARTICULAR_CSV, 'cordoba.csv'));
  await expect(page.getByText('cordoba.csv: 1 fila')).toBeVisible();

  // A reload keeps the wizard where it was, with its uploads.
  await page.reload();
  await expect(page.getByText('Paso 3 de 3')).toBeVisible();
  await expect(page.getByText('general.csv: 6 filas')).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText('Producto creado')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear otro producto' })).toBeVisible();

  // Its rates in the detail.
  await page.getByRole('link', { name: 'Ver el producto' }).click();
  await expect(page.getByRole('heading', { name: 'Producto E2E Viajero' })).toBeVisible();
  // Issue 32: the uploaded image is shown on the product's page, as uploaded (40 × 20).
  const image = page.getByRole('img', { name: 'Vista previa de la imagen del producto' });
  await expect(image).toBeVisible();
  expect(
    await image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight]),
  ).toEqual([40, 20]);
  const rates = page.getByRole('table', { name: 'Tarifas' });
  await expect(rates.getByRole('row')).toHaveCount(8);
  await expect(rates.getByRole('row').filter({ hasText: 'Sucursal Córdoba' })).toContainText('19,90');
  await expect(rates.getByRole('row').nth(1)).toContainText('General');
  // Amounts in the one format of every screen (issue 32): '30.000,00', not '30000.00'.
  await expect(page.getByRole('table', { name: 'Coberturas' })).toContainText('30.000,00');

  // An office's rate replaced from the detail: a bad file is refused row by row and the product
  // stays on screen; a good one replaces the rate and the table is read again.
  const cordobaRate = page.getByLabel('Sucursal Córdoba', { exact: true });
  await cordobaRate.setInputFiles(csv(BAD_CSV, 'mala.csv'));
  await expect(page.getByRole('alert')).toContainText('Fila');
  await expect(rates.getByRole('row').filter({ hasText: 'Sucursal Córdoba' })).toContainText('19,90');
  await cordobaRate.setInputFiles(
    csv('dias_desde,dias_hasta,edad_desde,edad_hasta,precio,moneda\n1,30,0,99,17.25,USD\n', 'nueva.csv'),
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Tarifa de la oficina reemplazada.' }),
  ).toBeVisible();
  await expect(rates.getByRole('row').filter({ hasText: 'Sucursal Córdoba' })).toContainText('17,25');
  await expect(page.getByRole('alert')).toHaveCount(0);

  // Found in the list.
  await page.goto('/dashboard/productos');
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByLabel('Nombre').fill('E2E Viajero');
  await filters.getByLabel('Nombre').press('Enter');
  const table = page.getByRole('table', { name: 'Gestión de Productos' });
  await expect(table.getByRole('cell', { name: 'Producto E2E Viajero', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'E2E-VIAJERO', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Editar Producto E2E Viajero' })).toBeVisible();

  // Clone: everything but the identity; new names required.
  await page.getByRole('link', { name: 'Clonar Producto E2E Viajero' }).click();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('');
  await page.getByLabel('Nombre corto').fill('E2E-CLON');
  await page.getByLabel('Nombre', { exact: true }).fill('Producto E2E Clonado');
  await next(page);
  await expect(page.getByRole('group', { name: 'Cobertura 1' }).getByLabel('Monto o límite')).toHaveValue(
    '30.000,00',
  );
  await next(page);
  await expect(page.getByText('Se copian las tarifas del producto original.')).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText('Producto clonado')).toBeVisible();
  await page.getByRole('link', { name: 'Ver el producto' }).click();
  await expect(page.getByRole('heading', { name: 'Producto E2E Clonado' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tarifas' }).getByRole('row')).toHaveCount(8);

  // Edit the original's coverages from the Editar tab (searchable select on /product_name_id/).
  await page.goto('/dashboard/add');
  await page.getByRole('tab', { name: 'Editar' }).click();
  await page.getByLabel('Busque el producto por su nombre').fill('Viajero');
  await page.getByLabel('Elija el producto a editar').selectOption({ label: 'Producto E2E Viajero' });
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Producto E2E Viajero');
  // ...and in the wizard's edit (issue 32).
  await expect(page.getByRole('img', { name: 'Vista previa de la imagen del producto' })).toBeVisible();
  await next(page);
  // Issue 40: a limit it cannot read is a hint while typing, an error once 'Siguiente' refused it;
  // typed the English way it is read and said ('Se guardará: 45.000,50') and saved as read.
  const limit = page.getByRole('group', { name: 'Cobertura 1' }).getByLabel('Monto o límite');
  await limit.fill('45.000.0');
  await expect(page.getByText(messages.amounts.misplacedSeparator)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: messages.amounts.misplacedSeparator })).toHaveCount(
    0,
  );
  await next(page);
  await expect(
    page.getByRole('alert').filter({ hasText: messages.amounts.misplacedSeparator }),
  ).toBeVisible();
  await expect(page.getByText('Paso 2 de 3')).toBeVisible();
  await limit.fill('45,000.50');
  await expect(page.getByRole('alert').filter({ hasText: messages.amounts.misplacedSeparator })).toHaveCount(
    0,
  );
  await expect(page.getByText(messages.amounts.willSave('45.000,50'))).toBeVisible();
  // Leaving with unsaved work asks first; staying keeps what was typed.
  await page.getByRole('link', { name: 'Productos', exact: true }).click();
  const leave = page.getByRole('dialog', { name: '¿Salir del asistente?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Cancelar' }).click();
  await expect(limit).toHaveValue('45,000.50');
  await next(page);
  await expect(page.getByText('Se conservan las tarifas actuales del producto.')).toBeVisible();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText('Producto actualizado')).toBeVisible();
  await page.getByRole('link', { name: 'Ver el producto' }).click();
  await expect(page.getByRole('table', { name: 'Coberturas' })).toContainText('45.000,50');
  await expect(page.getByRole('table', { name: 'Tarifas' }).getByRole('row')).toHaveCount(8);
});

test('a product in use cannot be deleted: the modal says why and offers to disable it', async ({ page }) => {
  await signIn(page, 'admin');
  // The demo product the demo vouchers use (GET /product/{id}/ tells how many records use it).
  const access = await page.evaluate(() => {
    const raw = localStorage.getItem('headersSetCookie') ?? sessionStorage.getItem('headersSetCookie');
    return (JSON.parse(raw ?? '{}') as { access?: string }).access ?? '';
  });
  const headers = { Authorization: `Bearer ${access}` };
  const list = await (await page.request.get('/api/product/?limit=100', { headers })).json();
  let used: { long_name: string } | null = null;
  for (const row of list.results as { id: number }[]) {
    const detail = await (await page.request.get(`/api/product/${row.id}/`, { headers })).json();
    if (detail.used_by > 0 && detail.is_enabled) {
      used = detail;
      break;
    }
  }
  expect(used).not.toBeNull();
  const name = used!.long_name;
  await page.goto(`/dashboard/productos?long_name=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Gestión de Productos' });
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Eliminar ${name}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Estas seguro?' });
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  await expect(dialog.getByText(/No se puede eliminar este producto: lo usan \d+ vouchers?/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Deshabilitar' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Deshabilitar' }).click();
  await expect(table.getByRole('row').filter({ hasText: name })).toContainText('No');
  await expect(page.getByRole('button', { name: `Deshabilitar ${name}` })).toHaveCount(0);
});
