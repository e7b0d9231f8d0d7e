import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { SECURITY_MSG } from '@tombo/shared';
import {
  ACCOUNTS,
  DESKTOP,
  PASSWORD,
  PHONE,
  SCREENSHOTS,
  apiAs,
  apiToken,
  newSignedUpUser,
  unique,
  snap,
} from './helpers';

// Phones: what the screen shows; desktop: the whole page (as screenshots.spec.ts).
const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

/** A code of the secret for the time step `k` steps from now (each code is accepted once). */
const codeAt = (secret: string, k: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * k });

test('an admin enables 2FA in /perfil and signs in again with a code; policy and profile screens', async ({
  page,
  request,
}) => {
  // A fresh admin of the demo municipality, so the demo accounts other specs use keep signing in with a password.
  const token = await apiToken(request, ACCOUNTS.admin);
  const email = `admin2fa.${unique()}@exemplo.gov.br`;
  await newSignedUpUser(request, token, { name: 'Helena Duas Etapas', email, password: PASSWORD, role: 'admin' });

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

test("an admin sees who has 2FA on and resets a user's 2FA after confirming; the superuser's list shows it too", async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, ACCOUNTS.admin);
  const email = `perdeu.celular.${unique()}@exemplo.gov.br`;
  const name = `Paulo Sem Celular ${unique()}`;
  await newSignedUpUser(request, admin, { name, email, password: PASSWORD, role: 'visualizador' });
  // the user turns 2FA on by the API (as /perfil would)
  const own = await apiToken(request, email);
  const setup = await apiAs<{ secret: string }>(request, own, 'post', '/api/auth/2fa/setup', {});
  await apiAs(request, own, 'post', '/api/auth/2fa/enable', { code: await codeAt(setup.secret, 0) });

  const su = await page.context().browser()!.newContext();
  try {
    const suPage = await su.newPage();
    await suPage.goto('/login');
    await suPage.getByLabel('E-mail').fill(ACCOUNTS.superuser);
    await suPage.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await suPage.getByRole('button', { name: 'Entrar', exact: true }).click();
    await expect(suPage).toHaveURL(/\/superuser$/);
    await suPage.goto('/superuser/users');
    await suPage.getByLabel('Buscar por nome ou e-mail').fill(name);
    await expect(suPage.getByRole('button', { name: `Redefinir 2FA de ${name}` })).toBeVisible();
    await expect(suPage.getByRole('row').filter({ hasText: email }).getByText('2FA ativa')).toBeVisible();
    await expect(suPage.getByRole('row')).toHaveCount(2); // the header and the user searched for
    await snap(suPage, { path: path.join(SCREENSHOTS, 'superuser-users-2fa.png'), fullPage: true });
    await suPage.setViewportSize(PHONE);
    await snap(suPage, { path: path.join(SCREENSHOTS, 'phone-superuser-users-2fa.png') });
  } finally {
    await su.close();
  }

  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ACCOUNTS.admin);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await page.goto('/configuracoes/usuarios');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('2FA ativa')).toBeVisible();
  await row.getByRole('button', { name: `Redefinir 2FA de ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Redefinir verificação em duas etapas' });
  await expect(dialog).toContainText(name);
  await shot(page, 'desktop-usuarios-2fa-reset');
  await page.setViewportSize(PHONE);
  await shot(page, 'phone-usuarios-2fa-reset');
  await page.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'Desativar 2FA' }).click();
  await expect(page.getByText(SECURITY_MSG.twoFactorReset)).toBeVisible();
  await expect(row.getByText('Sem 2FA')).toBeVisible();
  await expect(row.getByRole('button', { name: `Redefinir 2FA de ${name}` })).toHaveCount(0);
  await shot(page, 'desktop-usuarios-2fa');
  await page.setViewportSize(PHONE);
  await shot(page, 'phone-usuarios-2fa');

  // the user signs in with the password alone again
  const again = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(((await again.json()) as { token?: string }).token).toBeTruthy();
});
