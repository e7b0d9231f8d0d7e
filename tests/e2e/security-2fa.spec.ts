import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ACCOUNTS, DESKTOP, PASSWORD, PHONE, SCREENSHOTS, apiAs, apiToken, unique } from './helpers';

// Phones: what the screen shows; desktop: the whole page (as screenshots.spec.ts).
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

/** A code of the secret for the time step `k` steps from now (each code is accepted once). */
const codeAt = (secret: string, k: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * k });

test('an admin enables 2FA in /perfil and signs in again with a code; policy and profile screens', async ({
  page,
  request,
}) => {
  // A fresh admin of the demo municipality, so the demo accounts other specs use keep signing in with a password.
  const token = await apiToken(request, ACCOUNTS.admin);
  const email = `admin2fa.${unique()}@exemplo.gov.br`;
  await apiAs(request, token, 'post', '/api/users', {
    name: 'Helena Duas Etapas',
    email,
    password: PASSWORD,
    role: 'admin',
  });

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);

  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Sessões ativas' })).toBeVisible();
  await expect(page.getByText('Esta sessão')).toBeVisible();
  await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  const secretText = page.getByTestId('totp-secret');
  await expect(secretText).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
  const secret = (await secretText.textContent())!.trim();
  await shot(page, 'desktop-perfil-2fa-setup');
  await page.setViewportSize(PHONE);
  await secretText.scrollIntoViewIfNeeded();
  await shot(page, 'phone-perfil-2fa-setup');
  await page.setViewportSize(DESKTOP);
  await page.getByLabel('Código de verificação').fill(await codeAt(secret, 0));
  await page.getByRole('button', { name: 'Confirmar e ativar' }).click();
  const codes = page.getByRole('list', { name: 'Códigos de recuperação' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expect(page.getByText('Ativada', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
  await expect(page.getByText(/10 código\(s\) de recuperação/)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0)); // a full-page shot of a scrolled page repeats the sticky bar
  await shot(page, 'desktop-perfil');

  // Sign out and in again: the password, then a code from the same secret.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas' })).toBeVisible();
  await shot(page, 'desktop-login-2fa');
  await page.setViewportSize(PHONE);
  await shot(page, 'phone-login-2fa');
  await page.setViewportSize(DESKTOP);
  // a wrong code is refused and the step stays
  await page.getByLabel('Código de verificação').fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText('Código inválido ou expirado.')).toBeVisible();
  await page.getByLabel('Código de verificação').fill(await codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);

  await page.goto('/configuracoes/seguranca');
  await expect(page.getByLabel('Tamanho mínimo da senha')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Exigir verificação em duas etapas para administradores')).toBeVisible();
  await shot(page, 'desktop-configuracoes-seguranca');

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByLabel('Tamanho mínimo da senha')).toHaveValue(/\d+/);
  await shot(page, 'phone-configuracoes-seguranca');
  await page.goto('/perfil');
  await expect(page.getByRole('heading', { name: 'Sessões ativas' })).toBeVisible();
  await shot(page, 'phone-perfil');
  await page.getByRole('heading', { name: 'Sessões ativas' }).scrollIntoViewIfNeeded();
  await shot(page, 'phone-perfil-sessions');
});
