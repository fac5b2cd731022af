/**
 * The resource engine in the browser (issue 3; SPEC §2 'Dashboard sections', §5 'Admin forms',
 * §6): a full create / filter / edit / delete of Zonas as admin, with a client validation error,
 * a server field error, the unsaved-changes warning, a refused delete and a confirmed delete;
 * and a role without country/add that sees no create button and whose direct POST is refused.
 */
import { expect, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { SECTIONS } from '../../src/contracts/modules';
import { DEMO_PASSWORD, openSignedIn, signIn } from './support';

test('admin creates, filters, edits and deletes a zone', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/zonas');
  await expect(page.getByRole('heading', { name: 'Zonas' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Zonas' });
  await expect(table.getByRole('cell', { name: 'Nacional', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Listado' })).toBeVisible();

  // Create: client validation first (SPEC §5 messages), then a duplicate refused by the server.
  await page.getByRole('link', { name: 'Crear', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/zonas\/create$/);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ingrese una abreviatura')).toBeVisible();
  await expect(page.getByText('Ingrese un Nombre')).toBeVisible();
  await page.getByLabel('Abreviatura').fill('nac');
  await page.getByLabel('Nombre').fill('Zona de prueba E2E');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ya existe un registro con este valor.')).toBeVisible();
  await expect(page.getByLabel('Nombre')).toHaveValue('Zona de prueba E2E');
  await page.getByLabel('Abreviatura').fill('E2E');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/zonas$/);

  // Filter (Enter applies); the filter lives in the URL, so a reload keeps it.
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByLabel('Nombre').fill('prueba E2E');
  await filters.getByLabel('Nombre').press('Enter');
  await expect(page).toHaveURL(/long_name=prueba\+E2E/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'Zona de prueba E2E', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('search', { name: 'Filtros' }).getByLabel('Nombre')).toHaveValue('prueba E2E');
  await expect(table.getByRole('row')).toHaveCount(2);

  // Mostrar is read-only with Cancel.
  await page.getByRole('link', { name: 'Mostrar Zona de prueba E2E' }).click();
  await expect(page.getByLabel('Nombre')).toHaveAttribute('readonly', '');
  await page.getByRole('link', { name: 'Cancel', exact: true }).click();

  // Edit, with the unsaved-changes warning on the way out.
  await page.goto('/dashboard/zonas?long_name=prueba+E2E');
  await page.getByRole('link', { name: 'Editar Zona de prueba E2E' }).click();
  await expect(page.getByLabel('Nombre')).toHaveValue('Zona de prueba E2E');
  await page.getByLabel('Nombre').fill('Zona E2E editada');
  await page.getByRole('link', { name: 'Cancelar' }).click();
  const unsaved = page.getByRole('dialog', { name: 'Cambios sin guardar' });
  await expect(unsaved).toBeVisible();
  await unsaved.getByRole('button', { name: 'Cancelar' }).click();
  await expect(unsaved).toBeHidden();
  await expect(page.getByLabel('Nombre')).toHaveValue('Zona E2E editada');
  await page.getByRole('button', { name: 'Guardar' }).click();
  // Back to the list as it was left: the renamed zone no longer matches its filter.
  await expect(page).toHaveURL(/\/dashboard\/zonas\?long_name=prueba\+E2E$/);
  await expect(page.getByText('No hay resultados.')).toBeVisible();

  // A zone in use by products cannot be deleted: the row stays and the reason shows.
  await filters.getByLabel('Nombre').fill('');
  await filters.getByLabel('Abreviatura').fill('NAC');
  await filters.getByLabel('Abreviatura').press('Enter');
  await page.getByRole('button', { name: 'Eliminar Nacional' }).click();
  const confirm = page.getByRole('dialog', { name: 'Estas seguro?' });
  await expect(confirm.getByText('Estas seguro que quieres eliminar Nacional?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(
    confirm.getByText('No se puede eliminar: el registro está en uso por otros registros.'),
  ).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(table.getByRole('cell', { name: 'Nacional', exact: true })).toBeVisible();

  // Delete the edited zone after the confirmation.
  await filters.getByLabel('Abreviatura').fill('');
  await filters.getByLabel('Nombre').fill('E2E editada');
  await filters.getByLabel('Nombre').press('Enter');
  await page.getByRole('button', { name: 'Eliminar Zona E2E editada' }).click();
  await expect(confirm.getByText('Estas seguro que quieres eliminar Zona E2E editada?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No hay resultados.')).toBeVisible();
});

test('the list pages and sorts on the server, and Back restores the previous page', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/pasajeros');
  const table = page.getByRole('table', { name: 'Pasajeros' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(page.getByText(/^1–10 de [\d.]+$/)).toBeVisible();
  // The next page is asked by keyset (the first page's `next` token), not by skipping 10 rows.
  const nextPage = page.waitForRequest(
    (request) => request.url().includes('/api/pax/?') && request.url().includes('cursor='),
  );
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const asked = new URL((await nextPage).url());
  expect(asked.searchParams.get('cursor')).not.toBe('');
  expect(asked.searchParams.has('offset')).toBe(false);
  await expect(page).toHaveURL(/offset=10/);
  await expect(page.getByText(/^11–20 de [\d.]+$/)).toBeVisible();
  await page.getByLabel('Filas por página').selectOption('20');
  await expect(table.getByRole('row')).toHaveCount(21);
  await page.getByRole('button', { name: /Apellido/ }).click();
  await expect(page.getByRole('columnheader', { name: /Apellido/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page).toHaveURL(/ordering=surname/);
  await page.goBack();
  await expect(page.getByRole('columnheader', { name: /Apellido/ })).toHaveAttribute('aria-sort', 'none');
  await expect(table.getByRole('row')).toHaveCount(21);
  await page.goBack();
  await expect(page.getByText(/^11–20 de [\d.]+$/)).toBeVisible();
});

test('a role without country/add sees no create button and the server refuses its POST', async ({
  page,
  request,
}) => {
  await signIn(page, 'ejecutivo');
  await page.goto('/dashboard/paises');
  const table = page.getByRole('table', { name: 'Países' });
  await expect(table.getByRole('cell', { name: 'Argentina', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Editar / })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Mostrar Argentina' })).toBeVisible();
  await page.goto('/dashboard/paises/create');
  await expect(page.getByText('No tiene permiso para crear registros en esta sección.')).toBeVisible();

  const login = await request.post('/api/token/', {
    data: { username: 'ejecutivo', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { access } = (await login.json()) as { access: string };
  const refused = await request.post('/api/country/', {
    headers: { Authorization: `Bearer ${access}` },
    data: { short_name: 'XX', long_name: 'País E2E' },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toHaveProperty('detail');
});

test('every master-data section of the module table lists and opens its create form', async ({ page }) => {
  await signIn(page, 'admin');
  // The module table names the sections the generic screens serve (no copy of the list here).
  const sections = SECTIONS.filter(
    (section) =>
      section.screen === 'resource' &&
      section.creatable &&
      section.module !== 'users' &&
      section.module !== 'groups',
  ).map((section) => [section.routing, section.title] as const);
  expect(sections.length).toBeGreaterThanOrEqual(11);
  for (const [routing, title] of sections) {
    await page.goto(`/dashboard/${routing}`);
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(
      page.getByRole('table', { name: title }).or(page.getByText('No hay resultados.')),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Crear', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeVisible();
  }
});

test('passenger form: numeric document, DD/MM/AAAA dates, default DNI', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/pasajeros/create');
  await expect(page.getByLabel('Tipo de documento')).toHaveValue('DNI');
  await page.getByLabel('Documento', { exact: true }).fill('12a');
  await page.getByLabel('Fecha de nacimiento').fill('31/02/1990');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ingrese solo números.')).toBeVisible();
  await expect(page.getByText('Ingrese una fecha con formato DD/MM/AAAA')).toBeVisible();
  await expect(page.getByText('Ingrese un nombre')).toBeVisible();
  await expect(page.getByText('Seleccione nacionalidad')).toBeVisible();
  await page.getByLabel('Fecha de nacimiento').fill('01/01/2999');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Fecha fuera de rango')).toBeVisible();

  await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await page.getByLabel('Apellido').fill('Fernández');
  await page.getByLabel('Documento', { exact: true }).fill('30111222');
  await page.getByLabel('Fecha de nacimiento').fill('15/03/1990');
  await page.getByLabel('Email').fill('lucia.fernandez@example.com');
  await page.getByLabel('País', { exact: true }).selectOption({ label: 'Argentina' });
  await page.getByLabel('Nacionalidad').selectOption({ label: 'Argentina' });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pasajeros$/);
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByLabel('Documento', { exact: true }).fill('30111222');
  await filters.getByLabel('Documento', { exact: true }).press('Enter');
  const table = page.getByRole('table', { name: 'Pasajeros' });
  // The filtered page: its header and the one passenger (not the unfiltered page still shown).
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'lucia.fernandez@example.com' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'DNI', exact: true })).toBeVisible();
});

test('Lista Negra saves an entry without Hasta (open-ended), as the contract allows (issue 10)', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/blacklist/create');
  await page.getByLabel('Número de documento').fill('41222333');
  await page.getByLabel('Nombre').fill('Sin');
  await page.getByLabel('Apellido').fill('Fecha Hasta');
  await page.getByLabel('Desde').fill('01/03/2024');
  await expect(page.getByLabel('Hasta')).toHaveValue('');
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/pax_black_list/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Guardar' }).click();
  const response = await saved;
  expect(response.status()).toBe(201);
  expect((await response.json()).date_to).toBeNull();
  await expect(page).toHaveURL(/\/dashboard\/blacklist$/);
});

test('a list-only section tells even the superuser it has no create form (issue 32)', async ({ page }) => {
  await openSignedIn(page, '/dashboard/vouchers/create');
  await expect(page.getByRole('alert')).toHaveText(messages.resourceScreens.noCreateScreen);
  for (const section of ['reservas', 'facturacion', 'reintegros']) {
    await page.goto(`/dashboard/${section}/create`);
    await expect(page.getByRole('alert')).toHaveText(messages.resourceScreens.noCreateScreen);
  }
  await expect(page.getByText(messages.resourceScreens.forbiddenCreate)).toHaveCount(0);
});
