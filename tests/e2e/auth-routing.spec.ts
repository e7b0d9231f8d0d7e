import { expect, test } from '@playwright/test';
import { ROLE_HOME } from '@tombo/shared';
import { ACCOUNTS, login, openAs, submitLogin } from './helpers';

test.describe('login lands on each role home', () => {
  const cases = [
    { email: ACCOUNTS.admin, role: 'admin' },
    { email: ACCOUNTS.supervisor, role: 'supervisor' },
    { email: ACCOUNTS.usuario, role: 'usuario' },
    { email: ACCOUNTS.visualizador, role: 'visualizador' },
    { email: ACCOUNTS.vizinho, role: 'admin' },
    { email: ACCOUNTS.superuser, role: 'superuser' },
  ] as const;
  for (const { email, role } of cases) {
    test(`${email} → ${ROLE_HOME[role]}`, async ({ page }) => {
      await login(page, email, role);
      if (role === 'superuser') {
        await expect(page.getByText('Tombo - Superusuário')).toBeVisible();
        await expect(page.getByText('Superusuário - Painel de Controle Global')).toBeVisible();
      } else {
        await expect(page.getByRole('contentinfo').getByText('v2.0.0')).toBeVisible();
      }
    });
  }
});

test('wrong password shows the pt-BR error and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, ACCOUNTS.admin, 'senha-errada');
  await expect(page.getByText('Credenciais inválidas.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('an empty sign-in names the missing fields, focuses the first and checks each again as it is typed', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Informe o e-mail.')).toBeVisible();
  await expect(page.getByText('Informe a senha.')).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeFocused();
  await page.getByLabel('E-mail').fill(ACCOUNTS.admin);
  await expect(page.getByText('Informe o e-mail.')).toHaveCount(0);
  await expect(page.getByText('Informe a senha.')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await expect(page.getByText('Informe a senha.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByText('Credenciais inválidas.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('usuario typing /configuracoes is sent to /dashboard/usuario', async ({ page }) => {
  await openAs(page, ACCOUNTS.usuario, '/configuracoes');
  await expect(page).toHaveURL(/\/dashboard\/usuario$/);
  await expect(page.getByRole('heading', { name: 'Painel do Usuário' })).toBeVisible();
});

test('superuser visiting /bens-cadastrados is kept in /superuser', async ({ page }) => {
  await openAs(page, ACCOUNTS.superuser, '/bens-cadastrados');
  await expect(page).toHaveURL(/\/superuser$/);
  await expect(page.getByRole('heading', { name: 'Painel do Superusuário' })).toBeVisible();
});

test('a non-superuser visiting /superuser goes to /', async ({ page, baseURL }) => {
  await openAs(page, ACCOUNTS.admin, '/superuser/users');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { name: 'Visão Geral' })).toBeVisible();
});

test('unauthenticated /locais goes to /login and back to /locais after login', async ({ page }) => {
  await page.goto('/locais');
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, ACCOUNTS.visualizador);
  await expect(page).toHaveURL(/\/locais$/);
  await expect(page.getByRole('heading', { name: 'Locais' })).toBeVisible();
  // visualizador: read-only list
  await expect(page.getByRole('table', { name: 'Locais' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo Local' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar local/ })).toHaveCount(0);
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/caminho-que-nao-existe');
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
});

test('an invalid access token is refreshed once and the request retried', async ({ page }) => {
  await login(page, ACCOUNTS.supervisor, 'supervisor');
  const before = await page.evaluate(() => localStorage.getItem('tombo_refresh_token'));
  await page.evaluate(() => localStorage.setItem('tombo_token', JSON.stringify('token-invalido')));
  await page.goto('/locais');
  await expect(page.getByRole('table', { name: 'Locais' })).toBeVisible();
  await expect(page).toHaveURL(/\/locais$/);
  const after = await page.evaluate(() => [
    localStorage.getItem('tombo_token'),
    localStorage.getItem('tombo_refresh_token'),
  ]);
  expect(after[0]).not.toBe(JSON.stringify('token-invalido'));
  expect(after[1]).not.toBe(before); // rotated
});

test('a failed refresh clears the session and goes to /login with the session-expired notice', async ({ page }) => {
  await login(page, ACCOUNTS.usuario, 'usuario');
  await page.evaluate(() => {
    localStorage.setItem('tombo_token', JSON.stringify('token-invalido'));
    localStorage.setItem('tombo_refresh_token', JSON.stringify('refresh-token-invalido'));
  });
  await page.goto('/locais');
  await expect(page).toHaveURL(/\/login\?sessionExpired=1$/);
  await expect(page.getByText('Sua sessão expirou. Entre novamente.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('tombo_user'))).toBeNull();
  // Signing in again returns to the page of origin.
  await submitLogin(page, ACCOUNTS.usuario);
  await expect(page).toHaveURL(/\/locais$/);
});
