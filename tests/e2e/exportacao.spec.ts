import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, openAs, unique, snap } from './helpers';

// /exportacao (issue 11): export the assets to XLSX with a template, watch the progress, download the
// file (re-read with exceljs); /downloads lists it with its size. Screenshots desktop and phone.

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

test('exporta XLSX com um modelo novo, baixa o arquivo e o vê em Downloads', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openAs(page, ACCOUNTS.admin, '/exportacao');
  await expect(page.getByRole('heading', { level: 1, name: 'Exportação de Dados' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('list', { name: 'Modelos de exportação' })).toContainText('Relatório Simples');

  // A new template: number, description and value, the value moved up to second place.
  const name = `Contábil ${unique()}`;
  await page.getByRole('button', { name: 'Novo modelo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome do modelo').fill(name);
  await dialog.getByRole('button', { name: 'Adicionar coluna' }).click();
  await dialog.getByLabel('Campo da coluna 3').click();
  await page.getByRole('option', { name: 'Valor de Aquisição' }).click();
  await dialog.locator('#coluna-2-cabecalho').fill('Valor (R$)');
  await dialog.getByRole('button', { name: 'Mover coluna 3 para cima' }).click();
  await shot(page, 'exportacao-modelo-desktop');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Modelo de exportação salvo com sucesso.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Modelos de exportação' })).toContainText(name);

  await page.getByLabel('Modelo de exportação').click();
  await page.getByRole('option', { name }).click();
  await page.getByRole('button', { name: 'Exportar' }).click();
  const panel = page.getByTestId('export-panel');
  const button = panel.getByRole('button', { name: 'Baixar arquivo' });
  await expect(button).toBeVisible({ timeout: 60_000 });
  await expect(panel).toContainText(`${name} (XLSX) — Concluído`);
  await shot(page, 'exportacao-desktop');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^exportacao-bens-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = path.join(test.info().outputDir, 'exportacao.xlsx');
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.worksheets[0];
  expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Nº Patrimônio', 'Valor (R$)', 'Descrição do Bem']);
  expect(ws.rowCount).toBeGreaterThan(1);
  expect(typeof ws.getCell(2, 2).value).toBe('number');

  await page.goto('/downloads');
  const item = page.getByTestId('download-item').filter({ hasText: `${name} (XLSX)` });
  await expect(item).toContainText('Concluído');
  await expect(item).toContainText(/\d+(,\d+)? (B|KB|MB)/);
  await shot(page, 'downloads-desktop');
  await context.close();

  const phone = await browser.newContext({ viewport: PHONE });
  const p = await phone.newPage();
  await openAs(p, ACCOUNTS.admin, '/exportacao');
  await expect(p.getByRole('heading', { level: 1, name: 'Exportação de Dados' })).toBeVisible({ timeout: 30_000 });
  await shot(p, 'phone-exportacao');
  await p.goto('/downloads');
  const phoneItem = p.getByTestId('download-item').filter({ hasText: `${name} (XLSX)` });
  await expect(phoneItem).toBeVisible();
  await shot(p, 'phone-downloads');
  // Delete it (with confirmation): gone from the list.
  await phoneItem.getByRole('button', { name: /^Excluir/ }).click();
  await p.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(p.getByText('Arquivo excluído.')).toBeVisible();
  await expect(phoneItem).toHaveCount(0);
  await phone.close();
});
