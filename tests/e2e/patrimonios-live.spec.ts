import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, apiAs, apiToken, assetRefs, openAs, unique } from './helpers';

// Asset events carry the list row (no history, no files): an open record must refetch itself.

let adminToken = '';
let sectors: Record<string, number> = {};
let tipoId = 0;

const api = <T>(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, data?: unknown) =>
  apiAs<T>(request, adminToken, method, url, data);

test.beforeAll(async ({ request }) => {
  adminToken = await apiToken(request, ACCOUNTS.admin);
  ({ sectors, tipoId } = await assetRefs(request, adminToken));
});

type Asset = { id: number; numero_patrimonio: string; version: number };
async function newAsset(request: APIRequestContext, descricao_bem: string): Promise<Asset> {
  const body = { descricao_bem, sectorId: sectors['Administração'], valor_aquisicao: '800.00', tipoId };
  return (await api<{ patrimonio: Asset }>(request, 'post', '/api/patrimonios', body)).patrimonio;
}

/** Marks the document so that a reload would be noticed. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test('a ficha aberta recarrega o registro completo quando outra pessoa edita o bem', async ({ page, request }) => {
  const desc = `Armário ao vivo ${unique()}`;
  const asset = await newAsset(request, desc);
  await openAs(page, ACCOUNTS.usuario, `/bens-cadastrados/ver/${asset.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(asset.numero_patrimonio);
  const history = page.getByRole('table', { name: 'Histórico de movimentação' });
  await expect(history.getByRole('cell', { name: 'Cadastro', exact: true })).toBeVisible();
  await expect(history.getByRole('cell', { name: 'Alteração', exact: true })).toHaveCount(0);
  await markDocument(page);

  await api(request, 'put', `/api/patrimonios/${asset.id}`, {
    descricao_bem: `${desc} (revisado)`,
    version: asset.version,
  });

  // The new description and the history entry the event did not carry, without a reload.
  await expect(page.getByText(`${desc} (revisado)`).first()).toBeVisible();
  await expect(history.getByRole('cell', { name: 'Alteração', exact: true })).toBeVisible();
  await expect(history.getByRole('cell', { name: /\(revisado\)/ })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

// Needs the server to tell the room of the sector the asset left `{ id, removed: true }` (lead's rooms change).
test('um usuario que perde a visão do bem aberto é avisado e não pode mais editá-lo', async ({ page, request }) => {
  const asset = await newAsset(request, `Mesa transferida ${unique()}`);
  await openAs(page, ACCOUNTS.usuario, `/bens-cadastrados/ver/${asset.id}`);
  await expect(page.getByRole('link', { name: 'Editar' })).toBeVisible();
  await markDocument(page);

  // Moved to a sector the usuario does not belong to.
  await api(request, 'put', `/api/patrimonios/${asset.id}`, { sectorId: sectors['Finanças'], version: asset.version });

  await expect(page.getByRole('alert')).toContainText('Você não tem mais acesso a este bem');
  await expect(page.getByRole('link', { name: 'Editar' })).toHaveCount(0);
  expect(await sameDocument(page)).toBe(true);
});
