import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import {
  ACCOUNTS,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  apiToken,
  liveSentinel,
  login,
  trackRequests,
  unique,
  snap,
} from './helpers';

// Transfers and donations with approval, two people in two browsers: the requester and the approver
// see each other's actions without reloading. Each test opens several browsers: generous time limits.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

let adminToken = '';
let sectors: Record<string, number> = {};
let tipoId = 0;

async function api<T>(
  request: APIRequestContext,
  method: 'get' | 'post',
  url: string,
  data?: unknown,
  token = adminToken,
) {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

test.beforeAll(async ({ request }) => {
  adminToken = await apiToken(request, ACCOUNTS.admin);
  const list = await api<{ sectors: Array<{ id: number; name: string }> }>(request, 'get', '/api/sectors');
  sectors = Object.fromEntries(list.sectors.map((s) => [s.name, s.id]));
  const tipos = await api<{ tiposBens: Array<{ id: number; active: boolean }> }>(request, 'get', '/api/tipos-bens');
  tipoId = tipos.tiposBens.find((t) => t.active)!.id;
});

type Asset = { id: number; numero_patrimonio: string };
async function newAsset(request: APIRequestContext, descricao_bem: string): Promise<Asset> {
  const body = { descricao_bem, sectorId: sectors['Administração'], valor_aquisicao: '950.00', tipoId };
  return (await api<{ patrimonio: Asset }>(request, 'post', '/api/patrimonios', body)).patrimonio;
}

async function signedIn(
  browser: Browser,
  who: 'usuario' | 'supervisor' | 'admin',
  viewport: { width: number; height: number } = DESKTOP,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, ACCOUNTS[who], who);
  return { context, page };
}
const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });
/** Marks the document so that a reload would be noticed. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __same: true }));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __same?: boolean }).__same === true);
const toast = (page: Page) => page.getByTestId('toast');

test('usuario pede a transferência, o supervisor a vê chegar e aprova, a ficha do bem muda sem recarregar', async ({
  browser,
  request,
}) => {
  const asset = await newAsset(request, `Notebook transferido ${unique()}`);
  const motivo = `Reforço da equipe de suporte ${unique()}`;
  const supervisor = await signedIn(browser, 'supervisor');
  await supervisor.page.goto('/bens/transferencias');
  await expect(supervisor.page.getByRole('tab', { name: 'Pendentes' })).toHaveAttribute('aria-selected', 'true');
  await markDocument(supervisor.page);

  const usuario = await signedIn(browser, 'usuario');
  const u = usuario.page;
  await u.goto(`/bens-cadastrados/ver/${asset.id}`);
  await expect(u.getByRole('heading', { level: 1 })).toContainText(asset.numero_patrimonio);
  await markDocument(u);
  await u.getByRole('button', { name: 'Transferir / Doar' }).click();
  const form = u.getByRole('dialog', { name: 'Transferir ou doar bem' });
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(form.getByText('Selecione o setor de destino.')).toBeVisible();
  await expect(form.getByText('O motivo é obrigatório.')).toBeVisible();
  await form.getByRole('combobox', { name: 'Setor de destino' }).click();
  await u.getByRole('option', { name: 'Tecnologia da Informação' }).click();
  await form.getByRole('combobox', { name: 'Local de destino (opcional)' }).click();
  await u.getByRole('option', { name: 'Suporte Técnico' }).click();
  await form.getByLabel('Motivo').fill(motivo);
  await shot(u, 'desktop-transfer-request-dialog-light');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(toast(u)).toContainText('Solicitação de transferência enviada.');
  await expect(
    u.getByText('Este bem tem uma solicitação de transferência ou doação aguardando decisão.'),
  ).toBeVisible();
  await expect(u.getByRole('button', { name: 'Transferir / Doar' })).toHaveCount(0);

  // The supervisor's open list receives it live.
  const s = supervisor.page;
  const row = s.getByRole('row').filter({ hasText: asset.numero_patrimonio });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Administração → Tecnologia da Informação · Suporte Técnico');
  await expect(row).toContainText('Úrsula Usuária');
  expect(await sameDocument(s)).toBe(true);
  await shot(s, 'desktop-transfers-pending-light');
  // At 1366 px the columns and the decision buttons fit: nothing to scroll sideways for.
  await expect
    .poll(() => s.getByTestId('register-scroll').evaluate((el) => el.scrollWidth - el.clientWidth))
    .toBeLessThanOrEqual(0);
  await row.getByRole('button', { name: 'Aprovar' }).click();
  const detail = s.getByRole('dialog', { name: 'Solicitação de transferência' });
  await expect(detail).toContainText(motivo);
  await detail.getByLabel(/^Comentário/).fill('Aprovado para o suporte.');
  await shot(s, 'desktop-transfer-decision-dialog-light');
  const usuarioRequests = trackRequests(u);
  await detail.getByRole('button', { name: 'Aprovar' }).click();
  await expect(toast(s)).toContainText('Solicitação aprovada.');
  await expect(row).toHaveCount(0);

  // The usuario's open record shows the new sector and the history line, without a reload.
  const dados = u.getByRole('definition');
  await expect(dados.filter({ hasText: 'Tecnologia da Informação' })).toBeVisible();
  const history = u.getByRole('table', { name: 'Histórico de movimentação' });
  const first = history.getByRole('row').nth(1);
  await expect(first).toContainText('Transferência');
  await expect(first).toContainText(`Transferência aprovada. Motivo: ${motivo}`);
  await expect(u.getByText('aguardando decisão')).toHaveCount(0);

  // The requester's notification (the bell is another screen's work): spec §4 texts, through the API.
  const token = await apiToken(request, ACCOUNTS.usuario);
  const mine = await api<{ notifications: Array<Record<string, unknown>> }>(
    request,
    'get',
    '/api/notificacoes',
    undefined,
    token,
  );
  expect(mine.notifications[0]).toMatchObject({
    title: 'Solicitação Aprovada',
    description: `Sua solicitação para o bem ${asset.numero_patrimonio} foi aprovada.`,
    type: 'transfer',
    link: `/bens-cadastrados/ver/${asset.id}`,
  });

  // The sector it left is also hers: the '{ removed }' sent to that sector's room must not hide it.
  // Bounded by a later event to her page: once it is counted, the '{ removed }' before it has been handled and
  // the look-up it starts has answered.
  await liveSentinel(u, ACCOUNTS.usuario);
  await usuarioRequests.settled();
  await expect(u.getByText('Você não tem mais acesso a este bem')).toHaveCount(0);
  expect(await sameDocument(u)).toBe(true);
  await shot(u, 'desktop-asset-after-transfer-light');

  await s.getByRole('tab', { name: 'Decididas' }).click();
  await expect(s.getByRole('row').filter({ hasText: asset.numero_patrimonio })).toContainText('Aprovada');
  await shot(s, 'desktop-transfers-decided-light');
  // The tab and the filters are in the address: a reload (or the link) opens exactly this list.
  await s.getByRole('button', { name: 'Filtros' }).click();
  const filtros = s.getByRole('form', { name: 'Filtros' });
  await filtros.getByRole('textbox', { name: 'Nº do bem' }).fill(asset.numero_patrimonio);
  await filtros.getByRole('button', { name: 'Aplicar filtros' }).click();
  await expect(s).toHaveURL(new RegExp(`aba=decididas.*numero=${asset.numero_patrimonio}`));
  await s.reload();
  await expect(s.getByRole('tab', { name: 'Decididas' })).toHaveAttribute('aria-selected', 'true');
  await expect(s.getByText('1 solicitação encontrada')).toBeVisible();
  await expect(s.getByRole('row').filter({ hasText: asset.numero_patrimonio })).toContainText('Aprovada');
  await supervisor.context.close();
  await usuario.context.close();
});

test('uma doação pedida na edição do bem e aprovada termina baixada e doada', async ({ browser, request }) => {
  const asset = await newAsset(request, `Cadeira doada ${unique()}`);
  const admin = await signedIn(browser, 'admin');
  const a = admin.page;
  await a.goto(`/bens-cadastrados/editar/${asset.id}`);
  await a.getByRole('button', { name: 'Transferir / Doar' }).click();
  const form = a.getByRole('dialog', { name: 'Transferir ou doar bem' });
  await form.getByLabel('Doação').check();
  await form.getByLabel('Destinatário').fill('Escola Municipal Centro');
  await form.getByLabel('Motivo').fill('Bem ocioso no setor');
  await form.getByRole('button', { name: 'Enviar solicitação' }).click();
  await expect(toast(a)).toContainText('Solicitação de doação enviada.');
  // The request changed the asset's version: this form adopted it and can still save.
  await expect(a.getByText('Este registro foi alterado por outra pessoa')).toHaveCount(0);
  await expect(a.getByRole('button', { name: 'Transferir / Doar' })).toHaveCount(0);

  const supervisor = await signedIn(browser, 'supervisor');
  const s = supervisor.page;
  await s.goto('/bens/transferencias');
  const row = s.getByRole('row').filter({ hasText: asset.numero_patrimonio });
  await expect(row).toContainText('Doação a Escola Municipal Centro');
  await row.getByRole('button', { name: 'Detalhes' }).click();
  const detail = s.getByRole('dialog', { name: 'Solicitação de doação' });
  await detail.getByRole('button', { name: 'Aprovar' }).click();
  await expect(toast(s)).toContainText('Solicitação aprovada.');

  await a.goto(`/bens-cadastrados/ver/${asset.id}`);
  await expect(a.getByText('Este bem foi doado e está baixado')).toBeVisible();
  await expect(a.getByRole('definition').filter({ hasText: 'Baixado' })).toBeVisible();
  const first = a.getByRole('table', { name: 'Histórico de movimentação' }).getByRole('row').nth(1);
  await expect(first).toContainText('Doação aprovada. Motivo: Bem ocioso no setor');
  await expect(a.getByRole('button', { name: 'Transferir / Doar' })).toHaveCount(0);
  const record = await api<{ patrimonio: { status: string; doado: boolean } }>(
    request,
    'get',
    `/api/patrimonios/${asset.id}`,
  );
  expect(record.patrimonio).toMatchObject({ status: 'baixado', doado: true });
  await shot(a, 'desktop-asset-donated-light');
  await admin.context.close();
  await supervisor.context.close();
});

test('telas de transferências e relatório em 1366 e 390 px', async ({ browser, request }) => {
  // A pending one so that the lists show both kinds of rows.
  const asset = await newAsset(request, `Projetor ${unique()}`);
  await api(request, 'post', '/api/transferencias', {
    patrimonioId: asset.id,
    type: 'transferencia',
    motivo: 'Sala de reuniões nova',
    setorDestinoId: sectors['Educação'],
  });
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const { context, page } = await signedIn(browser, 'supervisor', viewport);
    await page.goto('/bens/transferencias');
    await expect(page.getByText(asset.numero_patrimonio).first()).toBeVisible();
    if (label === 'desktop') {
      await page.getByRole('button', { name: 'Alterar tema' }).click();
      await page.getByRole('menuitem', { name: 'Escuro' }).click();
      await shot(page, 'desktop-transfers-pending-dark');
      await page.getByRole('button', { name: 'Alterar tema' }).click();
      await page.getByRole('menuitem', { name: 'Claro' }).click();
    }
    if (label === 'phone') {
      await shot(page, 'phone-transfers-pending-light');
      await page.getByRole('button', { name: `Solicitação do bem ${asset.numero_patrimonio}` }).click();
      await expect(page.getByRole('dialog', { name: 'Solicitação de transferência' })).toBeVisible();
      await shot(page, 'phone-transfer-detail-light');
      await page.getByRole('button', { name: 'Fechar' }).click();
    }
    await page.goto('/relatorios/transferencias');
    await expect(page.getByRole('list', { name: 'Totais' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Por setor de origem' })).toContainText('Administração');
    await shot(page, `${label}-transfer-report-light`);
    if (label === 'desktop') {
      await page.getByRole('button', { name: 'Exportar XLSX' }).click();
      const panel = page.getByTestId('export-panel');
      await expect(panel.getByRole('button', { name: 'Baixar arquivo' })).toBeVisible({ timeout: 30_000 });
      const download = page.waitForEvent('download');
      await panel.getByRole('button', { name: 'Baixar arquivo' }).click();
      expect((await download).suggestedFilename()).toMatch(/^transferencias-\d{4}-\d{2}-\d{2}\.xlsx$/);
    } else {
      const usuario = await signedIn(browser, 'usuario', PHONE);
      await usuario.page.goto(`/bens-cadastrados/ver/${(await newAsset(request, `Mesa ${unique()}`)).id}`);
      await usuario.page.getByRole('button', { name: 'Transferir / Doar' }).click();
      await expect(usuario.page.getByRole('dialog', { name: 'Transferir ou doar bem' })).toBeVisible();
      await shot(usuario.page, 'phone-transfer-request-dialog-light');
      await usuario.context.close();
    }
    await context.close();
  }
});

test('rejeitar pede o motivo, e quem pediu o recebe na notificação', async ({ browser, request }) => {
  // Issue 35: a rejection without a reason told the requester nothing.
  const asset = await newAsset(request, `Cadeira ${unique()}`);
  await api(request, 'post', '/api/transferencias', {
    patrimonioId: asset.id,
    type: 'transferencia',
    motivo: 'Troca de sala',
    setorDestinoId: sectors['Educação'],
  });
  const { context, page } = await signedIn(browser, 'supervisor');
  await page.goto('/bens/transferencias');
  const row = page.getByRole('row').filter({ hasText: asset.numero_patrimonio });
  await row.getByRole('button', { name: 'Rejeitar' }).click();
  const detail = page.getByRole('dialog', { name: 'Solicitação de transferência' });
  const comment = detail.getByLabel(/^Comentário/);
  await expect(comment).toBeFocused();
  await detail.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(detail.getByText('Informe o motivo da rejeição: quem pediu será avisado dele.')).toBeVisible();
  await expect(comment).toHaveAttribute('aria-invalid', 'true');
  await comment.fill('Não há espaço na Educação.');
  await detail.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(toast(page)).toContainText('Solicitação rejeitada.');
  await context.close();
  const notes = await api<{ notifications: Array<{ description: string }> }>(
    request,
    'get',
    '/api/notificacoes?pageSize=100',
  );
  expect(notes.notifications.map((n) => n.description)).toContain(
    `Sua solicitação para o bem ${asset.numero_patrimonio} foi rejeitada. Motivo: Não há espaço na Educação.`,
  );
});
