import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LOAN_MSG, addDaysISO, formatDate, loanToday } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, openAs, unique, snap } from './helpers';

// Loans through the UI: a usuario lends an asset of their sector, a supervisor sees it appear and
// registers the return, the usuario sees it leave the open tab; both without reloading.

let adminToken = '';
let sectors: Record<string, number> = {};
let tipoId = 0;

async function api<T>(request: APIRequestContext, method: 'get' | 'post', url: string, data?: unknown) {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${adminToken}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

type Asset = { id: number; numero_patrimonio: string };
async function newAsset(request: APIRequestContext, descricao_bem: string, sector = 'Administração'): Promise<Asset> {
  const body = { descricao_bem, sectorId: sectors[sector], valor_aquisicao: '1500.00', tipoId };
  return (await api<{ patrimonio: Asset }>(request, 'post', '/api/patrimonios', body)).patrimonio;
}

test.beforeAll(async ({ request }) => {
  adminToken = await apiToken(request, ACCOUNTS.admin);
  const list = await api<{ sectors: Array<{ id: number; name: string }> }>(request, 'get', '/api/sectors');
  sectors = Object.fromEntries(list.sectors.map((s) => [s.name, s.id]));
  const tipos = await api<{ tiposBens: Array<{ id: number; active: boolean }> }>(request, 'get', '/api/tipos-bens');
  tipoId = tipos.tiposBens.find((t) => t.active)!.id;
});

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function signedIn(
  browser: Browser,
  email: string,
  role: 'usuario' | 'supervisor',
  viewport: { width: number; height: number } = DESKTOP,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await openAs(page, email, '/bens/emprestimos');
  // The first visit loads the page's chunk: give a busy machine time.
  await expect(page.getByRole('heading', { level: 1, name: 'Empréstimos' })).toBeVisible({ timeout: 30_000 });
  return page;
}

test('empresta e devolve pela interface; a lista de outra pessoa atualiza ao vivo', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const desc = `Projetor multimídia ${unique()}`;
  const asset = await newAsset(request, desc);
  // Another open loan, so the list shows more than one row.
  const other = await newAsset(request, `Caixa de som ${unique()}`);
  await api(request, 'post', '/api/emprestimos', {
    patrimonioId: other.id,
    tomadorNome: 'Escola Municipal Monteiro Lobato',
    tomadorDocumento: '11.222.333/0001-81',
    setorDestinoId: sectors['Educação'] ?? null,
    dataPrevistaDevolucao: addDaysISO(loanToday(), 1),
  });

  const usuario = await signedIn(browser, ACCOUNTS.usuario, 'usuario');
  const supervisor = await signedIn(browser, ACCOUNTS.supervisor, 'supervisor');
  const supervisorList = supervisor.getByRole('grid', { name: 'Empréstimos' });
  await expect(supervisorList).toContainText(other.numero_patrimonio);
  await expect(supervisorList).not.toContainText(asset.numero_patrimonio);
  await markDocument(supervisor);
  await markDocument(usuario);

  // The usuario lends the asset through the dialog.
  await usuario.getByRole('button', { name: 'Novo empréstimo' }).click();
  const dialog = usuario.getByRole('dialog', { name: 'Novo empréstimo' });
  await dialog.getByLabel('Bem').fill(asset.numero_patrimonio);
  await usuario.getByRole('option', { name: new RegExp(asset.numero_patrimonio) }).click();
  await dialog.getByLabel('Nome de quem recebe').fill('Carla Mendes');
  await dialog.getByLabel('Documento').fill('529.982.247-25');
  await dialog.getByLabel('Contato').fill('(11) 97777-1234');
  await dialog.getByLabel('Setor de destino').click();
  await usuario.getByRole('option', { name: 'Finanças' }).click();
  const due = addDaysISO(loanToday(), 3);
  await dialog.getByLabel('Devolução prevista').fill(formatDate(due).replace(/\//g, ''));
  await dialog.getByLabel('Observações').fill('Apresentação na câmara municipal');
  await shot(usuario, 'desktop-emprestimos-novo');
  await dialog.getByRole('button', { name: 'Registrar empréstimo' }).click();
  await expect(usuario.getByText(LOAN_MSG.created)).toBeVisible();
  await expect(dialog).toBeHidden();
  const mine = usuario
    .getByRole('grid', { name: 'Empréstimos' })
    .getByRole('row', { name: new RegExp(asset.numero_patrimonio) });
  await expect(mine).toContainText('Carla Mendes');
  await expect(mine).toContainText(formatDate(due));

  // The supervisor's list shows it without a reload.
  const row = supervisorList.getByRole('row', { name: new RegExp(asset.numero_patrimonio) });
  await expect(row).toContainText('Carla Mendes');
  await expect(row).toContainText('Para o setor Finanças');
  await expect(row).toContainText('vence em 3 dias');
  expect(await sameDocument(supervisor)).toBe(true);
  await expect(supervisor.getByRole('progressbar')).toHaveCount(0);
  await shot(supervisor, 'desktop-emprestimos');
  // At 1366 px the columns and the row's buttons fit: nothing to scroll sideways for.
  await expect
    .poll(() => supervisor.getByTestId('register-scroll').evaluate((el) => el.scrollWidth - el.clientWidth))
    .toBeLessThanOrEqual(0);

  // The supervisor extends the loan; the usuario's row shows the new date, live.
  const later = addDaysISO(due, 10);
  await row.getByRole('button', { name: `Prorrogar o empréstimo do bem ${asset.numero_patrimonio}` }).click();
  const extend = supervisor.getByRole('dialog', { name: 'Prorrogar empréstimo' });
  await extend.getByLabel('Nova devolução prevista').fill(formatDate(later));
  await extend.getByLabel('Motivo').fill('Evento prorrogado');
  await extend.getByRole('button', { name: 'Prorrogar' }).click();
  await expect(supervisor.getByText(LOAN_MSG.extended)).toBeVisible();
  await expect(mine).toContainText(formatDate(later));

  // The supervisor registers the return; the usuario's open tab loses the row, live.
  await row.getByRole('button', { name: `Registrar devolução do bem ${asset.numero_patrimonio}` }).click();
  const back = supervisor.getByRole('dialog', { name: 'Registrar devolução' });
  await expect(back).toContainText('Carla Mendes');
  await back.getByLabel('Estado do bem na devolução').click();
  await supervisor.getByRole('option', { name: 'Regular' }).click();
  await back.getByLabel('Observações').fill('Controle remoto com a tampa solta');
  await shot(supervisor, 'desktop-emprestimos-devolucao');
  await back.getByRole('button', { name: 'Registrar devolução' }).click();
  await expect(supervisor.getByText(LOAN_MSG.returned)).toBeVisible();
  await expect(supervisorList.getByRole('row', { name: new RegExp(asset.numero_patrimonio) })).toHaveCount(0);
  await expect(mine).toHaveCount(0);
  expect(await sameDocument(usuario)).toBe(true);

  await usuario.getByRole('tab', { name: 'Devolvidos' }).click();
  const returned = usuario
    .getByRole('grid', { name: 'Empréstimos' })
    .getByRole('row', { name: new RegExp(asset.numero_patrimonio) });
  await expect(returned).toContainText('Devolvido');
  await expect(returned).toContainText('Estado: Regular');
  // The tab and the search are in the address: a reload (or the link) opens exactly this list.
  await expect(usuario).toHaveURL(/status=devolvido/);
  await usuario
    .getByRole('textbox', { name: 'Buscar por nº do bem, descrição ou quem recebeu' })
    .fill(asset.numero_patrimonio);
  await expect(usuario).toHaveURL(new RegExp(`q=${asset.numero_patrimonio}`));
  await usuario.reload();
  await expect(usuario.getByRole('tab', { name: 'Devolvidos' })).toHaveAttribute('aria-selected', 'true');
  await expect(usuario.getByText('1 empréstimo encontrado')).toBeVisible();
  await expect(returned).toContainText('Estado: Regular');
  await shot(usuario, 'desktop-emprestimos-devolvidos');

  // The asset's history tells both.
  await usuario.goto(`/bens-cadastrados/ver/${asset.id}`);
  const history = usuario.getByRole('table', { name: 'Histórico de movimentação' });
  // The loan and its extension are both 'Empréstimo' lines.
  await expect(history.getByRole('cell', { name: 'Empréstimo', exact: true })).toHaveCount(2);
  await expect(history).toContainText('Empréstimo para Carla Mendes prorrogado');
  await expect(history.getByRole('cell', { name: 'Devolução', exact: true })).toBeVisible();
  await expect(history).toContainText('Emprestado para Carla Mendes (529.982.247-25), setor Finanças');
  await expect(history).toContainText('estado na devolução: Regular');
});

test('no celular a lista vira cartões e os diálogos cabem na tela', async ({ browser, request }) => {
  const asset = await newAsset(request, `Notebook ${unique()}`, 'Tecnologia da Informação');
  await api(request, 'post', '/api/emprestimos', {
    patrimonioId: asset.id,
    tomadorNome: 'Roberto Nascimento',
    tomadorContato: 'roberto@exemplo.gov.br',
    dataPrevistaDevolucao: loanToday(),
  });
  const page = await signedIn(browser, ACCOUNTS.usuario, 'usuario', PHONE);
  const cards = page.getByRole('list', { name: 'Empréstimos' });
  const card = cards.getByRole('listitem').filter({ hasText: asset.numero_patrimonio });
  await expect(card).toContainText('Roberto Nascimento');
  await expect(card).toContainText('vence hoje');
  await expect(page.getByRole('grid', { name: 'Empréstimos' })).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await shot(page, 'phone-emprestimos');
  await page.getByRole('button', { name: 'Novo empréstimo' }).click();
  await expect(page.getByRole('dialog', { name: 'Novo empréstimo' })).toBeVisible();
  await shot(page, 'phone-emprestimos-novo');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await card.getByRole('button', { name: `Registrar devolução do bem ${asset.numero_patrimonio}` }).click();
  await expect(page.getByRole('dialog', { name: 'Registrar devolução' })).toBeVisible();
  await shot(page, 'phone-emprestimos-devolucao');
});
