import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, openAs, unique, snap } from './helpers';

// /inventarios/imprimir/:id: the page asks the worker for the legal report, shows the job's progress and
// then the download; the PDF's text holds the items and the commission's names (issue 10).

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

async function pdfText(file: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(file)) }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(''));
  }
  return parts.join('').replace(/\s+/g, '');
}

test('imprime o inventário: progresso, download, e o PDF traz os bens e a comissão', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, ACCOUNTS.admin);
  const { users } = await apiAs<{ users: Array<{ id: number; name: string; email: string }> }>(
    request,
    token,
    'get',
    '/api/users',
  );
  const members = users.filter((u) =>
    [ACCOUNTS.admin, ACCOUNTS.supervisor, ACCOUNTS.usuario].includes(u.email as typeof ACCOUNTS.admin),
  );
  expect(members).toHaveLength(3);
  const { sectors } = await apiAs<{ sectors: Array<{ id: number; name: string }> }>(
    request,
    token,
    'get',
    '/api/sectors',
  );
  const sectorId = sectors.find((s) => s.name === 'Administração')!.id;
  const title = `Inventário anual ${unique()}`;
  const { inventario } = await apiAs<{ inventario: { id: number } }>(request, token, 'post', '/api/inventarios', {
    title,
    tipo: 'anual',
    sectorId,
    scope: 'sector',
    dataInicio: '2026-02-02',
    comissao: members.map((m) => m.id),
  });
  const { itens } = await apiAs<{ itens: Array<{ numero_patrimonio: string; descricao_bem: string }> }>(
    request,
    token,
    'get',
    `/api/inventarios/${inventario.id}/itens?pageSize=100`,
  );
  expect(itens.length).toBeGreaterThan(0);

  for (const [viewport, name] of [
    [DESKTOP, 'inventario-print-desktop'],
    [PHONE, 'phone-inventario-print'],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openAs(page, ACCOUNTS.admin, `/inventarios/imprimir/${inventario.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Imprimir Inventário' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('print-title')).toHaveText(title);
    await expect(page).toHaveURL(/[?&]job=[0-9a-f-]{36}/);
    const panel = page.getByTestId('export-panel');
    await expect(panel).toContainText(`Inventário — ${title} (PDF)`);
    const button = panel.getByRole('button', { name: 'Baixar arquivo' });
    await expect(button).toBeVisible({ timeout: 60_000 });
    await expect(panel).toContainText('Concluído');
    await shot(page, name);

    if (viewport === DESKTOP) {
      // A reload keeps the same job (no second request).
      const jobUrl = page.url();
      await page.reload();
      await expect(page.getByTestId('export-panel').getByRole('button', { name: 'Baixar arquivo' })).toBeVisible();
      expect(page.url()).toBe(jobUrl);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-panel').getByRole('button', { name: 'Baixar arquivo' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(
        new RegExp(`^inventario-${inventario.id}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
      );
      const file = path.join(test.info().outputDir, 'inventario.pdf');
      await download.saveAs(file);
      const text = await pdfText(file);
      for (const item of itens) {
        expect(text).toContain(item.numero_patrimonio.replace(/\s+/g, ''));
        expect(text).toContain(item.descricao_bem.replace(/\s+/g, ''));
      }
      for (const m of members) expect(text).toContain(`${m.name}Membrodacomissãoinventariante`.replace(/\s+/g, ''));
    }
    await context.close();
  }
});

test('inventário de outro município: "Inventário não encontrado."', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.admin);
  const { users } = await apiAs<{ users: Array<{ id: number; email: string }> }>(request, token, 'get', '/api/users');
  const { sectors } = await apiAs<{ sectors: Array<{ id: number; name: string }> }>(
    request,
    token,
    'get',
    '/api/sectors',
  );
  const { inventario } = await apiAs<{ inventario: { id: number } }>(request, token, 'post', '/api/inventarios', {
    title: `Inventário eventual ${unique()}`,
    tipo: 'eventual',
    sectorId: sectors.find((s) => s.name === 'Administração')!.id,
    scope: 'sector',
    dataInicio: '2026-03-03',
    comissao: users.slice(0, 3).map((u) => u.id),
  });
  await openAs(page, ACCOUNTS.vizinho, `/inventarios/imprimir/${inventario.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Inventário não encontrado.' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('export-panel')).toHaveCount(0);
});
