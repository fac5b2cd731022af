/**
 * Receipts that read themselves (issue 31 'Done when'), in Chromium against the shipped server with
 * real OCR: the traveller chooses a pharmacy ticket in the claim dialog and is offered what was read,
 * which fills the amount only on consent; staff open a refund whose receipt another refund already
 * used and see the read figures beside the claim and the reuse flag linking to the other refund;
 * the pending-documents page shows, read-only, what was read on a document chosen there.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '../../src/contracts/messages';
import { checklistItem } from './claimChecklist';
import { askTraveller, closeRefund } from './portalSupport';
import { chileanVoucher, DOCUMENT, submitRefund } from './refundSubmission';
import { signInByApi } from './support';

const text = messages.receiptReading;

const TICKET_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="320"><rect width="100%" height="100%" fill="white"/>
<g font-family="DejaVu Sans Mono" font-size="22" fill="black">
<text x="30" y="45">FARMACIA DEL CENTRO</text>
<text x="30" y="80">CUIT 30-71234567-1</text>
<text x="30" y="115">Fecha: 12/11/2026</text>
<text x="30" y="165" xml:space="preserve">Ibuprofeno 400    $ 4.345,50</text>
<text x="30" y="200" xml:space="preserve">Amoxicilina       $ 8.000,00</text>
<text x="30" y="255">TOTAL $ 12.345,50</text></g></svg>`;

const ticket = () => sharp(Buffer.from(TICKET_SVG)).png().toBuffer();
/** The same ticket photographed again: re-compressed as a JPEG, slightly resized, back to PNG. */
const ticketCopy = async () =>
  sharp(await sharp(Buffer.from(TICKET_SVG)).resize(600).jpeg({ quality: 70 }).toBuffer())
    .png()
    .toBuffer();

async function staffHeaders(request: APIRequestContext) {
  const response = await request.post('/api/token/', {
    data: { username: 'admin', password: 'Admin-E2E-Password-1' },
  });
  return { authorization: `Bearer ${(await response.json()).access}` };
}

test('the traveller is offered what the receipt says, and only accepting fills the claim', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const voucher = await chileanVoucher(request);
  await page.goto('/refund');
  await page.getByLabel('Documento').fill(DOCUMENT);
  await page.getByLabel('Voucher').fill(String(voucher));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const wizard = page.getByRole('heading', { name: 'Solicitud de reintegros' });
  const another = page.getByRole('button', { name: messages.refundLinks.newRefund });
  await expect(wizard.or(another)).toBeVisible();
  if (await another.isVisible()) await another.click();
  await expect(wizard).toBeVisible();
  await page.getByLabel('Email').fill('matias.lectura@example.com');
  await page.getByLabel('Teléfono').fill('+56 9 6123 4567');
  await page.getByRole('button', { name: 'continuar' }).click();

  await page.getByRole('button', { name: 'Cargar reintegros' }).click();
  const dialog = page.getByRole('dialog', { name: 'Carga de reintegro' });
  await dialog.getByLabel('País donde ocurrió el evento').selectOption('ARG');
  const amount = dialog.getByLabel('Monto solicitado');
  await expect(amount).toHaveValue('');
  await checklistItem(dialog, messages.refundChecklist.otherDocuments)
    .getByLabel('Agregar archivos', { exact: true })
    .setInputFiles([{ name: 'ticket.png', mimeType: 'image/png', buffer: await ticket() }]);
  // Read on the server (OCR in a worker thread): the suggestion, nothing filled yet.
  const suggestion = dialog.getByText(text.suggestion('12345.50', 'ARS', '2026-11-12'));
  await expect(suggestion).toBeVisible({ timeout: 90_000 });
  await expect(amount).toHaveValue('');
  await dialog.getByRole('button', { name: text.useData }).click();
  await expect(amount).toHaveValue('12.345,50');
  await expect(dialog.getByText(text.accepted)).toBeVisible();
  await expect(suggestion).toHaveCount(0);

  // Leave no draft behind for the suite's later logins of this traveller.
  const login = await request.get(`/api/refund_data/?voucher_id=${voucher}&document=${DOCUMENT}`);
  const access = ((await login.json()) as { access: string }).access;
  const removed = await request.delete('/api/refund_data/draft/', {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(removed.status()).toBe(204);
});

test('staff see what the receipts say beside the claim, and a receipt another refund already used', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const voucher = await chileanVoucher(request);
  const first = await submitRefund(request, voucher, [await ticket()]);
  const second = await submitRefund(request, voucher, [await ticketCopy()]);
  const headers = await staffHeaders(request);
  // The readings are made after the upload answered: wait for the second refund's to be done.
  let reusedFrom = 0;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/refund/${second.id}/readings/`, { headers });
        const body = (await answer.json()) as {
          flags: { kind: string; reference: { refundId: number } | null }[];
        };
        reusedFrom = body.flags.find((flag) => flag.kind === 'reused')?.reference?.refundId ?? 0;
        return reusedFrom;
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBeGreaterThan(0);
  // The earliest use is named: the first refund (or, on a retry, an earlier attempt's), never itself.
  expect(reusedFrom).toBeLessThanOrEqual(first.id);

  await signInByApi(page);
  await page.goto(`/dashboard/reintegros/${second.id}`);
  const card = page.getByRole('region', { name: text.staffTitle, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByText(text.staffClaimed).first()).toBeVisible();
  await expect(card).toContainText('12.345,50');
  await expect(card.getByText(text.flags.reused).first()).toBeVisible();
  const link = card.getByRole('link', { name: text.reusedIn(reusedFrom) }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/reintegros/${reusedFrom}$`));

  // The refunds list filtered 'Con alertas' holds the second refund.
  await page.goto(`/dashboard/reintegros?alerts=true&id=${second.id}`);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('link', { name: /^Mostrar / })).toHaveAttribute(
    'href',
    new RegExp(`/dashboard/reintegros/${second.id}$`),
  );
  // Both refunds decided, so the suite's later specs count this traveller's received refunds as before.
  await closeRefund(request, first.id);
  await closeRefund(request, second.id);
});

test('the pending-documents page shows what was read on a chosen document, and sending goes on', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const voucher = await chileanVoucher(request);
  const { id } = await submitRefund(request, voucher);
  const link = await askTraveller(
    request,
    id,
    'request_documents',
    { documents: ['Factura original'], max_files: 2 },
    'matias@example.com',
  );
  const traveller = await (await browser.newContext()).newPage();
  await traveller.goto(link);
  await expect(traveller.getByTestId('files-allowed')).toBeVisible();
  await traveller
    .getByTestId('pending-docs-files')
    .setInputFiles([{ name: 'factura.png', mimeType: 'image/png', buffer: await ticket() }]);
  // Read on the server (real OCR): only what was read, nothing to accept ('$' by the ticket's CUIT).
  const read = traveller.getByText(text.readOnly('12345.50', 'ARS', '2026-11-12'));
  await expect(read).toBeVisible({ timeout: 90_000 });
  await expect(traveller.getByRole('button', { name: text.useData })).toHaveCount(0);
  await traveller.getByRole('button', { name: messages.refundLinks.send }).click();
  await expect(traveller.getByRole('heading', { name: messages.refundLinks.successTitle })).toBeVisible({
    timeout: 30_000,
  });
  await closeRefund(request, id);
});
