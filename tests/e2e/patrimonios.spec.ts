import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PATRIMONIO_MSG } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, login, openAs, unique, snap } from './helpers';

// A screen's first answer after navigating: on the CI machine (2 cores, two browsers, the server, its worker and
// PostgreSQL) a list screen's chunk and first requests have taken over 10 s to arrive while other tests ran.
const FIRST_LOAD = { timeout: 30_000 };

// A real 64×48 PNG (the server re-encodes photos with sharp, so the bytes must be an image).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSDVsZkF98SF2M8/sAAOhY+T5O6AQuwviK7kHdJ3YAFWF+RXci7pG7AAqyvyC7kXVI3YAHWV2QX8i6pG7AA6yuyC3mX1A1YgPUV2YW8S+oGLMD6iuxC3iV1AxZgfUV2Ie+SugELsL4iu5B3Sd2AxwN+rJ5lACE+T+oAAAAASUVORK5CYII=',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

interface Ids {
  tipo: string;
  forma: string;
  sectors: Record<string, number>;
  locais: Record<string, { id: number; sectorId: number }>;
}

let adminToken = '';
let ids: Ids;

async function api<T>(request: APIRequestContext, method: 'get' | 'post', url: string, data?: unknown): Promise<T> {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${adminToken}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** Catalogue entries the forms need (the seed has none): one active type and one acquisition form. */
test.beforeAll(async ({ request }) => {
  adminToken = await apiToken(request, ACCOUNTS.admin);
  const tipos = await api<{ tiposBens: Array<{ name: string; active: boolean }> }>(request, 'get', '/api/tipos-bens');
  const tipo =
    tipos.tiposBens.find((t) => t.active)?.name ??
    (
      await api<{ name: string }>(request, 'post', '/api/tipos-bens', {
        name: 'Mobiliário',
        usefulLifeMonths: 120,
        residualValuePct: 10,
      })
    ).name;
  const formas = await api<{ formasAquisicao: Array<{ nome: string; ativo: boolean }> }>(
    request,
    'get',
    '/api/formas-aquisicao',
  );
  const forma =
    formas.formasAquisicao.find((f) => f.ativo)?.nome ??
    (await api<{ nome: string }>(request, 'post', '/api/formas-aquisicao', { nome: 'Compra' })).nome;
  const sectors = await api<{ sectors: Array<{ id: number; name: string }> }>(request, 'get', '/api/sectors');
  const locais = await api<{ locais: Array<{ id: number; name: string; sectorId: number }> }>(
    request,
    'get',
    '/api/locais',
  );
  ids = {
    tipo,
    forma,
    sectors: Object.fromEntries(sectors.sectors.map((s) => [s.name, s.id])),
    locais: Object.fromEntries(locais.locais.map((l) => [l.name, { id: l.id, sectorId: l.sectorId }])),
  };
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

async function createViaApi(request: APIRequestContext, body: Record<string, unknown>) {
  return (
    await api<{ patrimonio: { id: number; numero_patrimonio: string; version: number } }>(
      request,
      'post',
      '/api/patrimonios',
      body,
    )
  ).patrimonio;
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Full page, from the top: fixed bars are drawn where the viewport is, so scroll up first. */
const shot = async (page: Page, name: string) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
};

test('usuario cadastra um bem com foto e documento, vê na lista e abre a ficha', async ({ page }) => {
  const desc = `Cadeira giratória E2E ${unique()}`;
  await openAs(page, ACCOUNTS.usuario, '/bens-cadastrados');
  // The sidebar's Patrimônio group may be open too (same link): the page's own button.
  await page.locator('#conteudo').getByRole('link', { name: 'Novo Cadastro' }).click();
  await expect(page).toHaveURL(/\/bens-cadastrados\/novo$/);

  await page.getByLabel(/^Descrição do Bem/).fill(desc);
  await choose(page, /^Tipo/, ids.tipo);
  await choose(page, /^Setor/, 'Tecnologia da Informação');
  await choose(page, /^Local/, 'Suporte Técnico');
  await page.getByLabel(/^Valor de aquisição/).fill('1234,5');
  await page.getByLabel(/^Valor de aquisição/).blur();
  await expect(page.getByLabel(/^Valor de aquisição/)).toHaveValue('1.234,50');
  await page.getByLabel(/^Data de aquisição/).fill('15032024');
  await expect(page.getByLabel(/^Data de aquisição/)).toHaveValue('15/03/2024');
  await choose(page, /^Forma de aquisição/, ids.forma);
  await choose(page, /^Estado de conservação/, 'Bom');
  await page.getByLabel('Adicionar fotos').setInputFiles({ name: 'cadeira.png', mimeType: 'image/png', buffer: PNG });
  await page
    .getByLabel('Adicionar documentos')
    .setInputFiles({ name: 'nota-fiscal.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('list', { name: 'Fotos' }).getByText('cadeira.png')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Documentos' }).getByText('nota-fiscal.pdf')).toBeVisible();
  await page.setViewportSize(DESKTOP);
  await shot(page, 'patrimonio-form-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'patrimonio-form-phone');
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Cadastrar bem' }).click();
  await expect(page).toHaveURL(/\/bens-cadastrados\/ver\/\d+$/, { timeout: 20_000 });
  await expect(page.getByText(PATRIMONIO_MSG.created, { exact: false })).toBeVisible();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(/Detalhes do Bem: \d{4}TI\d{6}/);
  const numero = (await heading.textContent())!.split(': ')[1].trim();
  await expect(page.getByText('R$ 1.234,50')).toBeVisible();
  // The acquisition date, and the entry into service that defaults to it.
  await expect(page.getByText('15/03/2024', { exact: true })).toHaveCount(2);
  await expect(page.getByRole('list', { name: 'Fotos' }).getByRole('img', { name: /cadeira/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baixar nota-fiscal.pdf' })).toBeVisible();
  await expect(page.getByRole('img', { name: `QR Code do bem ${numero}` })).toBeVisible();
  const history = page.getByRole('table', { name: 'Histórico de movimentação' });
  await expect(history.getByRole('cell', { name: 'Cadastro', exact: true })).toBeVisible();
  await expect(history.getByRole('cell', { name: 'Foto adicionada' })).toBeVisible();
  await expect(history.getByRole('cell', { name: 'Documento adicionado' })).toBeVisible();
  await shot(page, 'patrimonio-view-desktop');
  await page.setViewportSize(PHONE);
  await shot(page, 'patrimonio-view-phone');
  await page.setViewportSize(DESKTOP);

  await page.getByRole('link', { name: 'Voltar' }).click();
  await page.getByLabel('Buscar por número ou descrição').fill(desc);
  const grid = page.getByRole('grid', { name: 'Bens cadastrados' });
  await expect(grid.getByRole('link', { name: numero, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/q=Cadeira/);
  await grid.getByRole('link', { name: numero, exact: true }).click();
  await expect(page).toHaveURL(/\/bens-cadastrados\/ver\/\d+$/);
});

test('filtra e ordena a lista (estado na URL)', async ({ page, request }) => {
  const tag = `Lote Filtro ${unique()}`;
  const ti = ids.sectors['Tecnologia da Informação'];
  const ad = ids.sectors['Administração'];
  for (const [n, valor, sectorId] of [
    ['A', '300.00', ti],
    ['B', '100.00', ti],
    ['C', '200.00', ti],
    ['D', '50.00', ad],
  ] as const) {
    await createViaApi(request, {
      descricao_bem: `${tag} ${n}`,
      sectorId,
      valor_aquisicao: valor,
      ...(await tipoRef(request)),
    });
  }
  await openAs(page, ACCOUNTS.admin, `/bens-cadastrados?q=${encodeURIComponent(tag)}`);
  const grid = page.getByRole('grid', { name: 'Bens cadastrados' });
  await expect(page.getByText('4 bens encontrados')).toBeVisible(FIRST_LOAD);

  // Filter: sector TI and value ≥ 150 → A (300) and C (200).
  await page.getByRole('button', { name: 'Filtros' }).click();
  const filtros = page.getByRole('form', { name: 'Filtros' });
  await filtros.getByRole('combobox', { name: /^Setor/ }).click();
  await page.getByRole('option', { name: 'Tecnologia da Informação', exact: true }).click();
  await filtros.getByLabel('Valor mínimo').fill('150,00');
  await filtros.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(page.getByText('2 bens encontrados')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`sectorId=${ti}`));
  await expect(page).toHaveURL(/valorMin=150\.00/);

  // Sort by value (ascending, then descending) on the server.
  await grid.getByRole('columnheader', { name: 'Valor' }).click();
  await expect(page).toHaveURL(/sort=valor_aquisicao&order=asc/);
  await expect(grid.getByRole('row').nth(1)).toContainText(`${tag} C`);
  await grid.getByRole('columnheader', { name: 'Valor' }).click();
  await expect(page).toHaveURL(/order=desc/);
  await expect(grid.getByRole('row').nth(1)).toContainText(`${tag} A`);

  // The URL alone restores the same list.
  await page.reload();
  await expect(page.getByText('2 bens encontrados')).toBeVisible();
  await expect(grid.getByRole('row').nth(1)).toContainText(`${tag} A`);
  await shot(page, 'patrimonios-list-desktop');
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('list', { name: 'Bens cadastrados' }).getByRole('listitem')).toHaveCount(2);
  await shot(page, 'patrimonios-list-phone');
});

async function tipoRef(request: APIRequestContext) {
  const tipos = await api<{ tiposBens: Array<{ id: number; name: string }> }>(request, 'get', '/api/tipos-bens');
  return { tipoId: tipos.tiposBens.find((t) => t.name === ids.tipo)!.id };
}

test('cadastro em lote de 10 bens mostra 10 números consecutivos', async ({ page }) => {
  await openAs(page, ACCOUNTS.usuario, '/bens-cadastrados/novo-lote');
  await page.getByLabel(/^Bens a cadastrar no lote/).fill('10');
  await page.getByLabel(/^Descrição do Bem/).fill(`Mesa de escritório lote ${unique()}`);
  await choose(page, /^Tipo/, ids.tipo);
  await choose(page, /^Setor/, 'Administração');
  await page.getByLabel(/^Valor de aquisição/).fill('450,00');
  await page.getByRole('button', { name: 'Cadastrar lote' }).click();
  const list = page.getByRole('list', { name: 'Números criados' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const numeros = (await list.getByRole('listitem').allTextContents()).map((t) => t.trim());
  const seq = numeros.map((n) => Number(n.slice(-6)));
  for (let i = 1; i < seq.length; i++) expect(seq[i]).toBe(seq[0] + i);
  for (const n of numeros) expect(n).toMatch(/^\d{4}AD\d{6}$/);
  await expect(page.getByText(PATRIMONIO_MSG.createdLote(10)).first()).toBeVisible();
});

test('importação pelo assistente: as linhas com erro são mostradas e o arquivo corrigido importa as válidas', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const tag = `Importado ${unique()}`;
  // A file with its own numbers keeps them (one without a number column gets them issued: importacao.spec.ts).
  const num = `IMP${unique().slice(-6).toUpperCase()}`;
  const header = 'Tombamento;Descrição do Bem;Tipo;Setor;Local;Valor de Aquisição;Data de Aquisição;Forma de Aquisição';
  const good = [
    `${num}-1;${tag} 1;${ids.tipo};Administração;Recepção;1.500,00;10/01/2024;${ids.forma}`,
    `${num}-3;${tag} 3;${ids.tipo};TI;Sala de Servidores;300,00;;`,
    `${num}-5;${tag} 5;${ids.tipo};Finanças;Tesouraria;99,90;13/01/2024;`,
  ];
  const bad = [
    `${num}-2;${tag} 2;${ids.tipo};Administração;;200,00;31/02/2024;`,
    `${num}-4;${tag} 4;${ids.tipo};Administração;;-5,00;12/01/2024;`,
  ];
  const csv = (lines: string[]) => ({
    name: 'bens.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([header, ...lines].join('\n'), 'utf8'),
  });
  await openAs(page, ACCOUNTS.admin, '/bens-cadastrados');
  // The list's one import entry is the wizard.
  await page.getByRole('link', { name: 'Importar' }).click();
  await expect(page).toHaveURL(/\/bens-cadastrados\/importar$/);
  await page.getByLabel('Arquivo do cadastro').setInputFiles(csv([good[0], bad[0], good[1], bad[1], good[2]]));
  await page.getByRole('button', { name: 'Analisar' }).click();
  await expect(page.getByTestId('importacao-resumo')).toContainText('5 linhas lidas: 3 sem erro, 2 erros', FIRST_LOAD);
  const errors = page.getByRole('table', { name: 'Linhas com erro' });
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row').nth(1)).toContainText('3');
  await expect(errors.getByRole('row').nth(1)).toContainText('Data inválida: "31/02/2024"');
  await expect(errors.getByRole('row').nth(2)).toContainText('5');
  await expect(errors.getByRole('row').nth(2)).toContainText('Valor inválido: "-5,00"');
  await shot(page, 'patrimonios-import-desktop');
  await page.getByRole('button', { name: 'Enviar o arquivo corrigido' }).click();
  await page.getByLabel('Arquivo do cadastro').setInputFiles(csv(good));
  await page.getByRole('button', { name: 'Analisar' }).click();
  await expect(page.getByTestId('importacao-resumo')).toContainText('3 linhas lidas: 3 sem erro', FIRST_LOAD);
  await page.getByRole('button', { name: 'Importar 3 bens' }).click();
  await expect(page.getByTestId('importacao-concluida')).toContainText('3 bens importados', { timeout: 60_000 });
  await page.getByRole('link', { name: 'Ver bens cadastrados' }).click();
  await page.getByLabel('Buscar por número ou descrição').fill(tag);
  await expect(page.getByText('3 bens encontrados')).toBeVisible();
});

test('dois usuários: a edição de um aparece ao vivo na lista do outro', async ({ browser, request }) => {
  const desc = `Projetor ao vivo ${unique()}`;
  const asset = await createViaApi(request, {
    descricao_bem: desc,
    sectorId: ids.sectors['Administração'],
    valor_aquisicao: '3200.00',
    ...(await tipoRef(request)),
  });
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  try {
    await login(a, ACCOUNTS.admin, 'admin');
    await openAs(b, ACCOUNTS.usuario, `/bens-cadastrados?q=${encodeURIComponent(desc)}`);
    const gridB = b.getByRole('grid', { name: 'Bens cadastrados' });
    await expect(gridB.getByRole('link', { name: asset.numero_patrimonio, exact: true })).toBeVisible(FIRST_LOAD);
    await b.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await a.goto(`/bens-cadastrados/editar/${asset.id}`);
    await a.getByLabel(/^Descrição do Bem/).fill(`${desc} (revisado)`);
    await a.getByLabel(/^Valor de aquisição/).fill('3.500,00');
    await a.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(a).toHaveURL(new RegExp(`/bens-cadastrados/ver/${asset.id}$`));
    await expect(a.getByText(PATRIMONIO_MSG.updated)).toBeVisible();

    // B sees the change without reloading.
    await expect(gridB.getByRole('gridcell', { name: `${desc} (revisado)` })).toBeVisible();
    await expect(gridB.getByRole('gridcell', { name: 'R$ 3.500,00' })).toBeVisible();
    expect(await b.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // An edit form that became stale says so, and a save is refused with 409.
    await b.goto(`/bens-cadastrados/editar/${asset.id}`);
    await expect(b.getByLabel(/^Descrição do Bem/)).toHaveValue(`${desc} (revisado)`);
    await a.goto(`/bens-cadastrados/editar/${asset.id}`);
    await a.getByLabel(/^Descrição do Bem/).fill(`${desc} (segunda revisão)`);
    await a.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(a).toHaveURL(new RegExp(`/bens-cadastrados/ver/${asset.id}$`));
    await expect(b.getByText(/Este registro foi alterado por outra pessoa/)).toBeVisible();
    await b.getByLabel(/^Observações/).fill('Tentativa com versão antiga');
    await b.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(b.getByText(PATRIMONIO_MSG.stale)).toBeVisible();
    await b.getByRole('button', { name: 'Recarregar' }).first().click();
    await expect(b.getByLabel(/^Descrição do Bem/)).toHaveValue(`${desc} (segunda revisão)`);
  } finally {
    await ctxA.close();
    await ctxB.close();
  }
});

test('a foto é servida pela rota autorizada (blob) e o documento é baixado', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.usuario);
  const created = await request.post('/api/patrimonios', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      descricao_bem: `Foto ${unique()}`,
      sectorId: ids.sectors['Administração'],
      valor_aquisicao: '10.00',
      ...(await tipoRef(request)),
    },
  });
  const { patrimonio } = (await created.json()) as { patrimonio: { id: number } };
  await request.post(`/api/patrimonios/${patrimonio.id}/fotos`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'foto.png', mimeType: 'image/png', buffer: PNG } },
  });
  await request.post(`/api/patrimonios/${patrimonio.id}/documentos`, {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: 'doc.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  await openAs(page, ACCOUNTS.usuario, `/bens-cadastrados/ver/${patrimonio.id}`);
  await expect(page.getByRole('list', { name: 'Fotos' }).getByRole('img').first()).toHaveAttribute('src', /^blob:/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar doc.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('doc.pdf');
});
