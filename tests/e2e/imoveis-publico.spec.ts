import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, login, unique, snap } from './helpers';

// Issue 13, property reports and the public page: a property made for the run (the register's API when this
// build has it, else straight in this run's database), its public page at 390 px and 1366 px, the 'Imóveis'
// tab of the public search, the templates screen generating a PDF that reaches Downloads, and the widget.

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

let denominacao = '';
let imovelId = 0;
let withPhoto = false;

async function pdfText(file: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(file)) }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  return parts.join(' ').replace(/\s+/g, ' ');
}

const PROPERTY = {
  endereco: 'Rua Coronel Pedro Alves, 1200',
  bairro: 'Vila Nova',
  area_construida: '1480.75',
  area_terreno: '3200.00',
  situacao: 'proprio',
  utilizacao: 'Escola',
};

/** A property made through the register's API, with a façade photo drawn for the test (sky, a building, a door). */
async function makeProperty(request: APIRequestContext) {
  const token = await apiToken(request, ACCOUNTS.admin);
  denominacao = `Escola Municipal Pública ${unique()}`;
  const created = await request.post('/api/imoveis', {
    headers: { Authorization: `Bearer ${token}` },
    data: { denominacao, ...PROPERTY, valor_aquisicao: '1500000.00', observacoes: 'Nota interna do imóvel' },
  });
  expect(created.status(), await created.text()).toBe(201);
  imovelId = ((await created.json()) as { id: number }).id;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450"><rect width="800" height="450" fill="#9ecbf0"/>
    <rect x="120" y="140" width="560" height="260" fill="#f4e3c1" stroke="#8a6d3b" stroke-width="6"/>
    <polygon points="100,150 400,40 700,150" fill="#b5533c"/><rect x="360" y="280" width="80" height="120" fill="#6b4226"/>
    <rect x="180" y="200" width="90" height="60" fill="#ffffff"/><rect x="530" y="200" width="90" height="60" fill="#ffffff"/>
    <rect y="400" width="800" height="50" fill="#6aa84f"/></svg>`;
  const photo = await request.post(`/api/imoveis/${imovelId}/fotos`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      file: { name: 'fachada.webp', mimeType: 'image/webp', buffer: await sharp(Buffer.from(svg)).webp().toBuffer() },
    },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  withPhoto = true;
}

test.beforeAll(async ({ request }) => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await makeProperty(request);
});

test.describe('phone 390 px', () => {
  test.use({ viewport: PHONE });

  test('a página pública do imóvel e a aba Imóveis da consulta, sem entrar no sistema', async ({ page }) => {
    await page.goto(`/consulta-publica/exemplo?aba=imoveis&q=${encodeURIComponent(denominacao)}`);
    const cards = page.getByRole('list', { name: 'Imóveis encontrados' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(cards).toContainText('Vila Nova');
    await expect(page.getByRole('tab', { name: 'Imóveis', selected: true })).toBeVisible();
    await shot(page, 'phone-public-imoveis-list');
    await cards.getByRole('link', { name: `Imóvel ${denominacao}` }).click();
    await expect(page).toHaveURL(new RegExp(`/consulta-publica/imovel/${imovelId}\\?municipio=exemplo$`));
    const card = page.getByRole('article', { name: denominacao });
    await expect(card).toContainText('Rua Coronel Pedro Alves, 1200');
    await expect(card).toContainText('1.480,75 m²');
    await expect(card).toContainText('3.200,00 m²');
    await expect(card).toContainText('Próprio');
    await expect(card).toContainText('Escola');
    await expect(page.getByText('Nota interna do imóvel')).toHaveCount(0);
    await expect(page.getByText(/R\$/)).toHaveCount(0);
    if (withPhoto) {
      const img = card.getByRole('img', { name: `Foto de ${denominacao}` });
      await expect(img).toBeVisible();
      expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    }
    // Nothing sticks out of the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'phone-public-imovel');
    await page.getByRole('link', { name: 'Voltar à consulta' }).click();
    await expect(page).toHaveURL(/aba=imoveis/);
  });
});

test.describe('desktop 1366 px', () => {
  test.use({ viewport: DESKTOP });

  test('a página pública e a tabela de imóveis', async ({ page }) => {
    await page.goto(`/consulta-publica/imovel/${imovelId}?municipio=exemplo`);
    await expect(page.getByRole('article', { name: denominacao })).toContainText('Vila Nova');
    await shot(page, 'desktop-public-imovel');
    await page.goto('/consulta-publica?municipio=exemplo');
    await page.getByRole('tab', { name: 'Imóveis' }).click();
    await page.getByLabel('Buscar por denominação, número ou endereço').fill(denominacao);
    const table = page.getByRole('table', { name: 'Imóveis encontrados' });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText('1.480,75 m²');
    await shot(page, 'desktop-public-imoveis-list');
    await page.goto('/consulta-publica/imovel/999999?municipio=exemplo');
    await expect(page.getByText('Imóvel não encontrado.')).toBeVisible();
  });

  test('modelos de relatório de imóveis: cria um, gera o PDF e ele aparece em Downloads; o widget do painel', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await login(page, ACCOUNTS.supervisor, 'supervisor');
    await expect(page.getByRole('region', { name: 'Resumo de Imóveis' })).toContainText('Imóveis cadastrados');
    await expect(page.getByRole('region', { name: 'Resumo de Imóveis' })).toContainText('m²');
    await shot(page, 'desktop-dashboard-imoveis');

    await page.goto('/imoveis/relatorios/templates');
    await expect(page.getByRole('heading', { level: 1, name: 'Modelos de Relatório de Imóveis' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Modelos de relatório de imóveis' })).toContainText(
      'Relatório Simples de Imóveis',
    );
    await shot(page, 'desktop-imoveis-templates');
    await page.getByRole('link', { name: 'Novo modelo' }).click();
    await expect(page).toHaveURL(/\/imoveis\/relatorios\/templates\/novo$/);
    const name = `Imóveis por bairro ${unique()}`;
    await page.getByLabel('Nome do modelo').fill(name);
    await page.getByRole('checkbox', { name: 'Bairro' }).check();
    await page.getByRole('checkbox', { name: 'Área do terreno (m²)' }).check();
    await page.getByRole('combobox', { name: 'Utilização' }).fill('Escola');
    await shot(page, 'desktop-imoveis-template-editor');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Modelo de relatório de imóveis criado.')).toBeVisible();
    await expect(page).toHaveURL(/\/imoveis\/relatorios\/templates\/editar\/\d+$/);

    await page.getByRole('link', { name: 'Voltar' }).click();
    await page.getByRole('button', { name: `Gerar PDF de ${name}` }).click();
    const panel = page.getByTestId('export-panel');
    await expect(panel).toContainText(`Relatório de imóveis — ${name} (PDF)`);
    await expect(panel.getByRole('button', { name: 'Baixar arquivo' })).toBeVisible({ timeout: 60_000 });

    await page.goto('/downloads');
    const item = page.getByText(`Relatório de imóveis — ${name} (PDF)`).first();
    await expect(item).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^Baixar arquivo imoveis-por-bairro-/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^imoveis-por-bairro-.*\.pdf$/);
    const file = path.join(test.info().outputDir, 'imoveis.pdf');
    await download.saveAs(file);
    const text = await pdfText(file);
    expect(text).toContain(name);
    expect(text).toContain(denominacao);
    expect(text).toContain('Vila Nova');
    expect(text).toContain('Utilização: Escola');
    expect(text).toMatch(/Total de imóveis: \d+/);
  });
});

test.describe('phone screens of the signed-in area', () => {
  test.use({ viewport: PHONE });
  test('modelos, editor e o widget a 390 px', async ({ page }) => {
    await login(page, ACCOUNTS.admin, 'admin');
    await expect(page.getByRole('region', { name: 'Resumo de Imóveis' })).toContainText('Imóveis cadastrados');
    await page.getByRole('region', { name: 'Resumo de Imóveis' }).scrollIntoViewIfNeeded();
    await shot(page, 'phone-dashboard-imoveis');
    await page.goto('/imoveis/relatorios/templates');
    await expect(page.getByRole('list', { name: 'Modelos de relatório de imóveis' })).toBeVisible();
    await shot(page, 'phone-imoveis-templates');
    await page.getByRole('link', { name: /Editar Relatório Simples de Imóveis/ }).click();
    await expect(page.getByLabel('Nome do modelo')).toHaveValue('Relatório Simples de Imóveis');
    await shot(page, 'phone-imoveis-template-editor');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
