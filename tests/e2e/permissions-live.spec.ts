import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS_MSG, PERMISSION_LABELS, type Permission } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, login, openAs, resizeTo, snap } from './helpers';

// Issue 35: a permission the superuser takes away (or gives back) reaches the open sessions of that role at once:
// menus, route guards and buttons follow without a reload. Every change is undone at the end of its test.

test.use({ viewport: DESKTOP });

async function shots(page: Page, name: string) {
  await resizeTo(page, DESKTOP);
  await snap(page, { path: path.join(SCREENSHOTS, `permissions-live-${name}.png`), fullPage: true });
  await resizeTo(page, PHONE);
  await snap(page, { path: path.join(SCREENSHOTS, `phone-permissions-live-${name}.png`) });
  await resizeTo(page, DESKTOP);
}

/** The superuser's matrix: toggles one box and saves it through the screen. */
async function toggle(page: Page, permission: Permission, role: string, on: boolean) {
  const box = page.getByRole('checkbox', { name: `${PERMISSION_LABELS[permission]} — ${role}` });
  await (on ? box.check() : box.uncheck());
  await page.getByRole('button', { name: 'Salvar alterações (1)' }).click();
  await expect(page.getByText(PERMISSIONS_MSG.saved)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar alterações', exact: true })).toBeDisabled();
}

const restore = async (request: APIRequestContext, role: 'usuario' | 'supervisor') => {
  const token = await apiToken(request, ACCOUNTS.superuser);
  const res = await request.put(`/api/superuser/permissions/${role}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { permissions: DEFAULT_ROLE_PERMISSIONS[role] },
  });
  expect(res.ok()).toBeTruthy();
};

/** Marks the document: a reload would lose it. */
const mark = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test("bens:create taken from usuario: the open list loses 'Novo Cadastro' and the open form says 'sem permissão'", async ({
  browser,
  page,
  request,
}) => {
  const usuario = await browser.newContext({ viewport: DESKTOP });
  const list = await usuario.newPage();
  try {
    await login(list, ACCOUNTS.usuario, 'usuario');
    const form = await usuario.newPage();
    await list.goto('/bens-cadastrados');
    const main = list.getByRole('main');
    const sidebar = list.getByTestId('sidebar');
    await expect(main.getByRole('link', { name: 'Novo Cadastro' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Novo Cadastro' })).toBeVisible();
    await form.goto('/bens-cadastrados/novo');
    await expect(form.getByRole('button', { name: /Salvar|Cadastrar/ }).first()).toBeVisible();
    await mark(list);
    await mark(form);

    await openAs(page, ACCOUNTS.superuser, '/superuser/permissions');
    await toggle(page, 'bens:create', 'Usuário', false);

    await expect(list.getByText(PERMISSIONS_MSG.changedLive)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Novo Cadastro' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Novo Cadastro' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'Bens Cadastrados' })).toBeVisible();
    await expect(form.getByText(PERMISSIONS_MSG.noPermissionTitle)).toBeVisible();
    await expect(form.getByRole('button', { name: /Salvar|Cadastrar/ })).toHaveCount(0);
    expect(await sameDocument(list)).toBe(true);
    expect(await sameDocument(form)).toBe(true);
    await shots(list, 'usuario-list-without-create');
    await shots(form, 'usuario-form-without-create');

    await toggle(page, 'bens:create', 'Usuário', true);
    await expect(main.getByRole('link', { name: 'Novo Cadastro' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Novo Cadastro' })).toBeVisible();
    await expect(form.getByText(PERMISSIONS_MSG.noPermissionTitle)).toHaveCount(0);
    await expect(form.getByRole('button', { name: /Salvar|Cadastrar/ }).first()).toBeVisible();
    expect(await sameDocument(list)).toBe(true);
    expect(await sameDocument(form)).toBe(true);
  } finally {
    await restore(request, 'usuario');
    await usuario.close();
  }
});

test("settings:read taken from supervisor: 'Configurações' leaves the sidebar, the user menu and the phone bar", async ({
  browser,
  page,
  request,
}) => {
  const supervisor = await browser.newContext({ viewport: DESKTOP });
  const sup = await supervisor.newPage();
  try {
    await openAs(sup, ACCOUNTS.supervisor, '/configuracoes/personalizacao');
    const sidebar = sup.getByTestId('sidebar');
    const group = sidebar.getByRole('button', { name: 'Configurações', exact: true });
    await expect(group).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Personalização' })).toBeVisible();
    await mark(sup);

    await openAs(page, ACCOUNTS.superuser, '/superuser/permissions');
    await toggle(page, 'settings:read', 'Supervisor', false);

    await expect(sup.getByText(PERMISSIONS_MSG.changedLive)).toBeVisible();
    await expect(group).toHaveCount(0);
    await expect(sidebar.getByRole('button', { name: 'Administração', exact: true })).toBeVisible();
    await expect(sup.getByText(PERMISSIONS_MSG.noPermissionTitle)).toBeVisible();
    await sup.getByRole('button', { name: /Menu do usuário/ }).click();
    await expect(sup.getByRole('menuitem', { name: 'Perfil' })).toBeVisible();
    await expect(sup.getByRole('menuitem', { name: 'Configurações' })).toHaveCount(0);
    await sup.keyboard.press('Escape');
    await resizeTo(sup, PHONE);
    const bar = sup.getByRole('navigation', { name: 'Navegação inferior' });
    await expect(bar.getByRole('link')).toHaveText(['Início', 'Bens', 'Imóveis', 'Relatórios']);
    await resizeTo(sup, DESKTOP);
    expect(await sameDocument(sup)).toBe(true);
    await shots(sup, 'supervisor-without-settings');

    await toggle(page, 'settings:read', 'Supervisor', true);
    await expect(sidebar.getByRole('button', { name: 'Configurações', exact: true })).toBeVisible();
    await expect(sup.getByText(PERMISSIONS_MSG.noPermissionTitle)).toHaveCount(0);
    await resizeTo(sup, PHONE);
    await expect(bar.getByRole('link')).toHaveText(['Início', 'Bens', 'Imóveis', 'Relatórios', 'Config']);
    expect(await sameDocument(sup)).toBe(true);
  } finally {
    await restore(request, 'supervisor');
    await supervisor.close();
  }
});
