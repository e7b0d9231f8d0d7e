import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEPRECIACAO_MSG } from '@tombo/shared';
import {
  ACCOUNTS,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  apiAs,
  apiToken,
  assetRefs,
  login,
  openAs,
  unique,
  recordToasts,
  snap,
} from './helpers';

// An asset whose figures are known: R$ 12.000,00, type life 120 months, residual 10 % (R$ 1.200,00), acquired on
// 15/01/2024. Default rules (start the month after, recalculated quotas): R$ 90,00 a month from 02/2024 to 01/2034.
// On 15/03/2025 the months 02/2024–02/2025 are booked (13 × 90 = R$ 1.170,00), the book value is R$ 10.830,00.
let token: string;
let asset: { id: number; numero_patrimonio: string; descricao_bem: string };
let semData: { id: number };

test.beforeAll(async ({ request }) => {
  token = await apiToken(request, ACCOUNTS.admin);
  const { sectors } = await assetRefs(request, token);
  const tipo = await apiAs<{ id: number; version: number }>(request, token, 'post', '/api/tipos-bens', {
    name: `Tipo Depreciação ${unique()}`,
  });
  // The life and residual are set as an admin would edit a type (PUT), not at creation.
  await apiAs(request, token, 'put', `/api/tipos-bens/${tipo.id}`, {
    usefulLifeMonths: 120,
    residualValuePct: '10.00',
    version: tipo.version,
  });
  const created = await apiAs<{ patrimonio: typeof asset & { version: number } }>(
    request,
    token,
    'post',
    '/api/patrimonios',
    {
      descricao_bem: `Notebook depreciação ${unique()}`,
      sectorId: Object.values(sectors)[0],
      valor_aquisicao: '12000.00',
      tipoId: tipo.id,
    },
  );
  const updated = await apiAs<{ patrimonio: typeof asset }>(
    request,
    token,
    'put',
    `/api/patrimonios/${created.patrimonio.id}`,
    {
      data_aquisicao: '2024-01-15',
      version: created.patrimonio.version,
    },
  );
  asset = updated.patrimonio;
  semData = (
    await apiAs<{ patrimonio: { id: number } }>(request, token, 'post', '/api/patrimonios', {
      descricao_bem: `Cadeira sem data ${unique()}`,
      sectorId: Object.values(sectors)[0],
      valor_aquisicao: '500.00',
      tipoId: tipo.id,
    })
  ).patrimonio;
});

const shot = (page: Page, name: string, fullPage = true) =>
  snap(page, { path: path.join(SCREENSHOTS, `depreciacao-${name}.png`), fullPage });
const money = (text: string) => new RegExp(`R\\$\\s${text.replace(/\./g, '\\.')}`);

async function openOn(page: Page, date: string) {
  await page.goto(`/depreciacao?patrimonioId=${asset.id}`);
  await expect(page.getByLabel('Bem')).toHaveValue(`${asset.numero_patrimonio} — ${asset.descricao_bem}`);
  const field = page.getByLabel('Data de referência');
  await field.fill(date);
  await expect(field).toHaveValue(date);
}

async function figure(page: Page, label: string) {
  return page.getByRole('group', { name: label, exact: true });
}

test('the figures, the schedule and the reference month on a chosen date (desktop)', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  await login(page, ACCOUNTS.admin, 'admin');
  await openOn(page, '15/03/2025');

  await expect(await figure(page, 'Valor de aquisição')).toContainText(money('12.000,00'));
  await expect(await figure(page, 'Valor residual')).toContainText(money('1.200,00'));
  await expect(await figure(page, 'Depreciação acumulada')).toContainText(money('1.170,00'));
  await expect(await figure(page, 'Valor contábil')).toContainText(money('10.830,00'));
  await expect(await figure(page, 'Quota mensal')).toContainText(money('90,00'));
  await expect(page.getByText('15/01/2024')).toBeVisible();
  await expect(page.getByText('120 meses (10 anos)')).toBeVisible();
  await expect(page.getByText('10,00 %')).toBeVisible();

  // The same figures as the API gives for that date.
  const api = await apiAs<{ valorContabil: string; cronograma: unknown[] }>(
    request,
    token,
    'get',
    `/api/depreciacao/patrimonios/${asset.id}?data=2025-03-15`,
  );
  expect(api.valorContabil).toBe('10830.00');

  // The table opens on the year of the date: 12 months, March highlighted.
  const table = page.getByRole('table', { name: 'Cronograma de depreciação' });
  await expect(page.getByLabel('Ano')).toHaveText('2025');
  await expect(table.locator('tbody tr')).toHaveCount(12);
  const current = table.locator('tr[aria-current="date"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('03/2025');
  // A month's row is the month once booked (on its last day): one quota past the figures of the 15th.
  await expect(current).toContainText(money('1.260,00'));
  await expect(current).toContainText(money('10.740,00'));
  await expect(page.getByRole('img', { name: /Gráfico do valor contábil de 01\/2024 a 01\/2034/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reavaliações e reduções' })).toBeVisible();
  await shot(page, 'desktop');

  // Every year: the month of entry (no quota) and the 120 months, paged.
  await page.getByLabel('Ano').click();
  await page.getByRole('option', { name: 'Todos os anos' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(24);
  await expect(page.getByText('1–24 de 121')).toBeVisible();
  await page.getByRole('button', { name: 'Próxima página' }).click();
  await expect(table.locator('tbody tr').first()).toContainText('01/2026');

  // A future date: fully depreciated down to the residual value.
  await page.getByLabel('Data de referência').fill('01/06/2040');
  await expect(await figure(page, 'Valor contábil')).toContainText(money('1.200,00'));
  await expect(await figure(page, 'Depreciação acumulada')).toContainText(money('10.800,00'));
});

test('picking an asset by search puts it in the link', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, ACCOUNTS.admin, '/depreciacao');
  await expect(page.getByText('Selecione um bem')).toBeVisible();
  await page.getByLabel('Bem').fill(asset.numero_patrimonio);
  await page
    .getByRole('option', { name: new RegExp(asset.numero_patrimonio) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`patrimonioId=${asset.id}`));
  await expect(await figure(page, 'Valor de aquisição')).toContainText(money('12.000,00'));
});

test('phone layout: cards for the months', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await login(page, ACCOUNTS.admin, 'admin');
  // The reference date may come in the link.
  await page.goto(`/depreciacao?patrimonioId=${asset.id}&data=2025-03-15`);
  await expect(page.getByLabel('Data de referência')).toHaveValue('15/03/2025');
  await expect(await figure(page, 'Valor contábil')).toContainText(money('10.830,00'));
  const list = page.getByRole('list', { name: 'Cronograma de depreciação' });
  await expect(list.getByRole('listitem')).toHaveCount(12);
  await expect(list.locator('[aria-current="date"]')).toContainText('03/2025');
  // Cards, not the desktop's table (the closed months' table may be there: depreciacao-fechamento.spec.ts).
  await expect(page.getByRole('table', { name: 'Cronograma de depreciação' })).toHaveCount(0);
  await shot(page, 'phone', false);
  await list.locator('[aria-current="date"]').scrollIntoViewIfNeeded();
  await shot(page, 'phone-cronograma', false);
});

test('an asset without a date says why it has no schedule', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await openAs(page, ACCOUNTS.admin, `/depreciacao?patrimonioId=${semData.id}`);
  await expect(
    page.getByText('Informe a data de aquisição ou de entrada em serviço para calcular a depreciação.'),
  ).toBeVisible();
  await expect(await figure(page, 'Valor contábil')).toContainText(money('500,00'));
  await expect(page.getByRole('heading', { name: 'Cronograma de depreciação' })).toHaveCount(0);
});

test('a revaluation registered in its dialog changes the figures (last: it changes the asset)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await login(page, ACCOUNTS.admin, 'admin');
  await openOn(page, '15/03/2025');
  await page.getByRole('button', { name: 'Registrar reavaliação' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar reavaliação' });
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect(dialog.getByText('Informe a competência.')).toBeVisible();
  await shot(page, 'reavaliacao-dialog', false);
  // At the end of 02/2025 the book value (R$ 10.830,00) becomes R$ 11.000,00 over 100 months with 10 % residual:
  // (11.000 − 1.100) ÷ 100 = R$ 99,00 a month from 03/2025; R$ 170,00 to the revaluation reserve.
  await dialog.getByLabel('Competência').fill('02/2025');
  await dialog.getByLabel('Novo valor').fill('11.000,00');
  await dialog.getByLabel('Vida útil restante (meses)').fill('100');
  await dialog.getByLabel('Documento').fill('Laudo 7/2025');
  await dialog.getByLabel('Motivo').fill('Reavaliação pela comissão de patrimônio');
  // Other specs' live notifications (same demo municipality) may replace the toast at once: every toast is recorded.
  const toasts = await recordToasts(page);
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await expect
    .poll(async () => (await toasts()).some((t) => t.includes(DEPRECIACAO_MSG.reavaliacaoRegistrada)))
    .toBe(true);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Laudo 7/2025')).toBeVisible();
  await expect(await figure(page, 'Valor contábil')).toContainText(money('11.000,00'));
  await expect(await figure(page, 'Quota mensal')).toContainText(money('99,00'));
});
