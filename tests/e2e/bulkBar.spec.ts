/**
 * Issues 32 and 40 'Lists': the bulk bar offers the transitions the selected rows allow (the rows'
 * `allowed_actions`, as the list's own answer carried them) and says how many rows each applies
 * to; one that only some rows allow is offered as 'aplica a N de M' and its confirmation names
 * those N (issue 40: it applies to them only); one no row allows is not shown. The bar stays in
 * view while the user scrolls down the rows. One page load (Vouchers, whose demo rows are in
 * several statuses), signed in by API.
 */
import { expect, test } from '@playwright/test';
import { STATUS_IDS, statusActionName } from '../../src/contracts/bookings';
import { messages } from '../../src/contracts/messages';
import { signInByApi } from './support';

test.use({ viewport: { width: 1366, height: 768 } });

test('the bulk bar offers what the selected rows allow, saying to how many, and stays in view', async ({
  page,
}) => {
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

  let partial: { label: string; applies: number } | null = null;
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
      partial ??= { label, applies };
      await expect(button).toBeEnabled();
    }
  }
  // The demo page mixes statuses: at least one transition applies to only some rows.
  expect(partial).not.toBeNull();
  if (!partial) return;

  // Sticky: scrolled to the last row, the bar is still on screen, below the top bar.
  await page.getByRole('main').getByRole('table').getByRole('row').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 2000);
  await expect(bar).toBeInViewport();
  const top = await bar.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(0);

  // A mixed selection's action: its confirmation names the rows it applies to; cancelled here.
  await bar
    .getByRole('button', {
      name: `${partial.label} (${messages.lists.appliesTo(partial.applies, rows.length)})`,
    })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(
    messages.resourceScreens.bulkConfirmPartial(partial.label, partial.applies, rows.length),
  );
  await dialog.getByRole('button', { name: messages.common.cancel, exact: true }).click();
  await expect(dialog).toBeHidden();
});
