import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PATRIMONIO_BULK_MSG, PATRIMONIO_MSG, addDaysISO, loanToday } from '@tombo/shared';
import { ACCOUNTS, SCREENSHOTS, apiAs, apiToken, assetRefs, login, unique, snap } from './helpers';

// The bulk edit dialog's refusals (issue 34): a stale version (another person edited one of the ticked assets first)
// is a 409 naming it, and nothing is written; a lent asset moved to another sector is a 422 naming it with the
// reason, and 'Alterar os demais' applies the edit to the others.

const DESKTOP = { width: 1366, height: 850 };
const tag = `R${unique().slice(-7).toUpperCase()}`;
type Asset = {
  id: number;
  numero_patrimonio: string;
  version: number;
  setor_responsavel: string;
  estado_conservacao: string | null;
};
let admin = '';
let supervisor = '';
let assets: Asset[] = [];

const byNumber = async (request: APIRequestContext) =>
  (
    await apiAs<{ patrimonios: Asset[] }>(
      request,
      admin,
      'get',
      `/api/patrimonios?q=${tag}&sort=numero_patrimonio&order=asc&pageSize=100`,
    )
  ).patrimonios;

test.beforeAll(async ({ request }) => {
  admin = await apiToken(request, ACCOUNTS.admin);
  supervisor = await apiToken(request, ACCOUNTS.supervisor);
  const { sectors, tipoId } = await assetRefs(request, admin);
  await apiAs(request, admin, 'post', '/api/patrimonios/lote', {
    descricao_bem: `Armário de aço com duas portas ${tag}`,
    sectorId: sectors['Administração'],
    tipoId,
    valor_aquisicao: '890.00',
    quantity: 30,
  });
  assets = await byNumber(request);
  expect(assets).toHaveLength(30);
});

const grid = (page: Page) => page.getByRole('grid', { name: 'Bens cadastrados' });
const pager = (page: Page) => page.getByText(/^\d[\d.]*–\d[\d.]* de \d[\d.]*$/);
const tick = (page: Page, numero: string) =>
  grid(page).getByRole('row').filter({ hasText: numero }).getByRole('checkbox', { name: 'Selecionar linha' }).check();

test('edição em lote recusada: 409 de quem alterou antes, 422 do bem emprestado, e "Alterar os demais"', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const ctx = await browser.newContext({ viewport: DESKTOP });
  const page = await ctx.newPage();
  await login(page, ACCOUNTS.admin, 'admin');
  const list = `/bens-cadastrados?q=${tag}&sort=numero_patrimonio&order=asc`;
  await page.goto(list);
  await expect(page.getByText('30 bens encontrados')).toBeVisible();

  // Two assets of page 1 and one of page 2 ticked; the person is on page 2 when another edits the first one.
  const [a0, a1, a2, a3] = assets;
  await tick(page, a0.numero_patrimonio);
  await tick(page, a1.numero_patrimonio);
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(pager(page)).toHaveText('26–30 de 30');
  await tick(page, assets[27].numero_patrimonio);
  await expect(page.getByTestId('selecao-contagem')).toHaveText('3 bens selecionados');
  await apiAs(request, supervisor, 'put', `/api/patrimonios/${a0.id}`, {
    version: a0.version,
    observacoes: 'Conferido pela supervisão',
  });

  await page.getByRole('button', { name: 'Editar em lote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar em lote' });
  await dialog.getByRole('combobox', { name: 'Conservação' }).click();
  await page.getByRole('option', { name: 'Regular', exact: true }).click();
  await dialog.getByRole('button', { name: 'Alterar 3 bens' }).click();
  const refusal = dialog.getByTestId('lote-recusa');
  await expect(refusal).toContainText(PATRIMONIO_BULK_MSG.stale(1));
  await expect(refusal.getByRole('listitem')).toHaveText([`${a0.numero_patrimonio}: alterado por outra pessoa`]);
  await expect(dialog.getByRole('button', { name: 'Alterar os demais' })).toHaveCount(0);
  await snap(page, { path: path.join(SCREENSHOTS, 'desktop-bens-lote-409.png') });
  // Nothing was written.
  const after409 = await byNumber(request);
  expect(after409.filter((x) => x.estado_conservacao === 'regular')).toHaveLength(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // The third asset is lent; four assets of page 1, the lent one among them, are moved to another sector.
  await apiAs(request, admin, 'post', '/api/emprestimos', {
    patrimonioId: a2.id,
    tomadorNome: 'Escola Municipal Cecília Meireles',
    dataPrevistaDevolucao: addDaysISO(loanToday(), 7),
  });
  await page.goto(list);
  await expect(pager(page)).toHaveText('1–25 de 30');
  for (const a of [a0, a1, a2, a3]) await tick(page, a.numero_patrimonio);
  await expect(page.getByTestId('selecao-contagem')).toHaveText('4 bens selecionados');
  await page.getByRole('button', { name: 'Editar em lote' }).click();
  await dialog.getByRole('combobox', { name: 'Setor' }).click();
  await page.getByRole('option', { name: 'Tecnologia da Informação', exact: true }).click();
  await dialog.getByRole('button', { name: 'Alterar 4 bens' }).click();
  await expect(refusal).toContainText(`${PATRIMONIO_BULK_MSG.refused(1)} Nada foi alterado.`);
  await expect(refusal.getByRole('listitem')).toHaveText([`${a2.numero_patrimonio}: ${PATRIMONIO_MSG.lentMove}`]);
  await snap(page, { path: path.join(SCREENSHOTS, 'desktop-bens-lote-422.png') });
  expect((await byNumber(request)).filter((x) => x.setor_responsavel !== 'Administração')).toHaveLength(0);

  // 'Alterar os demais': the three others move, the lent one stays; the rows on screen follow.
  await dialog.getByRole('button', { name: 'Alterar os demais' }).click();
  await expect(page.getByText(`${PATRIMONIO_BULK_MSG.updated(3)} 1 não alterado(s).`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const moved = await byNumber(request);
  const sectorOf = (a: Asset) => moved.find((x) => x.id === a.id)!.setor_responsavel;
  expect([a0, a1, a2, a3].map(sectorOf)).toEqual([
    'Tecnologia da Informação',
    'Tecnologia da Informação',
    'Administração',
    'Tecnologia da Informação',
  ]);
  const row = (a: Asset) => grid(page).getByRole('row').filter({ hasText: a.numero_patrimonio });
  await expect(row(a0)).toContainText('Tecnologia da Informação');
  await expect(row(a3)).toContainText('Tecnologia da Informação');
  await expect(row(a2)).toContainText('Administração');
  await ctx.close();
});
