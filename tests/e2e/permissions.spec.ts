/**
 * Users, groups and permissions (SPEC §6): a user created in a group sees only that group's
 * modules; a change of the group's permissions shows in the menu at the next sign-in.
 * Setup goes through the API as the admin (the same calls the Usuarios and Grupos screens make);
 * sign-in, the sidebar and the dashboard are checked in the UI.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, signIn } from './support';

const USER = { username: 'e2e_zonas', email: 'e2e.zonas@example.com', password: 'Zonas-y-Tags-2026' };

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/token/', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  expect(response.status()).toBe(200);
  return `Bearer ${(await response.json()).access}`;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('a user in a group sees only its modules, and the menu follows the group at the next sign-in', async ({
  page,
  request,
}) => {
  const authorization = await adminToken(request);
  const headers = { authorization };

  // Grupos: POST /groups/ writes the group and its status record in one transaction.
  const group = await request.post('/api/groups/', {
    headers,
    data: { name: 'E2E Zonas y Tags', all_permissions: ['zone/view', 'zone/add', 'tags/view'] },
  });
  expect(group.status()).toBe(201);
  const groupId = (await group.json()).id as number;
  expect((await request.get(`/api/status_group/${groupId}/`, { headers })).status()).toBe(200);

  // Usuarios: POST /profile/ with the group; its modules follow the group's permissions.
  const user = await request.post('/api/profile/', {
    headers,
    data: { ...USER, first_name: 'Zonas', last_name: 'E2E', groups: [groupId] },
  });
  expect(user.status()).toBe(201);
  expect((await user.json()).modules).toEqual(['tags', 'zones']);

  await signIn(page, USER.username, USER.password);
  const sidebar = page.getByRole('navigation', { name: 'Menú principal' });
  const cards = page.getByRole('list', { name: 'Inicio' });
  await expect(sidebar.getByRole('link', { name: 'Zonas' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Tags' })).toBeVisible();
  for (const hidden of ['Vouchers', 'Reservas', 'Usuarios', 'Grupos', 'Currency', 'Oficinas'])
    await expect(sidebar.getByRole('link', { name: hidden })).toHaveCount(0);
  await expect(sidebar.getByText('Permisos')).toHaveCount(0);
  await expect(cards.getByRole('link')).toHaveText([/Zonas/, /Tags/]);

  // A section the group does not allow is refused, even by address.
  await page.goto('/dashboard/usuarios');
  await expect(page.getByText('No tiene permiso para ver esta sección.')).toBeVisible();
  await page.goto('/dashboard');
  await signOut(page);

  // Grupos edit: PUT /groups/{id}/ then GET and PUT /status_group/{id}/.
  const edited = await request.put(`/api/groups/${groupId}/`, {
    headers,
    data: { name: 'E2E Zonas y Tags', all_permissions: ['zone/view', 'currency/view'] },
  });
  expect(edited.status()).toBe(200);
  const status = await request.get(`/api/status_group/${groupId}/`, { headers });
  expect(status.status()).toBe(200);
  expect(
    (await request.put(`/api/status_group/${groupId}/`, { headers, data: await status.json() })).status(),
  ).toBe(200);

  await signIn(page, USER.username, USER.password);
  await expect(sidebar.getByRole('link', { name: 'Zonas' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Currency' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Tags' })).toHaveCount(0);
  // Cards need the module too: Tags went with its permission; Currencies was never a module of this user.
  await expect(cards.getByRole('link')).toHaveText([/Zonas/]);
  await signOut(page);

  // Grupos delete: the status record, then the group, in one call.
  expect((await request.delete(`/api/groups/${groupId}/`, { headers })).status()).toBe(204);
  expect((await request.get(`/api/status_group/${groupId}/`, { headers })).status()).toBe(404);

  // Without a group: an empty dashboard, not an error.
  await signIn(page, USER.username, USER.password);
  await expect(page.getByText('No tiene módulos habilitados. Consulte con un administrador.')).toBeVisible();
  await expect(cards).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Zonas' })).toHaveCount(0);
});

test('the Usuarios and Grupos screens list users and groups for the admin', async ({ page }) => {
  await signIn(page, ADMIN.username);
  await page.goto('/dashboard/usuarios');
  await expect(page.getByRole('cell', { name: 'ejecutivo', exact: true })).toBeVisible();
  await page.goto('/dashboard/grupos');
  await expect(page.getByRole('cell', { name: 'Administracion Proveedor', exact: true })).toBeVisible();
});

// The server writes and removes the group's status record in the group's own transaction
// (engine-server's tests prove the record); the client sends one call per save or delete.
test('Grupos through the screens: is_active travels with the group, no compensating calls', async ({
  page,
  request,
}) => {
  const headers = { authorization: await adminToken(request) };
  const statusCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/status_group/')) statusCalls.push(`${sent.method()} ${sent.url()}`);
  });
  await signIn(page, ADMIN.username);
  await page.goto('/dashboard/grupos/create');
  await page.getByLabel('Nombre').fill('E2E Grupo por pantalla');
  await page.getByRole('group', { name: 'Permisos' }).getByLabel('Ver Zonas', { exact: true }).check();
  const posted = page.waitForRequest(
    (sent) => sent.url().endsWith('/api/groups/') && sent.method() === 'POST',
  );
  await page.getByRole('button', { name: 'Guardar' }).click();
  expect((await posted).postDataJSON()).toEqual({
    name: 'E2E Grupo por pantalla',
    is_active: true,
    all_permissions: ['zone/view'],
  });
  await expect(page).toHaveURL(/\/dashboard\/grupos$/);

  const list = await request.get('/api/groups/?search=E2E Grupo por pantalla', { headers });
  const [created] = (await list.json()).results as { id: number; all_permissions: string[] }[];
  expect(created.all_permissions).toEqual(['zone/view']);

  await page.getByRole('search', { name: 'Filtros' }).getByLabel('Buscar').fill('E2E Grupo por pantalla');
  await page.getByRole('search', { name: 'Filtros' }).getByLabel('Buscar').press('Enter');
  await page.getByRole('button', { name: 'Eliminar E2E Grupo por pantalla' }).click();
  // The DELETE goes when the undo window ends (issue 18).
  const deleted = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' && response.url().endsWith(`/api/groups/${created.id}/`),
    { timeout: 15_000 },
  );
  await page.getByRole('dialog', { name: 'Estas seguro?' }).getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('No hay resultados.')).toBeVisible();
  expect((await deleted).status()).toBe(204);
  expect((await request.get(`/api/groups/${created.id}/`, { headers })).status()).toBe(404);
  expect(statusCalls).toEqual([]);
});

test('Usuarios through the screens: a weak password is refused, then the user is created and signs in', async ({
  page,
  request,
}) => {
  const headers = { authorization: await adminToken(request) };
  await signIn(page, ADMIN.username);
  await page.goto('/dashboard/usuarios/create');
  await page.getByLabel('Usuario', { exact: true }).fill('e2e_pantalla');
  await page.getByLabel('Email').fill('e2e.pantalla@example.com');
  await page.getByLabel('Contraseña').fill('corta');
  await page.getByLabel('Buscar oficina').fill('córdoba');
  await page.getByRole('combobox', { name: 'Oficina' }).selectOption({ label: 'Sucursal Córdoba' });
  await page.getByLabel('Nombre', { exact: true }).fill('Pantalla');
  await page.getByRole('group', { name: 'Grupos' }).getByLabel('Agencia').check();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('La contraseña debe tener al menos 8 caracteres.')).toBeVisible();
  await expect(page.getByLabel('Usuario', { exact: true })).toHaveValue('e2e_pantalla');

  await page.getByLabel('Contraseña').fill('Cataratas-del-Iguazu-9');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/usuarios$/);
  const found = await request.get('/api/profile/?username=e2e_pantalla', { headers });
  const [created] = (await found.json()).results as { groups: number[]; office: number | null }[];
  expect(created.groups).toEqual([16]);
  expect(created.office).not.toBeNull();

  await signOut(page);
  await signIn(page, 'e2e_pantalla', 'Cataratas-del-Iguazu-9');
  await expect(
    page.getByRole('list', { name: 'Inicio' }).getByRole('link', { name: 'Vouchers' }),
  ).toBeVisible();
});
