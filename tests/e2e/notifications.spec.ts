import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { NOTIFICATION_MSG, type PatrimonioList } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, login, newSignedUpUser, unique, snap } from './helpers';
import { notifyThroughHook, type HookNotification } from './notify-hook-client';

// Notifications are made by the server's real `notify` through the TEST-ONLY hook of the e2e server
// (notify-hook.ts): the flows that notify (transfers, documents) are built elsewhere.

// Two or three signed-in pages at once on a 2-core machine: screens may take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 20_000 });
const bell = (page: Page) => page.getByRole('button', { name: /^Notificações, / });
const shot = (page: Page, name: string) => snap(page, { path: path.join(SCREENSHOTS, `${name}.png`) });

/** A supervisor of its own (no other spec notifies it), and an asset of the municipality to link to. */
async function setUp(request: Parameters<Parameters<typeof test>[2]>[0]['request']) {
  const suffix = unique();
  const user = { email: `notif-${suffix}@exemplo.gov.br`, password: 'Outra@Senha1' };
  const admin = await apiToken(request, ACCOUNTS.admin);
  await newSignedUpUser(request, admin, { name: `Supervisora ${suffix}`, role: 'supervisor', ...user });
  const assets = await request.get('/api/patrimonios?page=1&pageSize=1', {
    headers: { Authorization: `Bearer ${admin}` },
  });
  expect(assets.ok()).toBeTruthy();
  const [asset] = ((await assets.json()) as PatrimonioList).patrimonios;
  return { user, asset };
}

async function signedIn(browser: Browser, email: string, password: string, opts: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(opts);
  const page = await context.newPage();
  await login(page, email, 'supervisor', password);
  return { context, page };
}

test('a notification arrives live with a toast and the count; opening it follows its link; other tabs follow', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const { user, asset } = await setUp(request);
  const send = (n: Omit<HookNotification, 'email'>) => notifyThroughHook(baseURL!, { email: user.email, ...n });
  const a = await signedIn(browser, user.email, user.password, { viewport: DESKTOP });
  const b = await signedIn(browser, user.email, user.password, { viewport: DESKTOP });
  try {
    await expect(bell(a.page)).toHaveAccessibleName('Notificações, nenhuma não lida');
    await expect(bell(b.page)).toHaveAccessibleName('Notificações, nenhuma não lida');
    await b.page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await send({
      title: 'Novo Documento Disponível',
      description: 'Fulana adicionou o documento "Portaria 12-2025.pdf".',
      type: 'document',
      link: '/ferramentas/documentos',
    });
    await expect(a.page.getByTestId('toast')).toContainText('Novo Documento Disponível');
    await expect(a.page.getByTestId('toast')).toContainText('Fulana adicionou o documento "Portaria 12-2025.pdf".');
    await expect(bell(a.page)).toHaveAccessibleName('Notificações, 1 não lida');
    await expect(bell(b.page)).toHaveAccessibleName('Notificações, 1 não lida');

    const approved = `Sua solicitação para o bem ${asset.numero_patrimonio} foi aprovada.`;
    await send({
      title: 'Solicitação Aprovada',
      description: approved,
      type: 'transfer',
      link: `/bens-cadastrados/ver/${asset.id}`,
    });
    await expect(a.page.getByTestId('toast')).toContainText('Solicitação Aprovada');
    await expect(a.page.getByTestId('toast')).toContainText(approved);
    await expect(bell(a.page)).toHaveAccessibleName('Notificações, 2 não lidas');
    await expect(bell(b.page)).toHaveAccessibleName('Notificações, 2 não lidas');

    // The popover lists them newest first; the newest opens the asset and counts as read in both tabs.
    await bell(a.page).click();
    const popover = a.page.getByRole('dialog', { name: 'Notificações recentes' });
    const items = popover.getByRole('list', { name: 'Últimas notificações' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Solicitação Aprovada');
    await expect(items.nth(1)).toContainText('Novo Documento Disponível');
    await shot(a.page, 'desktop-notifications-bell-light');
    await items.nth(0).getByRole('button').click();
    await expect(a.page).toHaveURL(new RegExp(`/bens-cadastrados/ver/${asset.id}$`));
    await expect(popover).toBeHidden();
    await expect(bell(a.page)).toHaveAccessibleName('Notificações, 1 não lida');
    await expect(bell(b.page)).toHaveAccessibleName('Notificações, 1 não lida');
    expect(await b.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // "Ver todas" → the page; the filters split read and unread.
    await bell(a.page).click();
    await a.page.getByRole('link', { name: NOTIFICATION_MSG.seeAll }).click();
    await expect(a.page).toHaveURL(/\/notificacoes$/);
    const list = a.page.getByRole('list', { name: 'Notificações', exact: true });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await a.page.getByRole('tab', { name: 'Não lidas', exact: true }).click();
    await expect(a.page).toHaveURL(/filtro=nao-lidas/);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Novo Documento Disponível');
    await a.page.getByRole('tab', { name: 'Lidas', exact: true }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Solicitação Aprovada');

    // Mark one read from the unread filter: the list empties, both tabs count zero.
    await a.page.getByRole('tab', { name: 'Não lidas', exact: true }).click();
    await a.page.getByRole('button', { name: `${NOTIFICATION_MSG.markOne}: Novo Documento Disponível` }).click();
    await expect(a.page.getByRole('tabpanel').getByText(NOTIFICATION_MSG.empty.unread)).toBeVisible();
    await expect(bell(a.page)).toHaveAccessibleName('Notificações, nenhuma não lida');
    await expect(bell(b.page)).toHaveAccessibleName('Notificações, nenhuma não lida');

    // On the page, a new one goes first at once; "mark all" clears the count everywhere.
    // The other tab's first read of the page is answered before they exist and delivered after their events:
    // the page must still show them (an event that lands on a read in flight has it read again).
    await a.page.getByRole('tab', { name: 'Todas', exact: true }).click();
    let release!: () => void;
    const sent = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const held = new Promise<void>((resolve) => (answered = resolve));
    await b.page.route(
      /\/api\/notificacoes\?filter=all&page=1&pageSize=20$/,
      async (route) => {
        const answer = await route.fetch();
        answered();
        await sent;
        await route.fulfill({ response: answer });
      },
      { times: 1 },
    );
    await b.page.goto('/notificacoes');
    await held;
    for (const i of [1, 2]) {
      await send({
        title: `Empréstimo vencido ${i}`,
        description: `O empréstimo do bem ${asset.numero_patrimonio} venceu.`,
        type: 'loan',
        link: null,
      });
    }
    await expect(bell(b.page)).toHaveAccessibleName('Notificações, 2 não lidas');
    release();
    await expect(list.getByRole('listitem')).toHaveCount(4);
    await expect(list.getByRole('listitem').first()).toContainText('Empréstimo vencido 2');
    await expect(
      b.page.getByRole('list', { name: 'Notificações', exact: true }).getByRole('listitem').first(),
    ).toContainText('Empréstimo vencido 2');
    await expect(bell(b.page)).toHaveAccessibleName('Notificações, 2 não lidas');
    await shot(a.page, 'desktop-notifications-page-light');
    await a.page.getByRole('button', { name: NOTIFICATION_MSG.markAll }).click();
    await expect(a.page.getByTestId('toast')).toContainText(NOTIFICATION_MSG.allRead);
    await expect(bell(a.page)).toHaveAccessibleName('Notificações, nenhuma não lida');
    await expect(bell(b.page)).toHaveAccessibleName('Notificações, nenhuma não lida');
    await expect(b.page.getByRole('button', { name: new RegExp(`^${NOTIFICATION_MSG.markOne}:`) })).toHaveCount(0);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

/** Two notifications for a fresh user: one read transfer, one unread document with a long name. */
async function twoNotifications(baseURL: string, email: string, asset: { id: number; numero_patrimonio: string }) {
  const [rejected] = await notifyThroughHook(baseURL, {
    email,
    title: 'Solicitação Rejeitada',
    description: `Sua solicitação para o bem ${asset.numero_patrimonio} foi rejeitada. Motivo: O setor de destino não tem espaço.`,
    type: 'transfer',
    link: `/bens-cadastrados/ver/${asset.id}`,
  });
  await notifyThroughHook(baseURL, {
    email,
    title: 'Novo Documento Disponível',
    description: 'Beltrano adicionou o documento "Inventário anual de bens móveis 2025 - versão final.xlsx".',
    type: 'document',
    link: '/ferramentas/documentos',
  });
  return rejected;
}

test('phone layout: cards, the empty state, the bell popover; a card opens its link', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  const { user, asset } = await setUp(request);
  const phone = await signedIn(browser, user.email, user.password, { viewport: PHONE });
  try {
    await phone.page.goto('/notificacoes');
    await expect(phone.page.getByRole('tabpanel').getByText(NOTIFICATION_MSG.empty.all)).toBeVisible();
    await shot(phone.page, 'phone-notifications-empty-light');

    await twoNotifications(baseURL!, user.email, asset);
    const cards = phone.page.getByRole('list', { name: 'Notificações', exact: true }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(bell(phone.page)).toHaveAccessibleName('Notificações, 2 não lidas');
    await phone.page.getByRole('button', { name: `${NOTIFICATION_MSG.markOne}: Solicitação Rejeitada` }).click();
    await expect(bell(phone.page)).toHaveAccessibleName('Notificações, 1 não lida');
    await phone.page.getByTestId('toast').getByRole('button').click();
    await shot(phone.page, 'phone-notifications-page-light');

    await bell(phone.page).click();
    const popover = phone.page.getByRole('dialog', { name: 'Notificações recentes' });
    await expect(popover.getByRole('listitem')).toHaveCount(2);
    await shot(phone.page, 'phone-notifications-bell-light');
    await phone.page.keyboard.press('Escape');
    await expect(popover).toBeHidden();

    // Server paging: 13 in all, 10 a page (new ones pushed onto the first page live).
    await phone.page.goto('/notificacoes?itens=10');
    await expect(cards).toHaveCount(2);
    for (let i = 1; i <= 11; i++) {
      await notifyThroughHook(baseURL!, {
        email: user.email,
        title: `Aviso ${i}`,
        description: `Aviso de teste número ${i}.`,
        type: 'system',
        link: null,
      });
    }
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText('Aviso 11');
    await expect(bell(phone.page)).toHaveAccessibleName('Notificações, 12 não lidas');
    await phone.page.getByRole('button', { name: 'Ir para a página 2' }).click();
    await expect(phone.page).toHaveURL(/pagina=2/);
    await expect(cards).toHaveCount(3);
    await expect(cards.last()).toContainText('Solicitação Rejeitada');

    await cards.getByText('Solicitação Rejeitada').click();
    await expect(phone.page).toHaveURL(new RegExp(`/bens-cadastrados/ver/${asset.id}$`));
  } finally {
    await phone.context.close();
  }
});

test('dark mode: the page and the bell popover, desktop and phone', async ({ browser, request, baseURL }) => {
  test.slow();
  const { user, asset } = await setUp(request);
  const rejected = await twoNotifications(baseURL!, user.email, asset);
  const token = await apiToken(request, user.email, user.password);
  const read = await request.post(`/api/notificacoes/${rejected.id}/lida`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(read.ok()).toBeTruthy();
  const dark = await signedIn(browser, user.email, user.password, { viewport: DESKTOP, colorScheme: 'dark' });
  try {
    await dark.page.getByRole('button', { name: 'Alterar tema' }).click();
    await dark.page.getByRole('menuitem', { name: 'Escuro' }).click();
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await dark.page.setViewportSize(viewport);
      await dark.page.goto('/notificacoes');
      const items = dark.page.getByRole('list', { name: 'Notificações', exact: true }).getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(bell(dark.page)).toHaveAccessibleName('Notificações, 1 não lida');
      await shot(dark.page, `${label}-notifications-page-dark`);
      await bell(dark.page).click();
      await expect(dark.page.getByRole('dialog', { name: 'Notificações recentes' }).getByRole('listitem')).toHaveCount(
        2,
      );
      await shot(dark.page, `${label}-notifications-bell-dark`);
    }
  } finally {
    await dark.context.close();
  }
});
