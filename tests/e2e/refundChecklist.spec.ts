/**
 * Issue 30 §3 and the claim dialog's defects of §4, in Chromium against the shipped server: the
 * Spanish traveller fills a claim's document checklist (a PDF under its item, counted by pages),
 * is refused at the pick when a PDF would pass the limit of 20, is told which items are empty,
 * marks one 'No lo tengo' with a reason, adds a file under 'Otros documentos' with the dialog's
 * one 'Agregar archivos', submits; staff see the receipts grouped by item with the reason.
 */
import { expect, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { MAX_CLAIM_FILES } from '../../src/contracts/refund';
import { checklistItem } from './claimChecklist';
import { gradientPng, multiPagePdf } from './fixtures/refund/files';
import { ADMIN, signIn } from './support';

const text = messages.refundChecklist;
const SPANISH_DOCUMENT = '12345678Z';

interface LoginAnswer {
  refunds: {
    coverages: string[];
    multi_cause_coverages: string[];
    required_items: Record<string, string[]>;
    date_out: string;
  };
}

test('a claim checklist: files per item, pages counted, an over-limit pick refused, "No lo tengo" seen by staff', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  let voucher = '';
  let login: LoginAnswer | null = null;
  for (const candidate of ['6', '1', '2', '3', '4', '5', '7', '8', '9', '10']) {
    const answer = await request.get(
      `/api/refund_data/?voucher_id=${candidate}&document=${SPANISH_DOCUMENT}`,
    );
    if (answer.ok()) {
      voucher = candidate;
      login = (await answer.json()) as LoginAnswer;
      break;
    }
  }
  expect(login, 'the seeded Spanish traveller has a voucher').not.toBeNull();
  const data = login!.refunds;
  const coverage = data.coverages.find(
    (name) => !data.multi_cause_coverages.includes(name) && (data.required_items[name] ?? []).length >= 2,
  )!;
  expect(coverage, 'a coverage with two required documents').toBeTruthy();
  const [first, second, ...rest] = data.required_items[coverage];

  await page.goto('/refund');
  await page.getByLabel('Documento').fill(SPANISH_DOCUMENT);
  await page.getByLabel('Voucher').fill(voucher);
  await page.getByRole('button', { name: 'Continuar' }).click();
  // Another test of the suite may have sent a refund for this voucher already: the traveller then
  // sees those first and starts another.
  const wizard = page.getByRole('heading', { name: 'Solicitud de reintegros' });
  const another = page.getByRole('button', { name: messages.refundLinks.newRefund });
  await expect(wizard.or(another)).toBeVisible();
  if (await another.isVisible()) await another.click();
  await expect(wizard).toBeVisible();
  await page.getByLabel('Email').fill('javier.checklist@example.com');
  await page.getByLabel('Teléfono').fill('+34 612 345 678');
  await page.getByRole('button', { name: 'continuar' }).click();

  await page.getByRole('button', { name: 'Cargar reintegros' }).click();
  const dialog = page.getByRole('dialog', { name: 'Carga de reintegro' });
  await dialog.getByLabel('País donde ocurrió el evento').selectOption('ESP');
  await dialog.getByLabel('Fecha del evento').fill(data.date_out.split('-').reverse().join(''));
  await dialog.getByLabel('Servicio a reintegrar').selectOption(coverage);
  await dialog.getByLabel('Moneda de gasto').selectOption('EUR');
  await dialog.getByLabel('Monto solicitado').fill('80');

  // One control named 'Agregar archivos' (issue 30 §4); each item has its own, camera included.
  await expect(dialog.getByRole('button', { name: 'Agregar archivos' })).toHaveCount(1);
  const firstItem = checklistItem(dialog, first);
  await expect(firstItem.getByRole('button', { name: text.attachFiles })).toBeVisible();
  await expect(firstItem.getByLabel(text.takePhoto)).toHaveAttribute('capture', 'environment');

  // A 21-page PDF is refused at the pick, before anything is uploaded.
  await firstItem
    .getByLabel(text.attachFiles, { exact: true })
    .setInputFiles([{ name: 'extracto.pdf', mimeType: 'application/pdf', buffer: await multiPagePdf(21) }]);
  await expect(
    dialog.getByRole('alert').filter({ hasText: text.pickOverLimit(MAX_CLAIM_FILES, 0, 21) }),
  ).toBeVisible();
  await expect(dialog.getByText(text.filesCount(0, MAX_CLAIM_FILES))).toBeVisible();

  // A 2-page PDF under the first item counts 2 of the 20.
  await firstItem
    .getByLabel(text.attachFiles, { exact: true })
    .setInputFiles([{ name: 'factura.pdf', mimeType: 'application/pdf', buffer: await multiPagePdf(2) }]);
  await expect(firstItem.getByText(text.fileWithPages('factura.pdf', 2))).toBeVisible();
  await expect(dialog.getByText(text.filesCount(2, MAX_CLAIM_FILES))).toBeVisible();
  await expect(firstItem.getByRole('checkbox', { name: text.notAvailable })).toHaveCount(0);

  // The confirm names the empty items.
  await dialog.getByRole('button', { name: 'Cargar Reintegro' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: text.checklistIncomplete([second, ...rest]) }),
  ).toBeVisible();

  // 'No lo tengo' needs a reason.
  for (const item of [second, ...rest])
    await checklistItem(dialog, item).getByRole('checkbox', { name: text.notAvailable }).check();
  await dialog.getByRole('button', { name: 'Cargar Reintegro' }).click();
  await expect(checklistItem(dialog, second).getByRole('alert')).toHaveText(text.reasonRequired);
  await checklistItem(dialog, second).getByLabel(text.notAvailableReason).fill('El hospital no lo entregó');
  for (const item of rest)
    await checklistItem(dialog, item).getByLabel(text.notAvailableReason).fill('No corresponde');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  // Another receipt under 'Otros documentos' with the one 'Agregar archivos'.
  await checklistItem(dialog, text.otherDocuments)
    .getByLabel('Agregar archivos', { exact: true })
    .setInputFiles([{ name: 'ticket.png', mimeType: 'image/png', buffer: gradientPng(48, 48) }]);
  await expect(checklistItem(dialog, text.otherDocuments).getByText('ticket.png')).toBeVisible();
  await expect(dialog.getByText(text.filesCount(3, MAX_CLAIM_FILES))).toBeVisible();

  await dialog.getByRole('button', { name: 'Cargar Reintegro' }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  // The card counts the same 3 files the counter did.
  await expect(page.getByRole('listitem', { name: coverage })).toContainText('3 archivos');
  await page.getByRole('button', { name: 'continuar' }).click();

  await page.getByLabel('Destinatario del reintegro').selectOption('Cuenta propia');
  await page.getByLabel('Método de pago').selectOption('Transferencia');
  await page.getByLabel('Titular de la cuenta').fill('Javier García');
  await page.getByLabel('Banco', { exact: true }).fill('CaixaBank');
  await page.getByLabel('Tipo de cuenta').selectOption('Cuenta corriente');
  await page.getByLabel('Número de cuenta').fill('123456789');
  await page.getByLabel('SWIFT').fill('CAIXESBB');
  await page.getByLabel('Número de documento').fill(SPANISH_DOCUMENT);
  await page.getByLabel('Dirección del banco').fill('Calle Pintor Sorolla 2, Valencia');
  await page.getByLabel('IBAN').fill('ES91 2100 0418 4502 0005 1332');
  const submitted = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/refund_data/' && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'finalizar' }).click();
  const answer = await submitted;
  expect(answer.ok(), await answer.text()).toBe(true);
  const id = ((await answer.json()) as { refund: { id: number } }).refund.id;
  await expect(page.getByRole('heading', { name: '¡Hemos recibido tu solicitud!' })).toBeVisible();

  // Staff: the receipts grouped by item, the reason of 'No lo tengo', 'Otros documentos'.
  await page.context().clearCookies();
  await signIn(page, ADMIN.username);
  await page.goto(`/dashboard/reintegros/${id}`);
  const byItem = page.getByRole('region', { name: text.reviewTitle });
  await expect(byItem).toBeVisible();
  const firstGroup = byItem.getByRole('region', { name: first, exact: true });
  await expect(firstGroup.getByRole('listitem')).toHaveText(['factura-1.jpg', 'factura-2.jpg']);
  await expect(byItem.getByRole('region', { name: second, exact: true })).toContainText(
    text.reviewMissingReason('El hospital no lo entregó'),
  );
  await expect(
    byItem.getByRole('region', { name: text.otherDocuments, exact: true }).getByRole('listitem'),
  ).toHaveText(['ticket.jpg']);
});
