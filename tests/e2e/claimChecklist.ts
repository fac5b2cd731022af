/**
 * The claim dialog's document checklist (issue 30 §3) as walks and specs fill it: every item still
 * empty is marked 'No lo tengo' with a reason, so a claim whose files went to 'Otros documentos'
 * can be confirmed.
 */
import { expect, type Locator } from '@playwright/test';
import { messages } from '../../src/contracts/messages';

const text = messages.refundChecklist;

/**
 * Marks every unchecked 'No lo tengo' of the dialog and gives each its reason; `labels` are the
 * page's language's ('Não tenho', 'Motivo'; issue 42), Spanish when not given.
 */
export async function answerChecklist(
  dialog: Locator,
  reason = 'Lo envío más adelante',
  labels: { notAvailable: string; notAvailableReason: string } = text,
): Promise<void> {
  const boxes = dialog.getByRole('checkbox', { name: labels.notAvailable, exact: true });
  const count = await boxes.count();
  for (let index = 0; index < count; index++) await boxes.nth(index).check();
  const reasons = dialog.getByLabel(labels.notAvailableReason, { exact: true });
  await expect(reasons).toHaveCount(count);
  for (let index = 0; index < count; index++) await reasons.nth(index).fill(reason);
}

/** The checklist item's group in the dialog (its files, pickers, 'No lo tengo'). */
export const checklistItem = (dialog: Locator, item: string) =>
  dialog.getByRole('group', { name: item, exact: true });
