import { expect, test } from '@playwright/test';
import { COMISSAO_MSG, MSG } from '@tombo/shared';
import { ACCOUNTS, PHONE, SCREENSHOTS, openAs, snap, unique } from './helpers';

// Issue 37: the admin names a standing commission by its act; the supervisor sees it arrive; bad input is said.
test('the admin names a write-off commission; the supervisor sees it live; 1366 and 390 px', async ({ browser }) => {
  const ato = `Portaria nº ${unique()}/2026`;
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext({ viewport: PHONE });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  try {
    await openAs(b, ACCOUNTS.supervisor, '/comissoes');
    await expect(b.getByRole('heading', { name: 'Comissões Patrimoniais' })).toBeVisible();
    await expect(b.getByRole('button', { name: 'Nova Comissão' })).toHaveCount(0);

    await openAs(a, ACCOUNTS.admin, '/comissoes');
    await a.getByRole('button', { name: 'Nova Comissão' }).click();
    const dialog = a.getByRole('dialog', { name: 'Nova Comissão' });
    await dialog.getByRole('combobox', { name: 'Tipo' }).click();
    await a.getByRole('option', { name: 'Desfazimento (baixa)' }).click();
    await dialog.getByLabel('Ato de nomeação').fill(ato);
    await dialog.getByLabel('Data do ato').fill('02/01/2026');
    await dialog.getByLabel('Válida até').fill('31/12/2026');
    const membros = dialog.getByRole('combobox', { name: 'Membros' });
    for (const name of ['Sérgio Supervisor', 'Ana Administradora']) {
      await membros.fill(name.split(' ')[0]);
      await a.getByRole('option', { name }).click();
    }
    await a.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText(COMISSAO_MSG.membrosMin)).toBeVisible();
    await snap(a, { path: `${SCREENSHOTS}/desktop-comissao-erros.png` });

    await membros.fill('Úrsula');
    await a.getByRole('option', { name: 'Úrsula Usuária' }).click();
    await a.keyboard.press('Escape');
    await dialog.getByRole('combobox', { name: 'Presidente' }).click();
    await a.getByRole('option', { name: 'Sérgio Supervisor' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(a.getByText(MSG.comissoes.created)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = a.getByRole('row').filter({ hasText: ato });
    await expect(row).toContainText('Desfazimento (baixa)');
    await expect(row).toContainText('Sérgio Supervisor');
    await snap(a, { path: `${SCREENSHOTS}/desktop-comissoes.png`, fullPage: true });

    // The supervisor's phone shows it without a reload.
    await expect(b.getByText(ato).first()).toBeVisible();
    await snap(b, { path: `${SCREENSHOTS}/phone-comissoes.png`, fullPage: true });
    const width = await b.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
  } finally {
    await ctxA.close();
    await ctxB.close();
  }
});
