import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PATRIMONIO_MSG, PUBLIC_MSG } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, unique, snap } from './helpers';

// Anonymous visitors: no sign-in anywhere in this file.
// Phones: what the screen shows; desktop: the whole page (as screenshots.spec.ts does).
const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

let desc = '';
let numero = '';
let exemploId = 0;
let vizinhoId = 0;

async function get<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${url}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function setPublicSearch(request: APIRequestContext, municipalityId: number, isPublicSearchEnabled: boolean) {
  const token = await apiToken(request, ACCOUNTS.superuser);
  const res = await request.put('/api/superuser/public-search', {
    headers: { Authorization: `Bearer ${token}` },
    data: { municipalityId, isPublicSearchEnabled },
  });
  expect(res.ok()).toBeTruthy();
}

/** The demo seed has no assets: the admin registers one (through the API) that the visitor then looks up. */
test.beforeAll(async ({ request }) => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const token = await apiToken(request, ACCOUNTS.admin);
  const { sectors } = await get<{ sectors: Array<{ id: number; name: string }> }>(request, token, '/api/sectors');
  const { tiposBens } = await get<{ tiposBens: Array<{ id: number; active: boolean }> }>(
    request,
    token,
    '/api/tipos-bens',
  );
  desc = `Mesa de reunião pública ${unique()}`;
  const res = await request.post('/api/patrimonios', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      descricao_bem: desc,
      sectorId: sectors.find((s) => s.name === 'Tecnologia da Informação')?.id ?? sectors[0].id,
      tipoId: tiposBens.find((t) => t.active)!.id,
      valor_aquisicao: '2500.00',
      data_aquisicao: '2024-03-15',
      observacoes: 'Nota interna',
    },
  });
  expect(res.status()).toBe(201);
  numero = ((await res.json()) as { patrimonio: { numero_patrimonio: string } }).patrimonio.numero_patrimonio;
  const { municipios } = (await (await request.get('/api/public/municipios')).json()) as {
    municipios: Array<{ id: number; slug: string }>;
  };
  exemploId = municipios.find((m) => m.slug === 'exemplo')!.id;
  vizinhoId = municipios.find((m) => m.slug === 'vizinho')!.id;
});

test.describe('desktop', () => {
  test.use({ viewport: DESKTOP });

  test('visitante abre a consulta pelo login, busca um bem e abre a ficha', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Consulta Pública de Patrimônio' }).click();
    await expect(page).toHaveURL(/\/consulta-publica$/);
    // The demo has two municipalities open to the public: the server offers the choice.
    const choice = page.getByRole('list', { name: 'Municípios com consulta pública' });
    await expect(choice.getByRole('link', { name: 'Município Vizinho' })).toBeVisible();
    await shot(page, 'desktop-public-choose');

    await choice.getByRole('link', { name: 'Município de Exemplo' }).click();
    await expect(page).toHaveURL(/\?municipio=exemplo$/);
    await page.getByLabel('Buscar por número ou descrição').fill(desc);
    await expect(page).toHaveURL(/q=Mesa/);
    const table = page.getByRole('table', { name: 'Bens encontrados' });
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(desc);
    await expect(row).toContainText('15/03/2024');
    await expect(row).toContainText('Ativo');
    await expect(page.getByText('1 bem encontrado')).toBeVisible();
    await expect(page.getByText('R$')).toHaveCount(0);
    await shot(page, 'desktop-public-list');

    // the advanced filter: status "Baixado" hides it, "Todos" brings it back
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Baixado' }).click();
    await expect(page.getByText('Nenhum bem encontrado.')).toBeVisible();
    await expect(page).toHaveURL(/status=baixado/);
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(row).toContainText(desc);

    await page.getByRole('link', { name: `Ver detalhes do bem ${numero}` }).click();
    await expect(page).toHaveURL(new RegExp(`/consulta-publica/bem/${numero}\\?municipio=exemplo$`));
    const card = page.getByRole('article', { name: `Bem ${numero}` });
    await expect(card).toContainText(desc);
    await expect(card).toContainText('Tecnologia da Informação');
    await expect(card).toContainText('15/03/2024');
    await expect(card).toContainText('Município de Exemplo');
    await expect(page.getByText('Nota interna')).toHaveCount(0);
    await shot(page, 'desktop-public-detail');

    // back to the very same search
    await page.getByRole('link', { name: 'Voltar à consulta' }).click();
    await expect(page).toHaveURL(/\/consulta-publica\?municipio=exemplo&q=Mesa/);
    await expect(page.getByLabel('Buscar por número ou descrição')).toHaveValue(desc);
  });

  test('a ficha pelo endereço do QR (?municipalityId=) e o retorno à consulta do município', async ({ page }) => {
    await page.goto(`/consulta-publica/bem/${numero}?municipalityId=${exemploId}`);
    await expect(page.getByRole('article', { name: `Bem ${numero}` })).toContainText(desc);
    await expect(page.getByRole('link', { name: 'Voltar à consulta' })).toHaveAttribute(
      'href',
      '/consulta-publica/exemplo',
    );
    await page.getByRole('link', { name: 'Voltar à consulta' }).click();
    await expect(page).toHaveURL(/\/consulta-publica\/exemplo$/);
    await expect(page.getByText(/Município de Exemplo/).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Município' })).toHaveCount(0);
  });

  test('mensagens: município desconhecido, bem inexistente, consulta desativada, imóveis', async ({
    page,
    request,
  }) => {
    await page.goto('/consulta-publica/atlantida');
    await expect(page.getByText(PATRIMONIO_MSG.municipalityNotFound)).toBeVisible();
    await page.goto(`/consulta-publica/bem/XX000000?municipio=exemplo`);
    await expect(page.getByText(PATRIMONIO_MSG.notFound)).toBeVisible();
    // A property link without municipality opens (the property says whose it is); an unknown one is not found.
    await page.goto('/consulta-publica/imovel/99999999');
    await expect(page.getByText('Imóvel não encontrado.')).toBeVisible();

    await setPublicSearch(request, vizinhoId, false);
    try {
      await page.goto('/consulta-publica/vizinho');
      await expect(page.getByText(PUBLIC_MSG.unavailable)).toBeVisible();
      await shot(page, 'desktop-public-disabled');
    } finally {
      await setPublicSearch(request, vizinhoId, true);
    }
  });
});

test.describe('dark', () => {
  test.use({ viewport: DESKTOP, colorScheme: 'dark' });
  test('a lista por município no tema escuro', async ({ page }) => {
    // The theme the visitor chose in the system (the public layout has no switch of its own).
    await page.addInitScript(() => localStorage.setItem('tombo_theme', '"dark"'));
    await page.goto(`/consulta-publica/exemplo?q=${encodeURIComponent(desc)}&status=ativo`);
    await expect(page.getByRole('table', { name: 'Bens encontrados' })).toContainText(numero);
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
    await shot(page, 'desktop-public-list-dark');
  });
});

test.describe('phone', () => {
  test.use({ viewport: PHONE });

  test('cartões em vez de tabela e a ficha no celular', async ({ page }) => {
    await page.goto(`/consulta-publica/exemplo?q=${encodeURIComponent(desc)}`);
    const cards = page.getByRole('list', { name: 'Bens encontrados' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(cards).toContainText(numero);
    await shot(page, 'phone-public-list');
    await cards.getByRole('link', { name: new RegExp(`Bem ${numero}`) }).click();
    await expect(page.getByRole('article', { name: `Bem ${numero}` })).toContainText(desc);
    await shot(page, 'phone-public-detail');
  });
});
