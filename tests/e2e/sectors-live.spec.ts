import { expect, test } from '@playwright/test';
import { MSG } from '@tombo/shared';
import { ACCOUNTS, apiToken, login, openAs, newSignedUpUser, unique, uniqueCode } from './helpers';

test('two admins: a sector created and renamed by one appears live for the other', async ({ browser, request }) => {
  // A second admin of the same municipality.
  const suffix = unique();
  const secondAdmin = { email: `admin2-${suffix}@exemplo.gov.br`, password: 'Outra@Senha1' };
  const token = await apiToken(request, ACCOUNTS.admin);
  await newSignedUpUser(request, token, { name: `Segundo Admin ${suffix}`, role: 'admin', ...secondAdmin });

  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  try {
    await login(a, ACCOUNTS.admin, 'admin');
    await openAs(b, secondAdmin.email, '/configuracoes/setores', secondAdmin.password);
    await expect(b.getByRole('table', { name: 'Setores' })).toBeVisible();
    await b.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await a.goto('/configuracoes/setores');
    const name = `Setor E2E ${suffix}`;
    await a.getByRole('button', { name: 'Novo Setor' }).click();
    const dialog = a.getByRole('dialog', { name: 'Novo Setor' });
    await dialog.getByLabel('Nome').fill(name);
    await dialog.getByLabel('Código').fill(uniqueCode().toLowerCase());
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(a.getByText(MSG.sectors.created)).toBeVisible();
    await expect(a.getByRole('cell', { name, exact: true })).toBeVisible();

    // B sees it without reloading.
    await expect(b.getByRole('cell', { name, exact: true })).toBeVisible();

    const renamed = `${name} renomeado`;
    await a.getByRole('button', { name: `Editar setor ${name}` }).click();
    const edit = a.getByRole('dialog', { name: 'Editar Setor' });
    await edit.getByLabel('Nome').fill(renamed);
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(a.getByText(MSG.sectors.updated)).toBeVisible();

    await expect(b.getByRole('cell', { name: renamed, exact: true })).toBeVisible();
    await expect(b.getByRole('cell', { name, exact: true })).toHaveCount(0);
    expect(await b.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  } finally {
    await ctxA.close();
    await ctxB.close();
  }
});
