import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, latestMailTo, linkInMail, signIn } from './support';

test('a failed then a successful sign-in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Ingrese su usuario')).toBeVisible();
  await expect(page.getByText('Ingrese su clave')).toBeVisible();

  await page.getByLabel('Email o usuario').fill('ejecutivo');
  await page.getByLabel('Password').fill('una-clave-equivocada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(
    page.getByText(
      'Datos inválidos. El nombre de usuario o email es incorrecto. Por favor, verifiquelos y vuelva a intentar.',
    ),
  ).toBeVisible();

  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Inicio' })).toBeVisible();
});

test('a guessed account is delayed with a message that says when to retry (issue 10)', async ({ page }) => {
  await page.goto('/login');
  // A name nobody holds: its account counter is its own, and its delays stay short (1 s here).
  await page.getByLabel('Email o usuario').fill('adivinado-e2e');
  for (let attempt = 0; attempt < 6; attempt++) {
    await page.getByLabel('Password').fill(`clave-${attempt}`);
    const answer = page.waitForResponse('**/api/token/');
    await page.getByRole('button', { name: 'Entrar' }).click();
    expect((await answer).status()).toBe(401);
  }
  await page.getByLabel('Password').fill('clave-6');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(
    page.getByText('Demasiados intentos fallidos para esta cuenta. Vuelva a intentarlo en 1 segundo.'),
  ).toBeVisible();
});

test('the sidebar and the dashboard follow each role', async ({ page }) => {
  await signIn(page, 'ejecutivo');
  const sidebar = page.getByRole('navigation', { name: 'Menú principal' });
  await expect(sidebar.getByRole('link', { name: 'Vouchers' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
  await expect(sidebar.getByText('Permisos')).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Inicio' });
  await expect(cards.getByRole('link', { name: 'Vouchers' })).toBeVisible();
  await expect(cards.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'proveedor');
  await expect(sidebar.getByRole('link', { name: 'Proveedores' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Pasajeros' })).toHaveCount(0);
  await expect(cards.getByRole('link', { name: 'Vouchers' })).toBeVisible();
  await expect(cards.getByRole('link', { name: 'Pasajeros' })).toHaveCount(0);

  await page.goto('/dashboard/usuarios');
  await expect(page.getByText('No tiene permiso para ver esta sección.')).toBeVisible();
});

test('logout revokes the tokens on the server and clears the session; the dashboard then asks to sign in', async ({
  page,
}) => {
  await signIn(page, 'soporte');
  const tokens = await page.evaluate(() =>
    JSON.parse(
      localStorage.getItem('headersSetCookie') ?? sessionStorage.getItem('headersSetCookie') ?? '{}',
    ),
  );
  const profile = (access: string) =>
    page.request.get('/api/profile/?queryType=LOGIN', { headers: { authorization: `Bearer ${access}` } });
  expect((await profile(tokens.access)).status()).toBe(200);
  const logout = page.waitForResponse((response) => response.url().endsWith('/api/token/logout/'));
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  // Issue 10: the server ended the session, so the old tokens no longer work anywhere.
  expect((await profile(tokens.access)).status()).toBe(401);
  expect(
    (await page.request.post('/api/token/refresh/', { data: { refresh: tokens.refresh } })).status(),
  ).toBe(401);
  expect(
    await page.evaluate(() => [localStorage.getItem('userData'), sessionStorage.getItem('userData')]),
  ).toEqual([null, null]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

/** Replaces the stored tokens (in the browser) with ones the server refuses. */
function expireStoredTokens() {
  for (const store of [localStorage, sessionStorage]) {
    if (store.getItem('headersSetCookie'))
      store.setItem('headersSetCookie', JSON.stringify({ access: 'caducado', refresh: 'caducado' }));
  }
}

test('an expired session goes to /login with the spec message', async ({ page }) => {
  await signIn(page, 'soporte');
  // The tokens expire while the app is closed: rewritten before it loads again. (Rewritten under
  // the open dashboard, its next call — the bell's poll — met them first, ended the session and
  // went to /login with the message, which the reload then no longer had.)
  await page.goto('about:blank');
  await page.addInitScript(expireStoredTokens);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Su sesión ha caducado. Por favor, vuelva a iniciar sesión.')).toBeVisible();
});

test('a session that expires in use goes to /login with the spec message', async ({ page }) => {
  await signIn(page, 'soporte');
  await page.evaluate(expireStoredTokens);
  // The app's next call (the dashboard's counts still loading, or the bell's poll within 15 s)
  // is refused and so is the refresh: the session ends where the user is, without a reload.
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect(page.getByText('Su sesión ha caducado. Por favor, vuelva a iniciar sesión.')).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('userData'), sessionStorage.getItem('userData')]),
  ).toEqual([null, null]);
});

// A user no other e2e test signs in as: its password changes here (vouchers.spec signs in as agencia).
test('password recovery: mail from the outbox, new password, sign in with it', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidó su contraseña?' }).click();
  await expect(page).toHaveURL(/\/recovery$/);
  // Exactly 'Email': the URL changes before the recovery screen's code has loaded, and until then
  // the sign-in screen's 'Email o usuario' is still there.
  await page.getByLabel('Email', { exact: true }).fill('nadie@example.com');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(
    page.getByText(
      'No hemos encontrado ninguna cuenta asociada a este email o no posee permisos para cambiar de contraseña.',
    ),
  ).toBeVisible();

  await page.getByLabel('Email', { exact: true }).fill('gerente.pais@demo.extranet.local');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('heading', { name: 'Verifique su email' })).toBeVisible();

  await expect.poll(() => latestMailTo('gerente.pais@demo.extranet.local')).not.toBeNull();
  const link = linkInMail(latestMailTo('gerente.pais@demo.extranet.local') ?? '');
  expect(link).toMatch(/\/recovery\/[\w-]+$/);
  await page.goto(link!);

  await page.getByLabel('Nueva contraseña').fill('agencia-1');
  await page.getByLabel('Confirmar contraseña').fill('otra');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByText('Contraseña insegura')).toBeVisible();
  await expect(page.getByText('La contraseña no coincide')).toBeVisible();

  await page.getByLabel('Nueva contraseña').fill('Mar-del-Plata-2026');
  await page.getByLabel('Confirmar contraseña').fill('Mar-del-Plata-2026');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByRole('heading', { name: 'Su contraseña fue cambiada' })).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).click();

  await signIn(page, 'gerente_pais', 'Mar-del-Plata-2026');

  await page.goto(link!);
  await page.getByLabel('Nueva contraseña').fill('Otra-Clave-Segura-9');
  await page.getByLabel('Confirmar contraseña').fill('Otra-Clave-Segura-9');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(
    page.getByText('El token de recuperación de contraseña ha expirado o es invalido.'),
  ).toBeVisible();
});

test('access by token signs in and opens the dashboard; a bad token goes to /login with an error', async ({
  page,
  request,
}) => {
  const answer = await request.post('/api/token/', {
    data: { username: 'supervisor', password: DEMO_PASSWORD },
  });
  const { access } = (await answer.json()) as { access: string };
  await page.goto(`/access?access=${access}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Menú de usuario' })).toContainText('Supervisor');

  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto('/access?access=no-es-un-token');
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('No se pudo verificar el acceso. El enlace es inválido o ha expirado.'),
  ).toBeVisible();
});
