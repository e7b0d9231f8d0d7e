import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, login, openAs, unique, snap } from './helpers';

// /configuracoes/importacao (issue 12): an admin brings another system's register in — a Latin-1,
// `;`-separated export with quoted multi-line descriptions and decimal commas — maps its columns and
// values, watches the import job's progress bar, and finds the assets, numbers kept, in the list.

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

const ROWS = 1500;

/** A GEAFIN-like export: every field quoted, Latin-1 bytes, a description with a line break. */
function register(tag: string): Buffer {
  const q = (v: string) => `"${v}"`;
  const lines = [
    ['Tombamento', 'Descrição', 'Lotação', 'Classe', 'Vlr. Aquisição', 'Data Aquisição', 'Situação'].map(q).join(';'),
  ];
  for (let i = 1; i <= ROWS; i++)
    lines.push(
      [
        `${tag}-${String(i).padStart(5, '0')}`,
        i === 1 ? `Armário de aço ${tag}\ncom duas portas` : `Cadeira giratória ${tag} nº ${i}`,
        i % 2 ? 'Administração' : `Almoxarifado ${tag}`,
        'Mobiliário',
        `${1 + (i % 900)}.${String(i % 1000).padStart(3, '0')},50`,
        `${String(1 + (i % 28)).padStart(2, '0')}/03/2019`,
        'ATIVO',
      ]
        .map(q)
        .join(';'),
    );
  return Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
}

test('o assistente importa o cadastro de outro sistema com barra de progresso e os bens aparecem na lista', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = `E${unique().slice(-6).toUpperCase()}`;
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await login(page, ACCOUNTS.admin, 'admin');
  await page.getByRole('button', { name: 'Configurações' }).click();
  await page.getByRole('link', { name: 'Importar Cadastro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Importar Cadastro' })).toBeVisible({ timeout: 30_000 });
  await shot(page, 'importacao-arquivo-desktop');

  await page
    .getByLabel('Arquivo do cadastro')
    .setInputFiles({ name: 'relatorio-bens.csv', mimeType: 'text/csv', buffer: register(tag) });
  await expect(page.getByTestId('importacao-encoding')).toHaveText('Codificação: Latin-1 (ISO-8859-1)');
  await expect(page.getByTestId('importacao-separator')).toHaveText('Separador: ponto e vírgula (;)');
  const preview = page.getByRole('table', { name: 'Prévia do arquivo' });
  await expect(preview).toContainText(`${tag}-00001`);
  await expect(preview).toContainText(`Armário de aço ${tag}`);
  // Suggested from the file's own names.
  await expect(page.getByTestId('map-numero')).toHaveValue('0');
  await expect(page.getByTestId('map-setor')).toHaveValue('2');
  await expect(page.getByTestId('map-valor')).toHaveValue('4');
  await shot(page, 'importacao-colunas-desktop');

  await page.getByRole('button', { name: 'Analisar' }).click();
  // The analysis is a job: its progress bar, then the values step when it completes (live).
  const analysing = page.getByTestId('importacao-analise-progress');
  await expect(analysing.or(page.getByTestId('importacao-resumo'))).toBeVisible();
  if (await analysing.isVisible()) await shot(page, 'importacao-analise-desktop');
  await expect(page.getByTestId('importacao-resumo')).toContainText('1.500 linhas lidas: 1.500 sem erro', {
    timeout: 60_000,
  });
  const setores = page.getByRole('region', { name: 'Setores' });
  await expect(setores.getByRole('combobox', { name: 'Setores: Administração' })).toContainText('Administração');
  await expect(setores.getByRole('combobox', { name: `Setores: Almoxarifado ${tag}` })).toContainText(
    `Criar "Almoxarifado ${tag}"`,
  );
  await shot(page, 'importacao-valores-desktop');

  await page.getByRole('button', { name: 'Importar 1.500 bens' }).click();
  const bar = page.getByTestId('importacao-progress');
  await expect(bar.or(page.getByTestId('importacao-concluida'))).toBeVisible();
  if (await bar.isVisible()) await shot(page, 'importacao-progresso-desktop');
  await expect(page.getByTestId('importacao-concluida')).toContainText('1.500 bens importados com sucesso.', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('importacao-concluida')).toContainText(`Números de ${tag}-00001 a ${tag}-01500.`);
  await shot(page, 'importacao-concluida-desktop');

  await page.getByRole('link', { name: 'Ver bens cadastrados' }).click();
  await page.getByLabel('Buscar por número ou descrição').fill(`Armário de aço ${tag}`);
  await expect(page.getByText(`${tag}-00001`).first()).toBeVisible({ timeout: 30_000 });
  await context.close();

  // The same wizard on a phone (390 px): the file step and the column step.
  const phone = await browser.newContext({ viewport: PHONE });
  const p = await phone.newPage();
  await openAs(p, ACCOUNTS.admin, '/configuracoes/importacao');
  await expect(p.getByRole('heading', { level: 1, name: 'Importar Cadastro' })).toBeVisible({ timeout: 30_000 });
  await shot(p, 'phone-importacao-arquivo');
  await p.getByLabel('Arquivo do cadastro').setInputFiles({
    name: 'relatorio-bens.csv',
    mimeType: 'text/csv',
    buffer: register(`${tag}P`),
  });
  await expect(p.getByTestId('importacao-encoding')).toBeVisible();
  await shot(p, 'phone-importacao-colunas');
  await p.getByRole('button', { name: 'Analisar' }).click();
  await expect(p.getByTestId('importacao-resumo')).toBeVisible({ timeout: 60_000 });
  await shot(p, 'phone-importacao-valores');
  await phone.close();
});

/** An asset sheet without a number column (what the asset list's old import dialog took). */
function sheet(tag: string): Buffer {
  return Buffer.from(
    [
      'Descrição;Setor;Local;Tipo;Valor',
      `Mesa ${tag} 1;Administração;Recepção;Mobiliário;1.250,50`,
      `Cadeira ${tag} 2;Administração;;Mobiliário;350,00`,
      `Estante ${tag} 3;Administração;Sala da Diretoria;Mobiliário;800,00`,
    ].join('\n'),
    'utf8',
  );
}

for (const [label, viewport, suffix] of [
  ['1366 px', DESKTOP, 'desktop'],
  ['390 px', PHONE, 'phone'],
] as const)
  test(`Importar na lista de bens, como supervisor (${label}): números gerados pela numeração, sem criar cadastros`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const tag = `G${unique().slice(-6).toUpperCase()}`;
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await openAs(page, ACCOUNTS.supervisor, '/bens-cadastrados');
    await page.getByRole('link', { name: 'Importar' }).click();
    await expect(page).toHaveURL(/\/bens-cadastrados\/importar$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Importar Bens' })).toBeVisible({ timeout: 30_000 });
    await shot(page, `${suffix === 'phone' ? 'phone-' : ''}importar-bens-arquivo-${suffix}`);
    await page
      .getByLabel('Arquivo do cadastro')
      .setInputFiles({ name: 'planilha.csv', mimeType: 'text/csv', buffer: sheet(tag) });
    // No number column: offered, and chosen, to generate them.
    await expect(page.getByTestId('map-numero')).toHaveValue('');
    const gerar = page.getByRole('checkbox', { name: 'Gerar números automaticamente' });
    await expect(gerar).toBeChecked();
    await expect(page.getByText('Cada bem recebe o próximo número da numeração do seu setor')).toBeVisible();
    await gerar.scrollIntoViewIfNeeded();
    await shot(page, `${suffix === 'phone' ? 'phone-' : ''}importar-bens-colunas-${suffix}`);
    // Unticked, the number column is missing again.
    await gerar.uncheck();
    await page.getByRole('button', { name: 'Analisar' }).click();
    await expect(page.getByText('Escolha a coluna de "Nº Patrimônio (tombamento)".').first()).toBeVisible();
    await gerar.check();
    await page.getByRole('button', { name: 'Analisar' }).click();
    await expect(page.getByTestId('importacao-resumo')).toContainText('3 linhas lidas: 3 sem erro', {
      timeout: 60_000,
    });
    // The values exist: each is matched, and creating one is the admin's.
    const setores = page.getByRole('region', { name: 'Setores' });
    await expect(setores.getByRole('combobox', { name: 'Setores: Administração' })).toContainText('Administração');
    await setores.getByRole('combobox', { name: 'Setores: Administração' }).click();
    await expect(page.getByRole('option', { name: /^Criar/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await shot(page, `${suffix === 'phone' ? 'phone-' : ''}importar-bens-valores-${suffix}`);
    await page.getByRole('button', { name: 'Importar 3 bens' }).click();
    const done = page.getByTestId('importacao-concluida');
    await expect(done).toContainText('3 bens importados com sucesso.', { timeout: 60_000 });
    const text = (await done.textContent()) ?? '';
    const range = /Números de (\d{4}AD(\d{6})) a (\d{4}AD(\d{6}))\./.exec(text);
    expect(range, text).not.toBeNull();
    expect(Number(range![4]) - Number(range![2])).toBe(2);
    await shot(page, `${suffix === 'phone' ? 'phone-' : ''}importar-bens-concluida-${suffix}`);
    await page.getByRole('link', { name: 'Ver bens cadastrados' }).click();
    await page.getByLabel('Buscar por número ou descrição').fill(`Mesa ${tag}`);
    await expect(page.getByText(range![1]).first()).toBeVisible({ timeout: 30_000 });
    await context.close();
  });
