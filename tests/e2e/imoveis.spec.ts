import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { IMOVEL_FIELD_MSG, IMOVEL_MSG } from '@tombo/shared';
import { ACCOUNTS, PHONE, SCREENSHOTS, apiAs, apiToken, login, openAs, unique, snap } from './helpers';

// A real 64×48 PNG (the server re-encodes photos, so the bytes must be an image).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVRoge2SAQkAURSDVsZkF98SF2M8/sAAOhY+T5O6AQuwviK7kHdJ3YAFWF+RXci7pG7AAqyvyC7kXVI3YAHWV2QX8i6pG7AA6yuyC3mX1A1YgPUV2YW8S+oGLMD6iuxC3iV1AxZgfUV2Ie+SugELsL4iu5B3Sd2AxwN+rJ5lACE+T+oAAAAASUVORK5CYII=',
  'base64',
);

// Phones: what the screen shows; desktop: the whole page, from the top (the app bar is fixed).
async function shot(page: Page, name: string) {
  const phone = name.startsWith('phone');
  if (!phone) await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !phone });
}
const settled = (page: Page) => expect(page.getByRole('progressbar')).toHaveCount(0);

test('imóvel com campo personalizado e foto: outro usuário vê o cadastro, a edição e a exclusão ao vivo', async ({
  browser,
}) => {
  test.setTimeout(150_000); // two signed-in browsers, a photo upload and four live round trips
  const tag = unique();
  const campo = `Inscrição IPTU ${tag}`;
  const nome = `Escola Municipal Castro Alves ${tag}`;
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  try {
    await login(a, ACCOUNTS.admin, 'admin');
    await login(b, ACCOUNTS.supervisor, 'supervisor');

    // A custom field, added on /imoveis/campos; system fields have no delete button.
    await a.goto('/imoveis/campos');
    const campos = a.getByRole('list', { name: 'Campos do cadastro de imóveis' });
    await expect(campos.getByRole('button', { name: 'Editar campo Denominação' })).toBeVisible();
    await expect(a.getByRole('button', { name: 'Excluir campo Denominação' })).toHaveCount(0);
    await expect(a.getByRole('button', { name: 'Excluir campo Matrícula do Imóvel' })).toBeVisible();
    await a.getByRole('button', { name: 'Novo Campo' }).click();
    await a.getByLabel(/^Rótulo/).fill(campo);
    await a.getByRole('button', { name: 'Salvar' }).click();
    await expect(a.getByText(IMOVEL_FIELD_MSG.added)).toBeVisible();
    await expect(campos.getByRole('button', { name: `Excluir campo ${campo}` })).toBeVisible();

    // B watches the list (newest first, no filter).
    await b.goto('/imoveis');
    const gridB = b.getByRole('grid', { name: 'Imóveis cadastrados' });
    await expect(gridB).toBeVisible();
    await b.evaluate(() => Object.assign(window, { __sameDocument: true }));

    // A registers the property with the custom field and a photo.
    await a.goto('/imoveis/novo');
    await a.getByLabel(/^Denominação/).fill(nome);
    await a.getByLabel(/^Endereço/).fill('Rua das Flores, 100');
    await a.getByLabel(/^CEP/).fill('01001000');
    await expect(a.getByLabel(/^CEP/)).toHaveValue('01001-000');
    await a.getByLabel(/^Bairro/).fill('Centro');
    await a.getByLabel(/^Cidade/).fill('Exemplo');
    await a.getByLabel(/^UF/).fill('sp');
    await a.getByLabel(/^Utilização/).fill('Escola');
    await a.getByLabel(/^Área construída/).fill('1.250,50');
    await a.getByLabel(/^Área do terreno/).fill('-3');
    await a.getByLabel(/^Data de aquisição/).fill('15031998');
    await a.getByLabel(/^Valor de aquisição/).fill('850000');
    await a.getByLabel(/^Latitude/).fill('-23,550520');
    await a.getByLabel(/^Longitude/).fill('-46.633308');
    await expect(a.getByRole('link', { name: /Ver no mapa/ })).toHaveAttribute(
      'href',
      /openstreetmap\.org\/\?mlat=-23\.550520&mlon=-46\.633308/,
    );
    await a.getByLabel(new RegExp(`^${campo}`)).fill('123.456.789-0');
    await a.getByLabel('Adicionar fotos').setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: PNG });
    await expect(a.getByRole('list', { name: 'Fotos' }).getByText('fachada.png')).toBeVisible();
    await settled(a);
    await shot(a, 'desktop-imoveis-form');
    // A negative area is refused on the field, nothing sent.
    await a.getByRole('button', { name: 'Cadastrar imóvel' }).click();
    await expect(a.getByText('A área do terreno não pode ser negativa.')).toBeVisible();
    await a.getByLabel(/^Área do terreno/).fill('3.000');
    await a.getByRole('button', { name: 'Cadastrar imóvel' }).click();
    await expect(a).toHaveURL(/\/imoveis\/ver\/\d+$/);
    await expect(a.getByText(IMOVEL_MSG.created)).toBeVisible();
    const id = Number(a.url().split('/').pop());
    await expect(a.getByRole('heading', { level: 1 })).toContainText(/: \S+$/);
    const numero = ((await a.getByRole('heading', { level: 1 }).textContent()) ?? '').split(': ')[1];

    // The view page: data, custom value, photo, map link, maintenance slot, history.
    await expect(a.getByRole('heading', { level: 1 })).toContainText('Detalhes do Imóvel');
    await expect(a.getByText('123.456.789-0')).toBeVisible();
    await expect(a.getByText('1.250,50 m²')).toBeVisible();
    await expect(a.getByText('3.000,00 m²')).toBeVisible();
    await expect(a.getByText('15/03/1998')).toBeVisible();
    await expect(a.getByText('R$ 850.000,00')).toBeVisible();
    await expect(a.getByRole('list', { name: 'Fotos' }).getByRole('img')).toHaveCount(1);
    await expect(a.getByRole('link', { name: /Ver no mapa/ })).toHaveAttribute('href', /mlat=-23\.55052/);
    await expect(a.getByRole('heading', { name: 'Manutenção', level: 2 })).toBeVisible();
    await expect(a.getByText('Nenhuma tarefa de manutenção para este imóvel.')).toBeVisible();
    await expect(a.getByRole('table', { name: 'Histórico' }).getByRole('cell', { name: 'Cadastro' })).toBeVisible();
    await settled(a);
    await shot(a, 'desktop-imoveis-view');

    // B sees it appear without a reload.
    await expect(gridB.getByRole('gridcell', { name: nome })).toBeVisible();

    // A edits it; B sees the new name.
    await a.getByRole('link', { name: 'Editar' }).click();
    await expect(a.getByLabel(/^Denominação/)).toHaveValue(nome);
    await expect(a.getByLabel(new RegExp(`^${campo}`))).toHaveValue('123.456.789-0');
    await a.getByLabel(/^Denominação/).fill(`${nome} (reformada)`);
    await a.getByLabel(/^Situação/).click();
    await a.getByRole('option', { name: 'Cedido' }).click();
    await a.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(a).toHaveURL(new RegExp(`/imoveis/ver/${id}$`));
    await expect(a.getByText(IMOVEL_MSG.updated)).toBeVisible();
    await expect(a.getByRole('table', { name: 'Histórico' }).getByRole('cell', { name: 'Alteração' })).toBeVisible();
    await expect(gridB.getByRole('gridcell', { name: `${nome} (reformada)` })).toBeVisible();
    await settled(b);
    await shot(b, 'desktop-imoveis-list');

    // B opens the edit form; A saves first: B is told, a save is refused (409) and Recarregar brings A's version.
    await gridB.getByRole('link', { name: `Editar imóvel ${numero}`, exact: true }).click();
    await expect(b.getByLabel(/^Denominação/)).toHaveValue(`${nome} (reformada)`);
    await a.getByRole('link', { name: 'Editar' }).click();
    await a.getByLabel(/^Observações/).fill('Telhado revisado.');
    await a.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(a.getByText(IMOVEL_MSG.updated)).toBeVisible();
    await expect(b.getByText(/Este imóvel foi alterado por outra pessoa enquanto você editava/)).toBeVisible();
    await b.getByLabel(/^Bairro/).fill('Jardim');
    await b.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(b.getByText(IMOVEL_MSG.stale)).toBeVisible();
    await b.getByRole('button', { name: 'Recarregar' }).first().click();
    await expect(b.getByLabel(/^Observações/)).toHaveValue('Telhado revisado.');
    await expect(b.getByLabel(/^Bairro/)).toHaveValue('Centro');
    await b
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Cadastro de Imóveis' })
      .click();
    await expect(gridB.getByRole('gridcell', { name: `${nome} (reformada)` })).toBeVisible();

    // A deletes it; it leaves B's list.
    await a.getByRole('button', { name: 'Excluir' }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(a.getByText(IMOVEL_MSG.deleted)).toBeVisible();
    await expect(a).toHaveURL(/\/imoveis$/);
    await expect(gridB.getByRole('gridcell', { name: `${nome} (reformada)` })).toHaveCount(0);
    expect(await b.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await ctxA.close();
    await ctxB.close();
  }
});

test('visualizador consulta a lista sem botões de cadastro', async ({ page }) => {
  await openAs(page, ACCOUNTS.visualizador, '/imoveis');
  await expect(page.getByRole('heading', { name: 'Cadastro de Imóveis' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Imóveis cadastrados' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Novo Imóvel' })).toHaveCount(0);
  // The XLSX of the list (filters and order of the screen), made by a background job.
  await page.getByRole('button', { name: 'Exportar' }).click();
  const baixar = page.getByRole('button', { name: 'Baixar arquivo' });
  await expect(baixar).toBeVisible({ timeout: 60_000 });
  const download = page.waitForEvent('download');
  await baixar.click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
});

test.describe('screenshots imóveis', () => {
  test('campos (desktop) and every screen at 390 px', async ({ page, request }) => {
    const token = await apiToken(request, ACCOUNTS.admin);
    const created = await apiAs<{ id: number; imovel?: { id: number } }>(request, token, 'post', '/api/imoveis', {
      denominacao: `Unidade Básica de Saúde Vila Nova ${unique()}`,
      endereco: 'Avenida Brasil, 2500 — fundos',
      bairro: 'Vila Nova',
      cidade: 'Exemplo',
      uf: 'SP',
      area_construida: '480.00',
      area_terreno: '1200.00',
      situacao: 'alugado',
      utilizacao: 'Unidade de saúde',
      latitude: '-23.5',
      longitude: '-46.6',
    });
    await openAs(page, ACCOUNTS.admin, '/imoveis/campos');
    await expect(page.getByRole('list', { name: 'Campos do cadastro de imóveis' })).toBeVisible();
    await settled(page);
    await shot(page, 'desktop-imoveis-campos');

    await page.setViewportSize(PHONE);
    await page.goto('/imoveis');
    await expect(page.getByRole('list', { name: 'Imóveis cadastrados' })).toBeVisible();
    await settled(page);
    await shot(page, 'phone-imoveis-list');
    await page.goto('/imoveis/novo');
    await expect(page.getByLabel(/^Denominação/)).toBeVisible();
    await settled(page);
    await shot(page, 'phone-imoveis-form');
    await page.goto(`/imoveis/ver/${created.imovel?.id ?? created.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Detalhes do Imóvel');
    await settled(page);
    await shot(page, 'phone-imoveis-view');
    await page.goto('/imoveis/campos');
    await expect(page.getByRole('list', { name: 'Campos do cadastro de imóveis' })).toBeVisible();
    await settled(page);
    await shot(page, 'phone-imoveis-campos');
  });
});
