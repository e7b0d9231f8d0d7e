import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BUSCA_MSG } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, assetRefs, login, unique, snap } from './helpers';

let adminToken = '';
let sectors: Record<string, number> = {};
let tipoId = 0;

type Asset = { id: number; numero_patrimonio: string };
async function newAsset(request: APIRequestContext, descricao_bem: string): Promise<Asset> {
  const body = { descricao_bem, sectorId: sectors['Administração'], valor_aquisicao: '950.00', tipoId };
  return (await apiAs<{ patrimonio: Asset }>(request, adminToken, 'post', '/api/patrimonios', body)).patrimonio;
}

test.beforeAll(async ({ request }) => {
  adminToken = await apiToken(request, ACCOUNTS.admin);
  ({ sectors, tipoId } = await assetRefs(request, adminToken));
});

const shot = (page: Page, name: string) => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return snap(page, { path: path.join(SCREENSHOTS, `${name}.png`) });
};

const panel = (page: Page) => page.getByRole('dialog', { name: BUSCA_MSG.dialogTitle });
const box = (page: Page) => panel(page).getByRole('combobox', { name: BUSCA_MSG.dialogTitle });

test('Ctrl+K abre a busca; digitar acha o bem; seta + Enter abre a ficha; Esc fecha', async ({ page, request }) => {
  const tag = unique();
  const first = await newAsset(request, `Cadeira giratória ${tag} azul`);
  const second = await newAsset(request, `Cadeira giratória ${tag} preta`);
  await page.setViewportSize(DESKTOP);
  await login(page, ACCOUNTS.admin, 'admin');
  const button = page.getByRole('button', { name: /^Buscar/ });
  await expect(button).toBeVisible(); // the header (and its shortcut) has loaded

  await page.keyboard.press('Control+k');
  await expect(panel(page)).toBeVisible();
  await expect(box(page)).toBeFocused();
  await expect(panel(page).getByText(BUSCA_MSG.hint)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel(page)).toBeHidden();

  // The header button opens it too; typing words in any order, without accents, finds both chairs.
  await button.click();
  await box(page).fill(`giratoria ${tag}`);
  const list = panel(page).getByRole('listbox', { name: 'Resultados da busca' });
  const bens = list.getByRole('group', { name: 'Bens' });
  await expect(bens.getByRole('option')).toHaveCount(2);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
  const options = list.getByRole('option');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  const ordered = [first, second].sort((a, b) => (a.numero_patrimonio < b.numero_patrimonio ? -1 : 1));
  const firstText = (await options.first().textContent()) ?? '';
  const target = firstText.includes(ordered[0].numero_patrimonio) ? ordered[1] : ordered[0];

  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  const activeId = await options.nth(1).getAttribute('id');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', activeId!);
  await shot(page, 'busca-desktop');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/bens-cadastrados/ver/${target.id}$`));
  await expect(panel(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(target.numero_patrimonio);

  // By number (a prefix typed in lower case), then screens: the admin sees settings screens.
  await page.keyboard.press('Control+k');
  await box(page).fill(target.numero_patrimonio.toLowerCase());
  await expect(list.getByRole('group', { name: 'Bens' }).getByRole('option').first()).toContainText(
    target.numero_patrimonio,
  );
  // Several groups at once (an admin: sectors, users, screens…).
  await box(page).fill('administra');
  await expect(list.getByRole('group', { name: 'Setores' }).getByRole('option').first()).toContainText('Administração');
  await expect(list.getByRole('group', { name: 'Usuários' })).toBeVisible();
  await expect(list.getByRole('group', { name: 'Telas' })).toBeVisible();
  await shot(page, 'busca-desktop-grupos');
  await box(page).fill('logs atividade');
  await expect(list.getByRole('group', { name: 'Telas' }).getByRole('option')).toHaveText(/Logs de Atividade/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registros-de-atividade$/);

  await page.keyboard.press('Control+k');
  await box(page).fill(`nada-disso-${tag}`);
  await expect(panel(page).getByText(BUSCA_MSG.empty(`nada-disso-${tag}`))).toBeVisible();
});

test('visualizador: sem telas de administração nem usuários; no celular a busca ocupa a tela', async ({
  page,
  request,
}) => {
  const tag = unique();
  await newAsset(request, `Monitor ${tag}`);
  await page.setViewportSize(PHONE);
  await login(page, ACCOUNTS.visualizador, 'visualizador');
  await expect(page.getByRole('button', { name: /^Buscar/ })).toBeVisible();
  await shot(page, 'phone-busca-cabecalho');
  await page.getByRole('button', { name: /^Buscar/ }).click();
  await box(page).fill('configuracoes');
  await expect(panel(page).getByText(BUSCA_MSG.empty('configuracoes'))).toBeVisible();
  await box(page).fill('bens');
  const telas = panel(page).getByRole('group', { name: 'Telas' });
  await expect(telas.getByRole('option', { name: /Bens Cadastrados/ })).toBeVisible();
  await expect(telas.getByRole('option', { name: /Novo Cadastro/ })).toHaveCount(0);
  await shot(page, 'phone-busca-telas');
  await box(page).fill(`monitor ${tag}`);
  await expect(panel(page).getByRole('group', { name: 'Bens' }).getByRole('option')).toHaveCount(1);
  await shot(page, 'phone-busca');
  await panel(page).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/bens-cadastrados\/ver\/\d+$/);
});
