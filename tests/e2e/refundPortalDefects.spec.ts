/**
 * The traveller-side defects of issue 30 §4 outside the claim dialog, in Chromium:
 * - 'Autorizar a tercero': the ID photo picked right after the letter (its upload still in flight)
 *   waits its turn and uploads; nothing is dropped whatever the timing;
 * - the pending-documents page: two immediate picks are both kept and both sent;
 * - one phone rule: step 1 and step 3 (Colombia's bank phone) take '+57 601 3456789' and refuse
 *   the same wrong number with the same message.
 */
import { expect, test } from '@playwright/test';
import { validArgentinePayment } from '../../machines/models/refund';
import { messages } from '../../src/contracts/messages';
import { paymentFieldLabel } from '../../src/contracts/refund';
import { gradientPng } from './fixtures/refund/files';
import {
  askTraveller,
  closeRefund,
  holdPortal,
  loginFor,
  openWizard,
  storedFile,
  wizardWithClaim,
} from './portalSupport';
import { chileanVoucher, submitRefund } from './refundSubmission';

const text = messages.refund;
const png = (name: string, width = 32) => ({ name, mimeType: 'image/png', buffer: gradientPng(width, 24) });

test("'Autorizar a tercero': the ID photo picked while the letter uploads is uploaded too", async ({
  page,
}) => {
  const login = loginFor('ARG');
  const portal = holdPortal(page);
  await portal.ready;
  await openWizard(page, login, wizardWithClaim(login));
  await page.getByRole('button', { name: text.continueButton }).click();
  await expect(page.getByRole('heading', { name: text.paymentTitle })).toBeFocused();
  const field = (name: Parameters<typeof paymentFieldLabel>[0]) =>
    page.getByLabel(paymentFieldLabel(name, 'ARG'), { exact: true });
  await field('refund_method').selectOption('Autorizar a tercero');
  for (const [name, value] of Object.entries(validArgentinePayment)) {
    const control = field(name as Parameters<typeof paymentFieldLabel>[0]);
    await (['bank', 'account_type'].includes(name) ? control.selectOption(value) : control.fill(value));
  }
  const letterPicker = page.getByLabel(`${text.addFilesButton} (${text.authorizationLetterLabel})`);
  const idPicker = page.getByLabel(`${text.addFilesButton} (${text.authorizedDocumentLabel})`);
  // Two picks, one right after the other: no wait between them.
  await letterPicker.setInputFiles(png('carta.png'));
  await idPicker.setInputFiles(png('dni.png', 40));
  // The letter's upload is held in flight: the ID photo is listed as waiting, not dropped.
  await expect(page.getByRole('progressbar', { name: text.uploadingFiles })).toBeVisible();
  await expect(page.getByText(text.uploadWaiting('dni.png'), { exact: true })).toBeVisible();
  await expect.poll(() => portal.upload.waiting()).toBe(1);
  await portal.upload.answer(201, {
    files: [storedFile('0c2a1e7e-0000-4000-8000-000000000001', 'carta.jpg')],
  });
  await expect(page.getByText('carta.jpg', { exact: true })).toBeVisible();
  // Then the ID photo's own upload starts, and lands under its field.
  await expect.poll(() => portal.upload.waiting()).toBe(1);
  await portal.upload.answer(201, { files: [storedFile('0c2a1e7e-0000-4000-8000-000000000002', 'dni.jpg')] });
  await expect(page.getByText('dni.jpg', { exact: true })).toBeVisible();
  await expect(page.getByText(text.uploadWaiting('dni.png'), { exact: true })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Both files are there: the step is complete and the submission goes out with both.
  const submission = page.waitForRequest((request) => /\/api\/refund_data\/$/.test(request.url()));
  await page.getByRole('button', { name: text.finishButton }).click();
  // The multipart 'data' part: each field holds its own uploaded file.
  const body = (await submission).postData() ?? '';
  expect(body.match(/"authorization_letter":\[\{"id":"([^"]+)"/)?.[1]).toBe(
    '0c2a1e7e-0000-4000-8000-000000000001',
  );
  expect(body.match(/"authorized_document":\[\{"id":"([^"]+)"/)?.[1]).toBe(
    '0c2a1e7e-0000-4000-8000-000000000002',
  );
});

test('one phone rule: step 1 and step 3 take +57 601 3456789 and refuse a number too short alike', async ({
  page,
}) => {
  const login = loginFor('COL');
  const portal = holdPortal(page);
  await portal.ready;
  await openWizard(page, login);
  const contactPhone = page.getByLabel(text.phoneLabel);
  await contactPhone.fill('+57 601 345678');
  await page.getByRole('button', { name: text.continueButton }).click();
  await expect(contactPhone).toHaveAccessibleDescription(messages.refundLinks.phoneInternationalInvalid);
  await contactPhone.fill('+57 601 3456789');
  await expect(contactPhone).toHaveAccessibleDescription('');
  await page.getByRole('button', { name: text.continueButton }).click();
  await expect(page.getByRole('heading', { name: text.claimsTitle })).toBeFocused();

  // Step 3 of a Colombian traveller asks for a phone (another tab, a wizard with a claim): the same rule.
  const stepThree = await page.context().newPage();
  await holdPortal(stepThree).ready;
  await openWizard(stepThree, login, wizardWithClaim(login));
  await stepThree.getByRole('button', { name: text.continueButton }).click();
  const bankPhone = stepThree.getByLabel(paymentFieldLabel('phone', 'COL'), { exact: true });
  await bankPhone.fill('+57 601 345678');
  await stepThree.getByRole('button', { name: text.finishButton }).click();
  await expect(bankPhone).toHaveAccessibleDescription(messages.refundLinks.phoneInternationalInvalid);
  await bankPhone.fill('+57 601 3456789');
  await expect(bankPhone).toHaveAccessibleDescription('');
  await bankPhone.fill('601-345');
  await stepThree.getByRole('button', { name: text.finishButton }).click();
  await expect(bankPhone).toHaveAccessibleDescription(text.phoneNumeric);
});

test('pending documents: two immediate picks are both kept and both sent', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { id } = await submitRefund(request, await chileanVoucher(request));
  const link = await askTraveller(
    request,
    id,
    'request_documents',
    { documents: ['Factura original', 'Documento de identidad'], max_files: 4 },
    'matias@example.com',
  );
  const context = await browser.newContext();
  const traveller = await context.newPage();
  await traveller.goto(link);
  const picker = traveller.getByTestId('pending-docs-files');
  await picker.setInputFiles(png('factura.png'));
  await picker.setInputFiles(png('dni.png', 40));
  await expect(traveller.getByTestId('files-allowed')).toHaveText('Archivos permitidos 2/4');
  for (const name of ['factura.png', 'dni.png'])
    await expect(traveller.getByText(name, { exact: true })).toBeVisible();
  // The send's upload, not the early copy each pick sends for reading (?purpose=reading, issue 31).
  const upload = traveller.waitForResponse(
    (response) =>
      response.url().includes('upload_pending_doc') && !response.url().includes('purpose=reading'),
  );
  await traveller.getByRole('button', { name: messages.refundLinks.send }).click();
  const answer = (await (await upload).json()) as { files: { name: string }[] };
  expect(answer.files.map((file) => file.name.replace(/\.\w+$/, '')).sort()).toEqual(['dni', 'factura']);
  // The final step's heading takes the focus.
  await expect(traveller.getByRole('heading', { name: messages.refundLinks.successTitle })).toBeFocused({
    timeout: 30_000,
  });
  await context.close();
  await closeRefund(request, id);
});
