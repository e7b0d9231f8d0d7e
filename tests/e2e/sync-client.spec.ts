import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, assetRefs, login, unique, snap } from './helpers';

// The sync client (/ferramentas/sync-client, spec §4 Sync, §8 Sync texts): the municipality's assets
// kept in IndexedDB, page by page with progress; cancel; last sync kept across reloads; one sync at a
// time across tabs; a number looked up with the connection off.

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

/** Slows every sync page so progress and cancel can be seen (the data still comes from the server). */
async function openSyncClient(page: Page) {
  await page.goto('/ferramentas/sync-client');
  await expect(page.getByRole('heading', { level: 1, name: 'Cliente de Sincronização' })).toBeVisible({
    timeout: 30_000,
  });
}

test('sincroniza com progresso, guarda a data, consulta offline; cancela; uma por vez entre abas', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // The neighbouring municipality gets 1,100 more assets, so the sync takes two pages of 1,000.
  const token = await apiToken(request, ACCOUNTS.vizinho);
  const { sectors, tipoId } = await assetRefs(request, token);
  const sectorId = sectors['Gabinete do Prefeito'];
  for (const quantity of [500, 500, 100]) {
    const body = {
      descricao_bem: `Cadeira de espera ${unique()}`,
      sectorId,
      valor_aquisicao: '120.00',
      tipoId,
      quantity,
    };
    await apiAs(request, token, 'post', '/api/patrimonios/lote', body);
  }
  const descricao = `Bebedouro elétrico ${unique()}`;
  const created = await apiAs<{ patrimonio: { numero_patrimonio: string } }>(
    request,
    token,
    'post',
    '/api/patrimonios',
    {
      descricao_bem: descricao,
      sectorId,
      valor_aquisicao: '899.90',
      tipoId,
    },
  );
  const numero = created.patrimonio.numero_patrimonio;
  const expected = (await apiAs<{ total: number }>(request, token, 'get', '/api/patrimonios/sync?limit=1')).total;
  expect(expected).toBeGreaterThan(1000);

  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await login(page, ACCOUNTS.vizinho, 'admin');
  await openSyncClient(page);
  await expect(page.getByTestId('sync-count')).toHaveText('0');
  await expect(page.getByTestId('sync-last')).toHaveText('Nunca sincronizado');

  // The spec's browser event, recorded from the page itself.
  await page.evaluate(() => {
    window.addEventListener('patrimonios-updated', (e) =>
      Object.assign(window, { __updated: (e as CustomEvent<{ count: number }>).detail.count }),
    );
  });

  // A second tab of the same account: it cannot start while the first one syncs (spec §4). The sync's pages
  // are held at a gate the test opens when it has seen what a page in flight shows (the first page: the
  // toasts; the second: the other tab): headless Chromium stops running a tab sent to the background, so
  // each tab is brought to the front when it has to run.
  let gate = Promise.resolve();
  let open = () => {};
  const hold = () => (gate = new Promise<void>((resolve) => (open = resolve)));
  await context.route('**/api/patrimonios/sync?**', async (route) => {
    await gate;
    await route.continue().catch(() => undefined);
  });
  const other = await context.newPage();
  await openSyncClient(other);
  await page.bringToFront();

  hold();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByTestId('toast')).toContainText('Sincronizando dados...');
  await expect(page.getByTestId('toast')).toContainText('Buscando atualizações no servidor.');
  const releaseFirstPage = open;
  hold(); // the second page waits for the other tab
  releaseFirstPage();
  await expect(page.getByTestId('sync-progress')).toHaveText(
    `1.000 de ${expected.toLocaleString('pt-BR')} bens (${Math.round((1000 / expected) * 100)}%)`,
  );
  await expect(page.getByRole('progressbar', { name: 'Progresso da sincronização' })).toBeVisible();
  await shot(page, 'sync-client-progress-desktop');
  await other.bringToFront();
  await expect(other.getByText('Uma sincronização está em andamento em outra aba.')).toBeVisible();
  await expect(other.getByRole('button', { name: 'Sincronizar agora' })).toBeDisabled();
  await page.bringToFront();
  open();

  await expect(page.getByTestId('toast')).toContainText('Sincronização concluída!', { timeout: 60_000 });
  await expect(page.getByTestId('toast')).toContainText(
    `${expected.toLocaleString('pt-BR')} bens atualizados com sucesso.`,
  );
  await expect(page.getByTestId('sync-count')).toHaveText(expected.toLocaleString('pt-BR'));
  await expect(page.getByTestId('sync-last')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  expect(await page.evaluate(() => (window as unknown as { __updated?: number }).__updated)).toBe(expected);
  // The other tab hears the end and can sync again, showing the same copy (in front, so that it runs).
  await other.bringToFront();
  await expect(other.getByRole('button', { name: 'Sincronizar agora' })).toBeEnabled();
  await expect(other.getByTestId('sync-count')).toHaveText(expected.toLocaleString('pt-BR'));
  await other.close();
  await page.bringToFront();
  const lastSync = await page.getByTestId('sync-last').textContent();

  // Cancel (the first page held until then): the previous copy and its date stay.
  hold();
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByTestId('sync-progress')).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  open();
  await expect(page.getByTestId('toast')).toContainText('Sincronização cancelada.');
  await expect(page.getByTestId('sync-status')).toHaveText('Pronto para sincronizar.');
  await expect(page.getByTestId('sync-count')).toHaveText(expected.toLocaleString('pt-BR'));
  await expect(page.getByTestId('sync-last')).toHaveText(lastSync!);
  await context.unroute('**/api/patrimonios/sync?**');

  // After a reload the count and the last sync are read back from the device.
  await page.reload();
  await expect(page.getByTestId('sync-count')).toHaveText(expected.toLocaleString('pt-BR'));
  await expect(page.getByTestId('sync-last')).toHaveText(lastSync!);
  await shot(page, 'sync-client-desktop');

  // Offline: the look-up reads the device's copy.
  await context.setOffline(true);
  await page.getByLabel('Número do patrimônio').fill(numero.toLowerCase());
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('offline-lookup-result')).toContainText(`${numero} — ${descricao}`);
  await expect(page.getByTestId('offline-lookup-result')).toContainText('Gabinete do Prefeito');
  await page.getByLabel('Número do patrimônio').fill('NAOEXISTE999');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('offline-lookup-result')).toHaveText('Bem não encontrado neste dispositivo.');

  // A sync without a connection fails with the §8 text and keeps the copy.
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Falha na sincronização' })).toContainText(
    'Não foi possível sincronizar os dados. Tente novamente.',
  );
  await expect(page.getByTestId('sync-count')).toHaveText(expected.toLocaleString('pt-BR'));
  await context.setOffline(false);
  await context.close();
});

test('telefone (390 px): mesma tela, sem rolagem lateral; outra conta no mesmo navegador não vê a cópia', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await login(page, ACCOUNTS.usuario, 'usuario');
  await openSyncClient(page);
  await page.getByRole('button', { name: 'Sincronizar agora' }).click();
  // The end is read from the screen, not the toast (checked in the test above): this user's notifications from
  // tests running beside this one replace the toast (one at a time, spec §9).
  await expect(page.getByTestId('sync-last')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/, { timeout: 60_000 });
  const count = await page.getByTestId('sync-count').textContent();
  expect(Number(count?.replace(/\./g, ''))).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await shot(page, 'phone-sync-client');

  // The supervisor signs in on the same browser profile: its own, empty database.
  await page.evaluate(() => localStorage.clear());
  await login(page, ACCOUNTS.supervisor, 'supervisor');
  await openSyncClient(page);
  await expect(page.getByTestId('sync-count')).toHaveText('0');
  await expect(page.getByTestId('sync-last')).toHaveText('Nunca sincronizado');
  await context.close();
});
