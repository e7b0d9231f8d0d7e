import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, unique, snap } from './helpers';

// Issue 35, anonymous visitor: the bare consultation offers the municipalities open to the public (the demo has
// two), the search finds what a citizen means ('camera' → Câmera only, 'notebooks' → Notebook) at 1366 and
// 390 px, and a property link without municipality opens the property's page.

const tag = unique();
const ITEMS = {
  camera: `Câmera fotográfica digital ${tag}`,
  caminhao: `Caminhão basculante ${tag}`,
  camionete: `Camionete cabine dupla ${tag}`,
  notebook: `Notebook 14 polegadas ${tag}`,
};
let imovelId = 0;
const denominacao = `Centro Cultural da Praça ${tag}`;

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

test.beforeAll(async ({ request }) => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const auth = { Authorization: `Bearer ${await apiToken(request, ACCOUNTS.admin)}` };
  const { sectors } = (await (await request.get('/api/sectors', { headers: auth })).json()) as {
    sectors: Array<{ id: number }>;
  };
  const { tiposBens } = (await (await request.get('/api/tipos-bens', { headers: auth })).json()) as {
    tiposBens: Array<{ id: number; active: boolean }>;
  };
  const tipoId = tiposBens.find((t) => t.active)!.id;
  for (const descricao_bem of Object.values(ITEMS)) {
    const res = await request.post('/api/patrimonios', {
      headers: auth,
      data: {
        descricao_bem,
        sectorId: sectors[0].id,
        tipoId,
        valor_aquisicao: '2500.00',
        data_aquisicao: '2024-05-10',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const created = await request.post('/api/imoveis', {
    headers: auth,
    data: { denominacao, endereco: 'Praça da Matriz, 10', situacao: 'proprio', utilizacao: 'Cultura' },
  });
  expect(created.status(), await created.text()).toBe(201);
  imovelId = ((await created.json()) as { id: number }).id;
});

/** From the bare consultation: the choice the server offered, then 'Município de Exemplo'. */
async function chooseExemplo(page: Page, name: string) {
  await page.goto('/consulta-publica');
  const choice = page.getByRole('list', { name: 'Municípios com consulta pública' });
  await expect(
    page.getByText('Escolha o município da consulta: mais de um município tem consulta pública.'),
  ).toBeVisible({ timeout: 60_000 }); // the first load of a busy machine
  await expect(choice.getByRole('link', { name: 'Município Vizinho' })).toBeVisible();
  await shot(page, `${name}-consulta-escolha`);
  await choice.getByRole('link', { name: 'Município de Exemplo' }).click();
  await expect(page).toHaveURL(/[?&]municipio=exemplo/);
}

/** Types `q` in the search box and waits for its answer in the URL. */
async function searchFor(page: Page, q: string) {
  await page.getByLabel('Buscar por número ou descrição').fill(q);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(q);
}

for (const [name, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(name, () => {
    test.use({ viewport });

    test('escolha do município, "camera" só acha câmeras, "notebooks" acha o Notebook', async ({ page }) => {
      await chooseExemplo(page, name);
      await searchFor(page, `camera ${tag}`);
      await expect(page.getByText(ITEMS.camera).first()).toBeVisible();
      await expect(page.getByText(ITEMS.caminhao)).toHaveCount(0);
      await expect(page.getByText(ITEMS.camionete)).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: /^1 bem encontrado$/ })).toBeVisible();
      await shot(page, `${name}-consulta-busca-camera`);
      await searchFor(page, `notebooks ${tag}`);
      await expect(page.getByText(ITEMS.notebook).first()).toBeVisible();
      await shot(page, `${name}-consulta-busca-notebooks`);
      // While a word is being typed (3+ letters), its prefix already finds.
      await searchFor(page, `${tag} camin`);
      await expect(page.getByText(ITEMS.caminhao).first()).toBeVisible();
      await expect(page.getByText(ITEMS.camera)).toHaveCount(0);
    });

    test('um imóvel pelo endereço sem município', async ({ page }) => {
      await page.goto(`/consulta-publica/imovel/${imovelId}`);
      const card = page.getByRole('article', { name: denominacao });
      await expect(card).toBeVisible();
      await expect(card).toContainText('Praça da Matriz, 10');
      await expect(card).toContainText('Município de Exemplo');
      await expect(page.getByRole('link', { name: 'Voltar à consulta' })).toHaveAttribute(
        'href',
        '/consulta-publica?municipio=exemplo&aba=imoveis',
      );
      await shot(page, `${name}-consulta-imovel-sem-municipio`);
    });
  });
}
