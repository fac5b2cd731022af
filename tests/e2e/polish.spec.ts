/**
 * Issue 18: the staff screens as a professional back-office. Names instead of ids in Usuarios,
 * the permission grid, the password hint on edit only, one message per field, success toasts,
 * undo on delete,
 * and axe-core (WCAG 2.x A and AA) on the dashboard, a master-data list and form, Usuarios and
 * Grupos.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { UNDO_DELAY_MS } from '../../machines/resourceList';
import { messages } from '../../src/contracts/messages';
import { SECTIONS } from '../../src/contracts/modules';
import { signIn } from './support';

async function expectNoAxeViolations(page: Page) {
  // label-content-name-mismatch is experimental in axe (not run by the tags): asked for by name.
  const mismatch = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
  const analysis = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    [...analysis.violations, ...mismatch.violations].map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    ),
  ).toEqual([]);
}

test('axe finds no WCAG A/AA violation on the dashboard, Zonas, Usuarios and Grupos', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/dashboard/zonas');
  await expect(page.getByRole('table', { name: 'Zonas' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/dashboard/zonas/create');
  await expect(page.getByRole('form', { name: 'Zonas' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/dashboard/usuarios');
  await expect(page.getByRole('table', { name: 'Usuarios' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/dashboard/usuarios/create');
  await expect(page.getByRole('form', { name: 'Usuarios' })).toBeVisible();
  await expect(page.getByLabel('Ver Zonas', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/dashboard/grupos');
  await expect(page.getByRole('table', { name: 'Grupos' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/dashboard/grupos/create');
  await expect(page.getByRole('form', { name: 'Grupos' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('Usuarios lists group and office names; the create form has no edit hint and one message per field', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/usuarios?username=agencia');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'agencia', exact: true }) });
  await expect(row.getByRole('cell', { name: 'Agencia', exact: true }).first()).toBeVisible();
  await expect(row.getByRole('cell', { name: /^\d+$/ })).toHaveCount(0);

  // Grupos names each group's permissions in Spanish, never by codename.
  await page.goto('/dashboard/grupos?search=Agencia');
  const grupos = page.getByRole('table', { name: 'Grupos' });
  await expect(grupos.getByRole('cell', { name: /Vouchers: Ver, Crear/ }).first()).toBeVisible();
  await expect(grupos.getByRole('cell', { name: /[a-z_]+\/(view|add|change)/ })).toHaveCount(0);

  await page.goto('/dashboard/usuarios/create');
  const form = page.getByRole('form', { name: 'Usuarios' });
  await expect(form.getByText(messages.permissions.users.passwordEditHint)).toHaveCount(0);
  // An empty email breaks two rules (required, format): only the first shows.
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByRole('alert').filter({ hasText: messages.permissions.emailRequired })).toHaveText(
    messages.permissions.emailRequired,
  );
  await expect(form.getByText(messages.common.emailInvalid)).toHaveCount(0);
  await form.getByLabel('Email').fill('no-es-un-email');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form.getByRole('alert').filter({ hasText: messages.common.emailInvalid })).toHaveText(
    messages.common.emailInvalid,
  );

  // The grid: a row toggle chooses Ver and Crear; the count follows.
  await form.getByLabel('Todos los permisos de Zonas').check();
  await expect(form.getByLabel('Ver Zonas', { exact: true })).toBeChecked();
  await expect(form.getByLabel('Crear Zonas', { exact: true })).toBeChecked();
  await expect(form.getByText(/^2 de \d+ permisos elegidos$/)).toBeVisible();
});

test('a success toast after create and delete', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/zonas/create');
  const form = page.getByRole('form', { name: 'Zonas' });
  await form.getByLabel('Abreviatura').fill('PZ');
  await form.getByLabel('Nombre', { exact: true }).fill('Zona Toast E2E');
  await form.getByRole('button', { name: 'Guardar' }).click();
  const toasts = page.getByRole('status', { name: messages.polish.toasts.region });
  await expect(toasts).toContainText(messages.polish.toasts.created('Zonas'));
  await expect(page).toHaveURL(/\/dashboard\/zonas$/);
  await page.goto('/dashboard/zonas?long_name=Zona+Toast+E2E');
  await page.getByRole('button', { name: /^Eliminar Zona Toast E2E/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(toasts).toContainText(messages.polish.toasts.removed('Zonas'));
});

async function createZone(page: Page, shortName: string, longName: string) {
  await page.goto('/dashboard/zonas/create');
  const form = page.getByRole('form', { name: 'Zonas' });
  await form.getByLabel('Abreviatura').fill(shortName);
  await form.getByLabel('Nombre', { exact: true }).fill(longName);
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/zonas$/);
}

test('a delete can be undone for a few seconds; the DELETE goes only when the window ends', async ({
  page,
}) => {
  // The undo window is the page's own timer: the test moves the page's clock, it never sleeps.
  await page.clock.install();
  await signIn(page, 'admin');
  await createZone(page, 'UZ', 'Zona Deshacer E2E');
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
  });
  const list = '/dashboard/zonas?long_name=Zona+Deshacer+E2E';
  const row = page.getByRole('cell', { name: 'Zona Deshacer E2E', exact: true });
  const undo = page.getByRole('button', { name: 'Deshacer' });

  // Eliminar, confirmed: the row goes at once, 'Deshacer' is offered, nothing is sent; undone.
  await page.goto(list);
  await page.getByRole('button', { name: 'Eliminar Zona Deshacer E2E' }).click();
  await page.getByRole('dialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Eliminación pendiente' })).toContainText(
    'Registro eliminado',
  );
  await undo.click();
  await expect(row).toBeVisible();
  // The whole window and more goes by on the page's clock: nothing is sent once undone.
  await page.clock.runFor(UNDO_DELAY_MS + 1_000);
  expect(deletes).toEqual([]);
  await page.reload();
  await expect(row).toBeVisible();

  // Again without undo: the DELETE goes when the window ends, and the zone is gone after a reload.
  await page.getByRole('button', { name: 'Eliminar Zona Deshacer E2E' }).click();
  await page.getByRole('dialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(row).toHaveCount(0);
  expect(deletes).toEqual([]);
  const sent = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && /\/api\/zone\/\d+\/$/.test(response.url()),
  );
  await page.clock.runFor(UNDO_DELAY_MS);
  expect((await sent).status()).toBe(204);
  await expect(undo).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('No hay resultados.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('leaving the list during the undo window still sends the DELETE', async ({ page }) => {
  await signIn(page, 'admin');
  await createZone(page, 'UY', 'Zona Salida E2E');
  await page.goto('/dashboard/zonas?long_name=Zona+Salida+E2E');
  await page.getByRole('button', { name: 'Eliminar Zona Salida E2E' }).click();
  await page.getByRole('dialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Eliminar' }).click();
  const sent = page.waitForResponse(
    (response) => response.request().method() === 'DELETE' && /\/api\/zone\/\d+\/$/.test(response.url()),
    { timeout: 3_000 },
  );
  // Another section through the menu (no reload): the list unmounts inside the window.
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  expect((await sent).status()).toBe(204);
  await page.goto('/dashboard/zonas?long_name=Zona+Salida+E2E');
  await expect(page.getByText('No hay resultados.')).toBeVisible();
});

test('dashboard cards carry an icon, a description and a live figure', async ({ page }) => {
  await signIn(page, 'admin');
  const cards = page.getByRole('list', { name: 'Inicio' });
  const zonas = cards.getByRole('link', { name: /Zonas/ });
  await expect(zonas).toContainText(messages.polish.dashboard.descriptions.zonas ?? '');
  await expect(page.getByTestId('figure-zonas')).toHaveText(/^\d[\d.]* registros$/);
  await expect(page.getByTestId('figure-reintegros')).toHaveText(/pendientes de revisión$/);
  // Every card has its figure, Promociones and Productos included (issue 32).
  for (const section of SECTIONS.filter((one) => one.card))
    await expect(page.getByTestId(`figure-${section.routing}`)).toHaveText(/\d/);
});
