import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MANUTENCAO_MSG, addDaysISO, formatDate, manutencaoToday, nextOccurrence } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, openAs, unique, snap } from './helpers';
import { newImovelThroughHook } from './notify-hook-client';

// Maintenance through the UI: a usuario schedules a monthly task for a property of the demo municipality,
// completes it and sees the next one appear; a supervisor's page shows both live, without reloading.
// The property is made through the e2e hook (the register's screens are another area's).

const shot = async (page: Page, name: string) => {
  await page.mouse.move(1, 1); // no hover or ripple in the picture
  await snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: name.endsWith('lista-desktop') });
};

async function signedIn(
  browser: Browser,
  email: string,
  role: 'usuario' | 'supervisor',
  url: string,
  viewport: { width: number; height: number } = DESKTOP,
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await openAs(page, email, url);
  // The first visit loads the page's chunk: give a busy machine time.
  await expect(page.getByRole('heading', { level: 1, name: 'Manutenção' })).toBeVisible({ timeout: 30_000 });
  return page;
}

test('agenda uma tarefa mensal, conclui e vê a próxima; outra pessoa vê as duas ao vivo', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const imovel = await newImovelThroughHook(baseURL!, ACCOUNTS.admin, `Escola Municipal ${unique()}`);
  const url = `/imoveis/manutencao?imovelId=${imovel.id}`;
  const due = addDaysISO(manutencaoToday(), 3);
  const next = nextOccurrence(due, 'mensal');
  const titulo = `Limpeza das calhas ${unique()}`;

  const usuario = await signedIn(browser, ACCOUNTS.usuario, 'usuario', url);
  const supervisor = await signedIn(browser, ACCOUNTS.supervisor, 'supervisor', url);
  await expect(supervisor.getByText('Nenhuma tarefa de manutenção para este imóvel.')).toBeVisible();
  await expect(usuario.getByText(`Imóvel: ${imovel.numero_patrimonio} — ${imovel.denominacao}`)).toBeVisible();

  // The usuario creates it through the dialog: the property comes from the page's ?imovelId=.
  await usuario.getByRole('button', { name: 'Nova tarefa' }).click();
  const dialog = usuario.getByRole('dialog', { name: 'Nova tarefa de manutenção' });
  await expect(dialog.getByLabel('Imóvel')).toHaveValue(`${imovel.numero_patrimonio} — ${imovel.denominacao}`);
  await dialog.getByLabel('Título').fill(titulo);
  await dialog.getByLabel('Data prevista').fill(formatDate(due));
  await dialog.getByRole('combobox', { name: 'Recorrência' }).click();
  await usuario.getByRole('option', { name: 'Mensal' }).click();
  await dialog.getByLabel('Responsável').fill('Construtora Alfa Ltda.');
  await dialog.getByLabel('Custo estimado (R$)').fill('1.250,00');
  await dialog.getByRole('button', { name: 'Criar tarefa' }).click();
  await expect(usuario.getByText(MANUTENCAO_MSG.created)).toBeVisible();
  await expect(dialog).toBeHidden();

  const rows = (p: Page) => p.getByTestId('manutencao-item');
  await expect(rows(usuario)).toHaveCount(1);
  await expect(rows(supervisor)).toHaveCount(1);
  await expect(rows(supervisor).first()).toContainText(titulo);
  await expect(rows(supervisor).first()).toContainText(formatDate(due));

  // Completing it creates the next occurrence, a month later.
  await usuario.getByRole('button', { name: `Concluir ${titulo}` }).click();
  await expect(usuario.getByText(MANUTENCAO_MSG.updated)).toBeVisible();
  for (const p of [usuario, supervisor]) {
    await expect(rows(p)).toHaveCount(2);
    await expect(rows(p).nth(0)).toContainText(formatDate(due));
    await expect(rows(p).nth(0)).toContainText('Concluída');
    await expect(rows(p).nth(1)).toContainText(formatDate(next));
    await expect(rows(p).nth(1)).toContainText('Pendente');
  }
  await shot(supervisor, 'manutencao-lista-desktop');

  // The supervisor attaches a quote to the next occurrence; the usuario's row shows the clip live.
  await supervisor
    .getByRole('button', { name: `Editar ${titulo}` })
    .nth(1)
    .click();
  const edit = supervisor.getByRole('dialog', { name: 'Editar tarefa' });
  await edit.getByLabel('Arquivo a anexar').setInputFiles({
    name: 'orçamento.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  });
  await expect(supervisor.getByText(MANUTENCAO_MSG.anexoAdded)).toBeVisible();
  await expect(edit.getByText('orçamento.pdf')).toBeVisible();
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(rows(usuario).nth(1).getByLabel('1 anexo(s)')).toBeVisible();

  // The calendar of the next occurrence's month shows it.
  await supervisor.getByRole('button', { name: 'Calendário' }).click();
  const calendar = supervisor.getByTestId('manutencao-calendario');
  await expect(calendar).toBeVisible();
  if (next.slice(0, 7) !== due.slice(0, 7)) await supervisor.getByRole('button', { name: 'Próximo mês' }).click();
  await expect(calendar.getByRole('gridcell', { name: `${formatDate(next)}: 1 tarefa(s)` })).toBeVisible();
  await calendar.getByRole('gridcell', { name: `${formatDate(next)}: 1 tarefa(s)` }).click();
  await expect(supervisor.getByRole('heading', { name: `Tarefas de ${formatDate(next)}` })).toBeVisible();
  await shot(supervisor, 'manutencao-calendario-desktop');

  // Phone: cards, and the calendar's dots.
  const phone = await signedIn(browser, ACCOUNTS.supervisor, 'supervisor', url, PHONE);
  await expect(phone.getByTestId('manutencao-cards')).toBeVisible();
  await expect(rows(phone)).toHaveCount(2);
  await shot(phone, 'phone-manutencao-lista');
  await phone.goto(`${url}&view=calendario&mes=${next.slice(0, 7)}`);
  await expect(phone.getByTestId('manutencao-calendario')).toBeVisible();
  await phone.getByRole('gridcell', { name: `${formatDate(next)}: 1 tarefa(s)` }).click();
  await expect(phone.getByText(`Tarefas de ${formatDate(next)}`)).toBeVisible();
  await shot(phone, 'phone-manutencao-calendario');
});
