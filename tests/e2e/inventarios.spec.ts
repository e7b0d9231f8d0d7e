import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { INVENTARIO_MSG } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, login, unique, uniqueCode, snap } from './helpers';

// Inventories through the UI: the form creates one; two counters (desktop and a 390 px phone) count the
// same inventory and see each other's marks and the progress move live; the phone goes offline, keeps
// reading, and its marks arrive on reconnect; finalizing marks the missing assets extraviado.
// Camera scanning cannot run headless: its decoder is unit-tested (counting/decode.test.ts).

let token = '';
const call = <T>(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, data?: unknown) =>
  apiAs<T>(request, token, method, url, data);

const shot = async (page: Page, name: string) => {
  // A full-page capture of a scrolled page repeats the sticky app bar: start from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });
};

type Asset = { id: number; numero_patrimonio: string; status: string };
/** A created record, bare or wrapped as `{ <field>: record }`. */
const itemOf = <T>(data: unknown, field: string): T => ((data as Record<string, unknown>)[field] ?? data) as T;

/** A new sector: codes are two characters, so a random one may be taken by another test — then try another. */
async function newSectorWithFreeCode(request: APIRequestContext, name: string): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    const res = await request.post('/api/sectors', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name, code: uniqueCode() },
    });
    if (res.ok()) return res.json();
    if (res.status() !== 409 || attempt >= 20)
      throw new Error(`post /api/sectors: ${res.status()} ${await res.text()}`);
  }
}

/** A sector of its own with two places and six assets (three in each), so the counts are exact. */
async function world(request: APIRequestContext) {
  const tag = unique();
  const sector = itemOf<{ id: number; name: string }>(
    await newSectorWithFreeCode(request, `Inventário E2E ${tag}`),
    'sector',
  );
  const sala = itemOf<{ id: number }>(
    await call(request, 'post', '/api/locais', { name: 'Sala 1', sectorId: sector.id }),
    'local',
  );
  const almox = itemOf<{ id: number }>(
    await call(request, 'post', '/api/locais', { name: 'Almoxarifado', sectorId: sector.id }),
    'local',
  );
  const tipos = await call<{ tiposBens: Array<{ id: number; active: boolean }> }>(request, 'get', '/api/tipos-bens');
  const tipoId = tipos.tiposBens.find((t) => t.active)!.id;
  const assets: Asset[] = [];
  for (const [i, localId] of [sala.id, sala.id, sala.id, almox.id, almox.id, almox.id].entries()) {
    const body = {
      descricao_bem: `Cadeira giratória ${i + 1} ${tag}`,
      sectorId: sector.id,
      localId,
      valor_aquisicao: '350.00',
      tipoId,
    };
    assets.push((await call<{ patrimonio: Asset }>(request, 'post', '/api/patrimonios', body)).patrimonio);
  }
  const users = await call<{ users: Array<{ name: string; email: string }> }>(request, 'get', '/api/users');
  const nameOf = (email: string) => users.users.find((u) => u.email === email)!.name;
  return {
    sector,
    assets,
    tag,
    names: {
      admin: nameOf(ACCOUNTS.admin),
      supervisor: nameOf(ACCOUNTS.supervisor),
      usuario: nameOf(ACCOUNTS.usuario),
    },
  };
}

async function signedIn(
  browser: Browser,
  email: string,
  role: 'admin' | 'supervisor',
  viewport: { width: number; height: number } = DESKTOP,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, email, role);
  return { context, page };
}

/** Types one number into the counting screen and registers it. */
async function read(page: Page, numero: string) {
  const field = page.getByLabel('Número do bem');
  await field.fill(numero);
  await field.press('Enter');
}

async function chooseLocal(page: Page, name: string) {
  await page.getByRole('combobox', { name: /^Onde estou/ }).click();
  await page.getByRole('option', { name }).click();
}

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, ACCOUNTS.admin);
});

test('contagem ao vivo por dois contadores, leitura offline e finalização', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const w = await world(request);
  const [a1, a2, a3, a4, a5, a6] = w.assets;
  const title = `Inventário anual ${w.tag}`;

  // The admin creates the inventory through the form.
  const admin = await signedIn(browser, ACCOUNTS.admin, 'admin');
  const pa = admin.page;
  await pa.goto('/inventarios/novo');
  await expect(pa.getByRole('heading', { level: 1, name: 'Novo Inventário' })).toBeVisible({ timeout: 30_000 });
  await pa.getByLabel('Título').fill(title);
  await pa.getByLabel('Descrição').fill('Contagem anual da Lei 4.320/64, art. 96.');
  await pa.getByRole('combobox', { name: 'Setor', exact: true }).click();
  await pa.getByRole('option', { name: w.sector.name }).click();
  // Fewer than three members is refused with the shared schema's message.
  const comissao = pa.getByRole('combobox', { name: 'Comissão' });
  await comissao.fill(w.names.admin);
  await pa.getByRole('option', { name: w.names.admin }).click();
  await pa.getByRole('button', { name: 'Criar inventário' }).click();
  await expect(pa.getByText(INVENTARIO_MSG.comissaoMin)).toBeVisible();
  for (const n of [w.names.supervisor, w.names.usuario]) {
    await comissao.fill(n);
    await pa.getByRole('option', { name: n }).click();
  }
  await pa.keyboard.press('Escape');
  await shot(pa, 'desktop-inventarios-novo');
  await pa.getByRole('button', { name: 'Criar inventário' }).click();
  await expect(pa.getByText(INVENTARIO_MSG.created)).toBeVisible();
  await expect(pa).toHaveURL(/\/inventarios\/\d+$/);
  const id = Number(new URL(pa.url()).pathname.split('/').pop());
  const progressA = pa.getByTestId('progresso');
  await expect(progressA).toContainText('0 de 6 (0%)');

  // The supervisor opens the same inventory on a phone; both see who is counting.
  const supervisor = await signedIn(browser, ACCOUNTS.supervisor, 'supervisor', PHONE);
  const pb = supervisor.page;
  await pb.goto(`/inventarios/${id}`);
  const progressB = pb.getByTestId('progresso');
  await expect(progressB).toContainText('0 de 6 (0%)', { timeout: 30_000 });
  await expect(pa.getByTestId('presenca')).toContainText(w.names.supervisor);
  await expect(pb.getByTestId('presenca')).toContainText(w.names.admin);
  await pa.evaluate(() => Object.assign(window, { __same: true }));
  await pb.evaluate(() => Object.assign(window, { __same: true }));

  // A counts in Sala 1; B sees the mark and the bar move.
  await chooseLocal(pa, 'Sala 1');
  await read(pa, a1.numero_patrimonio);
  await expect(pa.getByTestId('ultimo-resultado')).toContainText(`${a1.numero_patrimonio} — Encontrado`);
  const feedB = pb.getByTestId('feed');
  await expect(feedB.getByTestId('feed-item').filter({ hasText: a1.numero_patrimonio })).toContainText('Encontrado');
  await expect(progressB).toContainText('1 de 6 (16%)');

  // B, also in Sala 1, reads an asset registered in the Almoxarifado: local divergente, seen by A.
  await chooseLocal(pb, 'Sala 1');
  await read(pb, a4.numero_patrimonio);
  await expect(pb.getByTestId('ultimo-resultado')).toContainText('Local divergente');
  const feedA = pa.getByTestId('feed');
  await expect(feedA.getByTestId('feed-item').filter({ hasText: a4.numero_patrimonio })).toContainText(
    'Local divergente',
  );
  await expect(progressA).toContainText('2 de 6 (33%)');
  // A second reading of the same asset is flagged, not counted twice.
  await read(pa, a1.numero_patrimonio);
  await expect(pa.getByTestId('ultimo-resultado')).toContainText('Leitura repetida');
  await expect(progressA).toContainText('2 de 6 (33%)');

  // B goes offline and keeps reading: the marks wait on the phone.
  await supervisor.context.setOffline(true);
  const unknown = `NAOEXISTE${w.tag}`.toUpperCase();
  await read(pb, a2.numero_patrimonio);
  await read(pb, unknown);
  await expect(pb.getByTestId('fila')).toContainText('2 leituras aguardando envio');
  await expect(pb.getByTestId('fila')).toContainText('sem conexão');
  await shot(pb, 'phone-inventario-contagem-offline');
  await expect(progressA).toContainText('2 de 6 (33%)');

  // Back online: the queue is sent, A sees both marks and the bar move.
  await supervisor.context.setOffline(false);
  await expect(pb.getByTestId('fila')).toContainText('Todas as leituras enviadas', { timeout: 20_000 });
  await expect(feedA.getByTestId('feed-item').filter({ hasText: a2.numero_patrimonio })).toContainText('Encontrado');
  await expect(feedA.getByTestId('feed-item').filter({ hasText: unknown })).toContainText('Não cadastrado');
  await expect(progressA).toContainText('3 de 6 (50%)');
  await expect(progressB).toContainText('3 de 6 (50%)');
  // The phone's socket rejoined the room after the outage: it is counting again for everyone.
  await expect(pa.getByTestId('presenca')).toContainText(w.names.supervisor, { timeout: 20_000 });
  await expect(pa.getByTestId('progresso').locator('..')).toContainText('1 ocorrência');
  expect(await pa.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  expect(await pb.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
  await shot(pa, 'desktop-inventario-contagem');
  await shot(pb, 'phone-inventario-contagem');

  // A finalizes: the three assets not found become extraviado; B sees the inventory close live.
  await pa.getByRole('button', { name: 'Finalizar inventário' }).click();
  const dialog = pa.getByRole('dialog', { name: 'Finalizar inventário' });
  await expect(dialog).toContainText('Os 3 bens ainda não encontrados serão marcados como extraviados.');
  await dialog.getByRole('button', { name: 'Finalizar' }).click();
  const done = pa.getByRole('dialog', { name: 'Inventário finalizado' });
  const lost = done.getByTestId('extraviados');
  for (const a of [a3, a5, a6]) await expect(lost).toContainText(a.numero_patrimonio);
  await expect(lost).not.toContainText(a1.numero_patrimonio);
  await shot(pa, 'desktop-inventario-finalizado');
  await done.getByRole('button', { name: 'Fechar' }).click();
  await expect(pb.getByTestId('finalizado')).toBeVisible();
  await expect(pb.getByLabel('Número do bem')).toHaveCount(0);
  for (const a of [a3, a5, a6]) {
    const got = await call<{ patrimonio: Asset }>(request, 'get', `/api/patrimonios/${a.id}`);
    expect(got.patrimonio.status).toBe('extraviado');
  }
  const kept = await call<{ patrimonio: Asset }>(request, 'get', `/api/patrimonios/${a4.id}`);
  expect(kept.patrimonio.status).not.toBe('extraviado');

  // Summary and list, desktop and phone.
  await pa.goto(`/inventarios/resumo/${id}`);
  await expect(pa.getByRole('heading', { level: 1, name: 'Resumo do Inventário' })).toBeVisible({ timeout: 30_000 });
  await expect(pa.getByRole('table', { name: 'Ocorrências' })).toContainText(unknown);
  await expect(pa.getByRole('table', { name: 'Quem contou' })).toContainText(w.names.supervisor);
  await expect(pa.getByRole('table', { name: 'Divergências de local' })).toContainText(a4.numero_patrimonio);
  await shot(pa, 'desktop-inventario-resumo');
  await pb.goto(`/inventarios/resumo/${id}`);
  await expect(pb.getByRole('heading', { level: 1, name: 'Resumo do Inventário' })).toBeVisible({ timeout: 30_000 });
  await shot(pb, 'phone-inventario-resumo');
  await pa.goto('/inventarios?status=todos');
  await expect(pa.getByTestId(`inventario-${id}`)).toContainText('3 de 6 (50%)');
  await shot(pa, 'desktop-inventarios');
  await pb.goto('/inventarios?status=todos');
  await expect(pb.getByTestId(`inventario-${id}`)).toContainText('Finalizado');
  await shot(pb, 'phone-inventarios');
  await pb.goto('/inventarios/novo');
  await expect(pb.getByLabel('Título')).toBeVisible({ timeout: 30_000 });
  await shot(pb, 'phone-inventarios-novo');
  await admin.context.close();
  await supervisor.context.close();
});

test('edita e exclui pela lista com as mensagens da especificação', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const w = await world(request);
  const users = await call<{ users: Array<{ id: number; email: string }> }>(request, 'get', '/api/users');
  const ids = [ACCOUNTS.admin, ACCOUNTS.supervisor, ACCOUNTS.usuario].map(
    (e) => users.users.find((u) => u.email === e)!.id,
  );
  const created = await call<{ inventario: { id: number } }>(request, 'post', '/api/inventarios', {
    title: `Eventual ${w.tag}`,
    tipo: 'eventual',
    sectorId: w.sector.id,
    scope: 'sector',
    dataInicio: '2026-03-02',
    comissao: ids,
  });
  const id = created.inventario.id;
  const { context, page } = await signedIn(browser, ACCOUNTS.supervisor, 'supervisor');
  await page.goto(`/inventarios?q=${encodeURIComponent(w.tag)}`);
  const row = page.getByTestId(`inventario-${id}`);
  await expect(row).toContainText('0 de 6 (0%)', { timeout: 30_000 });
  // Another inventory created elsewhere appears in the open list without a reload, and leaves it when deleted.
  const other = await call<{ inventario: { id: number } }>(request, 'post', '/api/inventarios', {
    title: `Inicial ${w.tag}`,
    tipo: 'inicial',
    sectorId: w.sector.id,
    scope: 'location',
    locationType: 'almox',
    dataInicio: '2026-03-03',
    comissao: ids,
  });
  const otherRow = page.getByTestId(`inventario-${other.inventario.id}`);
  await expect(otherRow).toContainText('0 de 3 (0%)');
  await expect(otherRow).toContainText('Tipo de local: almox');
  const del = await request.delete(`/api/inventarios/${other.inventario.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(del.status()).toBe(204);
  await expect(otherRow).toHaveCount(0);
  await row.getByRole('button', { name: `Editar inventário Eventual ${w.tag}` }).click();
  await expect(page).toHaveURL(new RegExp(`/inventarios/editar/${id}$`));
  await expect(page.getByLabel('Título')).toHaveValue(`Eventual ${w.tag}`);
  await page.getByLabel('Título').fill(`Eventual revisado ${w.tag}`);
  await shot(page, 'desktop-inventarios-editar');
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText(INVENTARIO_MSG.updated)).toBeVisible();
  await expect(row).toContainText(`Eventual revisado ${w.tag}`);
  await row.getByRole('button', { name: `Excluir inventário Eventual revisado ${w.tag}` }).click();
  await page.getByRole('dialog', { name: 'Excluir inventário' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(INVENTARIO_MSG.deleted)).toBeVisible();
  await expect(row).toHaveCount(0);
  await context.close();
});

test('tema escuro: a contagem e o resumo, no computador e no celular', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const w = await world(request);
  const users = await call<{ users: Array<{ id: number; email: string }> }>(request, 'get', '/api/users');
  const ids = [ACCOUNTS.admin, ACCOUNTS.supervisor, ACCOUNTS.usuario].map(
    (e) => users.users.find((u) => u.email === e)!.id,
  );
  const { inventario } = await call<{ inventario: { id: number } }>(request, 'post', '/api/inventarios', {
    title: `Anual escuro ${w.tag}`,
    tipo: 'anual',
    sectorId: w.sector.id,
    scope: 'sector',
    dataInicio: '2026-03-02',
    comissao: ids,
  });
  const { context, page } = await signedIn(browser, ACCOUNTS.admin, 'admin');
  await page.getByRole('button', { name: 'Alterar tema' }).click();
  await page.getByRole('menuitem', { name: 'Escuro' }).click();
  await page.goto(`/inventarios/${inventario.id}`);
  await chooseLocal(page, 'Sala 1');
  await read(page, w.assets[0].numero_patrimonio);
  await read(page, w.assets[3].numero_patrimonio);
  await expect(page.getByTestId('feed-item')).toHaveCount(2);
  await expect(page.getByText('2 de 6 (33%)').first()).toBeVisible();
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
  await shot(page, 'desktop-inventario-contagem-escuro');
  await page.setViewportSize(PHONE);
  await shot(page, 'phone-inventario-contagem-escuro');
  await page.setViewportSize(DESKTOP);
  await page.goto(`/inventarios/resumo/${inventario.id}`);
  await expect(page.getByRole('heading', { name: 'Divergências de local' })).toBeVisible();
  await shot(page, 'desktop-inventario-resumo-escuro');
  await context.close();
});
