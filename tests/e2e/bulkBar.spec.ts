/**
 * Issue 32 'Lists': the bulk bar offers only the transitions every selected row allows (the rows'
 * `allowed_actions`, as the list's own answer carried them) and says how many rows each applies
 * to; one that only some rows allow is disabled with 'aplica a N de M'; one no row allows is not
 * shown. One page load (Vouchers, whose demo rows are in several statuses), signed in by API.
 */
import { expect, test } from '@playwright/test';
import { STATUS_IDS, statusActionName } from '../../src/contracts/bookings';
import { messages } from '../../src/contracts/messages';
import { signInByApi } from './support';

test.use({ viewport: { width: 1366, height: 768 } });

test('the bulk bar offers only what every selected row allows', async ({ page }) => {
  await signInByApi(page);
  const listed = page.waitForResponse(
    (response) => /\/api\/voucher\/\?/.test(response.url()) && response.request().method() === 'GET',
  );
  await page.goto('/dashboard/vouchers');
  const rows = ((await (await listed).json()) as { results: { allowed_actions?: string[] }[] }).results;
  expect(rows.length).toBeGreaterThan(1);

  await page.getByLabel(messages.resourceScreens.selectPage).check();
  const bar = page.getByRole('toolbar', { name: messages.resourceScreens.selectedCount(rows.length) });
  await expect(bar).toBeVisible();

  let partial = 0;
  for (const to of STATUS_IDS) {
    const label = messages.bookings.statusActions[to];
    const applies = rows.filter((row) => row.allowed_actions?.includes(statusActionName(to))).length;
    const button = bar.getByRole('button', {
      name: `${label} (${messages.lists.appliesTo(applies, rows.length)})`,
      exact: true,
    });
    if (applies === 0)
      await expect(bar.getByRole('button', { name: new RegExp(`^${label} \\(`) })).toHaveCount(0);
    else if (applies === rows.length) await expect(button).toBeEnabled();
    else {
      partial += 1;
      await expect(button).toBeDisabled();
    }
  }
  // The demo page mixes statuses: at least one transition applies to only some rows.
  expect(partial).toBeGreaterThan(0);
});
