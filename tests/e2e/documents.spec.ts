import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DOCUMENT_MSG, type GeneralDocument, type Notification } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, openAs, unique, snap } from './helpers';

// General documents (/ferramentas/documentos): an admin uploads with a progress bar, another user of the
// municipality sees it appear without reloading and is notified; deleting asks first and goes live too.

const shot = (page: Page, name: string, fullPage = true) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage });

/** A real PDF header padded to `kb` kilobytes (a comment line), so an upload takes a moment on a slow link. */
const pdfOf = (kb: number) =>
  Buffer.concat([
    Buffer.from('%PDF-1.4\n%'),
    Buffer.alloc(kb * 1024, 'x'),
    Buffer.from('\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n'),
    Buffer.from('trailer<</Root 1 0 R>>\n%%EOF\n'),
  ]);

async function uploadByApi(request: APIRequestContext, token: string, name: string, kb = 40) {
  const res = await request.post('/api/documentos', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name, mimeType: 'application/pdf', buffer: pdfOf(kb) } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as GeneralDocument;
}

test('admin uploads with progress; a visualizador sees it live, is notified, downloads; delete asks first', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000); // two signed-in browsers and a throttled upload
  const name = `Edital de licitação ${unique()}.pdf`;
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const admin = await ctxA.newPage();
  const viewer = await ctxB.newPage();
  try {
    await openAs(viewer, ACCOUNTS.visualizador, '/ferramentas/documentos');
    await expect(viewer.getByRole('heading', { name: 'Documentos Gerais' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: 'Enviar documentos' })).toHaveCount(0);
    await viewer.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await openAs(admin, ACCOUNTS.admin, '/ferramentas/documentos');
    await expect(admin.getByText('Arraste arquivos para cá ou')).toBeVisible();
    // A slow uplink (about 400 KB/s) so the progress bar is seen moving.
    const cdp = await ctxA.newCDPSession(admin);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await admin
      .getByLabel('Enviar documentos')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdfOf(1500) });
    const progress = admin.getByRole('progressbar', { name: `Progresso de ${name}` });
    await expect(progress).toBeVisible();
    await expect(admin.getByText(/Enviando… \d+%/)).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await shot(admin, 'desktop-documentos-enviando');
    await expect(admin.getByText(DOCUMENT_MSG.uploaded)).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(progress).toHaveCount(0);
    const row = (p: Page) => p.getByRole('row').filter({ hasText: name });
    await expect(row(admin)).toBeVisible();
    await expect(row(admin)).toContainText('Ana Administradora');

    // The visualizador's list updated without a reload; no delete for them.
    await expect(row(viewer)).toBeVisible();
    await expect(row(viewer)).toContainText('PDF');
    await expect(viewer.getByRole('button', { name: `Excluir ${name}` })).toHaveCount(0);
    expect(await viewer.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Notified (the others of the municipality); the uploader is not.
    const inbox = async (email: string) => {
      const res = await request.get('/api/notificacoes', {
        headers: { Authorization: `Bearer ${await apiToken(request, email)}` },
      });
      return ((await res.json()).notifications as Notification[]).filter((n) => n.description.includes(name));
    };
    expect(await inbox(ACCOUNTS.visualizador)).toEqual([
      expect.objectContaining({
        title: 'Novo Documento Disponível',
        description: `Ana Administradora adicionou o documento "${name}".`,
        link: '/ferramentas/documentos',
      }),
    ]);
    expect(await inbox(ACCOUNTS.admin)).toEqual([]);

    // The visualizador downloads it under its own name.
    const download = viewer.waitForEvent('download');
    await viewer.getByRole('button', { name: `Baixar ${name}` }).click();
    expect((await download).suggestedFilename()).toBe(name);

    // Delete: a confirmation first; cancelling keeps it.
    await admin.getByRole('button', { name: `Excluir ${name}` }).click();
    const dialog = admin.getByRole('dialog', { name: 'Excluir documento' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(row(admin)).toBeVisible();
    await admin.getByRole('button', { name: `Excluir ${name}` }).click();
    await admin.getByRole('dialog', { name: 'Excluir documento' }).getByRole('button', { name: 'Excluir' }).click();
    await expect(admin.getByText(DOCUMENT_MSG.deleted)).toBeVisible();
    await expect(row(admin)).toHaveCount(0);
    await expect(row(viewer)).toHaveCount(0);
  } finally {
    await ctxA.close();
    await ctxB.close();
  }
});

test('a disguised executable is refused with the server message', async ({ page }) => {
  await openAs(page, ACCOUNTS.supervisor, '/ferramentas/documentos');
  const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2048, 1)]);
  await page
    .getByLabel('Enviar documentos')
    .setInputFiles({ name: 'Relatório.pdf', mimeType: 'application/pdf', buffer: exe });
  await expect(page.getByText('Relatório.pdf: Arquivos executáveis não são permitidos.').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Relatório.pdf' })).toHaveCount(0);
});

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test(`screenshots of the documents screen (${label})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const token = await apiToken(request, ACCOUNTS.supervisor);
    for (const n of [
      'Ata da reunião do conselho municipal',
      'Plano anual de compras',
      'Inventário 2025 – Secretaria de Saúde',
    ])
      await uploadByApi(request, token, `${n} ${label}.pdf`);
    for (const [role, email] of [
      ['admin', ACCOUNTS.admin],
      ['usuario', ACCOUNTS.usuario],
    ] as const) {
      const ctx = await browser.newContext({ viewport });
      const page = await ctx.newPage();
      await openAs(page, email, '/ferramentas/documentos');
      await expect(page.getByText(`Plano anual de compras ${label}.pdf`)).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      if (label === 'phone') {
        await expect(page.getByRole('table')).toHaveCount(0);
        await expect(page.getByRole('list', { name: 'Documentos' })).toBeVisible();
      }
      await shot(page, `${label}-documentos-${role}`, label === 'desktop');
      if (role === 'admin') {
        await page.getByRole('button', { name: `Excluir Plano anual de compras ${label}.pdf` }).click();
        await expect(page.getByRole('dialog', { name: 'Excluir documento' })).toBeVisible();
        await shot(page, `${label}-documentos-excluir`, false);
      }
      await ctx.close();
    }
  });
}
