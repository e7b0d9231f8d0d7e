import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, login, openAs, snap } from './helpers';

// The monthly close (issue 14): close two months on /depreciacao and watch the job's progress, and the depreciation
// dashboard at desktop and 390 px. The months closed here (11/2024, 12/2024) are before every competência other
// specs use. Their accounting deadline (day 25 of the next month, issue 36) is long past: they are locked as soon as
// they close, so they show 'Encerrado' and cannot be reopened (reopening an open month: contabilidade-livro.test.ts).
const shot = (page: Page, name: string, fullPage = true) =>
  snap(page, { path: path.join(SCREENSHOTS, `depreciacao-fechamento-${name}.png`), fullPage });

async function fecharMes(page: Page, mes: string, verProgresso = false) {
  const secao = page.getByRole('region', { name: 'Fechamento mensal' });
  await secao.getByLabel('Competência').fill(mes);
  // The progress bar follows the job's live job.progress events until it ends.
  const progresso = page.getByTestId('fechamento-progresso');
  const visto = progresso.waitFor({ state: 'attached', timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  await secao.getByRole('button', { name: 'Fechar mês' }).click();
  // A warm close may end before the bar is polled: the first one (100+ assets, a cold job) is watched.
  if (verProgresso) expect(await visto).toBe(true);
  else void visto;
  await expect(page.getByText(`Mês ${mes} fechado com sucesso.`)).toBeVisible({ timeout: 30_000 });
  await expect(progresso).toHaveCount(0);
  await expect(
    secao.getByRole('row', { name: new RegExp(`^${mes.replace('/', '\\/')} (Fechado|Encerrado)`) }),
  ).toBeVisible();
}

test('close two months with the progress bar, refuse one out of order and the current one; locked months stay closed', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, ACCOUNTS.admin, '/depreciacao');
  const secao = page.getByRole('region', { name: 'Fechamento mensal' });
  await expect(secao).toBeVisible();
  await fecharMes(page, '11/2024', true);
  await secao.getByLabel('Competência').fill('02/2025');
  await secao.getByRole('button', { name: 'Fechar mês' }).click();
  await expect(page.getByText('Feche antes o mês 12/2024: os meses são fechados em ordem.')).toBeVisible();
  // The current month closes only from the 1st of the next.
  const hoje = new Date();
  const mm = (d: Date) => `${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
  await secao.getByLabel('Competência').fill(mm(hoje));
  await secao.getByRole('button', { name: 'Fechar mês' }).click();
  await expect(
    page.getByText(
      `O mês ${mm(hoje)} ainda não terminou: ele pode ser fechado a partir de 01/${mm(new Date(hoje.getFullYear(), hoje.getMonth() + 1, 1))}.`,
    ),
  ).toBeVisible();
  await fecharMes(page, '12/2024');
  await secao.scrollIntoViewIfNeeded();
  await shot(page, 'desktop');
  // Past their deadline: 'Encerrado', and no 'Reabrir'.
  await expect(secao.getByRole('row', { name: /^12\/2024 Encerrado/ })).toBeVisible();
  await expect(secao.getByRole('button', { name: 'Reabrir' })).toHaveCount(0);
});

test('a supervisor closes but may not reopen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, ACCOUNTS.supervisor, '/depreciacao');
  const secao = page.getByRole('region', { name: 'Fechamento mensal' });
  await expect(secao.getByRole('button', { name: 'Fechar mês' })).toBeVisible();
  await expect(secao.getByRole('button', { name: 'Reabrir' })).toHaveCount(0);
  await secao.scrollIntoViewIfNeeded();
  await shot(page, 'phone');
});

async function dashboard(page: Page) {
  await page.goto('/dashboard/depreciacao');
  await expect(page.getByLabel('Posição em')).toHaveValue('31/12/2024');
  for (const label of ['Valor bruto', 'Depreciação acumulada', 'Valor contábil', 'Quota do mês'])
    await expect(page.getByRole('group', { name: label, exact: true })).toContainText('R$');
  await expect(page.getByText('Valores dos lançamentos fechados (último mês fechado: 12/2024).')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Por tipo de bem' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Por setor' }).locator('svg').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Evolução mensal' }).locator('svg').first()).toBeVisible();
}

test('the depreciation dashboard at desktop and 390 px: cards fit, a projected position', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await login(page, ACCOUNTS.admin, 'admin');
  await dashboard(page);
  await shot(page, 'dashboard-desktop');
  await page.getByLabel('Posição em').fill('31/03/2025');
  await expect(page.getByText('Projeção pelas regras após o último mês fechado (12/2024).')).toBeVisible();
  await page.setViewportSize(PHONE);
  await page.getByLabel('Posição em').fill('');
  await page.reload();
  await dashboard(page);
  // Every figure fits its card at 390 px, and the page does not scroll sideways.
  for (const card of await page.getByRole('group').all()) {
    const fits = await card.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
    expect(fits).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await shot(page, 'dashboard-phone');
});
