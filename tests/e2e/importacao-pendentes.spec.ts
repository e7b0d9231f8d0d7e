import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { geafinOverLimit } from '../support/real-registers';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, openAs, snap } from './helpers';

// Issue 35: the real GEAFIN register (Latin-1, `;`, 3,833 rows) with its six long descriptions made longer than
// the asset's 4,000 characters (as published it imports whole): the valid rows become assets, the refused ones stay pending; one is
// corrected in the grid (error per cell) and confirmed. At 1366 px (one municipality) and 390 px (another).

const GEAFIN = geafinOverLimit();

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

async function walk(browser: Browser, account: string, viewport: typeof DESKTOP | typeof PHONE, tag: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await openAs(page, account, '/bens-cadastrados/importar');
  await expect(page.getByRole('button', { name: 'Escolher arquivo' })).toBeVisible({ timeout: 120_000 });
  await page
    .getByLabel('Arquivo do cadastro')
    .setInputFiles({ name: 'geafin-2cjm-relatorio-bens.csv', mimeType: 'text/csv', buffer: GEAFIN });
  await expect(page.getByTestId('importacao-encoding')).toHaveText('Codificação: Latin-1 (ISO-8859-1)', {
    timeout: 60_000,
  });
  // Every column says where it goes; the ones no field takes are kept as "dados de origem".
  const destinos = page.getByRole('table', { name: 'Destino de cada coluna' });
  await expect(destinos.getByRole('row')).toHaveCount(40);
  await expect(destinos).toContainText('Dados de origem (mantidos no bem)');
  if (!tag) {
    // An unmapped column becomes a custom field of the asset form, mapped to it at once.
    const garantia = destinos.getByRole('row').filter({ hasText: 'Dt Term Garantia' });
    await garantia
      .getByRole('button', { name: 'Criar campo personalizado "Dt Term Garantia" com esta coluna' })
      .click();
    await expect(garantia).toContainText('Campo personalizado: Dt Term Garantia');
    await expect(page.getByTestId('toast').filter({ hasText: 'Campo adicionado com sucesso.' })).toBeVisible();
  }
  await shot(page, `${tag}importacao-pendentes-colunas`);

  await page.getByRole('button', { name: 'Analisar' }).click();
  await expect(page.getByTestId('importacao-resumo')).toContainText('3.833 linhas lidas', { timeout: 120_000 });
  await shot(page, `${tag}importacao-pendentes-analise`);
  await page.getByRole('button', { name: 'Importar as válidas e manter as recusadas como pendentes' }).click();
  await expect(page.getByTestId('importacao-concluida')).toContainText('bens importados com sucesso', {
    timeout: 240_000,
  });
  const grid = page.getByTestId('importacao-pendentes');
  await expect(grid).toBeVisible({ timeout: 30_000 });
  const invalid = grid.locator('textarea[aria-invalid="true"]');
  const before = await invalid.count();
  expect(before).toBeGreaterThanOrEqual(6);
  await expect(grid.getByText('A descrição deve ter no máximo 4.000 caracteres.').first()).toBeVisible();
  await shot(page, `${tag}importacao-pendentes-grade`);

  // The first long description shortened in its cell, saved and confirmed.
  // Held by its id: once corrected it is no longer among the invalid cells.
  const cell = grid.getByTestId((await invalid.first().getAttribute('data-testid'))!);
  await cell.fill('Descrição resumida na correção da linha pendente');
  await expect(cell).toHaveAttribute('aria-invalid', 'false');
  await grid.getByRole('button', { name: 'Salvar correções' }).click();
  await expect(page.getByTestId('pendentes-aviso')).toContainText('Correções salvas.');
  await grid.getByRole('button', { name: 'Confirmar pendentes' }).click();
  await expect(page.getByTestId('pendentes-aviso')).toContainText('1 bem importado.', { timeout: 60_000 });
  await expect(page.getByTestId('pendentes-aviso')).toContainText('continuam pendentes');
  await expect(invalid).toHaveCount(before - 1);
  await shot(page, `${tag}importacao-pendentes-confirmadas`);
  await context.close();
}

test('o cadastro GEAFIN entra sem alterações: válidas importadas, recusadas pendentes, corrigidas na grade', async ({
  browser,
}) => {
  test.setTimeout(900_000);
  await walk(browser, ACCOUNTS.admin, DESKTOP, '');
  await walk(browser, ACCOUNTS.vizinho, PHONE, 'phone-');
});
