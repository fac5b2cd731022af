/**
 * The 'Historial' tab (issue 9 'Audit history'; SPEC §3 office history, for every module): a
 * Zonas record edited through the form shows its creation and its change with the field's label
 * and its value before and after, who made it and when; the same generic tab on Usuarios, where
 * a changed password shows only that it changed.
 */
import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('a zone edited in the form shows its history: who, when, the action and each field before and after', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/zonas/create');
  await page.getByLabel('Abreviatura').fill('HIS');
  await page.getByLabel('Nombre').fill('Zona historial');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/zonas$/);

  await page.goto('/dashboard/zonas?short_name=HIS');
  await page.getByRole('link', { name: 'Editar Zona historial' }).click();
  await expect(page.getByLabel('Nombre')).toHaveValue('Zona historial');
  await page.getByLabel('Nombre').fill('Zona historial editada');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/zonas\?short_name=HIS$/);

  await page.getByRole('link', { name: 'Mostrar Zona historial editada' }).click();
  await expect(page.getByRole('tab', { name: 'Datos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Nombre')).toHaveValue('Zona historial editada');
  await page.getByRole('tab', { name: 'Historial' }).click();
  const history = page.getByRole('table', { name: 'Historial de cambios' });
  const entries = history.getByTestId('history-entry');
  await expect(entries).toHaveCount(2);
  // Newest first: the change, then the creation.
  const change = entries.nth(0);
  await expect(change).toContainText('Modificación');
  await expect(change).toContainText('Administrador (admin)');
  await expect(change).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(change.getByRole('listitem')).toHaveText(['Nombre: Zona historial → Zona historial editada']);
  const creation = entries.nth(1);
  await expect(creation).toContainText('Creación');
  await expect(creation.getByRole('listitem').filter({ hasText: 'Abreviatura' })).toHaveText(
    'Abreviatura: (vacío) → HIS',
  );
  // Keyboard: the tabs move with the arrow keys.
  await page.getByRole('tab', { name: 'Historial' }).press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Datos' })).toBeFocused();
});

test('the same tab on Usuarios: a changed name with its label, a changed password never shown', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.goto('/dashboard/usuarios?username=soporte_pais');
  await page.getByRole('link', { name: 'Editar soporte_pais' }).click();
  await expect(page.getByLabel('Usuario', { exact: true })).toHaveValue('soporte_pais');
  const before = await page.getByLabel('Apellido').inputValue();
  await page.getByLabel('Apellido').fill('Historial');
  await page.getByLabel('Contraseña', { exact: true }).fill('Otra-Clave-Segura-2026');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/usuarios\?username=soporte_pais$/);

  await page.getByRole('link', { name: 'Mostrar soporte_pais' }).click();
  await page.getByRole('tab', { name: 'Historial' }).click();
  const change = page.getByTestId('history-entry').first();
  await expect(change).toContainText('Modificación');
  await expect(change.getByRole('listitem').filter({ hasText: 'Apellido' })).toHaveText(
    `Apellido: ${before || '(vacío)'} → Historial`,
  );
  await expect(change.getByRole('listitem').filter({ hasText: 'Contraseña' })).toHaveText(
    'Contraseña: ******** → ********',
  );
  await expect(page.getByText('Otra-Clave-Segura-2026')).toHaveCount(0);
});
