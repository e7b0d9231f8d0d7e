import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, assetRefs, openAs, unique, snap } from './helpers';

// Issue 14: an asset's entry into service and its own useful life in the form (the type's defaults shown), then
// /relatorios/depreciacao: preview, the PDF and the XLSX through jobs with their progress and download.

let token: string;
let asset: { id: number; numero_patrimonio: string };
let tipoNome: string;

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, ACCOUNTS.admin);
  const { sectors } = await assetRefs(request, token);
  tipoNome = `Mobiliário E2E ${unique()}`;
  const tipo = await apiAs<{ id: number }>(request, token, 'post', '/api/tipos-bens', {
    name: tipoNome,
    usefulLifeMonths: 120,
    residualValuePct: '10',
  });
  asset = (
    await apiAs<{ patrimonio: typeof asset }>(request, token, 'post', '/api/patrimonios', {
      descricao_bem: `Mesa de reunião ${unique()}`,
      sectorId: Object.values(sectors)[0],
      valor_aquisicao: '10000.00',
      data_aquisicao: '2024-03-01',
      tipoId: tipo.id,
    })
  ).patrimonio;
});

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `depreciacao-relatorios-${name}.png`), fullPage: true });

test("the asset form's 'Depreciação' section: entry into service and own useful life, shown on the view page", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, ACCOUNTS.admin, `/bens-cadastrados/editar/${asset.id}`);
  const vida = page.getByLabel('Vida útil (meses)');
  await expect(vida).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Vazia: a do tipo (120 meses).')).toBeVisible();
  await expect(page.getByText('Vazio: o do tipo (10,00 %).')).toBeVisible();
  await page.getByLabel('Data de entrada em serviço').fill('15032024');
  await expect(page.getByLabel('Data de entrada em serviço')).toHaveValue('15/03/2024');
  await vida.fill('0');
  await page.getByRole('button', { name: /^Salvar/ }).click();
  await expect(page.getByText('A vida útil deve ser de 1 a 1200 meses.')).toBeVisible();
  await vida.fill('60');
  await page.getByLabel('Valor residual (%)').fill('20');
  await shot(page, 'form-desktop');
  await page.getByRole('button', { name: /^Salvar/ }).click();
  await expect(page).toHaveURL(new RegExp(`/bens-cadastrados/ver/${asset.id}$`), { timeout: 30_000 });
  const dados = page.locator('dl');
  await expect(dados).toContainText('Data de entrada em serviço15/03/2024');
  await expect(dados).toContainText('Vida útil (meses)60 meses');
  await expect(dados).toContainText('Valor residual (%)20,00 %');
  await page.setViewportSize(PHONE);
  await page.goto(`/bens-cadastrados/editar/${asset.id}`);
  await expect(page.getByLabel('Vida útil (meses)')).toHaveValue('60');
  await page.getByRole('heading', { name: 'Depreciação' }).scrollIntoViewIfNeeded();
  await shot(page, 'form-390');
});

async function gerar(page: Page, botao: 'Gerar PDF' | 'Gerar XLSX', titulo: string, arquivo: RegExp) {
  await page.getByRole('button', { name: botao }).click();
  const panel = page.getByTestId('export-panel');
  await expect(panel).toContainText(titulo);
  const button = panel.getByRole('button', { name: 'Baixar arquivo' });
  await expect(button).toBeVisible({ timeout: 60_000 });
  await expect(panel).toContainText('100%');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(arquivo);
  const file = path.join(test.info().outputDir, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

test('/relatorios/depreciacao: preview by type, the PDF and the XLSX downloaded (desktop and 390 px)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await openAs(page, ACCOUNTS.admin, '/relatorios/depreciacao');
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios de Depreciação' })).toBeVisible({
    timeout: 90_000,
  });
  await page.getByRole('combobox', { name: /^Relatório/ }).click();
  await page.getByRole('option', { name: 'Depreciação por tipo de bem' }).click();
  await page.getByLabel('Data', { exact: true }).fill('31/03/2029');
  await page.getByRole('button', { name: 'Visualizar' }).click();
  const tabela = page.getByRole('table', { name: 'Depreciação por tipo de bem' });
  await expect(tabela).toBeVisible({ timeout: 30_000 });
  // Its gross value; the book value is R$ 5.500,00 with the type's 120 months, R$ 2.000,00 with the form's 60.
  const row = tabela.getByRole('row', { name: new RegExp(tipoNome) });
  await expect(row).toContainText('R$ 10.000,00');
  await expect(row).toContainText(/R\$\s(5\.500|2\.000),00/);
  await expect(tabela).toContainText('Total');
  await gerar(page, 'Gerar PDF', 'Depreciação por tipo de bem (PDF)', /^depreciacao-por-tipo-de-bem-.*\.pdf$/);
  await shot(page, 'desktop');
  await gerar(page, 'Gerar XLSX', 'Depreciação por tipo de bem (XLSX)', /^depreciacao-por-tipo-de-bem-.*\.xlsx$/);

  await page.setViewportSize(PHONE);
  await page.getByRole('combobox', { name: /^Relatório/ }).click();
  await page.getByRole('option', { name: 'Depreciação por período' }).click();
  await page.getByRole('button', { name: 'Visualizar' }).click();
  await expect(page.getByRole('table', { name: 'Depreciação por período' })).toBeVisible({ timeout: 30_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, '390');
});
