import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '../support/pdf';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiAs, apiToken, openAs, snap } from './helpers';

// Issue 36, Município Vizinho's accountant (admin): the month closed two months ago posts the opening balances and
// the depreciation; the journal shows them, the whole period downloads as the CSV an accounting system reads, an
// account is added to the chart and given to an asset type, and the deadline is saved. A supervisor reads, at 390 px.
// Exemplo's closes belong to depreciacao-fechamento.spec.ts: this file closes only in Vizinho.

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `contabilidade-${name}.png`), fullPage: !name.startsWith('phone') });

/** Two months ago ('YYYY-MM'): ended, and past its deadline (day 25 of last month), so it is locked once closed. */
function competencia(): string {
  const d = new Date();
  const m = new Date(d.getFullYear(), d.getMonth() - 2, 1);
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}`;
}

test.beforeAll(async ({ request }) => {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const token = await apiToken(request, ACCOUNTS.vizinho);
  // Each worker runs this: the second finds the month closed (409) and waits for the same close.
  const res = await request.post('/api/depreciacao/fechamentos', {
    headers: { Authorization: `Bearer ${token}` },
    data: { competencia: competencia() },
  });
  expect([202, 201, 409], await res.text()).toContain(res.status());
  await expect
    .poll(
      async () => {
        const { fechamentos } = await apiAs<{ fechamentos: Array<{ competencia: string; status: string }> }>(
          request,
          token,
          'get',
          '/api/depreciacao/fechamentos',
        );
        return fechamentos.find((f) => f.competencia === competencia())?.status;
      },
      { timeout: 120_000 },
    )
    .toBe('concluido');
});

test('journal, CSV, a new account given to a type, and the deadline (desktop)', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await openAs(page, ACCOUNTS.vizinho, '/contabilidade');
  await expect(page.getByRole('heading', { level: 1, name: 'Contabilidade' })).toBeVisible({ timeout: 60_000 });
  const lista = page.getByRole('list', { name: 'Lançamentos' });
  await expect(lista.getByRole('listitem').filter({ hasText: 'Saldo de abertura' }).first()).toBeVisible();
  await expect(
    lista
      .getByRole('listitem')
      .filter({ hasText: /Depreciação de \d\d\/\d{4}/ })
      .first(),
  ).toContainText('bens)');
  await shot(page, 'lancamentos');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar CSV' }).click(),
  ]);
  const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
  const [header, ...linhas] = csv.trim().split('\r\n');
  expect(header.split(';').slice(0, 4)).toEqual(['layout', 'id', 'data', 'fato']);
  expect(linhas.some((l) => l.includes(';abertura;'))).toBe(true);
  expect(linhas.some((l) => l.includes(';depreciacao;'))).toBe(true);

  // The month's statement per account, and its balances as CSV; also at 390 px.
  await page.getByRole('tab', { name: 'Demonstrativo mensal' }).click();
  const [ano, mes] = competencia().split('-');
  await page.getByLabel('Competência').fill(`${mes}/${ano}`);
  const rmb = page.getByRole('table', { name: `Demonstrativo mensal por conta de ${mes}/${ano}` });
  await expect(rmb.getByRole('row').filter({ hasText: 'Total geral' })).toBeVisible();
  await expect(rmb).toContainText('1.2.3.8.1.01');
  await expect(page.getByText(`Mês ${mes}/${ano} fechado: a depreciação do mês está lançada.`)).toBeVisible();
  await shot(page, 'rmb');
  const [saldos] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar saldos (CSV)' }).click(),
  ]);
  const saldosCsv = fs.readFileSync(await saldos.path(), 'utf8').replace(/^\uFEFF/, '');
  expect(saldosCsv.split('\r\n')[0]).toBe('layout;competencia;conta_codigo;conta_nome;papel;debitos;creditos;saldo');
  // The accounting system's balances with one account off by R$ 1,00: the reconciliation marks it.
  const contabil = saldosCsv
    .trim()
    .split('\r\n')
    .slice(1)
    .map((l) => l.split(';'))
    .map(([, , codigo, , , , , saldo]) =>
      codigo === '1.2.3.8.1.01'
        ? `${codigo};${(Number(saldo.replace(',', '.')) + 1).toFixed(2).replace('.', ',')}`
        : `${codigo};${saldo}`,
    );
  await page.getByLabel('Arquivo de saldos da contabilidade').setInputFiles({
    name: 'saldos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['conta;saldo', ...contabil].join('\n')),
  });
  await page.getByRole('button', { name: 'Conciliar' }).click();
  await expect(page.getByText(`1 conta com diferença em ${mes}/${ano}.`)).toBeVisible();
  const conciliacao = page.getByRole('table', { name: `Conciliação de ${mes}/${ano}` });
  await expect(
    conciliacao.getByRole('row').filter({ hasText: 'Diferença' }).filter({ hasText: '1.2.3.8.1.01' }),
  ).toContainText('-1,00');
  await shot(page, 'conciliacao');
  // The entries behind the account with the difference.
  await conciliacao.getByRole('link', { name: 'Ver os lançamentos da conta 1.2.3.8.1.01' }).click();
  await expect(page.getByRole('tab', { name: 'Lançamentos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Conta' })).toContainText('1.2.3.8.1.01');
  await expect(page.getByRole('list', { name: 'Lançamentos' })).toContainText('1.2.3.8.1.01');
  await page.getByRole('tab', { name: 'Demonstrativo mensal' }).click();
  await page.getByLabel('Competência').fill(`${mes}/${ano}`);
  await expect(rmb).toBeVisible();
  await page.setViewportSize(PHONE);
  await expect(rmb).toBeVisible();
  await shot(page, 'phone-rmb');
  await page.setViewportSize(DESKTOP);

  // A new asset account in the chart…
  await page.getByRole('tab', { name: 'Plano de contas' }).click();
  await page.getByRole('button', { name: 'Nova Conta' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova Conta' });
  await dialog.getByLabel('Código').fill('1.2.3.1.1.06');
  await dialog.getByLabel('Nome').fill('Bens de informática da saúde');
  await dialog.getByLabel('Papel').click();
  await page.getByRole('option', { name: 'Ativo imobilizado (valor bruto)' }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Conta criada com sucesso.' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Plano de contas' })).toContainText('Bens de informática da saúde');
  await shot(page, 'plano');

  // …given to an asset type.
  await page.getByRole('tab', { name: 'Contas dos tipos' }).click();
  const tipos = page.getByRole('table', { name: 'Contas contábeis: Tipos de bens' });
  const linha = tipos.getByRole('row').nth(1);
  const nome = (await linha.getByRole('cell').first().textContent())!.trim();
  await linha.getByRole('button', { name: `Editar as contas de ${nome}` }).click();
  const contas = page.getByRole('dialog', { name: `Contas de ${nome}` });
  await contas.getByLabel('Ativo').click();
  await page.getByRole('option', { name: '1.2.3.1.1.06 — Bens de informática da saúde' }).click();
  await contas.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Contas contábeis salvas.' })).toBeVisible();
  await expect(tipos.getByRole('row').filter({ hasText: nome })).toContainText('1.2.3.1.1.06');
  await shot(page, 'contas');

  // The deadline: saved, still there after a reload, then put back.
  await page.getByRole('tab', { name: 'Prazo e regras' }).click();
  const prazo = page.getByLabel('Prazo contábil (dia do mês seguinte)');
  await prazo.fill('20');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Configuração contábil salva.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Prazo contábil (dia do mês seguinte)')).toHaveValue('20', { timeout: 60_000 });
  await shot(page, 'config');
  await page.getByLabel('Prazo contábil (dia do mês seguinte)').fill('25');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Configuração contábil salva.' })).toBeVisible();

  // The depreciation rules on the same tab: the rounding saved and put back.
  const regras = page.getByRole('form', { name: 'Regras de depreciação' });
  await regras.getByLabel('Arredondamento').click();
  await page.getByRole('option', { name: 'Quota fixa arredondada; o último mês ajusta a diferença' }).click();
  await regras.getByRole('button', { name: 'Salvar regras' }).click();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Configuração de depreciação salva com sucesso.' }).first(),
  ).toBeVisible();
  await page.reload();
  await expect(regras.getByLabel('Arredondamento')).toHaveText(/Quota fixa/, { timeout: 60_000 });
  await regras.getByLabel('Arredondamento').click();
  await page.getByRole('option', { name: /Recalcular a cada mês/ }).click();
  await regras.getByRole('button', { name: 'Salvar regras' }).click();
  await expect(regras.getByRole('button', { name: 'Salvar regras' })).toBeEnabled();
});

test('a supervisor reads the chart without changing it (390 px)', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openAs(page, ACCOUNTS.supervisor, '/contabilidade?aba=plano');
  await expect(page.getByRole('table', { name: 'Plano de contas' })).toContainText('1.2.3.8.1.01');
  await expect(page.getByRole('button', { name: 'Nova Conta' })).toHaveCount(0);
  await shot(page, 'phone-plano');
  await page.goto('/contabilidade');
  await expect(page.getByRole('heading', { level: 1, name: 'Contabilidade' })).toBeVisible();
  await shot(page, 'phone-lancamentos');
});

/** Clicks a paper's button, follows its job on the page and downloads the file; returns its path. */
async function papel(page: Page, botao: 'Baixar PDF' | 'Baixar XLSX', titulo: string, arquivo: RegExp) {
  await page.getByRole('button', { name: botao }).click();
  const panel = page.getByTestId('export-panel');
  await expect(panel).toContainText(titulo);
  const button = panel.getByRole('button', { name: 'Baixar arquivo' });
  await expect(button).toBeVisible({ timeout: 90_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(arquivo);
  const file = path.join(test.info().outputDir, download.suggestedFilename());
  await download.saveAs(file);
  await panel.getByRole('button', { name: 'Fechar painel de exportação' }).click();
  return file;
}

test("the accountant downloads the month's statement PDF, and reads the ledger and the journal (desktop and 390 px)", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const [ano, mes] = competencia().split('-');
  const titulo = `Demonstrativo Mensal de Bens Patrimoniais (RMB) — ${mes}/${ano}`;
  const ultimo = new Date(Date.UTC(Number(ano), Number(mes), 0)).getUTCDate();
  await page.setViewportSize(DESKTOP);
  await openAs(page, ACCOUNTS.vizinho, '/contabilidade?aba=rmb');
  await page.getByLabel('Competência').fill(`${mes}/${ano}`);
  const rmb = page.getByRole('table', { name: `Demonstrativo mensal por conta de ${mes}/${ano}` });
  await expect(rmb.getByRole('row').filter({ hasText: 'Total de bens móveis' })).toBeVisible({ timeout: 60_000 });
  const pdf = await papel(
    page,
    'Baixar PDF',
    `${titulo} (PDF)`,
    /^demonstrativo-mensal-rmb-\d{4}-\d{2}-gerado-.*\.pdf$/,
  );
  const texto = (await pdfText(fs.readFileSync(pdf))).join(' ').replace(/\s+/g, ' ');
  expect(texto).toContain(titulo);
  expect(texto).toContain('Prefeitura');
  expect(texto).toContain('1.2.3.8.1.01');
  expect(texto).toContain('Total geral (móveis e imóveis)');
  expect(texto).toContain('Contador(a) — CRC nº');
  expect(texto).toContain('Responsável pelo patrimônio');
  expect(texto).toMatch(/Página 1 de \d+/);

  // The ledger of the (−) accumulated depreciation for the month, previewed, then as XLSX.
  await page.getByRole('tab', { name: 'Diário e razão' }).click();
  await page.getByRole('combobox', { name: 'Livro' }).click();
  await page.getByRole('option', { name: 'Livro Razão' }).click();
  await page.getByLabel('De', { exact: true }).fill(`01/${mes}/${ano}`);
  await page.getByLabel('Até', { exact: true }).fill(`${ultimo}/${mes}/${ano}`);
  await page.getByRole('button', { name: 'Visualizar' }).click();
  await expect(page.getByText('Escolha a conta do razão.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Conta' }).click();
  await page.getByRole('option', { name: /^1\.2\.3\.8\.1\.01 — / }).click();
  await page.getByRole('button', { name: 'Visualizar' }).click();
  const razao = page.getByRole('table', {
    name: `Livro Razão da conta 1.2.3.8.1.01 de 01/${mes}/${ano} a ${ultimo}/${mes}/${ano}`,
  });
  await expect(razao.getByRole('row').filter({ hasText: 'Saldo anterior a' })).toBeVisible({ timeout: 60_000 });
  await expect(razao.getByRole('row').filter({ hasText: `Depreciação de ${mes}/${ano}` })).toBeVisible();
  await shot(page, 'livros-razao');
  await papel(page, 'Baixar XLSX', 'Livro Razão — 1.2.3.8.1.01', /^livro-razao-1\.2\.3\.8\.1\.01-.*\.xlsx$/);

  // The journal of the month.
  await page.getByRole('combobox', { name: 'Livro' }).click();
  await page.getByRole('option', { name: 'Livro Diário' }).click();
  await page.getByRole('button', { name: 'Visualizar' }).click();
  const diario = page.getByRole('table', { name: `Livro Diário de 01/${mes}/${ano} a ${ultimo}/${mes}/${ano}` });
  await expect(diario.getByRole('row').filter({ hasText: 'Totais do período' })).toBeVisible({ timeout: 60_000 });
  await expect(diario).toContainText(`Depreciação de ${mes}/${ano}`);
  await shot(page, 'livros-diario');

  // At 390 px: the statement's PDF again, nothing wider than the screen; the journal's form and table.
  await page.setViewportSize(PHONE);
  await page.goto('/contabilidade?aba=rmb');
  await page.getByLabel('Competência').fill(`${mes}/${ano}`);
  await expect(rmb.getByRole('row').filter({ hasText: 'Total geral' })).toBeVisible({ timeout: 60_000 });
  await papel(page, 'Baixar PDF', `${titulo} (PDF)`, /\.pdf$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'phone-rmb-papel');
  await page.getByRole('tab', { name: 'Diário e razão' }).click();
  await page.getByLabel('De', { exact: true }).fill(`01/${mes}/${ano}`);
  await page.getByLabel('Até', { exact: true }).fill(`${ultimo}/${mes}/${ano}`);
  await page.getByRole('button', { name: 'Visualizar' }).click();
  await expect(diario.getByRole('row').filter({ hasText: 'Totais do período' })).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'phone-livros');
});
