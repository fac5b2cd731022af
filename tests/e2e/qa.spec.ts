/**
 * The QA gallery (/qa/machines) in Chromium against the built product: every catalogue machine
 * listed with its counts, a statechart drawn offline, a generated path stepped with the slider
 * (active states highlighted), 'Copiar como prueba', a recording loaded and replayed, and a real
 * session recorded with 'Grabar sesión' and replayed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createActor, fromPromise, waitFor } from 'xstate';
import { machineCatalogue } from '../../machines/index';
import { passwordChangeMachine } from '../../machines/passwordChange';
import { FieldErrorsError } from '../../machines/support/errors';
import { stateLabel } from '../../src/client/qa/labels';
import { describePath, pathsOf } from '../../src/client/qa/paths';
import { createRecorder } from '../../src/client/qa/recording';
import { ADMIN, signIn } from './support';

/** Every request the page makes stays on the product's own origin (the gallery works offline). */
function watchOrigins(page: Page, baseURL: string) {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  return foreign;
}

async function setSlider(page: Page, value: number) {
  await page.locator('#qa-step').fill(String(value));
}

const chosen =
  machineCatalogue.find((entry) => entry.name === 'refundWizard') ??
  machineCatalogue.find((entry) => entry.name === 'session')!;

test('the gallery lists every machine, draws one and steps through a generated path', async ({
  page,
  baseURL,
}) => {
  const foreign = watchOrigins(page, baseURL!);
  await signIn(page, 'admin');
  await page.goto('/qa/machines');
  await expect(page.getByRole('heading', { name: 'Galería de máquinas' })).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Máquinas' });
  for (const entry of machineCatalogue) {
    const button = list.locator(`[data-machine="${entry.name}"]`);
    await expect(button).toContainText(entry.description);
    await expect(button).toContainText(/\d+ estados · \d+ transiciones · \d+ caminos/);
  }

  await list.locator(`[data-machine="${chosen.name}"]`).click();
  const diagram = page.getByTestId('qa-diagram');
  await expect(diagram.locator('svg')).toBeVisible();
  await expect(diagram.locator('svg')).toContainText(Object.keys(chosen.model.machine.root.states)[0]);

  // The longest generated path, as the model-based test runs it.
  const paths = pathsOf(chosen.model);
  const longest = paths.reduce(
    (best, candidate, index) => (candidate.steps.length > paths[best].steps.length ? index : best),
    0,
  );
  const lines = describePath(paths[longest]);
  const pathButton = page.locator(`[data-path="${longest}"]`);
  await expect(pathButton).toContainText(lines[1]);
  await pathButton.click();

  const current = page.getByTestId('qa-current-step');
  await expect(current).toHaveText(lines[0]);
  const last = lines.length - 1;
  await setSlider(page, last);
  await expect(current).toHaveText(lines[last]);
  await expect(page.getByTestId('qa-step-count')).toHaveText(`Paso ${last} de ${last}`);
  const leaf = stateLabel(paths[longest].state.value).split(' + ')[0].split('.').at(-1)!;
  await expect(diagram.locator('svg .active').filter({ hasText: leaf }).first()).toBeVisible();
  await expect(page.getByTestId('qa-event')).toContainText(paths[longest].steps[last].event.type);

  await setSlider(page, 1);
  await expect(current).toHaveText(lines[1]);

  await page.getByRole('button', { name: 'Copiar como prueba' }).click();
  const skeleton = page.getByRole('textbox', { name: 'Esqueleto de prueba Playwright' });
  await expect(skeleton).toHaveValue(/import \{ expect, test \} from '@playwright\/test';/);
  await expect(skeleton).toHaveValue(new RegExp(lines[last].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  expect(foreign).toEqual([]);
});

test('a recording file is loaded and replayed step by step', async ({ page }, testInfo) => {
  let attempts = 0;
  const machine = passwordChangeMachine.provide({
    actors: {
      confirmPasswordReset: fromPromise(async () => {
        attempts += 1;
        if (attempts === 1) throw new FieldErrorsError({ password: ['Esta contraseña es demasiado común.'] });
      }),
    },
  });
  const recorder = createRecorder();
  const actor = createActor(machine, { input: { token: 'hash' }, inspect: recorder.inspect }).start();
  actor.send({ type: 'PASSWORD_CHANGED', value: 'Segura-2026' });
  actor.send({ type: 'CONFIRMATION_CHANGED', value: 'Segura-2026' });
  actor.send({ type: 'SUBMIT' });
  await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.error !== null);
  actor.send({ type: 'SUBMIT' });
  await waitFor(actor, (snapshot) => snapshot.status === 'done');
  const file = testInfo.outputPath('grabacion.json');
  writeFileSync(file, JSON.stringify(recorder.toJSON()));

  await signIn(page, 'admin');
  await page.goto('/qa/machines');
  await page.locator('#qa-recording-file').setInputFiles(file);
  await expect(page.getByRole('tab', { name: 'Sesión grabada' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('navigation', { name: 'Flujos grabados' })).toContainText(
    'passwordChange · 6 pasos',
  );
  await expect(page.getByTestId('qa-diagram').locator('svg')).toBeVisible();
  const current = page.getByTestId('qa-current-step');
  await expect(current).toHaveText('step 0: start → editing');
  await setSlider(page, 4);
  await expect(current).toHaveText('step 4: error: confirmPasswordReset → editing');
  await expect(page.getByTestId('qa-event')).toContainText('Esta contraseña es demasiado común.');
  await expect(page.getByTestId('qa-context')).toContainText('"password": "Xxxxxx-0000"');
  await expect(page.getByTestId('qa-context')).not.toContainText('Segura-2026');
  await setSlider(page, 6);
  await expect(current).toHaveText('step 6: done: confirmPasswordReset → changed');
  await expect(page.getByText('Este paso difiere de lo grabado')).toHaveCount(0);
});

test("'Grabar sesión' records a real flow, downloads it masked, and the gallery replays it", async ({
  page,
}) => {
  await signIn(page, 'admin');
  const recordSwitch = page.getByRole('switch', { name: /Grabar sesión/ });
  await recordSwitch.click();
  await expect(recordSwitch).toHaveAttribute('aria-checked', 'true');

  // Move inside the single-page app (a reload would end the recording) to the recovery flow.
  await page.evaluate(() => {
    window.history.pushState({}, '', '/recovery');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Verifique su email')).toBeVisible();
  await page.evaluate(() => window.history.back());
  await expect(recordSwitch).toHaveAttribute('aria-checked', 'true');
  await expect(recordSwitch).not.toContainText('Grabando… 0 eventos');

  const downloading = page.waitForEvent('download');
  await recordSwitch.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^grabacion-.+\.json$/);
  const saved = path.join(test.info().outputDir, download.suggestedFilename());
  await download.saveAs(saved);
  const { readFileSync } = await import('node:fs');
  const recordingText = readFileSync(saved, 'utf8');
  expect(recordingText).not.toContain(ADMIN.email);
  expect(recordingText).toContain('"machine": "passwordReset"');

  await page.goto('/qa/machines');
  await page.locator('#qa-recording-file').setInputFiles(saved);
  // The staff session is recorded too (from its current state); choose the recovery flow.
  await page
    .getByRole('navigation', { name: 'Flujos grabados' })
    .getByRole('button', { name: /^passwordReset · / })
    .click();
  const current = page.getByTestId('qa-current-step');
  await expect(current).toHaveText('step 0: start → editing');
  const last = Number((await page.locator('#qa-step').getAttribute('max')) ?? '0');
  await setSlider(page, last);
  await expect(current).toHaveText(new RegExp(`^step ${last}: done: .+ → sent$`));
  await expect(page.getByText('Este paso difiere de lo grabado')).toHaveCount(0);
});

test('staff who are not superusers are refused', async ({ page }) => {
  await signIn(page, 'ejecutivo');
  await expect(page.getByRole('switch', { name: /Grabar sesión/ })).toHaveCount(0);
  await page.goto('/qa/machines');
  await expect(page.getByRole('heading', { name: 'Acceso restringido' })).toBeVisible();
  await expect(page.getByText('La galería de máquinas es solo para superusuarios')).toBeVisible();
});
