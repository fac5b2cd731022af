/**
 * The decision told and mailed (issue 30 §2, Done when): staff reject a refund with a reason and
 * the traveller reads it on the status page (logging in to the portal) and in the mail; staff
 * approve (the form shows '150,25', es-AR decimals) and pay with a reference, and both mails carry
 * the amounts. Also issue 30 §4 on the staff side: the list's 'Nombre' is the full name, and a
 * read-only role is told its role is why no status change is offered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { chileanVoucher, DOCUMENT, submitRefund } from './refundSubmission';
import { ADMIN, dataDir, signIn } from './support';

const TRAVELLER_MAIL = 'matias@example.com';

/** The mail's text with quoted-printable undone (soft breaks, =XX bytes as UTF-8). */
function decoded(mail: string): string {
  const body = mail.replace(/=\r?\n/g, '');
  return Buffer.from(
    body.replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** The decoded mails to the traveller holding every one of `texts`. */
function mailsWith(...texts: string[]): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).filter((file) => file.includes(TRAVELLER_MAIL) && file.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((file) => decoded(readFileSync(path.join(outbox, file), 'utf8')))
    .filter((mail) => texts.every((text) => mail.includes(text)));
}

async function applyTransition(
  page: Page,
  action: string,
  fill?: (form: ReturnType<Page['getByRole']>) => Promise<void>,
) {
  const transitions = page.getByRole('region', { name: 'Cambiar estado' });
  await transitions.getByRole('button', { name: action }).click();
  if (fill) await fill(transitions.getByRole('form', { name: action }));
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
}

/** The traveller, in a browser of their own, logs in to the portal and sees the refund's card. */
async function statusCard(browser: Browser, voucher: number, id: number) {
  const traveller = await (await browser.newContext()).newPage();
  await traveller.goto('/refund');
  await traveller.getByLabel('Documento').fill(DOCUMENT);
  await traveller.getByLabel('Voucher').fill(String(voucher));
  await traveller.getByRole('button', { name: 'Continuar' }).click();
  await expect(traveller.getByRole('heading', { name: 'Tus solicitudes de reintegro' })).toBeVisible();
  return traveller.getByRole('region', { name: new RegExp(`Solicitud N° ${id} del`) });
}

test('staff reject with a reason: the traveller reads it on the status page and in the mail', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const voucher = await chileanVoucher(request);
  const { id } = await submitRefund(request, voucher);
  await signIn(page, ADMIN.username);

  // The list's 'Nombre' is the full name.
  await page.goto(`/dashboard/reintegros?id=${id}`);
  const table = page.getByRole('table', { name: 'Reintegros' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(/Matías \S+/);

  // The traveller logs in before the decision: received, nothing asked yet.
  const before = await statusCard(browser, voucher, id);
  await expect(before.getByTestId('submitted-status')).toHaveText('Recibido');
  await expect(before.getByTestId('refund-timeline').getByRole('listitem')).toHaveText([
    /Solicitud recibida/,
  ]);
  await expect(before.getByText('Por ahora no necesitamos nada más de tu parte.')).toBeVisible();

  await page.goto(`/dashboard/reintegros/${id}`);
  const reason = 'La cobertura no incluye gastos de equipaje de mano.';
  await applyTransition(page, 'Rechazar', (form) => form.getByLabel('Motivo del rechazo').fill(reason));
  await expect(page.getByTestId('refund-status')).toHaveText('Rechazado');

  // The mail: the reason, the status page's address, the support mailbox.
  await expect
    .poll(() => mailsWith(`reintegro N° ${id} y no pudimos aprobarla`).length, { timeout: 15_000 })
    .toBe(1);
  const [mail] = mailsWith(`reintegro N° ${id} y no pudimos aprobarla`);
  expect(mail).toContain(`Motivo: ${reason}`);
  expect(mail).toMatch(/http:\/\/127\.0\.0\.1:\d+\/refund\n/);

  // The status page: reloaded in the same session, it asks the server again (GET
  // /refund_data/status/) and shows the status, the reason and the timeline.
  await before.page().reload();
  const card = before;
  await expect(card.getByTestId('submitted-status')).toHaveText('Rechazado');
  await expect(card.getByTestId('rejection-reason')).toHaveText(reason);
  const timeline = card.getByTestId('refund-timeline').getByRole('listitem');
  await expect(timeline).toHaveCount(2);
  await expect(timeline.nth(0)).toContainText('Solicitud recibida');
  await expect(timeline.nth(1)).toContainText('Rechazada');

  // A role that may only read is told so, not that the status offers nothing.
  const readOnly = await (await browser.newContext()).newPage();
  await signIn(readOnly, 'ejecutivo');
  await readOnly.goto(`/dashboard/reintegros/${id}`);
  await expect(
    readOnly
      .getByRole('region', { name: 'Cambiar estado' })
      .getByText('Su rol solo permite consultar reintegros: no puede cambiar su estado.'),
  ).toBeVisible();
});

test('approve and pay: both mails carry the amounts, the status page shows them', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const voucher = await chileanVoucher(request);
  const { id } = await submitRefund(request, voucher);
  await signIn(page, ADMIN.username);
  await page.goto(`/dashboard/reintegros/${id}`);
  await applyTransition(page, 'En revisión');
  await expect(page.getByTestId('refund-status')).toHaveText('En revisión');

  // The approve form speaks es-AR: the claimed '150,25', and '120,50' is accepted.
  await applyTransition(page, 'Aprobar', async (form) => {
    const amount = form.getByLabel(/Monto aprobado/);
    await expect(amount).toHaveValue('150,25');
    await amount.fill('120,50');
  });
  await expect(page.getByTestId('refund-status')).toHaveText('Aprobado');
  await expect
    .poll(() => mailsWith(`Aprobamos tu solicitud de reintegro N° ${id}.`).length, { timeout: 15_000 })
    .toBe(1);
  const [approved] = mailsWith(`Aprobamos tu solicitud de reintegro N° ${id}.`);
  expect(approved).toMatch(/: EUR 120,50 \(reclamado EUR 150,25\)/);
  expect(approved).toContain('Total aprobado: EUR 120,50');

  await applyTransition(page, 'Marcar pagado', (form) =>
    form.getByLabel('Referencia del pago (opcional)').fill('TRF-E2E-0042'),
  );
  await expect(page.getByTestId('refund-status')).toHaveText('Pagado');
  await expect.poll(() => mailsWith(`Pagamos tu reintegro N° ${id}.`).length, { timeout: 15_000 }).toBe(1);
  const [paid] = mailsWith(`Pagamos tu reintegro N° ${id}.`);
  expect(paid).toContain('Monto pagado: EUR 120,50');
  expect(paid).toMatch(/Fecha de pago: \d{2}\/\d{2}\/\d{4}/);
  expect(paid).toContain('Referencia del pago: TRF-E2E-0042');

  const card = await statusCard(browser, voucher, id);
  await expect(card.getByTestId('submitted-status')).toHaveText('Pagado');
  const amounts = card.getByTestId('decision-amounts');
  await expect(amounts).toContainText('EUR 120,50 (reclamado EUR 150,25)');
  await expect(amounts).toContainText('Monto pagado: EUR 120,50');
  await expect(amounts).toContainText('Referencia del pago: TRF-E2E-0042');
  const timeline = card.getByTestId('refund-timeline').getByRole('listitem');
  await expect(timeline).toHaveText([/Solicitud recibida/, /En revisión/, /Aprobada/, /Pagada/]);
});
