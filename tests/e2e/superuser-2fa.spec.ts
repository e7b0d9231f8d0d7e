import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { SECURITY_MSG } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PASSWORD, PHONE, SCREENSHOTS, apiAs, apiToken, login, unique, snap } from './helpers';

// The superuser's own two-step sign-in (/superuser/security, from the avatar menu). A fresh superuser, so the
// demo superuser other specs sign in as keeps signing in with a password.

async function shots(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, { path: path.join(SCREENSHOTS, `superuser-${name}.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await snap(page, { path: path.join(SCREENSHOTS, `phone-superuser-${name}.png`) });
  await page.setViewportSize(DESKTOP);
}

const PROVISIONAL = 'Provisoria@2026';

test('a superuser enables their own 2FA with a QR and a code, keeps the recovery codes and disables it', async ({
  page,
  request,
}) => {
  const email = `su2fa.${unique()}@tombo.gov.br`;
  await apiAs(request, await apiToken(request, ACCOUNTS.superuser), 'post', '/api/superuser/users', {
    name: 'Sofia Superusuária',
    email,
    password: PROVISIONAL,
    role: 'superuser',
  });
  // a password the superuser typed is changed at the first sign-in (issue 35): the test's own one from here
  const changed = { currentPassword: PROVISIONAL, password: PASSWORD };
  await apiAs(request, await apiToken(request, email, PROVISIONAL), 'put', '/api/auth/password', changed);
  await login(page, email, 'superuser');
  await page.getByRole('button', { name: 'Menu do usuário Sofia Superusuária' }).click();
  await page.getByRole('menuitem', { name: 'Verificação em duas etapas' }).click();
  await expect(page).toHaveURL(/\/superuser\/security$/);
  await expect(page.getByRole('heading', { name: 'Segurança da Conta' })).toBeVisible();
  await expect(page.getByText('Desativada', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  await expect(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await shots(page, 'security-2fa-setup');
  await page.getByLabel('Código de verificação').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
  await expect(page.getByText(SECURITY_MSG.twoFactorEnabled)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(page.getByText('Ativada', { exact: true })).toBeVisible();
  await shots(page, 'security');

  // the sign-in now asks for a code
  const first = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(((await first.json()) as { twoFactor?: string }).twoFactor).toBe('verify');

  await page.getByRole('button', { name: 'Desativar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Desativar verificação em duas etapas' });
  await dialog.getByLabel('Senha atual').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Desativar' }).click();
  await expect(page.getByText(SECURITY_MSG.twoFactorDisabled)).toBeVisible();
  await expect(page.getByText('Desativada', { exact: true })).toBeVisible();
});
