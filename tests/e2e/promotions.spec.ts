/**
 * Promociones and the promotion wizard in the browser (issue 14; SPEC §2 'Promociones', show at
 * promociones/show/{id}, 'Promotions wizard'; §5 'Promotion wizard' messages; §9 office table page
 * sizes 2, 4, 8, wizard 2 steps): a sale promotion gets one product and three offices through the
 * paged office table, a second product is refused; a provider promotion gets two products, the
 * offices of one are edited; a reload mid-wizard lands on the same step with the same choices.
 */
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

const SALE = `Promo E2E Venta ${Date.now()}`;
const PROVIDER = `Promo E2E Proveedor ${Date.now()}`;
const FIRST_PRODUCT = 'Asistencia Nacional Básica';
const SECOND_PRODUCT = 'Asistencia Nacional Plus';

async function createPromotion(page: Page, name: string, type: 'Venta' | 'Proveedor') {
  await page.goto('/dashboard/promociones/create');
  await page.getByLabel('Abreviatura').fill('E2E');
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByLabel('Descripción').fill('Creada por la prueba de punta a punta');
  await page.getByLabel('Reserva desde').fill('01/01/2027');
  await page.getByLabel('Reserva hasta').fill('31/01/2027');
  await page.getByLabel('Viaje desde').fill('01/12/2026');
  // The travel window may not end before the reservation window starts (SPEC §5 rule, Spanish).
  await page.getByLabel('Viaje hasta').fill('20/12/2026');
  await page.getByLabel('Días totales').fill('15');
  await page.getByLabel('Tipo de promoción').selectOption({ label: type });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    page.getByText('El período de viaje no puede terminar antes de que empiece el período de reserva.'),
  ).toBeVisible();
  await page.getByLabel('Viaje hasta').fill('28/02/2027');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/promociones(\?.*)?$/);
  await page.getByLabel('Nombre', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('link', { name: `Mostrar ${name}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/promociones\/show\/\d+$/);
  await expect(page.getByRole('heading', { name: `Promoción: ${name}` })).toBeVisible();
}

async function chooseProduct(page: Page, name: string) {
  await page.getByLabel('Buscar producto').fill(name);
  await page.getByRole('button', { name: `Agregar ${name}` }).click();
}

test('a sale promotion: one product, three offices through the paged table; a second product refused', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await createPromotion(page, SALE, 'Venta');
  await expect(page.getByText('La promoción todavía no tiene productos.')).toBeVisible();

  await page.getByRole('link', { name: 'Agregar producto' }).click();
  await expect(page).toHaveURL(/\/producto\/create\?step=1$/);
  await expect(page.getByText(/^1 de 2: Asignar producto$/)).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Debe ingresar un producto')).toBeVisible();
  await chooseProduct(page, FIRST_PRODUCT);
  await chooseProduct(page, SECOND_PRODUCT);
  await expect(page.getByText('No puede ingresar más de un producto en Promociones Venta')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page.getByText(/^2 de 2: Asignar oficinas$/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Asignar oficinas' });
  await expect(table.getByRole('checkbox')).toHaveCount(2);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText('Debe ingresar al menos una oficina')).toBeVisible();
  // Page sizes 2, 4, 8 (default 2): two offices on page 1, one on page 2.
  await expect(page.getByLabel('Filas por página')).toHaveValue('2');
  await page.getByRole('button', { name: 'Seleccionar la página' }).click();
  await page.getByRole('button', { name: 'Siguiente página' }).click();
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();
  await table.getByRole('checkbox').first().check();
  await expect(page.getByTestId('selected-offices')).toHaveText('3 oficinas elegidas');
  await page.getByLabel('Filas por página').selectOption('8');
  await expect(table.getByRole('checkbox')).toHaveCount(8);
  await page.getByRole('button', { name: 'Finalizar' }).click();

  await expect(page).toHaveURL(/\/dashboard\/promociones\/show\/\d+$/);
  const row = page.getByRole('row', { name: new RegExp(FIRST_PRODUCT) });
  await expect(row).toContainText('3 oficinas');
  // The offices view (SPEC §2: idPromotionProductOffices, view=show), paged 2, 4 or 8 (default 2).
  await row.getByRole('link', { name: 'Ver oficinas' }).click();
  await expect(page).toHaveURL(/\/oficinas\?idPromotionProductOffices=\d+&view=show$/);
  const officesTable = page.getByRole('table', { name: `Oficinas de ${FIRST_PRODUCT} en la promoción` });
  await expect(officesTable.getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Página 1 de 2')).toBeVisible();
  await page.getByLabel('Filas por página').selectOption('4');
  await expect(officesTable.getByRole('row')).toHaveCount(4);
  await expect(page.getByText('Página 1 de 1')).toBeVisible();
  await page.getByRole('link', { name: 'Volver a la promoción' }).click();
  await expect(page).toHaveURL(/\/dashboard\/promociones\/show\/\d+$/);

  // A second product: refused by the sale rule, with the spec's message.
  await page.getByRole('link', { name: 'Agregar producto' }).click();
  await chooseProduct(page, SECOND_PRODUCT);
  await expect(page.getByText('No puede ingresar más de un producto en Promociones Venta')).toBeVisible();
});

test('a provider promotion: two products, offices locked; edit one product’s offices; reload mid-wizard', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin');
  await createPromotion(page, PROVIDER, 'Proveedor');
  await page.getByRole('link', { name: 'Agregar producto' }).click();
  await chooseProduct(page, FIRST_PRODUCT);
  await chooseProduct(page, SECOND_PRODUCT);
  await expect(page.getByRole('list', { name: 'Productos elegidos' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText(/^2 de 2: Asignar oficinas$/)).toBeVisible();
  const table = page.getByRole('table', { name: 'Asignar oficinas' });
  await table.getByRole('checkbox').first().check();
  await expect(page).toHaveURL(/[?&]o=\d+/);

  // A reload lands on the same step with the same choices.
  await page.reload();
  await expect(page.getByText(/^2 de 2: Asignar oficinas$/)).toBeVisible();
  await expect(page.getByTestId('selected-offices')).toHaveText('1 oficina elegida');
  await expect(page.getByText(`Productos elegidos: ${FIRST_PRODUCT}, ${SECOND_PRODUCT}`)).toBeVisible();
  await expect(table.getByRole('checkbox').first()).toBeChecked();
  // Locked: only offices both products are assigned to (the demo products share two).
  await page.getByRole('button', { name: /^Seleccionar las \d+ que coinciden$/ }).click();
  await expect(page.getByTestId('selected-offices')).toHaveText('2 oficinas elegidas');
  await page.getByRole('button', { name: 'Volver', exact: true }).click();
  await expect(page.getByText(/^1 de 2: Asignar producto$/)).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Finalizar' }).click();

  await expect(page).toHaveURL(/\/dashboard\/promociones\/show\/\d+$/);
  const first = page.getByRole('row', { name: new RegExp(FIRST_PRODUCT) });
  await expect(first).toContainText(/\d+ oficinas?/);
  await expect(page.getByRole('row', { name: new RegExp(SECOND_PRODUCT) })).toBeVisible();

  // Edit the offices of one product (the offices view with view=edit): a single step.
  await first.getByRole('link', { name: 'Editar oficinas' }).click();
  await expect(page).toHaveURL(/\/producto\/create\?pp=\d+/);
  await expect(page.getByText(/^1 de 1: Asignar oficinas$/)).toBeVisible();
  await page.getByRole('button', { name: 'Quitar selección' }).click();
  await page.getByRole('table', { name: 'Asignar oficinas' }).getByRole('checkbox').first().check();
  await expect(page.getByRole('button', { name: 'Aplicar y asignar nuevo producto' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/promociones\/show\/\d+$/);
  await expect(page.getByRole('row', { name: new RegExp(FIRST_PRODUCT) })).toContainText('1 oficina');

  // Remove the other product after a confirmation (DELETE /promotion_product/{id}/).
  await page
    .getByRole('row', { name: new RegExp(SECOND_PRODUCT) })
    .getByRole('button', { name: 'Quitar' })
    .click();
  await page.getByRole('button', { name: 'Sí, quitar' }).click();
  await expect(page.getByText('Producto quitado de la promoción.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(SECOND_PRODUCT) })).toHaveCount(0);
});
