import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { LabelTemplate } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, openAs, unique, snap } from './helpers';

// Labels (issue 11): edit a label template in the mm editor, then tick 10 assets on the register,
// open "Gerar etiquetas", look at the sheet preview, generate, watch the progress and download the PDF.

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

async function pdfText(file: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(file)) }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  return parts.join(' ');
}

test('edita um template de etiqueta e gera etiquetas de 10 bens (PDF)', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, ACCOUNTS.admin);
  const name = `Etiqueta e2e ${unique()}`;
  const { template } = await apiAs<{ template: LabelTemplate }>(request, token, 'post', '/api/label-templates', {
    name,
    width: 63.5,
    height: 38.1,
    isDefault: false,
    elements: [
      { id: 'logo', type: 'LOGO', x: 3, y: 3, width: 12, height: 8 },
      { id: 'qr', type: 'QRCODE', x: 38, y: 3, width: 22, height: 22 },
      {
        id: 'numero',
        type: 'PATRIMONIO_FIELD',
        x: 3,
        y: 13,
        width: 33,
        height: 8,
        content: 'numero_patrimonio',
        fontSize: 12,
        fontWeight: 'bold',
      },
      { id: 'barras', type: 'BARCODE', x: 3, y: 28, width: 57, height: 7 },
    ],
  });

  // The editor, desktop and phone.
  for (const [viewport, shotName] of [
    [DESKTOP, 'etiquetas-editor-desktop'],
    [PHONE, 'phone-etiquetas-editor'],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openAs(page, ACCOUNTS.admin, `/etiquetas/templates/editor/${template.id}`);
    await expect(page.getByTestId('label-canvas')).toBeVisible({ timeout: 30_000 });
    // The QR is drawn in the browser a moment later.
    await expect(page.getByTestId('label-el-qr').locator('img')).toBeVisible();
    if (viewport === DESKTOP) {
      await page.getByTestId('label-el-numero').click();
      const panel = page.getByTestId('element-panel');
      await panel.getByLabel('Fonte (pt)').fill('11');
      // The editor checks with the server's schema before any request: the message sits next to the field.
      await panel.getByLabel('X (mm)').fill('200');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(panel.getByText(/O elemento ultrapassa a largura da etiqueta em/)).toBeVisible();
      await panel.getByLabel('X (mm)').fill('4');
      await expect(panel.getByText(/O elemento ultrapassa a largura da etiqueta em/)).toHaveCount(0);
      await page.getByRole('button', { name: '+ Texto livre' }).click();
      await page.getByTestId('element-panel').getByLabel('Texto').fill('Prefeitura — Patrimônio');
      await page.getByTestId('element-panel').getByLabel('Y (mm)').fill('22');
      await page.getByTestId('element-panel').getByLabel('Largura (mm)').fill('34');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Template atualizado com sucesso.')).toBeVisible();
    }
    await shot(page, shotName);
    await context.close();
  }
  const { templates } = await apiAs<{ templates: LabelTemplate[] }>(request, token, 'get', '/api/label-templates');
  const edited = templates.find((t) => t.id === template.id)!;
  expect(edited.elements.find((e) => e.id === 'numero')).toMatchObject({ fontSize: 11, x: 4 });
  expect(edited.elements.find((e) => e.type === 'TEXT')).toMatchObject({ content: 'Prefeitura — Patrimônio', y: 22 });

  // Ten assets ticked on the register → /gerar-etiquetas with the selection.
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  await openAs(page, ACCOUNTS.admin, '/bens-cadastrados');
  const boxes = page.getByRole('checkbox', { name: 'Selecionar linha' });
  await expect(boxes.first()).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 10; i++) await boxes.nth(i).check();
  const numeros: string[] = [];
  const rows = page.getByRole('grid', { name: 'Bens cadastrados' }).locator('tbody tr');
  for (let i = 0; i < 10; i++)
    numeros.push((await rows.nth(i).locator('[data-field="numero_patrimonio"]').innerText()).trim());
  await page.getByTestId('gerar-etiquetas-selecao').click();
  await expect(page).toHaveURL(/\/gerar-etiquetas$/);
  await expect(page.getByLabel('Selecionados (10)')).toBeChecked();
  await page.getByLabel('Template').click();
  await page.getByRole('option', { name }).click();
  await page.getByLabel('Posição inicial').fill('2');
  const preview = page.getByTestId('sheet-preview');
  await expect(preview).toBeVisible();
  await expect(page.getByText('10 etiquetas em 1 folha')).toBeVisible();
  await shot(page, 'etiquetas-gerar-desktop');
  await page.getByRole('button', { name: 'Gerar etiquetas' }).click();
  const panel = page.getByTestId('export-panel');
  await expect(panel).toContainText(`Etiquetas — ${name} (PDF)`);
  const button = panel.getByRole('button', { name: 'Baixar arquivo' });
  await expect(button).toBeVisible({ timeout: 90_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^etiquetas-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = path.join(test.info().outputDir, 'etiquetas.pdf');
  await download.saveAs(file);
  // Chromium splits text runs freely: compare without whitespace.
  const text = (await pdfText(file)).replace(/\s+/g, '');
  for (const n of numeros) expect(text).toContain(n.replace(/\s+/g, ''));
  expect(text).toContain('Prefeitura—Patrimônio');
  // The rendered sheet as a person sees it (pdftoppm), kept beside the screenshots.
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '110',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    path.join(SCREENSHOTS, 'etiquetas-folha-pdf'),
  ]);
  await context.close();

  // The generation screen on a phone.
  const phone = await browser.newContext({ viewport: PHONE });
  const p2 = await phone.newPage();
  await openAs(p2, ACCOUNTS.admin, '/gerar-etiquetas');
  await expect(p2.getByTestId('sheet-preview')).toBeVisible({ timeout: 30_000 });
  await shot(p2, 'phone-etiquetas-gerar');
  await phone.close();
});
