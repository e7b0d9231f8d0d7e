/**
 * The superuser onboards a city hall from /superuser/municipalities (municipality + first admin in one
 * dialog); the admin opens the invitation link from the dev outbox, creates a password and signs in to
 * their own, empty municipality. Screenshots of the superuser screens at desktop and 390 px.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SUPERUSER_MSG } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, login, openAs, mailedLink, submitLogin, unique, snap } from './helpers';

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

test('the superuser onboards a municipality and its first admin signs in', async ({ page, browser }) => {
  test.slow(); // three browser contexts and a dozen steps: more than the default minute on a busy machine
  const k = unique();
  const name = `Prefeitura Municipal de Onboarding ${k}`;
  const slug = `onboarding-${k}`;
  const email = `admin.${k}@onboarding.gov.br`;
  const ibge = `43${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;

  await openAs(page, ACCOUNTS.superuser, '/superuser/municipalities');
  await page.getByRole('button', { name: 'Novo Município' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Município' });
  await dialog.getByRole('textbox', { name: 'Nome', exact: true }).fill(name);
  await expect(dialog.getByLabel(/slug/)).toHaveValue(`onboarding-${k}`);
  await dialog.getByLabel('UF').click();
  await page.getByRole('option', { name: 'RS', exact: true }).click();
  // a wrong IBGE code for the UF is shown on the field
  await dialog.getByLabel('Código IBGE').fill('3106200');
  await dialog.getByLabel('CNPJ (opcional)').fill('11222333000181');
  await dialog.getByLabel('Nome do administrador').fill('Beatriz Admin');
  await dialog.getByLabel('E-mail do administrador').fill(email);
  await dialog.getByRole('button', { name: 'Criar e enviar convite' }).click();
  await expect(dialog.getByText(SUPERUSER_MSG.ibgeUf)).toBeVisible();
  await dialog.getByLabel('Código IBGE').fill(ibge);
  await expect(dialog.getByLabel('CNPJ (opcional)')).toHaveValue('11.222.333/0001-81');
  await shot(page, 'desktop-superuser-municipality-dialog');
  await dialog.getByRole('button', { name: 'Criar e enviar convite' }).click();
  await expect(page.getByText(SUPERUSER_MSG.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(slug);
  await shot(page, 'desktop-superuser-municipalities');

  // the dashboard shows it (live: the row is there without a reload of the page's data by hand)
  await page.goto('/superuser');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await shot(page, 'desktop-superuser-dashboard');

  // the admin, in another browser, follows the invitation
  const link = await mailedLink(email);
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await admin.goto(link);
  await admin.getByLabel('Nova Senha', { exact: true }).fill('Onboarding@2026');
  await admin.getByLabel('Confirmar Nova Senha').fill('Onboarding@2026');
  await expect(admin.getByRole('heading', { name: 'Criar sua senha' })).toBeVisible();
  await admin.getByRole('button', { name: 'Criar senha' }).click();
  await admin.getByRole('link', { name: 'Ir para o login' }).click();
  await submitLogin(admin, email, 'Onboarding@2026');
  await expect(admin).toHaveURL(/\/dashboard\/admin$/);
  await expect(admin.getByText(name).first()).toBeVisible();

  // deactivated: the admin's next sign-in is refused with the clear message
  await page.goto('/superuser/municipalities');
  await page.getByRole('button', { name: `Desativar ${name}` }).click();
  await shot(page, 'desktop-superuser-municipality-deactivate');
  await page.getByRole('dialog').getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByText(SUPERUSER_MSG.deactivated)).toBeVisible();
  const again = await browser.newContext();
  const refused = await again.newPage();
  await refused.goto('/login');
  await submitLogin(refused, email, 'Onboarding@2026');
  await expect(refused.getByText(SUPERUSER_MSG.municipalityInactive)).toBeVisible();
  await page.getByRole('button', { name: `Reativar ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reativar' }).click();
  await expect(page.getByText(SUPERUSER_MSG.reactivated)).toBeVisible();
  await ctx.close();
  await again.close();
});

test('superuser screens at desktop and 390 px', async ({ page }) => {
  test.slow(); // twelve screens, each waited for
  await login(page, ACCOUNTS.superuser, 'superuser');
  const screens: [string, string, string][] = [
    ['/superuser', 'dashboard', 'Painel do Superusuário'],
    ['/superuser/municipalities', 'municipalities', 'Municípios'],
    ['/superuser/users', 'users', 'Usuários'],
    ['/superuser/assets-by-user', 'assets-by-user', 'Bens por Usuário'],
    ['/superuser/system-information', 'system-information', 'Informações do Sistema'],
    ['/superuser/public-search', 'public-search', 'Consulta Pública'],
  ];
  for (const [size, label] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    await page.setViewportSize(size);
    for (const [url, name, heading] of screens) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await shot(page, `${label}-superuser-${name}`);
    }
  }
  // the users list filters on the server
  await page.setViewportSize(DESKTOP);
  await page.goto('/superuser/users');
  await page.getByLabel('Buscar por nome ou e-mail').fill(ACCOUNTS.vizinho);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('row').nth(1)).toContainText(ACCOUNTS.vizinho);
  await page.getByRole('button', { name: /^Editar / }).click();
  await expect(page.getByRole('dialog').getByText(SUPERUSER_MSG.moveRefused)).toBeVisible();
  await shot(page, 'desktop-superuser-user-dialog');
});
