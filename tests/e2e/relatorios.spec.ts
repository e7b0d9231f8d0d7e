import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ReportTemplate } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, openAs, unique, snap } from './helpers';

// Reports (issue 11): generate a report and watch the progress bar reach the download; the browser
// preview with real data; the layout editor (keyboard resize, save). Screenshots desktop + 390 px.

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

async function pdfText(file: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(file)) }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

test('gera um relatório: barra de progresso até o download, e o PDF traz o modelo e as páginas', async ({ page }) => {
  // The run's first PDF starts Chromium in the worker: on a busy 2-core machine that and the render took over a minute.
  test.setTimeout(240_000);
  await openAs(page, ACCOUNTS.admin, '/relatorios');
  await expect(page.getByRole('heading', { level: 1, name: 'Gerar Relatórios' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Modelo de relatório').click();
  await page.getByRole('option', { name: 'Relatório Resumido com Gráfico' }).click();
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const panel = page.getByTestId('export-panel');
  await expect(panel).toContainText('Relatório — Relatório Resumido com Gráfico (PDF)');
  await expect(panel.getByRole('progressbar')).toBeVisible();
  const button = panel.getByRole('button', { name: 'Baixar arquivo' });
  await expect(button).toBeVisible({ timeout: 150_000 });
  await expect(panel).toContainText('100%');
  await shot(page, 'relatorios-gerar-desktop');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^relatorio-resumido-com-grafico-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = path.join(test.info().outputDir, 'relatorio.pdf');
  await download.saveAs(file);
  const text = await pdfText(file);
  expect(text).toContain('Relatório Resumido com Gráfico');
  expect(text).toContain('Quantidade de bens por tipo de bem');
  expect(text).toMatch(/Total de bens: [\d.]+ · Valor total: R\$/);
  expect(text).toMatch(/Página 1 de \d+/);

  // Saved config with a weekly schedule: the spec's toast, then it is listed; deleted with its toast.
  const name = `Semanal ${unique()}`;
  await page.getByRole('button', { name: 'Salvar configuração' }).click();
  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Agendamento').click();
  await page.getByRole('option', { name: 'Semanal' }).click();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Configuração de relatório salva.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Configurações de relatório salvas' })).toContainText(name);
  await page.getByRole('button', { name: `Excluir ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Configuração de relatório excluída.')).toBeVisible();
});

test('prévia com dados reais e o editor de layout (desktop e 390 px)', async ({ browser, request }) => {
  test.setTimeout(180_000); // previews with real data, then the layout editor, at two widths
  const token = await apiToken(request, ACCOUNTS.admin);
  const { templates } = await apiAs<{ templates: ReportTemplate[] }>(request, token, 'get', '/api/report-templates');
  const base = templates.find((t) => t.name === 'Relatório Resumido com Gráfico')!;
  const { template } = await apiAs<{ template: ReportTemplate }>(request, token, 'post', '/api/report-templates', {
    name: `Resumo por setor ${unique()}`,
    fields: base.fields,
    filters: {},
    layout: base.layout.map((b) =>
      b.type === 'CHART' ? { ...b, props: { chartKind: 'pie', groupBy: 'setor', measure: 'valor' } } : b,
    ),
  });

  for (const [viewport, suffix] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openAs(page, ACCOUNTS.admin, `/relatorios/ver/${base.id}`);
    const canvas = page.getByTestId('report-canvas');
    await expect(canvas).toBeVisible({ timeout: 30_000 });
    await expect(canvas).toContainText('Resumo do patrimônio:');
    await expect(canvas.getByRole('table', { name: 'Bens do relatório' })).toBeVisible();
    await expect(canvas).toContainText(/Total de bens: [\d.]+ · Valor total: R\$/);
    await expect(canvas.getByRole('figure', { name: 'Quantidade de bens por tipo de bem' })).toBeVisible();
    await shot(page, suffix === 'phone' ? 'phone-relatorios-preview' : 'relatorios-preview-desktop');

    await page.goto('/relatorios/templates');
    await expect(page.getByRole('list', { name: 'Modelos de relatório' })).toContainText(template.name);
    await shot(page, suffix === 'phone' ? 'phone-relatorios-templates' : 'relatorios-templates-desktop');

    await page.goto(`/relatorios/templates/editor/${template.id}`);
    await expect(page.getByTestId('layout-grid')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Nome do modelo')).toHaveValue(template.name);
    await shot(page, suffix === 'phone' ? 'phone-relatorios-editor' : 'relatorios-editor-desktop');
    await context.close();
  }

  // Keyboard: the table block one row shorter (Shift + ArrowUp), then saved.
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await openAs(page, ACCOUNTS.admin, `/relatorios/templates/editor/${template.id}`);
  const table = page.getByTestId('block-table');
  await table.focus();
  await page.keyboard.press('Shift+ArrowUp');
  await expect(page.getByRole('spinbutton', { name: 'Altura' })).toHaveValue('9');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Modelo de relatório atualizado.')).toBeVisible();
  const { template: saved } = await apiAs<{ template: ReportTemplate }>(
    request,
    token,
    'get',
    `/api/report-templates/${template.id}`,
  );
  expect(saved.layout.find((b) => b.id === 'table')?.h).toBe(9);
  expect(saved.version).toBe(1);
  await shot(page, 'relatorios-editor-selecionado-desktop');
  await context.close();
});
