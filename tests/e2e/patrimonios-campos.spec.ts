import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FORNECEDOR_CNPJ_MSG, PATRIMONIO_MSG } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, openAs, unique, snap } from './helpers';

// Issue 35 (asset side): the standard fields of real registers filled in the form, seen on the view at 1366 and
// 390 px, the dados de origem section, and a GEAFIN-long description shortened in the list and whole on the view.

const FIRST_LOAD = { timeout: 30_000 };
/** A real GEAFIN description is 1,028–1,488 characters long. */
const longDescription = (tag: string) =>
  `NOTEBOOK ${tag} `.concat(
    'PROCESSADOR 8 NUCLEOS 3.0GHZ, MEMORIA 16GB DDR4, SSD 512GB NVME, TELA 14 POLEGADAS FULL HD, WI-FI 6. '
      .repeat(14)
      .trimEnd(),
  );

let tipo = '';
test.beforeAll(async ({ request }) => {
  const token = await apiToken(request, ACCOUNTS.admin);
  const tipos = await apiAs<{ tiposBens: Array<{ name: string; active: boolean }> }>(
    request,
    token,
    'get',
    '/api/tipos-bens',
  );
  tipo =
    tipos.tiposBens.find((t) => t.active)?.name ??
    (await apiAs<{ name: string }>(request, token, 'post', '/api/tipos-bens', { name: `Informática ${unique()}` }))
      .name;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const shot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
};

test('admin preenche marca, série, fornecedor, nota fiscal e empenho; vê tudo no bem a 1366 e a 390 px', async ({
  page,
  request,
}) => {
  const tag = unique();
  const desc = longDescription(tag);
  expect(desc.length).toBeGreaterThan(1028);
  await openAs(page, ACCOUNTS.admin, '/bens-cadastrados/novo');
  await expect(page.getByLabel(/^Descrição do Bem/)).toBeVisible(FIRST_LOAD);

  await page.getByLabel(/^Descrição do Bem/).fill(desc);
  await choose(page, /^Tipo/, tipo);
  await choose(page, /^Setor/, 'Tecnologia da Informação');
  await page.getByLabel(/^Valor de aquisição/).fill('5432,10');
  await page.getByLabel(/^Marca/).fill('Dell');
  await page.getByLabel(/^Modelo/).fill('Latitude 5440');
  await page.getByLabel(/^Número de série/).fill(`SN-${tag}`);
  await page.getByLabel(/^Fornecedor/).fill('Comércio de Informática Ltda');
  await page.getByLabel(/^CNPJ do fornecedor/).fill('11.222.333/0001-82');
  await page.getByLabel(/^Nota fiscal/).fill('000777');
  await page.getByLabel(/^Data da nota fiscal/).fill('02052023');
  await page.getByLabel(/^Empenho/).fill('2023NE000456');
  await page.getByLabel(/^Processo de aquisição/).fill('PA 77/2023');
  await page.getByLabel(/^Fonte de recurso/).fill('Recursos ordinários');

  // A CNPJ whose check digits are wrong is said at the field, and nothing is sent.
  await page.getByRole('button', { name: 'Cadastrar bem' }).click();
  await expect(page.getByText(FORNECEDOR_CNPJ_MSG)).toBeVisible();
  await expect(page).toHaveURL(/\/bens-cadastrados\/novo$/);
  await page.getByLabel(/^CNPJ do fornecedor/).fill('11222333000181');
  await page.setViewportSize(DESKTOP);
  await shot(page, 'patrimonio-campos-form-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'patrimonio-campos-form-phone');
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Cadastrar bem' }).click();
  await expect(page).toHaveURL(/\/bens-cadastrados\/ver\/\d+$/, { timeout: 20_000 });
  await expect(page.getByText(PATRIMONIO_MSG.created, { exact: false })).toBeVisible();
  const id = Number(page.url().split('/').pop());

  // The dados de origem come from an import; here the API stands in for it.
  const token = await apiToken(request, ACCOUNTS.admin);
  const { patrimonio } = await apiAs<{ patrimonio: { version: number; numero_patrimonio: string } }>(
    request,
    token,
    'get',
    `/api/patrimonios/${id}`,
  );
  await apiAs(request, token, 'put', `/api/patrimonios/${id}`, {
    version: patrimonio.version,
    dadosOrigem: [
      { rotulo: 'Classificação SIAFI', valor: '12311.03.03' },
      { rotulo: 'Cód. estrutural', valor: `Origem ${tag}` },
    ],
  });
  await page.reload();

  const facts = page.locator('dl').first();
  for (const text of [
    'Dell',
    'Latitude 5440',
    `SN-${tag}`,
    'Comércio de Informática Ltda',
    '11.222.333/0001-81',
    '000777',
    '02/05/2023',
    '2023NE000456',
    'PA 77/2023',
    'Recursos ordinários',
  ])
    await expect(facts.getByText(text, { exact: true })).toBeVisible(FIRST_LOAD);
  // The whole description on the view; the header's subtitle is its start, whole in its title.
  await expect(facts.getByText(desc, { exact: true })).toBeVisible();
  await expect(page.locator(`span[title="${desc}"]`)).toHaveText(/…$/);
  const origem = page.getByRole('heading', { name: 'Dados de origem' });
  await expect(origem).toBeVisible();
  await expect(page.getByText('Classificação SIAFI', { exact: true })).toBeVisible();
  await expect(page.getByText(`Origem ${tag}`, { exact: true })).toBeVisible();
  const history = page.getByRole('table', { name: 'Histórico de movimentação' });
  await expect(history.getByText('Dados de origem: 0 itens → 2 itens')).toBeVisible();
  await shot(page, 'patrimonio-campos-view-desktop');
  await page.setViewportSize(PHONE);
  await expect(page.getByText('11.222.333/0001-81', { exact: true })).toBeVisible();
  await expect(page.getByText(`Origem ${tag}`, { exact: true })).toBeVisible();
  await shot(page, 'patrimonio-campos-view-phone');

  // The list's search finds the asset by a dados de origem value; the long description is cut in the card.
  await page.goto(`/bens-cadastrados?q=${encodeURIComponent(`origem ${tag}`)}`);
  const card = page.getByRole('listitem').filter({ hasText: patrimonio.numero_patrimonio });
  await expect(card).toBeVisible(FIRST_LOAD);
  const box = await card.boundingBox();
  expect(box!.height).toBeLessThan(300);
  await shot(page, 'patrimonio-campos-list-phone');
  await page.setViewportSize(DESKTOP);
  const grid = page.getByRole('grid', { name: 'Bens cadastrados' });
  await expect(grid.getByRole('link', { name: patrimonio.numero_patrimonio, exact: true })).toBeVisible(FIRST_LOAD);
  await expect(grid.locator(`[title="${desc}"]`)).toBeVisible();
  const row = grid.getByRole('row').filter({ hasText: patrimonio.numero_patrimonio });
  expect((await row.boundingBox())!.height).toBeLessThan(120);
  await shot(page, 'patrimonio-campos-list-desktop');
});
