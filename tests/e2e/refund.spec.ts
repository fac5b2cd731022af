/**
 * The public refund portal end to end (SPEC §2 'Public refund portal', §4 refund wizard, §5, §8):
 * a wrong login shows the server's message; then the seeded Argentine traveller loads a claim
 * with a real 2-page PDF, one with a PNG and a multi-cause claim, enters Argentine bank data,
 * sends, and sees the success screen. The upload answers and the stored files prove the PDF
 * became one JPEG per page.
 */
import { expect, type Page, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { answerChecklist } from './claimChecklist';
import { gradientPng, multiPagePdf } from './fixtures/refund/files';
import { ADMIN, signIn } from './support';

/** The seeded ARG traveller (src/server/db/seed/refunds.ts; the server prints the demo lines). */
const DOCUMENT = '30123456';
const VOUCHER = process.env.E2E_REFUND_VOUCHER ?? '1';

interface LoginAnswer {
  refunds: {
    coverages: string[];
    multi_cause_coverages: string[];
    name: string;
    date_in: string;
    date_out: string;
  };
}

/** The voucher's last day as typed in the claim dialog (the event happened during the trip). */
const typedDate = (iso: string) => iso.split('-').reverse().join('');
const shownDate = (iso: string) => iso.split('-').reverse().join('/');
interface Uploaded {
  files: { id: string; name: string; content_type: string; size: number }[];
}

async function loadClaim(
  page: Page,
  claim: {
    coverage: string;
    amount: string;
    date: string;
    files: { name: string; mimeType: string; buffer: Buffer }[];
  },
  multiCause = false,
) {
  const addButton = page.getByRole('button', { name: /^(Cargar reintegros|Agregar reintegro)$/ });
  await addButton.click();
  const dialog = page.getByRole('dialog', { name: 'Carga de reintegro' });
  await dialog.getByLabel('País donde ocurrió el evento').selectOption('ARG');
  await dialog.getByLabel('Fecha del evento').fill(typedDate(claim.date));
  await expect(dialog.getByLabel('Fecha del evento')).toHaveValue(shownDate(claim.date));
  await dialog.getByLabel('Servicio a reintegrar').selectOption(claim.coverage);
  // Issue 30 §3: the coverage's documents are a checklist, then 'Otros documentos'.
  await expect(dialog.getByRole('checkbox', { name: 'No lo tengo' }).first()).toBeVisible();
  await expect(dialog.getByRole('group', { name: 'Otros documentos' })).toBeVisible();
  await dialog.getByLabel('Moneda de gasto').selectOption('USD');
  await dialog.getByLabel('Monto solicitado').fill(claim.amount);
  if (multiCause) {
    await dialog.getByRole('button', { name: 'Cargar Reintegro' }).click();
    await expect(dialog.getByText('Debe seleccionar al menos un servicio', { exact: true })).toBeVisible();
    await dialog.getByLabel('Alojamientos').check();
    await dialog.getByLabel('Monto pagado (Alojamientos)').fill('50000');
    await dialog.getByLabel('Monto recuperado (Alojamientos)').fill('0');
  }
  await dialog.getByTestId('claim-files').setInputFiles(claim.files);
  for (const file of claim.files) await expect(dialog.getByText(file.name, { exact: false })).toBeVisible();
  // Issue 30 §3: the coverage's documents not sent are marked 'No lo tengo' with a reason.
  await answerChecklist(dialog);
  await dialog.getByRole('button', { name: 'Cargar Reintegro' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('listitem', { name: claim.coverage })).toBeVisible();
}

test('a wrong refund login shows the server message', async ({ page }) => {
  await page.goto('/refund');
  await expect(page.getByRole('heading', { name: 'Solicitud de reintegro' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Ingrese su documento')).toBeVisible();
  await expect(page.getByText('Ingrese su número de voucher')).toBeVisible();
  await page.getByLabel('Documento').fill('99999999');
  await page.getByLabel('Voucher').fill('987654');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alert')).toContainText('No encontramos un voucher habilitado');
  await expect(page).toHaveURL(/\/refund$/);
  // Without a login answer the wizard sends back to the login.
  await page.goto('/dashboardRefund');
  await expect(page).toHaveURL(/\/refund$/);
});

test('a traveller requests a refund with a PDF, a PNG and a multi-cause claim', async ({ page, request }) => {
  test.setTimeout(120_000);
  const answer = await request.get(`/api/refund_data/?voucher_id=${VOUCHER}&document=${DOCUMENT}`);
  expect(answer.ok(), `seeded ARG voucher ${VOUCHER} (set E2E_REFUND_VOUCHER)`).toBe(true);
  const login = (await answer.json()) as LoginAnswer;
  const multi = login.refunds.multi_cause_coverages[0];
  const [first, second] = login.refunds.coverages.filter((coverage) => coverage !== multi);
  expect(multi && first && second).toBeTruthy();

  const uploads: Uploaded[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/images/upload-image') && response.ok()) {
      uploads.push((await response.json()) as Uploaded);
    }
  });

  await page.goto('/refund');
  await page.getByLabel('Documento').fill(DOCUMENT);
  await page.getByLabel('Voucher').fill(VOUCHER);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/dashboardRefund$/);
  await expect(page.getByRole('heading', { name: 'Solicitud de reintegros' })).toBeVisible();

  // Step 'Datos personales': read-only identity, editable contact data.
  await expect(page.getByLabel('Nombre')).toHaveValue(login.refunds.name);
  await expect(page.getByLabel('Nombre')).not.toBeEditable();
  await expect(page.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await page.getByLabel('Email').fill('no-es-un-email');
  await page.getByRole('button', { name: 'continuar' }).click();
  await expect(page.getByText('Introduce un email válido')).toBeVisible();
  await page.getByLabel('Email').fill('lucia.e2e@example.com');
  await page.getByRole('button', { name: 'continuar' }).click();

  // Step 'Carga de reintegros'.
  await page.getByRole('button', { name: 'continuar' }).click();
  await expect(page.getByText('Debe cargar al menos una cobertura para continuar.')).toBeVisible();
  await loadClaim(page, {
    coverage: first,
    amount: '1234,5',
    date: login.refunds.date_out,
    files: [{ name: 'factura.pdf', mimeType: 'application/pdf', buffer: await multiPagePdf(2) }],
  });
  await expect(page.getByRole('listitem', { name: first })).toContainText('USD 1.234,50');
  await expect(page.getByRole('listitem', { name: first })).toContainText('2 archivos');
  await loadClaim(page, {
    coverage: second,
    amount: '250',
    date: login.refunds.date_out,
    files: [{ name: 'receta.png', mimeType: 'image/png', buffer: gradientPng() }],
  });
  await loadClaim(
    page,
    {
      coverage: multi,
      amount: '500',
      date: login.refunds.date_out,
      files: [{ name: 'carta.png', mimeType: 'image/png', buffer: gradientPng(32, 32) }],
    },
    true,
  );
  await page.getByLabel('Comentarios').fill('Cargué todos los comprobantes.');

  // A reload keeps the claims (snapshot in sessionStorage).
  await page.reload();
  await expect(page.getByRole('listitem', { name: multi })).toBeVisible();
  await page.getByRole('button', { name: 'continuar' }).click();

  // Step 'Datos del pago' for ARG.
  await expect(page.getByRole('heading', { name: 'Datos de la cuenta' })).toBeVisible();
  await page.getByRole('button', { name: 'finalizar' }).click();
  await expect(page.getByText('Este campo es obligatorio.').first()).toBeVisible();
  await page.getByLabel('Titular de la cuenta').fill('Lucía Fernández');
  await page.getByLabel('Banco').selectOption('285');
  await page.getByLabel('Tipo de cuenta').selectOption('Caja de ahorro en pesos');
  await page.getByLabel('Número de cuenta').fill('0940090418135');
  await page.getByLabel('CBU').fill('2850590940090418135201');
  await page.getByLabel('CUIT/CUIL').fill('20055361682');
  const submission = page.waitForResponse(
    (response) => response.url().includes('/api/refund_data/') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'finalizar' }).click();
  const sent = await submission;
  expect(sent.status()).toBe(200);
  await expect(page.getByRole('heading', { name: '¡Hemos recibido tu solicitud!' })).toBeVisible();
  await expect(
    page.getByText('Nuestro equipo la está revisando y te contactaremos con novedades a la brevedad.'),
  ).toBeVisible();
  await expect(page.getByText('En unos segundos serás redireccionado al inicio')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Inicio' })).toBeVisible();
  // Logged out: the login answer is gone.
  expect(await page.evaluate(() => sessionStorage.getItem('refundLogin'))).toBeNull();

  // The refund exists and references every uploaded file; the PDF became two JPEG pages.
  const created = (await sent.json()) as { refund: { id: number; status: string }; create: boolean };
  expect(created.create).toBe(true);
  expect(created.refund.id).toBeGreaterThan(0);
  // The success screen shows the refund's number (issue 17).
  await expect(page.getByTestId('refund-number')).toHaveText(`Número de solicitud: ${created.refund.id}`);
  const stored = uploads.flatMap((upload) => upload.files);
  expect(stored.map((file) => file.name)).toEqual(
    expect.arrayContaining(['factura-1.jpg', 'factura-2.jpg', 'receta.jpg', 'carta.jpg']),
  );
  for (const file of stored) expect(file.content_type).toBe('image/jpeg');
  const payload = JSON.parse(
    String(
      sent
        .request()
        .postDataBuffer()
        ?.toString('utf8')
        .match(/name="data"\r\n\r\n([\s\S]*?)\r\n--/)?.[1],
    ),
  );
  expect(payload.refund_coverage.claims).toHaveLength(3);
  expect(payload.refund_coverage.claims[0].coverage_files.map((file: { name: string }) => file.name)).toEqual(
    ['factura-1.jpg', 'factura-2.jpg'],
  );
  expect(payload.refund_coverage.claims[0].amount).toBe('1234.50');

  // Staff see it in the database: three claims, the PDF stored as two JPEG pages (GET /refund/{id}/).
  const staffLogin = await request.post('/api/token/', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  const staff = { authorization: `Bearer ${((await staffLogin.json()) as { access: string }).access}` };
  // Each upload is kept re-encoded as a JPEG (issue 10) in the shared file storage (issue 11).
  for (const file of stored) {
    const download = await request.get(`/api/stored_file/${file.id}/`, { headers: staff });
    expect(download.status()).toBe(200);
    expect([...(await download.body()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  }
  const review = (await (
    await request.get(`/api/refund/${created.refund.id}/`, { headers: staff })
  ).json()) as {
    claims: { amount: string }[];
    files: { name: string; content_type: string; kind: string }[];
  };
  expect(review.claims).toHaveLength(3);
  expect(review.claims[0].amount).toBe('1234.50');
  expect(review.files.filter((file) => file.name.startsWith('factura-'))).toEqual([
    expect.objectContaining({ name: 'factura-1.jpg', content_type: 'image/jpeg', kind: 'claim' }),
    expect.objectContaining({ name: 'factura-2.jpg', content_type: 'image/jpeg', kind: 'claim' }),
  ]);

  // A resend with the same idempotency key answers the same refund (no duplicate).
  const again = await request.post('/api/refund_data/', {
    headers: { Authorization: String(sent.request().headers().authorization) },
    data: { data: payload, files: [] },
  });
  expect(again.ok()).toBe(true);
  expect(((await again.json()) as { refund: { id: number } }).refund.id).toBe(created.refund.id);

  // Staff find it in Reintegros (list only).
  await signIn(page, ADMIN.username);
  await page.goto('/dashboard/reintegros');
  const filters = page.getByRole('search', { name: 'Filtros' });
  await filters.getByLabel('Id', { exact: true }).fill(String(created.refund.id));
  await filters.getByLabel('Id', { exact: true }).press('Enter');
  const table = page.getByRole('table', { name: 'Reintegros' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: '30123456', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear', exact: true })).toHaveCount(0);
});

/** The seeded Spanish traveller (IBAN), used only here: the walk counts all of their refunds. */
const SPANISH_DOCUMENT = '12345678Z';

test('a failed submission is kept and retried; reloading while it is in flight resumes it; one refund', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  let voucher = '';
  for (const candidate of ['6', '1', '2', '3', '4', '5', '7', '8', '9', '10']) {
    const answer = await request.get(
      `/api/refund_data/?voucher_id=${candidate}&document=${SPANISH_DOCUMENT}`,
    );
    if (answer.ok()) {
      voucher = candidate;
      break;
    }
  }
  expect(voucher, 'a seeded voucher of the Spanish traveller').not.toBe('');
  const login = (await (
    await request.get(`/api/refund_data/?voucher_id=${voucher}&document=${SPANISH_DOCUMENT}`)
  ).json()) as LoginAnswer;
  const coverage = login.refunds.coverages.find(
    (name) => !login.refunds.multi_cause_coverages.includes(name),
  )!;

  await page.goto('/refund');
  await page.getByLabel('Documento').fill(SPANISH_DOCUMENT);
  await page.getByLabel('Voucher').fill(voucher);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Solicitud de reintegros' })).toBeVisible();
  await page.getByLabel('Email').fill('javier.e2e@example.com');
  await page.getByLabel('Teléfono').fill('+34 612 345 678');
  await page.getByRole('button', { name: 'continuar' }).click();

  // One claim on the trip's last day, with one receipt.
  await page.getByRole('button', { name: 'Cargar reintegros' }).click();
  const dialog = page.getByRole('dialog', { name: 'Carga de reintegro' });
  await dialog.getByLabel('País donde ocurrió el evento').selectOption('ESP');
  // The day before the trip: refused with the voucher's validity (issue 17), cleared once fixed.
  const dayBefore = new Date(Date.parse(`${login.refunds.date_in}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  await dialog.getByLabel('Fecha del evento').fill(typedDate(dayBefore));
  await dialog.getByLabel('Servicio a reintegrar').selectOption(coverage);
  await dialog.getByLabel('Moneda de gasto').selectOption('EUR');
  await dialog.getByLabel('Monto solicitado').fill('80');
  // Issue 40 (traveller reach): a text renamed '.jpg' is refused at the pick, naming the file.
  await dialog
    .getByTestId('claim-files')
    .setInputFiles([{ name: 'notas.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('no es una foto') }]);
  await expect(dialog.getByText(messages.refund.fileContentMismatch('notas.jpg'))).toBeVisible();
  await expect(dialog.getByText('notas.jpg', { exact: true })).toHaveCount(0);
  await dialog
    .getByTestId('claim-files')
    .setInputFiles([{ name: 'ticket.png', mimeType: 'image/png', buffer: gradientPng(48, 48) }]);
  await expect(dialog.getByText('ticket.png')).toBeVisible();
  await answerChecklist(dialog);
  await dialog.getByRole('button', { name: 'Cargar Reintegro' }).click();
  const outside = dialog.getByText(
    `La fecha del evento debe estar dentro de la vigencia del voucher (${shownDate(login.refunds.date_in)} al ${shownDate(login.refunds.date_out)}).`,
  );
  await expect(outside).toBeVisible();
  await dialog.getByLabel('Fecha del evento').fill(typedDate(login.refunds.date_out));
  await expect(dialog.getByLabel('Fecha del evento')).toHaveValue(shownDate(login.refunds.date_out));
  await expect(outside).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cargar Reintegro' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await page.getByRole('button', { name: 'continuar' }).click();

  // Bank data for Spain.
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

  // The first submission fails; the retried one reaches the server and is stored, but its answer
  // never reaches the page: the traveller reloads while it is in flight. The resent one is held
  // until the page shows it is in flight again.
  const isSubmission = (url: URL) => url.pathname === '/api/refund_data/';
  const submissions: { key: string; answer?: { refund: { id: number } } }[] = [];
  let stored: (id: number) => void = () => {};
  const firstStored = new Promise<number>((resolve) => {
    stored = resolve;
  });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(isSubmission, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const body = route.request().postDataBuffer()?.toString('utf8') ?? '';
    const key = /"idempotency_key":"([0-9a-f-]{36})"/.exec(body)?.[1] ?? '';
    const submission: (typeof submissions)[number] = { key };
    submissions.push(submission);
    // The first attempt fails (the server unavailable): nothing is stored.
    if (submissions.length === 1)
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Servicio no disponible' }),
      });
    if (submissions.length === 2) {
      const response = await route.fetch();
      submission.answer = (await response.json()) as { refund: { id: number } };
      stored(submission.answer.refund.id);
      return; // never answered: the page reloads meanwhile
    }
    await released;
    const response = await route.fetch();
    submission.answer = (await response.json()) as { refund: { id: number } };
    await route.fulfill({ response });
  });

  await page.getByRole('button', { name: 'finalizar' }).click();
  // A failure keeps everything: no logout, no redirect; 'Reintentar' resends the same submission.
  await expect(
    page.getByRole('heading', { name: 'Hubo un error en la creación de su solicitud' }),
  ).toBeVisible();
  await expect(page.getByText('Servicio no disponible')).toBeVisible();
  await expect(page.getByText('En unos segundos serás redireccionado al inicio')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('refundLogin'))).not.toBeNull();
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByText('Enviando su solicitud...')).toBeVisible();
  const firstId = await firstStored;
  await page.reload();
  // Back in flight after the reload (not an empty login), resending the same submission.
  await expect(page.getByText('Enviando su solicitud...')).toBeVisible();
  await expect.poll(() => submissions.length).toBe(3);
  release();
  await expect(page.getByRole('heading', { name: '¡Hemos recibido tu solicitud!' })).toBeVisible();
  await expect(page.getByTestId('refund-number')).toHaveText(`Número de solicitud: ${firstId}`);
  expect(new Set(submissions.map((submission) => submission.key))).toEqual(new Set([submissions[0].key]));
  expect(submissions[0].key).toMatch(/^[0-9a-f-]{36}$/);
  expect(submissions[2].answer?.refund.id).toBe(firstId);

  // Staff see exactly one refund of this traveller.
  const staffLogin = await request.post('/api/token/', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  const staff = { authorization: `Bearer ${((await staffLogin.json()) as { access: string }).access}` };
  const list = await request.get(`/api/refund/?doc_number=${SPANISH_DOCUMENT}`, { headers: staff });
  expect(list.ok(), await list.text()).toBe(true);
  const { results } = (await list.json()) as { results: { id: number }[] };
  expect(results.map((row) => row.id)).toEqual([firstId]);
});
