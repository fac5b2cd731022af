/**
 * The traveller's link pages (issue 17 'Links'; SPEC §2 '/upload_data', '/update_payment_data'):
 * staff ask for documents on a submitted refund; the mail in the outbox carries the signed link;
 * the traveller follows it (no staff session), uploads an image and a PDF (its pages are files too)
 * with a comment, sees 'Tu solicitud fue enviada'; staff see the refund back 'En revisión' with the
 * new files. The same for bank data. A tampered link, the used one and an expired one show the
 * access error.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { loadConfig } from '../../src/server/config';
import { signLinkHash } from '../../src/server/services/refundLinks';
import { gradientPng, multiPagePdf } from './fixtures/refund/files';
import { chileanVoucher, DOCUMENT, submitRefund } from './refundSubmission';
import { ADMIN, dataDir, latestMailTo, signedLinkInMail, signIn } from './support';

const checklist = messages.refundChecklist;

const TRAVELLER_MAIL = 'matias@example.com';

/** Staff open the refund and make a request with its form; the mail's link is returned. */
async function staffRequest(
  page: Page,
  id: number,
  fill: (form: ReturnType<Page['getByRole']>) => Promise<void>,
  action: string,
) {
  const before = latestMailTo(TRAVELLER_MAIL);
  await page.goto(`/dashboard/reintegros/${id}`);
  const transitions = page.getByRole('region', { name: 'Cambiar estado' });
  await transitions.getByRole('button', { name: action }).click();
  const form = transitions.getByRole('form', { name: action });
  await fill(form);
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  // Other tests mail the same traveller (refund confirmations): wait for the new mail holding a link.
  const newLink = () => {
    const mail = latestMailTo(TRAVELLER_MAIL);
    // Only a signed link (the confirmation and decision mails link to the status page too).
    return mail && mail !== before ? signedLinkInMail(mail) : null;
  };
  await expect.poll(newLink, { timeout: 15_000 }).not.toBeNull();
  return newLink()!;
}

/**
 * The Chilean traveller is shared with refundReview.spec (which counts their refunds 'En
 * revisión'): each test closes its refund ('Rechazado') once done.
 */
async function closeRefund(page: Page) {
  const transitions = page.getByRole('region', { name: 'Cambiar estado' });
  await transitions.getByRole('button', { name: 'Rechazar' }).click();
  await transitions.getByLabel('Motivo del rechazo').fill('Prueba e2e terminada');
  await transitions.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByTestId('refund-status')).toHaveText('Rechazado');
}

/** A fresh browser context: the traveller has no staff session. */
async function travellerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('documents asked by staff: mailed link, upload as the traveller, back in review with the files', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const voucher = await chileanVoucher(request);
  const { id } = await submitRefund(request, voucher);
  await signIn(page, ADMIN.username);
  const link = await staffRequest(
    page,
    id,
    async (form) => {
      await form.getByLabel('Documentos faltantes (uno por línea)').fill('Factura original\nInforme médico');
      await form.getByLabel('Cantidad de archivos permitidos').fill('4');
      await form.getByLabel('Observaciones').fill('Legibles, por favor');
    },
    'Solicitar documentación',
  );
  await expect(page.getByTestId('refund-status')).toHaveText('Documentación solicitada');
  expect(new URL(link).pathname).toBe('/upload_data');

  const traveller = await travellerPage(browser);
  // Tampered: one character of the hash changed.
  const tampered = new URL(link);
  const hash = tampered.searchParams.get('hash')!;
  tampered.searchParams.set('hash', hash.slice(0, -1) + (hash.endsWith('A') ? 'B' : 'A'));
  await traveller.goto(tampered.toString());
  await expect(traveller.getByText('No se puede procesar el acceso a la solicitud')).toBeVisible();
  await expect(traveller.getByRole('alert')).toContainText('El enlace no es válido');

  // Logging in again in the portal shows the refund's status and the request, with its action.
  await traveller.goto('/refund');
  await traveller.getByLabel('Documento').fill(DOCUMENT);
  await traveller.getByLabel('Voucher').fill(String(voucher));
  await traveller.getByRole('button', { name: 'Continuar' }).click();
  await expect(traveller.getByRole('heading', { name: 'Tus solicitudes de reintegro' })).toBeVisible();
  const card = traveller.getByRole('region', { name: new RegExp(`Solicitud N° ${id} del`) });
  await expect(card.getByTestId('submitted-status')).toHaveText('Documentación solicitada');
  await expect(card).toContainText('Informe médico');
  await card.getByRole('link', { name: 'Enviar documentación' }).click();
  await expect(traveller).toHaveURL(new RegExp(`/upload_data\\?refund_id=${id}&hash=`));
  await expect(traveller.getByRole('heading', { name: 'Reintegros' })).toBeVisible();
  // The portal's header and footer carry the configured brand (BRAND_NAME), not 'Extranet'.
  await expect(traveller.getByTestId('portal-brand')).toHaveText('Asistencia al Viajero');
  await expect(traveller.getByRole('contentinfo')).toHaveText(
    /© \d{4} Asistencia al Viajero\. Todos los derechos reservados\./,
  );
  await expect(traveller.getByText('Cargar Documentos')).toBeVisible();
  await expect(traveller.getByRole('list', { name: 'Documentos' })).toContainText('Informe médico');
  await expect(traveller.getByText('Observaciones: Legibles, por favor')).toBeVisible();
  await expect(traveller.getByTestId('files-allowed')).toHaveText('Archivos permitidos 0/4');

  // Sending nothing is refused; a PDF of three pages plus two images is five files when four are
  // allowed: refused whole at the pick (issue 40, traveller reach), saying how many.
  await traveller.getByRole('button', { name: 'Enviar' }).click();
  await expect(traveller.getByText('Debe cargar al menos 1 archivo para continuar')).toBeVisible();
  const picker = traveller.getByTestId('pending-docs-files');
  const pdf = { name: 'estudio.pdf', mimeType: 'application/pdf', buffer: await multiPagePdf(3) };
  const ticket = { name: 'ticket.png', mimeType: 'image/png', buffer: gradientPng(64, 48) };
  await picker.setInputFiles([
    ticket,
    pdf,
    { name: 'recibo.png', mimeType: 'image/png', buffer: gradientPng(40, 40) },
  ]);
  await expect(
    traveller.getByRole('alert').filter({ hasText: checklist.pickOverLimit(4, 0, 5) }),
  ).toBeVisible();
  await expect(traveller.getByTestId('files-allowed')).toHaveText('Archivos permitidos 0/4');
  // A text renamed '.jpg' is refused at the pick, named.
  await picker.setInputFiles([
    { name: 'notas.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('Hola, no soy una foto') },
  ]);
  await expect(
    traveller.getByRole('alert').filter({ hasText: messages.refund.fileContentMismatch('notas.jpg') }),
  ).toBeVisible();
  await expect(traveller.getByText('notas.jpg', { exact: true })).toHaveCount(0);
  // The PDF of three pages counts three: with one image, four of four.
  await picker.setInputFiles([ticket, pdf]);
  await expect(traveller.getByTestId('files-allowed')).toHaveText('Archivos permitidos 4/4');
  await expect(traveller.getByText('Debe cargar al menos 1 archivo para continuar')).toHaveCount(0);
  await traveller.getByLabel('Comentarios').fill('Adjunto factura e informe');
  await traveller.getByRole('button', { name: 'Enviar' }).click();
  await expect(traveller.getByText('Tu solicitud fue enviada')).toBeVisible({ timeout: 30_000 });
  await expect(traveller.getByText('Se ha procesado el envío de documentación')).toBeVisible();

  // Used: the same link again.
  await traveller.goto(link);
  await expect(traveller.getByText('No se puede procesar el acceso a la solicitud')).toBeVisible();
  await expect(traveller.getByRole('alert')).toContainText('Esta solicitud ya fue respondida.');

  // Staff: back in review, the image and the PDF's three pages among the receipts, the history entry.
  await page.reload();
  await expect(page.getByTestId('refund-status')).toHaveText('En revisión');
  const receipts = page.getByRole('region', { name: 'Comprobantes' });
  await expect(receipts.getByText(/Comprobante 1 de 8/)).toBeVisible();
  await expect(receipts.getByRole('button', { name: /^ticket\.(jpg|png)$/ })).toBeVisible();
  for (const pageNumber of [1, 2, 3])
    await expect(receipts.getByRole('button', { name: `estudio-${pageNumber}.jpg` })).toBeVisible();
  await expect(receipts.getByRole('button', { name: /^recibo\./ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Historial' }).click();
  await expect(page.getByTestId('history-entry').nth(0)).toContainText(
    'Documentación enviada por el viajero',
  );
  await page.reload();
  await closeRefund(page);
});

test('bank data asked by staff: mailed link, only the asked fields with the country rules, back in review', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { id } = await submitRefund(request, await chileanVoucher(request));
  await signIn(page, ADMIN.username);
  const link = await staffRequest(
    page,
    id,
    async (form) => {
      await form.getByRole('group', { name: 'Datos bancarios a completar' }).getByLabel('RUT').check();
      await form
        .getByRole('group', { name: 'Datos bancarios a completar' })
        .getByLabel('Número de cuenta')
        .check();
      await form.getByLabel('Observaciones').fill('El RUT no corresponde al titular');
    },
    'Solicitar datos bancarios',
  );
  expect(new URL(link).pathname).toBe('/update_payment_data');

  const traveller = await travellerPage(browser);
  await traveller.goto(link);
  await expect(
    traveller.getByRole('heading', { name: 'Actualización de datos bancarios requerida' }),
  ).toBeVisible();
  await expect(traveller.getByText('Observaciones: El RUT no corresponde al titular')).toBeVisible();
  await expect(traveller.getByRole('textbox')).toHaveCount(2);
  await traveller.getByLabel('RUT').fill('76086428-4');
  await traveller.getByLabel('Número de cuenta').fill('009876543210');
  await traveller.getByRole('button', { name: 'Actualizar datos' }).click();
  const rutError = traveller.getByRole('alert').filter({ hasText: /RUT/ });
  await expect(rutError).toBeVisible();
  await traveller.getByLabel('RUT').fill('76086428-5');
  await expect(rutError).toHaveCount(0);
  await traveller.getByRole('button', { name: 'Actualizar datos' }).click();
  await expect(traveller.getByText(/dentro de los próximos 5 días hábiles/)).toBeVisible({ timeout: 30_000 });

  await page.reload();
  await expect(page.getByTestId('refund-status')).toHaveText('En revisión');
  await page.getByRole('button', { name: 'Mostrar datos bancarios' }).click();
  await expect(page.getByTestId('bank-account_number')).toHaveText('009876543210');
  await closeRefund(page);
});

test('an expired link shows the access error', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const { id } = await submitRefund(request, await chileanVoucher(request));
  await signIn(page, ADMIN.username);
  const link = await staffRequest(
    page,
    id,
    async (form) => {
      await form.getByLabel('Documentos faltantes (uno por línea)').fill('Factura original');
      await form.getByLabel('Cantidad de archivos permitidos').fill('1');
    },
    'Solicitar documentación',
  );
  // The secret the e2e server uses, read as the server reads it (its environment, else the demo
  // secret kept in its data directory): re-signing the mailed link's own claims gives its hash.
  const { refundLinkSecret } = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const mailed = new URL(link);
  const [requestId, expires] = mailed.searchParams.get('hash')!.split('.').map(Number);
  const claims = { refundId: id, purpose: 'documents' as const, requestId };
  expect(signLinkHash(refundLinkSecret, { ...claims, expires })).toBe(mailed.searchParams.get('hash'));
  // The same request's link, correctly signed, whose expiry passed a minute ago.
  const expired = new URL(link);
  expired.searchParams.set(
    'hash',
    signLinkHash(refundLinkSecret, { ...claims, expires: Math.floor(Date.now() / 1000) - 60 }),
  );

  const traveller = await travellerPage(browser);
  await traveller.goto(expired.toString());
  await expect(traveller.getByText('No se puede procesar el acceso a la solicitud')).toBeVisible();
  await expect(traveller.getByRole('alert')).toContainText(
    'El enlace venció. Solicite uno nuevo escribiendo a',
  );
  await expect(traveller.getByText('Cargar Documentos')).toHaveCount(0);
  // The mailed link, still within its lifetime, opens the request.
  await traveller.goto(link);
  await expect(traveller.getByText('Cargar Documentos')).toBeVisible();
  await closeRefund(page);
});
