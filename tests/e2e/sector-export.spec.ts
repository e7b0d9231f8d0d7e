import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, ARTIFACTS, openAs } from './helpers';

test('sector export: progress, download button, non-empty file, listed in Downloads', async ({ page }) => {
  await openAs(page, ACCOUNTS.admin, '/configuracoes/setores');
  await expect(page.getByRole('table', { name: 'Setores' })).toBeVisible();

  await page.getByRole('button', { name: 'Exportar XLSX' }).click();
  const panel = page.getByTestId('export-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Progresso da exportação' })).toBeVisible();
  const downloadButton = panel.getByRole('button', { name: 'Baixar arquivo' });
  await expect(downloadButton).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText('100%')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), downloadButton.click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const target = path.join(ARTIFACTS, 'downloads', `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(target);
  const bytes = fs.readFileSync(target);
  expect(bytes.length).toBeGreaterThan(0);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK'); // xlsx is a zip

  await page.goto('/downloads');
  const table = page.getByRole('table', { name: 'Arquivos gerados' });
  await expect(table.getByText('Setores (XLSX)').first()).toBeVisible();
  await expect(table.getByText('Concluído').first()).toBeVisible();
  await expect(table.getByRole('cell', { name: /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ }).first()).toBeVisible();
});
