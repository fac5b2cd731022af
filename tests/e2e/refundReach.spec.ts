/**
 * Issue 40 (traveller reach; SPEC §2 'Public refund portal', §8): a traveller whose voucher ended
 * 31 days ago, with a decided refund, logs in and lands on the status page only (the decision,
 * and no 'Solicitar otro reintegro'). The refusal without refunds is in tests/server/refundReach.test.ts.
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { messages } from '../../src/contracts/messages';
import { chileanVoucher, DOCUMENT, submitRefund } from './refundSubmission';
import { ADMIN } from './support';

function isoDaysAgo(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

async function adminHeaders(request: APIRequestContext) {
  const answer = await request.post('/api/token/', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(answer.status()).toBe(200);
  return { authorization: `Bearer ${((await answer.json()) as { access: string }).access}` };
}

test('a decided refund keeps its status reachable after the 30-day window, the wizard is not offered', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const voucher = await chileanVoucher(request);
  const { id } = await submitRefund(request, voucher);
  const headers = await adminHeaders(request);
  const rejected = await request.post(`/api/refund/${id}/actions/reject/`, {
    headers,
    data: { reason: 'Gasto fuera de la cobertura.' },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);

  const voucherRow = (await (await request.get(`/api/voucher/${voucher}/`, { headers })).json()) as {
    reservation: number;
    reservation_date_in: string;
    reservation_date_out: string;
  };
  const moveTrip = async (dateIn: string, dateOut: string) => {
    const moved = await request.put(`/api/reservation/${voucherRow.reservation}/`, {
      headers,
      data: { date_in: dateIn, date_out: dateOut },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  };
  await moveTrip(isoDaysAgo(40), isoDaysAgo(31));
  try {
    await page.goto('/refund');
    await page.getByLabel('Documento').fill(DOCUMENT);
    await page.getByLabel('Voucher').fill(String(voucher));
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { name: 'Tus solicitudes de reintegro' })).toBeVisible();
    const card = page.getByRole('region', { name: new RegExp(`Solicitud N° ${id} del`) });
    await expect(card.getByTestId('submitted-status')).toHaveText('Rechazado');
    await expect(card.getByTestId('rejection-reason')).toHaveText('Gasto fuera de la cobertura.');
    await expect(page.getByTestId('claim-window-closed')).toHaveText(messages.refundLinks.claimWindowClosed);
    await expect(page.getByRole('button', { name: 'Solicitar otro reintegro' })).toHaveCount(0);
    // A reload keeps the status page (never the wizard).
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Tus solicitudes de reintegro' })).toBeVisible();
    await expect(page.getByText('Datos personales')).toHaveCount(0);
  } finally {
    await moveTrip(voucherRow.reservation_date_in, voucherRow.reservation_date_out);
  }
});
