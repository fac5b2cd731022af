/**
 * Issue 18 'Tests': axe-core (WCAG 2.x A and AA) on every staff and portal screen the suite visits,
 * a full-page screenshot per section in the report (the visual check), and the shell never
 * scrolling sideways: every section list at 1366px and at 390px (a phone: rows as cards, row
 * actions in a menu), with Logout reachable on the phone.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { validArgentinePayment } from '../../machines/models/refund';
import { messages } from '../../src/contracts/messages';
import { SECTIONS } from '../../src/contracts/modules';
import { paymentFieldLabel } from '../../src/contracts/refund';
import { gradientPng } from './fixtures/refund/files';
import {
  askTraveller,
  closeRefund,
  holdPortal,
  loginFor,
  openWizard,
  wizardWithClaim,
} from './portalSupport';
import { chileanVoucher, submitRefund } from './refundSubmission';
import { openSignedIn, signIn } from './support';

const LISTS = SECTIONS.filter((section) => section.menu).map((section) => section.routing);

/** The violations of one screen, as 'screen rule: nodes' lines (so one run lists them all). */
async function axeViolations(page: Page, screen: string): Promise<string[]> {
  const analysis = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return analysis.violations.map(
    (violation) =>
      `${screen} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
  );
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/** A staff screen has settled: its heading shows and nothing is loading. */
async function settled(page: Page) {
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText('Cargando...')).toHaveCount(0);
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test('every section list, a form and a show view: no axe violation, a screenshot each', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'admin');
  const violations: string[] = [];
  for (const routing of LISTS) {
    await page.goto(`/dashboard/${routing}`);
    await settled(page);
    violations.push(...(await axeViolations(page, routing)));
    await attachScreenshot(page, testInfo, `${routing}.png`);
  }
  for (const [screen, path] of [
    ['dashboard', '/dashboard'],
    ['zonas create', '/dashboard/zonas/create'],
    ['zonas show', '/dashboard/zonas/1'],
    ['usuarios create', '/dashboard/usuarios/create'],
    // Issue 32's screens: the office picker and the template, the reservation's office picker,
    // the voucher's documents panel, the product's page with its image.
    ['oficinas create', '/dashboard/oficinas/create'],
    ['reservas edit', '/dashboard/reservas/1/edit'],
    ['vouchers show', '/dashboard/vouchers/1'],
    ['productos show', '/dashboard/productos/1'],
  ] as const) {
    await page.goto(path);
    await settled(page);
    violations.push(...(await axeViolations(page, screen)));
    await attachScreenshot(page, testInfo, `${screen}.png`);
  }
  expect(violations).toEqual([]);
});

test('the signed-out and portal screens: no axe violation', async ({ page }, testInfo) => {
  const violations: string[] = [];
  for (const [screen, path, ready] of [
    ['login', '/login', 'Entrar'],
    ['recovery', '/recovery', 'Cambiar contraseña'],
    ['refund login', '/refund', null],
    ['upload link error', '/upload_data?refund_id=1&hash=nope', null],
    ['payment link error', '/update_payment_data?refund_id=1&hash=nope', null],
  ] as const) {
    await page.goto(path);
    if (ready) await expect(page.getByRole('button', { name: ready })).toBeVisible();
    else await expect(page.getByRole('heading').first()).toBeVisible();
    await expect(page.getByText(/Cargando|Verificando/)).toHaveCount(0);
    violations.push(...(await axeViolations(page, screen)));
    await attachScreenshot(page, testInfo, `${screen}.png`);
  }
  expect(violations).toEqual([]);
});

for (const width of [1366, 390]) {
  test(`no section list scrolls the page sideways at ${width}px`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 844 });
    await signIn(page, 'admin');
    const overflowing: string[] = [];
    for (const routing of LISTS) {
      await page.goto(`/dashboard/${routing}`);
      await settled(page);
      const overflow = await horizontalOverflow(page);
      if (overflow > 0) overflowing.push(`${routing}: ${overflow}px too wide`);
      if (width < 640) await attachScreenshot(page, testInfo, `${routing} ${width}px.png`);
    }
    expect(overflowing).toEqual([]);
  });
}

test('Facturación on a phone: no axe violation (its totals table scrolls in a focusable region)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await page.goto('/dashboard/facturacion');
  await settled(page);
  const totals = page.getByRole('region', { name: messages.invoicing.summary.title });
  await expect(totals).toBeVisible();
  await expect(totals).toHaveAttribute('tabindex', '0');
  // Issue 40: one scrollable-region-focusable node (the totals) before.
  expect(await axeViolations(page, 'facturacion 390px')).toEqual([]);
});

test('on a phone the rows are cards with their actions in a menu, and Logout is reachable', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin');
  await page.goto('/dashboard/zonas');
  await settled(page);
  const table = page.getByRole('table', { name: 'Zonas' });
  // A card: each value with its column's name; the row's actions behind 'Acciones'.
  const first = table.getByRole('row').nth(1);
  await expect(first.getByRole('button', { name: /^Eliminar / })).toBeHidden();
  await first.getByText('Acciones', { exact: true }).click();
  await expect(first.getByRole('button', { name: /^Eliminar / })).toBeVisible();
  await expect(first.getByRole('link', { name: /^Editar / })).toBeVisible();
  const cell = first.locator('td[data-label]').first();
  const label = await cell.evaluate((element) => getComputedStyle(element, '::before').content);
  expect(label).not.toBe('none');
  // The cards, with a row's actions menu open, pass axe too.
  expect(await axeViolations(page, 'zonas 390px')).toEqual([]);

  // The menu opens below the (two-line) top bar: its first entry is not covered and takes a click.
  await page.getByRole('button', { name: 'Mostrar u ocultar el menú' }).click();
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: /Menú de usuario/ }).click();
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await expect(logout).toBeInViewport();
  await logout.click();
  await expect(page).toHaveURL(/\/login$/);
});

test('keyboard: a skip link to the content; Escape closes a dialog and gives focus back', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/zonas');
  await settled(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Saltar al contenido' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const remove = page.getByRole('button', { name: /^Eliminar / }).first();
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Estas seguro?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();

  // The user menu (from inside it) and the bell close on Escape and give the focus back to their button.
  const userMenu = page.getByRole('button', { name: /Menú de usuario/ });
  const logout = page.getByRole('menuitem', { name: 'Logout' });
  await userMenu.click();
  await logout.focus();
  await page.keyboard.press('Escape');
  await expect(logout).toBeHidden();
  await expect(userMenu).toBeFocused();
  const bell = page.getByRole('button', { name: /^Notificaciones/ });
  const panel = page.getByRole('region', { name: 'Notificaciones' });
  await bell.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
});

// ---- the portal (issue 30 §4): focus on each new step's heading, axe on every portal screen ------

const refund = messages.refund;

test('portal: after the login and each step change the focus is on the step heading; no axe violation', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  // A real login (the Mexican traveller no other spec submits for): the first step's heading has the focus.
  let voucher = 0;
  for (const candidate of [4, 1, 2, 3, 5, 6, 7, 8])
    if (!voucher && (await request.get(`/api/refund_data/?voucher_id=${candidate}&document=HEDD850101`)).ok())
      voucher = candidate;
  expect(voucher).toBeGreaterThan(0);
  await page.goto('/refund');
  await page.getByLabel(refund.documentLabel).fill('HEDD850101');
  await page.getByLabel(refund.voucherIdLabel).fill(String(voucher));
  await page.getByRole('button', { name: refund.loginButton }).click();
  await expect(page.getByRole('heading', { name: refund.applicantTitle })).toBeFocused();
  violations.push(...(await axeViolations(page, 'wizard step 1')));

  // The three steps and the result, on the models' login with held uploads and submission.
  const wizard = await page.context().newPage();
  const portal = holdPortal(wizard);
  await portal.ready;
  const login = loginFor('ARG');
  await openWizard(wizard, login, wizardWithClaim(login));
  await expect(wizard.getByRole('heading', { name: refund.claimsTitle })).toBeFocused();
  violations.push(...(await axeViolations(wizard, 'wizard step 2')));
  await wizard.getByRole('button', { name: refund.previousButton }).click();
  await expect(wizard.getByRole('heading', { name: refund.applicantTitle })).toBeFocused();
  await wizard.getByRole('button', { name: refund.continueButton }).click();
  await expect(wizard.getByRole('heading', { name: refund.claimsTitle })).toBeFocused();
  await wizard.getByRole('button', { name: refund.continueButton }).click();
  await expect(wizard.getByRole('heading', { name: refund.paymentTitle })).toBeFocused();
  const field = (name: Parameters<typeof paymentFieldLabel>[0]) =>
    wizard.getByLabel(paymentFieldLabel(name, 'ARG'), { exact: true });
  await field('refund_method').selectOption('Autorizar a tercero');
  for (const [name, value] of Object.entries(validArgentinePayment)) {
    const control = field(name as Parameters<typeof paymentFieldLabel>[0]);
    await (['bank', 'account_type'].includes(name) ? control.selectOption(value) : control.fill(value));
  }
  violations.push(...(await axeViolations(wizard, 'wizard step 3')));
  await field('refund_method').selectOption('Cuenta propia');
  await wizard.getByRole('button', { name: refund.finishButton }).click();
  await portal.submit.answer(200, {
    refund: { id: 41, status: 'RECIBIDO' },
    refund_payment: { status: true },
    create: true,
  });
  await expect(wizard.getByRole('heading', { name: refund.successTitle })).toBeFocused();
  violations.push(...(await axeViolations(wizard, 'wizard result')));
  await attachScreenshot(wizard, testInfo, 'wizard result.png');
  expect(violations).toEqual([]);
});

test('portal links and the receipt viewer: no axe violation; the receipt box takes the focus', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const violations: string[] = [];
  const { id } = await submitRefund(request, await chileanVoucher(request));
  const traveller = await (await browser.newContext()).newPage();
  const documentsLink = await askTraveller(
    request,
    id,
    'request_documents',
    { documents: ['Factura original'], max_files: 3 },
    'matias@example.com',
  );
  await traveller.goto(documentsLink);
  await expect(traveller.getByTestId('files-allowed')).toBeVisible();
  await traveller
    .getByTestId('pending-docs-files')
    .setInputFiles({ name: 'factura.png', mimeType: 'image/png', buffer: gradientPng(48, 32) });
  violations.push(...(await axeViolations(traveller, 'pending documents')));
  await traveller.getByRole('button', { name: messages.refundLinks.send }).click();
  await expect(traveller.getByRole('heading', { name: messages.refundLinks.successTitle })).toBeFocused({
    timeout: 30_000,
  });
  violations.push(...(await axeViolations(traveller, 'pending documents sent')));

  const bankLink = await askTraveller(
    request,
    id,
    'request_bank_data',
    { fields: ['rut', 'account_number'] },
    'matias@example.com',
  );
  await traveller.goto(bankLink);
  await expect(traveller.getByRole('button', { name: messages.refundLinks.update })).toBeVisible();
  violations.push(...(await axeViolations(traveller, 'bank-data link')));
  await attachScreenshot(traveller, testInfo, 'bank-data link.png');

  // Staff: the receipt viewer's scrolling box is a named focusable region (axe scrollable-region-focusable).
  await openSignedIn(page, `/dashboard/reintegros/${id}`);
  const receipts = page.getByRole('region', { name: 'Comprobantes' });
  const box = receipts.getByRole('region', { name: /^Comprobante 1 de / });
  await expect(box.getByRole('img')).toBeVisible({ timeout: 30_000 });
  await box.focus();
  await expect(box).toBeFocused();
  const scrollable = await new AxeBuilder({ page }).withRules(['scrollable-region-focusable']).analyze();
  expect(scrollable.violations.map((violation) => violation.id)).toEqual([]);
  await closeRefund(request, id);
  expect(violations).toEqual([]);
});
