/**
 * Issue 35, as the people do it: an admin invites a colleague by e-mail from /configuracoes/usuarios, sends the
 * invitation again, and the colleague opens the newest link, sees "Criar sua senha", creates the password and
 * signs in; a password the admin typed sends the colleague to "Trocar senha" before anything else.
 * Screenshots at 1366 and 390 px.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MSG, ROLE_HOME, USER_MSG } from '@tombo/shared';
import {
  ACCOUNTS,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  login,
  mailedLink,
  resizeTo,
  submitLogin,
  unique,
  snap,
} from './helpers';

/** The page at 1366 px and at 390 px, one screenshot each; left at 1366 px. */
async function shots(page: Page, name: string) {
  for (const [size, label] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await resizeTo(page, size);
    await snap(page, { path: path.join(SCREENSHOTS, `${label}-convites-${name}.png`), fullPage: true });
  }
  await resizeTo(page, DESKTOP);
}

/** The admin's "Novo Usuário" dialog, filled; the password switch left as asked. */
async function newColleague(page: Page, name: string, email: string, typed?: string) {
  await page.goto('/configuracoes/usuarios');
  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await expect(dialog.getByText(/receberá por e-mail um convite para criar a própria senha/)).toBeVisible();
  if (typed) {
    await dialog.getByLabel('Definir uma senha provisória agora').check();
    await dialog.getByRole('textbox', { name: 'Senha provisória', exact: true }).fill(typed);
  }
  return dialog;
}

const rowOf = (page: Page, email: string) =>
  page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });

test('an admin invites a colleague, who creates the password from the link and signs in', async ({ page, browser }) => {
  test.slow(); // two browsers, a mail and a dozen steps
  const email = `convidada.${unique()}@exemplo.gov.br`;
  await login(page, ACCOUNTS.admin, 'admin');
  const dialog = await newColleague(page, 'Carla Convidada', email);
  await shots(page, 'novo-usuario');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(USER_MSG.invitationSent)).toBeVisible();
  const row = rowOf(page, email);
  await expect(row.getByText('Convite pendente')).toBeVisible();
  const first = await mailedLink(email);

  // sent again: a new link, the first one stops working
  await row.getByRole('button', { name: 'Reenviar convite para Carla Convidada' }).click();
  await expect(page.getByText(USER_MSG.invitationSent).first()).toBeVisible();
  const second = await mailedLink(email, 'criar-senha', 2);
  expect(second).not.toBe(first);
  await shots(page, 'lista-convite-pendente');

  const ctx = await browser.newContext({ viewport: PHONE });
  const colleague = await ctx.newPage();
  await colleague.goto(first);
  await expect(colleague.getByRole('heading', { name: 'Criar sua senha' })).toBeVisible();
  await expect(colleague.getByText(MSG.auth.invitationInvalid)).toBeVisible();
  await colleague.goto(second);
  await expect(colleague.getByRole('heading', { name: 'Criar sua senha' })).toBeVisible();
  await expect(colleague.getByRole('heading', { name: 'Redefinir senha' })).toHaveCount(0);
  await expect(colleague.getByText(email)).toBeVisible();
  await shots(colleague, 'criar-sua-senha');
  await colleague.getByLabel('Nova Senha', { exact: true }).fill('Convidada@2026');
  await colleague.getByLabel('Confirmar Nova Senha').fill('Convidada@2026');
  await colleague.getByRole('button', { name: 'Criar senha' }).click();
  await expect(colleague.getByText(MSG.auth.invitationAccepted)).toBeVisible();
  await colleague.getByRole('link', { name: 'Ir para o login' }).click();
  await submitLogin(colleague, email, 'Convidada@2026');
  await expect(colleague).toHaveURL(new RegExp(`${ROLE_HOME.usuario}$`));

  // the admin's list follows live: no invitation waits any more
  await expect(row.getByText('Convite pendente')).toHaveCount(0);
  await expect(row.getByText('Ativo')).toBeVisible();
  await ctx.close();
});

test('an admin revokes an invitation: the link stops working', async ({ page, browser }) => {
  const email = `revogada.${unique()}@exemplo.gov.br`;
  await login(page, ACCOUNTS.admin, 'admin');
  await (await newColleague(page, 'Rita Revogada', email)).getByRole('button', { name: 'Salvar' }).click();
  const row = rowOf(page, email);
  await expect(row.getByText('Convite pendente')).toBeVisible();
  await row.getByRole('button', { name: 'Revogar convite de Rita Revogada' }).click();
  await page.getByRole('dialog', { name: 'Revogar convite' }).getByRole('button', { name: 'Revogar convite' }).click();
  await expect(page.getByText(USER_MSG.invitationRevoked)).toBeVisible();
  await expect(row.getByText('Convite revogado')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Reenviar convite para Rita Revogada' })).toBeVisible();
  const ctx = await browser.newContext();
  const other = await ctx.newPage();
  await other.goto(await mailedLink(email));
  await expect(other.getByText(MSG.auth.invitationInvalid)).toBeVisible();
  await ctx.close();
});

test('a password the admin typed is changed at the first sign-in ("Trocar senha")', async ({ page, browser }) => {
  test.slow();
  const email = `digitada.${unique()}@exemplo.gov.br`;
  const typed = 'Provisoria@2026';
  await login(page, ACCOUNTS.admin, 'admin');
  await (await newColleague(page, 'Diego Digitado', email, typed)).getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MSG.users.created)).toBeVisible();
  await expect(rowOf(page, email).getByText('Senha provisória')).toBeVisible();

  const ctx = await browser.newContext();
  const colleague = await ctx.newPage();
  await colleague.goto('/login');
  await submitLogin(colleague, email, typed);
  await expect(colleague.getByRole('heading', { name: 'Trocar senha' })).toBeVisible();
  // nothing else first: another address shows the same screen
  await colleague.goto('/bens-cadastrados');
  await expect(colleague.getByRole('heading', { name: 'Trocar senha' })).toBeVisible();
  await shots(colleague, 'trocar-senha');
  await colleague.getByLabel('Senha Atual').fill(typed);
  await colleague.getByLabel('Nova Senha', { exact: true }).fill('Minha@Propria2026');
  await colleague.getByLabel('Confirmar Nova Senha').fill('Minha@Propria2026');
  await colleague.getByRole('button', { name: 'Trocar senha' }).click();
  await expect(colleague.getByText(MSG.passwordChanged)).toBeVisible();
  await expect(colleague.getByRole('heading', { name: 'Trocar senha' })).toHaveCount(0);
  await expect(colleague.getByRole('heading', { level: 1, name: 'Bens Cadastrados' })).toBeVisible();
  await ctx.close();
});
