import { expect, test } from '@playwright/test';
import { ACCOUNTS, PHONE, login } from './helpers';

test.use({ viewport: PHONE });

test('phone layout: bottom bar with 5 entries, Menu sheet, no desktop sidebar', async ({ page }) => {
  await login(page, ACCOUNTS.admin, 'admin');
  const bar = page.getByRole('navigation', { name: 'Navegação inferior' });
  await expect(bar).toBeVisible();
  const links = bar.getByRole('link');
  await expect(links).toHaveCount(5);
  await expect(links).toHaveText(['Início', 'Bens', 'Imóveis', 'Relatórios', 'Config']);
  await expect(page.getByTestId('sidebar')).toHaveCount(0);

  // 'Menu' sheet: user's name and role, groups; closes on route change.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const sheet = page.getByRole('presentation').filter({ hasText: 'Ana Administradora' });
  await expect(sheet.getByText('Administrador', { exact: true })).toBeVisible();
  await sheet.getByRole('button', { name: 'Patrimônio' }).click();
  await sheet.getByRole('link', { name: 'Locais' }).click();
  await expect(page).toHaveURL(/\/locais$/);
  await expect(sheet).toHaveCount(0);

  await bar.getByRole('link', { name: 'Bens' }).click();
  await expect(page).toHaveURL(/\/bens-cadastrados$/);
  await expect(page.getByRole('heading', { name: 'Bens Cadastrados' })).toBeVisible();
});
