import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, login, openAs, snap } from './helpers';

// Phones: what the screen shows (fixed bottom bar in place); desktop: the whole page.
const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`screenshots ${label}`, () => {
    test.use({ viewport, colorScheme: 'light' });

    test(`login, dashboard and sectors (${label}, light)`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Entrar', exact: true })).toBeVisible();
      await shot(page, `${label}-login-light`);

      await login(page, ACCOUNTS.admin, 'admin');
      await expect(page.getByRole('heading', { name: 'Painel do Administrador' })).toBeVisible();
      await expect(page.getByText('Setores', { exact: true }).first()).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await shot(page, `${label}-dashboard-light`);

      await page.goto('/configuracoes/setores');
      await expect(page.getByRole('table', { name: 'Setores' })).toBeVisible();
      await shot(page, `${label}-sectors-light`);
    });

    test(`numbering page with the next number per sector (${label}, light)`, async ({ page }) => {
      await openAs(page, ACCOUNTS.admin, '/configuracoes/numeracao-bens');
      const next = page.getByRole('table', { name: 'Próximo número por setor' });
      await expect(next).toBeVisible();
      await expect(next.getByRole('row').nth(1)).toContainText(/\d{2}/);
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      // The phone shot is the screen only: bring the table into it (desktop shots are the whole page).
      if (label === 'phone') await next.scrollIntoViewIfNeeded();
      await shot(page, `${label}-numeracao-bens-light`);
    });
  });
}

test.describe('screenshots dark', () => {
  test.use({ viewport: DESKTOP });
  test('dashboard in dark mode (desktop)', async ({ page }) => {
    await login(page, ACCOUNTS.admin, 'admin');
    await page.getByRole('button', { name: 'Alterar tema' }).click();
    await page.getByRole('menuitem', { name: 'Escuro' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tombo_theme'))).toBe('"dark"');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await shot(page, 'desktop-dashboard-dark');

    await page.goto('/configuracoes/setores');
    await expect(page.getByRole('table', { name: 'Setores' })).toBeVisible();
    await shot(page, 'desktop-sectors-dark');
  });
});
