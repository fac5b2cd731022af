/**
 * Issue 40 'Done when', what tests/e2e/amounts.spec.ts and refundReach.spec.ts leave out, against
 * the shipped server (`npm start`):
 * - money fields: while typing, an amount the field cannot read is a hint; it becomes an error (an
 *   alert) only once the form's machine holds it after the submit; an amount typed the English
 *   way is read, said and saved as read (the claim dialog, a back-office amount field);
 * - staff's 'Leído en los comprobantes' gives one total per currency for a claim whose receipts
 *   are an ARS ticket and a USD one (real OCR), never their sum;
 * - a voucher whose product has 40 coverages, printed by the product (POST /pdfVoucher/), has no
 *   text over another and the 24-hour phone on every page (pdfjs-dist text positions, the
 *   renderer test's helper tests/services/voucherPdfText.ts).
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '../../src/contracts/messages';
import { readTotals } from '../../src/contracts/messages/receiptReading';
import { assistanceBox, readPages, voucherPageProblems } from '../services/voucherPdfText';
import { answerChecklist } from './claimChecklist';
import { gradientPng } from './fixtures/refund/files';
import { closeRefund, staffHeaders } from './portalSupport';
import { chileanVoucher, DOCUMENT, submitRefund } from './refundSubmission';
import { ADMIN, signIn } from './support';

const amounts = messages.amounts;
/** The server's default 24-hour phone (config ASSISTANCE_PHONE). */
const PHONE = '+54 11 5252-0000';

test('the claim dialog hints while typing, errs after Cargar Reintegro, and loads the amount as read', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const voucher = await chileanVoucher(request);
  const loginAnswer = await request.get(`/api/refund_data/?voucher_id=${voucher}&document=${DOCUMENT}`);
  expect(loginAnswer.ok()).toBe(true);
  const login = (await loginAnswer.json()) as {
    refunds: { coverages: string[]; multi_cause_coverages: string[]; date_out: string };
  };
  // The drafts the wizard saved (PUT /refund_data/draft/ answered 2xx).
  const savedDrafts: string[] = [];
  page.on('response', (response) => {
    const sent = response.request();
    if (sent.method() === 'PUT' && /\/api\/refund_data\/draft\/$/.test(response.url()) && response.ok())
      savedDrafts.push(sent.postData() ?? '');
  });
  await page.goto('/refund');
  await page.getByLabel('Documento').fill(DOCUMENT);
  await page.getByLabel('Voucher').fill(String(voucher));
  await page.getByRole('button', { name: 'Continuar' }).click();
  const wizard = page.getByRole('heading', { name: 'Solicitud de reintegros' });
  const another = page.getByRole('button', { name: messages.refundLinks.newRefund });
  await expect(wizard.or(another)).toBeVisible();
  if (await another.isVisible()) await another.click();
  await expect(wizard).toBeVisible();
  await page.getByLabel('Email').fill('matias.montos@example.com');
  await page.getByLabel('Teléfono').fill('+56 9 6123 4567');
  await page.getByRole('button', { name: 'continuar' }).click();
  await page.getByRole('button', { name: 'Cargar reintegros' }).click();
  const dialog = page.getByRole('dialog', { name: 'Carga de reintegro' });
  await dialog.getByLabel('País donde ocurrió el evento').selectOption('ARG');
  await dialog.getByLabel('Fecha del evento').fill(login.refunds.date_out.split('-').reverse().join(''));
  const coverage = login.refunds.coverages.find(
    (name) => !login.refunds.multi_cause_coverages.includes(name),
  )!;
  await dialog.getByLabel('Servicio a reintegrar').selectOption(coverage);
  await dialog.getByLabel('Moneda de gasto').selectOption('USD');
  const amount = dialog.getByLabel('Monto solicitado');

  // Unreadable while typing: said under the field, not an alert.
  await amount.fill('1.000.5');
  await expect(dialog.getByText(amounts.misplacedSeparator)).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: amounts.misplacedSeparator })).toHaveCount(0);
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await dialog
    .getByTestId('claim-files')
    .setInputFiles([{ name: 'factura.png', mimeType: 'image/png', buffer: gradientPng(64, 48) }]);
  await answerChecklist(dialog);
  // Held by the machine after 'Cargar Reintegro': now an error, on the field.
  await dialog.getByRole('button', { name: 'Cargar Reintegro' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: amounts.misplacedSeparator })).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveValue('1.000.5');

  // Typed the English way: the error goes, the reading is said, and the claim holds it.
  await amount.fill('1,000.50');
  await expect(dialog.getByRole('alert').filter({ hasText: amounts.misplacedSeparator })).toHaveCount(0);
  await expect(dialog.getByText(amounts.willLoad('USD 1.000,50'))).toBeVisible();
  await dialog.getByRole('button', { name: 'Cargar Reintegro' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('listitem', { name: coverage })).toContainText('USD 1.000,50');
  // The draft the wizard saves on the server holds the claim as read ('1000.50'), never as typed.
  await expect.poll(() => savedDrafts.join('\n'), { timeout: 20_000 }).toContain('"amount":"1000.50"');

  // Leave no draft behind for the suite's later logins of this traveller.
  const again = await request.get(`/api/refund_data/?voucher_id=${voucher}&document=${DOCUMENT}`);
  const access = ((await again.json()) as { access: string }).access;
  const removed = await request.delete('/api/refund_data/draft/', {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(removed.status()).toBe(204);
});

test('a back-office amount field hints while typing, errs after Guardar and saves what it read', async ({
  page,
}) => {
  await signIn(page, ADMIN.username);
  await page.goto('/dashboard/producto_sperta/create');
  const code = `E2E-${Date.now() % 1_000_000}`;
  await page.getByLabel('Código Sperta').fill(code);
  await page.getByLabel('Producto', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('País', { exact: true }).selectOption({ index: 1 });
  const taxed = page.getByLabel('Sperta gravado');
  const untaxed = page.getByLabel('Sperta no gravado');
  await taxed.fill('1,000.50');
  await expect(page.getByText(amounts.willSave('1.000,50'))).toBeVisible();
  await untaxed.fill('12,34,5');
  await expect(page.getByText(amounts.misplacedSeparator)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: amounts.misplacedSeparator })).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: amounts.misplacedSeparator })).toBeVisible();
  await expect(untaxed).toHaveAttribute('aria-invalid', 'true');
  await expect(taxed).toHaveValue('1,000.50');
  await untaxed.fill('US$ 2.500,75');
  await expect(page.getByRole('alert').filter({ hasText: amounts.misplacedSeparator })).toHaveCount(0);
  await expect(page.getByText(amounts.willSave('2.500,75'))).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/producto_sperta(\?.*)?$/);
  // Saved as read: the record shows both amounts in the display format.
  const token = (await (
    await page.request.post('/api/token/', { data: { username: ADMIN.username, password: ADMIN.password } })
  ).json()) as { access: string };
  const listed = (await (
    await page.request.get(`/api/product_sperta/?sperta_code=${code}`, {
      headers: { authorization: `Bearer ${token.access}` },
    })
  ).json()) as { results: { id: number; sperta_gravado: string; sperta_no_gravado: string }[] };
  expect(listed.results.map((row) => [row.sperta_gravado, row.sperta_no_gravado])).toEqual([
    ['1000.50', '2500.75'],
  ]);
  await page.goto(`/dashboard/producto_sperta/${listed.results[0].id}/edit`);
  await expect(page.getByLabel('Sperta gravado')).toHaveValue('1.000,50');
  await expect(page.getByLabel('Sperta no gravado')).toHaveValue('2.500,75');
  const removed = await page.request.delete(`/api/product_sperta/${listed.results[0].id}/`, {
    headers: { authorization: `Bearer ${token.access}` },
  });
  expect(removed.status()).toBe(204);
});

/** A receipt as a phone would photograph it: monospace lines on white. */
function ticket(lines: readonly string[]) {
  const body = lines
    .map((line, index) => `<text x="30" y="${45 + index * 40}" xml:space="preserve">${line}</text>`)
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="620" height="${60 + lines.length * 40}"><rect width="100%" height="100%" fill="white"/>
<g font-family="DejaVu Sans Mono" font-size="22" fill="black">${body}</g></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test("staff see 'Leído en los comprobantes' per currency, never an ARS ticket added to a USD one", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const voucher = await chileanVoucher(request);
  const pesos = await ticket([
    'FARMACIA SAN MARTIN',
    'CUIT 30-70987654-3',
    'Fecha: 13/11/2026',
    'Paracetamol 500    $ 8.450,75',
    'TOTAL $ 8.450,75',
  ]);
  const dollars = await ticket([
    'CITY PHARMACY MIAMI',
    'Fecha: 14/11/2026',
    'Antibiotics        USD 150,00',
    'TOTAL USD 150,00',
  ]);
  const { id } = await submitRefund(request, voucher, [pesos, dollars]);
  const headers = await staffHeaders(request);
  type Totals = { currency: string | null; amount: string }[];
  let totals: Totals = [];
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/refund/${id}/readings/`, { headers });
        const body = (await answer.json()) as {
          claims: { readTotals: Totals; files: { status: string }[] }[];
        };
        const claim = body.claims[0];
        if (!claim || claim.files.some((file) => file.status === 'pending')) return 'reading';
        totals = claim.readTotals;
        return [...totals].sort((a, b) => String(a.currency).localeCompare(String(b.currency)));
      },
      { timeout: 200_000, intervals: [2_000] },
    )
    .toEqual([
      { currency: 'ARS', amount: '8450.75' },
      { currency: 'USD', amount: '150.00' },
    ]);

  await signIn(page, ADMIN.username);
  await page.goto(`/dashboard/reintegros/${id}`);
  const card = page.getByRole('region', { name: messages.receiptReading.staffTitle, exact: true });
  const section = card.getByTestId('claim-readings');
  await expect(section).toContainText(`${messages.receiptReading.staffRead}${readTotals(totals)}`);
  expect(readTotals(totals)).toContain('8.450,75');
  expect(readTotals(totals)).toContain('150,00');
  // Never the sum (8.600,75) under either currency.
  await expect(section).not.toContainText('8.600,75');
  await closeRefund(request, id);
});

async function adminHeaders(request: APIRequestContext) {
  const answer = await request.post('/api/token/', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${((await answer.json()) as { access: string }).access}` };
}

interface ProductDetail {
  id: number;
  short_name: string;
  long_name: string;
  is_enabled: boolean;
  url_image: string;
  product_type: number | null;
  supplier: number | null;
  zones: { id: number }[];
  offices: { id: number }[];
  product_coverage: { coverage_id: number; limit_amount: string | null; currency_id: number | null }[];
}

test('a voucher whose product has 40 coverages prints without overlapping text, the phone on every page', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await adminHeaders(request);
  const api = async <T>(method: 'get' | 'post' | 'delete', path: string, data?: unknown): Promise<T> => {
    const answer = await request[method](`/api${path}`, { headers, ...(data === undefined ? {} : { data }) });
    expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
    return (answer.status() === 204 ? null : await answer.json()) as T;
  };
  // A voucher whose product is not the refund specs' Chilean voucher's.
  const productOf = async (voucher: number) =>
    (await api<{ product: number | null }>('get', `/voucher/${voucher}/`)).product;
  const avoided = await productOf(await chileanVoucher(request));
  let voucherId = 0;
  let productId: number | null = null;
  for (let candidate = 40; candidate < 80 && !voucherId; candidate++) {
    const product = await productOf(candidate);
    if (product !== null && product !== avoided) [voucherId, productId] = [candidate, product];
  }
  expect(voucherId).toBeGreaterThan(0);
  const original = await api<ProductDetail>('get', `/product/${productId}/`);

  // Forty coverages: the demo's, then new ones up to forty.
  const existing = await api<{ results: { id: number; long_name_es: string }[] }>(
    'get',
    '/coverage/?limit=10000&offset=0',
  );
  const created: { id: number; long_name_es: string }[] = [];
  for (let index = existing.results.length; index < 40; index++)
    created.push(
      await api('post', '/coverage/', {
        short_name: `E2E-40-${index}`,
        long_name_es: `Cobertura adicional número ${index + 1} con nombre largo para el voucher impreso`,
        description: 'Cobertura creada por la prueba del voucher de 40 coberturas.',
      }),
    );
  const forty = [...existing.results, ...created].slice(0, 40);
  const currencyId = original.product_coverage.find((row) => row.currency_id !== null)?.currency_id;
  expect(currencyId).toBeTruthy();

  const edit = async (coverages: ProductDetail['product_coverage']) => {
    let hash: string | null = null;
    const step = async (number: 0 | 1 | 2, data: unknown) => {
      const answer: { hash: string } = await api('post', '/step/', {
        hash,
        mode: 'edit',
        product_id: original.id,
        step: number,
        data,
      });
      hash = answer.hash;
    };
    await step(0, {
      short_name: original.short_name,
      long_name: original.long_name,
      url_image: original.url_image,
      is_enabled: original.is_enabled,
      product_type_id: original.product_type,
      supplier_id: original.supplier,
      zones: original.zones.map((zone) => zone.id),
      offices: original.offices.map((office) => office.id),
    });
    await step(1, {
      product_coverage: coverages.map((row) => ({
        coverage_id: row.coverage_id,
        limit_amount: row.limit_amount ?? '0',
        currency_id: row.currency_id ?? currencyId,
      })),
    });
    await step(2, { general_rate: null, particular_rates: [] });
    await api('post', '/productEdit/', { hash });
  };

  try {
    await edit(
      forty.map((coverage, index) => ({
        coverage_id: coverage.id,
        limit_amount: String(1000 * (index + 1) ** 2),
        currency_id: currencyId ?? null,
      })),
    );
    const printed = await request.post('/api/pdfVoucher/', { headers, data: { voucher_id: voucherId } });
    expect(printed.status(), await printed.text()).toBe(200);
    expect(printed.headers()['content-type']).toContain('application/pdf');
    const pages = await readPages(new Uint8Array(await printed.body()));
    // Forty coverages flow onto more pages.
    expect(pages.length).toBeGreaterThan(1);
    expect(
      voucherPageProblems(pages, {
        phone: PHONE,
        box: await assistanceBox(PHONE),
        coverages: forty.map((coverage) => coverage.long_name_es),
      }),
    ).toEqual([]);
  } finally {
    await edit(original.product_coverage);
    for (const coverage of created) await api('delete', `/coverage/${coverage.id}/`);
  }
});
