/**
 * History people can read (issue 32 'History people can read', 'Done when': the office history
 * has no raw JSON or ids): an office edited in its form (country, tag, the Karing sub-record,
 * then the Karing code) and an invoicing row moved to EN REVISION show, in their Historial,
 * Spanish keys, references by name, statuses by label, the sub-record field by field
 * ('Karing · Código Karing: KR-77 → KR-78'), each change once, and no JSON or bare id.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN, openSignedIn } from './support';

async function apiToken(page: Page): Promise<string> {
  const answer = await page.request.post('/api/token/', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { access: string }).access;
}

/** The text of every change line of the history, and checks none is raw. */
async function linesOf(entries: Locator): Promise<string[]> {
  const lines = (await entries.getByRole('listitem').allTextContents()).map((line) => line.trim());
  for (const line of lines) {
    expect(line, line).not.toMatch(/[{}]|"id"/);
    // A reference whose value is a number is an id shown bare.
    if (/^(País|Tags|Oficina padre|Unidad de negocio|Karing · Municipio|Estado)/.test(line))
      expect(line, line).not.toMatch(/(: |→ )\d+( →|$)/);
    expect(line, line).not.toMatch(/^[a-z_]+:/);
  }
  expect(new Set(lines).size, 'each change once').toBe(lines.length);
  return lines;
}

test('the office and invoicing histories read as people write: names, labels, sub-records field by field', async ({
  page,
}) => {
  const token = await apiToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const created = await page.request.post('/api/office/', {
    headers,
    data: { short_name: 'HIST-E2E', long_name: 'Historial Legible E2E' },
  });
  expect(created.status()).toBe(201);
  const office = ((await created.json()) as { id: number }).id;

  await openSignedIn(page, `/dashboard/oficinas/${office}/edit`);
  const form = page.getByRole('form', { name: 'Oficinas' });
  await form.getByLabel('País').selectOption({ label: 'Uruguay' });
  await form.getByRole('group', { name: 'Tags' }).getByLabel('Premium (PREMIUM)').check();
  const karing = form.getByRole('group', { name: 'Karing', exact: true });
  await karing.getByLabel('Tiene integración Karing').check();
  await karing.getByLabel('Código Karing').fill('KR-77');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/oficinas(\?.*)?$/);

  await page.goto(`/dashboard/oficinas/${office}/edit`);
  await expect(karing.getByLabel('Código Karing')).toHaveValue('KR-77');
  await karing.getByLabel('Código Karing').fill('KR-78');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/oficinas(\?.*)?$/);

  await page.goto(`/dashboard/oficinas/${office}`);
  await page.getByRole('tab', { name: 'Historial' }).click();
  const entries = page.getByRole('table', { name: 'Historial de cambios' }).getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  expect(await linesOf(entries.nth(0))).toEqual(['Karing · Código Karing: KR-77 → KR-78']);
  const edit = await linesOf(entries.nth(1));
  expect(edit).toEqual(
    expect.arrayContaining([
      'País: (vacío) → Uruguay',
      expect.stringMatching(/^Tags: \(vacío\) → .*Premium/),
      'Karing · Código Karing: (vacío) → KR-77',
      'Karing · Habilitada: (vacío) → Sí',
    ]),
  );
  expect(edit.filter((line) => line.startsWith('País'))).toHaveLength(1);
  await linesOf(entries.nth(2));

  // An invoicing row sent to review: its statuses by their labels.
  const rows = await page.request.get('/api/facturacion/?invoicing_status=1&limit=1', { headers });
  const [row] = ((await rows.json()) as { results: { id: number }[] }).results;
  const review = await page.request.post(`/api/facturacion/${row.id}/actions/review/`, { headers, data: {} });
  expect(review.status(), await review.text()).toBe(200);
  await page.goto(`/dashboard/facturacion/${row.id}`);
  await page.getByRole('tab', { name: 'Historial' }).click();
  const invoicing = await linesOf(entries.first());
  expect(invoicing).toContain('Estado de facturación: NO FACTURADO → EN REVISION');
});
