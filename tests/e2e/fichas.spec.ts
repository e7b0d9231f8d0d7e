import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { pdfText } from '../support/pdf';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, openAs, unique, snap } from './helpers';

// Record sheets and custody terms (issue 11): print a ficha from an asset's view and download it; edit a
// ficha template with its live preview; issue a custody term and download its version.

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

async function firstAsset(request: Parameters<typeof apiToken>[0], token: string) {
  const { patrimonios } = await apiAs<{
    patrimonios: Array<{ id: number; numero_patrimonio: string; sectorId: number }>;
  }>(request, token, 'get', '/api/patrimonios?page=1&pageSize=1');
  expect(patrimonios.length).toBe(1);
  return patrimonios[0];
}

test('imprime a ficha de um bem: progresso e download do PDF', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, ACCOUNTS.admin);
  const asset = await firstAsset(request, token);
  for (const [viewport, name] of [
    [DESKTOP, 'ficha-print-desktop'],
    [PHONE, 'phone-ficha-print'],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openAs(page, ACCOUNTS.admin, `/bens-cadastrados/ver/${asset.id}`);
    await page.getByRole('button', { name: 'Imprimir ficha' }).click();
    const dialog = page.getByRole('dialog', { name: 'Imprimir ficha' });
    await expect(dialog.getByLabel('Modelo de ficha')).toContainText('Ficha Padrão');
    await dialog.getByRole('button', { name: 'Gerar PDF' }).click();
    const panel = dialog.getByTestId('export-panel');
    const button = panel.getByRole('button', { name: 'Baixar arquivo' });
    await expect(button).toBeVisible({ timeout: 60_000 });
    await shot(page, name);
    if (viewport === DESKTOP) {
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(/^ficha-.+\.pdf$/);
      const file = path.join(test.info().outputDir, 'ficha.pdf');
      await download.saveAs(file);
      const [page1] = await pdfText(fs.readFileSync(file));
      expect(page1).toContain(asset.numero_patrimonio);
      expect(page1).toContain('Ficha Patrimonial');
    }
    await context.close();
  }
});

test('gerenciador de fichas: lista, novo modelo com prévia e edição', async ({ browser }) => {
  test.setTimeout(120_000);
  for (const [viewport, name] of [
    [DESKTOP, 'fichas-editor-desktop'],
    [PHONE, 'phone-fichas-editor'],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openAs(page, ACCOUNTS.admin, '/gerenciador-fichas');
    await expect(page.getByRole('link', { name: 'Ficha Padrão', exact: true })).toBeVisible({ timeout: 30_000 });
    if (viewport === DESKTOP) await shot(page, 'fichas-list-desktop');
    await page.getByRole('link', { name: 'Nova ficha' }).click();
    const nome = `Ficha e2e ${unique()}`;
    await page.getByLabel('Nome do modelo').fill(nome);
    await page.getByLabel('Mostrar histórico de movimentações').uncheck();
    await page.getByLabel('Observações').uncheck();
    const preview = page.getByTestId('ficha-preview');
    await expect(preview).toContainText('Ficha Patrimonial');
    await expect(preview).not.toContainText('Histórico de movimentações');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/gerenciador-fichas\/editor\/\d+$/);
    await expect(page.getByText('Modelo de ficha criado com sucesso!')).toBeVisible();
    await shot(page, name);
    await context.close();
  }
});

test('emite um termo de responsabilidade e baixa a versão', async ({ browser }) => {
  test.setTimeout(150_000);
  for (const [viewport, name] of [
    [DESKTOP, 'termos-desktop'],
    [PHONE, 'phone-termos'],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openAs(page, ACCOUNTS.supervisor, '/termos');
    await expect(page.getByRole('heading', { level: 1, name: 'Termos de Responsabilidade' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByLabel('Setor').click();
    await page.getByRole('option', { name: 'Administração' }).click();
    await page.getByLabel('Responsável (detentor)').fill('Maria Responsável');
    await page.getByRole('button', { name: 'Emitir termo' }).click();
    await expect(page.getByTestId('export-panel').getByRole('button', { name: 'Baixar arquivo' })).toBeVisible({
      timeout: 60_000,
    });
    const row = page.getByTestId('termo-row').first();
    await expect(row).toContainText('Disponível', { timeout: 30_000 });
    await expect(row).toContainText('Maria Responsável');
    await shot(page, name);
    if (viewport === DESKTOP) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: /Baixar termo/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^termo-TR-\d{4}-\d{6}-v\d+\.pdf$/);
      const file = path.join(test.info().outputDir, 'termo.pdf');
      await download.saveAs(file);
      const text = (await pdfText(fs.readFileSync(file))).join(' ');
      expect(text).toContain('Termo de Responsabilidade');
      expect(text).toContain('Maria Responsável');
      expect(text).toContain('Lei nº 4.320');
    }
    await context.close();
  }
});

test('imprime as fichas dos bens marcados na lista', async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  await openAs(page, ACCOUNTS.admin, '/bens-cadastrados');
  const boxes = page.getByRole('checkbox', { name: 'Selecionar linha' });
  await expect(boxes.first()).toBeVisible({ timeout: 30_000 });
  const rows = page.getByRole('grid', { name: 'Bens cadastrados' }).locator('tbody tr');
  const numeros: string[] = [];
  for (let i = 0; i < 3; i++) {
    await boxes.nth(i).check();
    numeros.push((await rows.nth(i).locator('[data-field="numero_patrimonio"]').innerText()).trim());
  }
  await page.getByRole('button', { name: 'Imprimir fichas (3)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Imprimir fichas (3 bens)' });
  await dialog.getByRole('button', { name: 'Gerar PDF' }).click();
  const button = dialog.getByTestId('export-panel').getByRole('button', { name: 'Baixar arquivo' });
  await expect(button).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = path.join(test.info().outputDir, 'fichas.pdf');
  await download.saveAs(file);
  const pages = await pdfText(fs.readFileSync(file));
  expect(pages.length).toBeGreaterThanOrEqual(3);
  for (const n of numeros) expect(pages.join('\n')).toContain(n);
  await context.close();
});
