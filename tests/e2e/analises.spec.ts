import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  apiAs,
  apiToken,
  assetRefs,
  login,
  openAs,
  unique,
  snap,
} from './helpers';

// A type of its own with two assets acquired in May 2023 (R$ 1.000,00 and 2 × R$ 250,50) in one sector:
// filtered by that type, every analysis shows exactly them.
let token: string;
let tipo: { id: number; name: string };
let sector: { id: number; name: string };

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, ACCOUNTS.admin);
  const { sectors } = await assetRefs(request, token);
  const [name, id] = Object.entries(sectors)[0];
  sector = { id, name };
  tipo = await apiAs(request, token, 'post', '/api/tipos-bens', { name: `Tipo Análise ${unique()}` });
  for (const [valor, quantidade, data] of [
    ['1000.00', 1, '2023-05-10'],
    ['250.50', 2, '2023-05-20'],
  ] as const)
    await apiAs(request, token, 'post', '/api/patrimonios', {
      descricao_bem: `Bem análise ${unique()}`,
      sectorId: sector.id,
      tipoId: tipo.id,
      valor_aquisicao: valor,
      quantidade,
      data_aquisicao: data,
    });
});

// Charts drawn at once (MUI X Charts honours the setting): screenshots and PNGs show the final bars.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `analises-${name}.png`), fullPage: true });

/** Clicks an export button and checks the downloaded file's name and first bytes. */
async function exported(page: Page, button: string, name: RegExp, magic: number[]) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(name);
  const file = path.join(SCREENSHOTS, '..', `download-${unique()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  expect([...fs.readFileSync(file).subarray(0, magic.length)]).toEqual(magic);
}
const PNG = [0x89, 0x50, 0x4e, 0x47];
const ZIP = [0x50, 0x4b];

test('análise por setor: menu, filter by type, exports, live update, drill-down into the list', async ({
  page,
  request,
}) => {
  await page.setViewportSize(DESKTOP);
  await login(page, ACCOUNTS.admin, 'admin');
  // The sidebar group (spec §2.4) holds the three analyses under the names of the route table.
  await page.getByRole('button', { name: 'Análise e Relatórios' }).click();
  for (const name of ['Análise por Tipo', 'Análise Temporal'])
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Análise por Setor', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Análise por Setor' })).toBeVisible();
  await expect(page.getByTestId('analise-grafico').locator('svg').first()).toBeVisible();

  await page.getByLabel('Tipo').click();
  await page.getByRole('option', { name: tipo.name }).click();
  await expect(page).toHaveURL(new RegExp(`tipoId=${tipo.id}`));
  const table = page.getByRole('table', { name: 'Análise por setor' });
  const row = table.getByRole('row').filter({ hasText: sector.name });
  await expect(row).toContainText('R$ 1.501,00');
  await expect(table.getByRole('row')).toHaveCount(2); // header + the one sector
  await shot(page, 'setor-desktop');
  await exported(page, 'Exportar XLSX', /^analise-por-setor-\d{4}-\d{2}-\d{2}\.xlsx$/, ZIP);
  await exported(page, 'Exportar PNG', /^analise-setor-\d{4}-\d{2}-\d{2}\.png$/, PNG);

  // Live: an asset of the type created elsewhere shows up without a reload.
  await apiAs(request, token, 'post', '/api/patrimonios', {
    descricao_bem: `Bem análise ao vivo ${unique()}`,
    sectorId: sector.id,
    tipoId: tipo.id,
    valor_aquisicao: '99.00',
  });
  await expect(row).toContainText('R$ 1.600,00');

  await row.getByRole('link', { name: sector.name }).click();
  await expect(page).toHaveURL(new RegExp(`/bens-cadastrados\\?sectorId=${sector.id}&tipoId=${tipo.id}$`));
  await expect(page.getByText(/Bem análise/).first()).toBeVisible();
});

test('análise por tipo: the pie and the table, drill-down by type', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, ACCOUNTS.supervisor, '/analise/tipo');
  await expect(page.getByRole('heading', { name: 'Análise por Tipo' })).toBeVisible();
  await expect(page.getByText('Participação no valor de aquisição por tipo')).toBeVisible();
  await shot(page, 'tipo-desktop');
  await page.goto(`/analise/tipo?sectorId=${sector.id}&dataDe=2023-05-01&dataAte=2023-05-31`);
  const row = page.getByRole('table', { name: 'Análise por tipo' }).getByRole('row').filter({ hasText: tipo.name });
  await expect(row).toContainText('R$ 1.501,00');
  await exported(page, 'Exportar XLSX', /^analise-por-tipo-.*\.xlsx$/, ZIP);
  await row.getByRole('link', { name: tipo.name }).click();
  await expect(page).toHaveURL(
    new RegExp(`/bens-cadastrados\\?sectorId=${sector.id}&tipoId=${tipo.id}&dataDe=2023-05-01&dataAte=2023-05-31$`),
  );
});

test('análise temporal: by month and by year, exports, drill-down into the month', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, ACCOUNTS.admin, '/analise/temporal');
  await expect(page.getByRole('heading', { name: 'Análise Temporal' })).toBeVisible();
  await page.getByLabel('Tipo').click();
  await page.getByRole('option', { name: tipo.name }).click();
  await page.getByLabel('De', { exact: true }).fill('01/01/2023');
  await page.getByLabel('Até', { exact: true }).fill('31/12/2023');
  await page.getByLabel('Até', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/dataDe=2023-01-01&dataAte=2023-12-31/);
  const table = page.getByRole('table', { name: 'Análise temporal' });
  await expect(table.getByRole('row')).toHaveCount(13);
  const may = table.getByRole('row').filter({ hasText: '05/2023' });
  await expect(may).toContainText('R$ 1.501,00');
  await shot(page, 'temporal-desktop');
  await exported(page, 'Exportar PNG', /^analise-temporal-.*\.png$/, PNG);
  await exported(page, 'Exportar XLSX', /^analise-temporal-.*\.xlsx$/, ZIP);

  await page.getByRole('button', { name: 'Por ano' }).click();
  await expect(table.getByRole('row', { name: /^2023 / })).toContainText('R$ 1.501,00');
  await page.getByRole('button', { name: 'Por mês' }).click();
  await may.getByRole('link', { name: '05/2023' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/bens-cadastrados\\?tipoId=${tipo.id}&dataDe=2023-05-01&dataAte=2023-05-31$`),
  );
  await expect(page.getByText(/Bem análise/).first()).toBeVisible();
});

test('phone (390 px): the three analyses fit the screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, ACCOUNTS.admin, 'admin');
  for (const [url, name, heading] of [
    [`/analise/setor?tipoId=${tipo.id}`, 'setor', 'Análise por Setor'],
    ['/analise/tipo', 'tipo', 'Análise por Tipo'],
    [`/analise/temporal?tipoId=${tipo.id}&dataDe=2023-01-01&dataAte=2023-12-31`, 'temporal', 'Análise Temporal'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByTestId('analise-grafico').locator('svg').first()).toBeVisible();
    await expect(page.getByRole('list', { name: /Análise/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${url} scrolls sideways`).toBeLessThanOrEqual(0);
    await shot(page, `${name}-phone`);
  }
});
