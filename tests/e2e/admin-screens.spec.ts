import { expect, test } from '@playwright/test';
import { LOCKOUT_THRESHOLD, MSG } from '@tombo/shared';
import { ACCOUNTS, apiToken, login, openAs, unique } from './helpers';

test('admin: users list with role badges; supervisor sees only themselves', async ({ page, browser }) => {
  await openAs(page, ACCOUNTS.admin, '/configuracoes/usuarios');
  const table = page.getByRole('table', { name: 'Usuários' });
  await expect(table.getByRole('cell', { name: 'supervisor@exemplo.gov.br' })).toBeVisible();
  await expect(
    table.getByRole('row', { name: /supervisor@exemplo\.gov\.br/ }).getByText('Supervisor', { exact: true }),
  ).toBeVisible();
  await expect(table.getByText('admin@vizinho.gov.br')).toHaveCount(0); // other municipality

  const ctx = await browser.newContext();
  const sup = await ctx.newPage();
  try {
    await openAs(sup, ACCOUNTS.supervisor, '/configuracoes/usuarios');
    await expect(sup.getByText(/não tem permissão para gerenciar usuários/)).toBeVisible();
    await expect(sup.getByRole('table', { name: 'Usuários' }).getByRole('row')).toHaveCount(2);
  } finally {
    await ctx.close();
  }
});

test('admin: locais create, edit and delete with the spec toasts', async ({ page }) => {
  await openAs(page, ACCOUNTS.admin, '/locais');
  const name = `Sala E2E ${unique()}`;
  await page.getByRole('button', { name: 'Novo Local' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Local' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByRole('combobox', { name: 'Setor' }).click();
  await page.getByRole('option', { name: /^Saúde/ }).click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MSG.locais.created)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: 'Saúde' })).toBeVisible();

  await page.getByRole('button', { name: `Editar local ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Local' });
  await edit.getByLabel('Nome').fill(`${name} B`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MSG.locais.updated)).toBeVisible();

  await page.getByRole('button', { name: `Excluir local ${name} B` }).click();
  await page.getByRole('dialog', { name: 'Excluir local' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText(MSG.locais.deleted)).toBeVisible();
  await expect(page.getByRole('cell', { name: `${name} B`, exact: true })).toHaveCount(0);
});

test('sector form validates the 2-character code and the in-use delete shows the server message', async ({ page }) => {
  await openAs(page, ACCOUNTS.admin, '/configuracoes/setores');
  await page.getByRole('button', { name: 'Novo Setor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Setor' });
  await dialog.getByLabel('Nome').fill(`Setor inválido ${unique()}`);
  await dialog.getByLabel('Código').fill('x');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O código deve ter exatamente 2 letras ou números.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // 'Administração' has locais: the server refuses the delete with its pt-BR message.
  await page.getByRole('button', { name: 'Excluir setor Administração' }).click();
  await page.getByRole('dialog', { name: 'Excluir setor' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.sectors.inUse })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Administração', exact: true })).toBeVisible();
});

test('activity log lists entries with pt-BR dates', async ({ page }) => {
  await login(page, ACCOUNTS.admin, 'admin');
  // Sign-ins show when asked for ("Mostrar acessos"; hidden by default since issue 35).
  await page.goto('/registros-de-atividade?acessos=sim');
  const table = page.getByRole('table', { name: 'Registros de atividade' });
  await expect(table.getByText('Entrada no sistema').first()).toBeVisible();
  await expect(table.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).first()).toBeVisible();
});

test('personalization: an admin renames the city hall in the header, then restores the default', async ({ page }) => {
  // Município Vizinho, so the other specs' header stays untouched.
  await openAs(page, ACCOUNTS.vizinho, '/configuracoes/personalizacao');
  const name = `Prefeitura E2E ${unique()}`;
  await page.getByLabel('Nome da prefeitura').fill(name);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Personalização salva com sucesso.')).toBeVisible();
  await expect(page.getByRole('banner').getByText(name)).toBeVisible();

  await page.getByRole('button', { name: 'Restaurar padrão' }).click();
  await page.getByRole('dialog', { name: 'Restaurar padrão' }).getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByRole('banner').getByText('PREFEITURA MUNICIPAL')).toBeVisible();
});

test('superuser "Alterar Senha" dialog: texts and the spec §5 rules', async ({ page }) => {
  await login(page, ACCOUNTS.superuser, 'superuser');
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: 'Alterar Senha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alterar Senha' });
  await expect(dialog.getByText('Crie uma nova senha segura para sua conta de superusuário.')).toBeVisible();
  await dialog.getByLabel('Senha Atual').fill('qualquer');
  await dialog.getByLabel('Nova Senha', { exact: true }).fill('curta');
  await dialog.getByLabel('Confirmar Nova Senha').fill('outra');
  await dialog.getByRole('button', { name: 'Salvar Nova Senha' }).click();
  await expect(dialog.getByText(MSG.password.min)).toBeVisible();
  await expect(dialog.getByText(MSG.password.mismatch)).toBeVisible();
  await dialog.getByRole('button', { name: 'Mostrar senha' }).click();
  await expect(dialog.getByLabel('Nova Senha', { exact: true })).toHaveAttribute('type', 'text');

  // A wrong current password: the server's message in an 'Erro' toast.
  await dialog.getByLabel('Nova Senha', { exact: true }).fill('Nova@Senha123');
  await dialog.getByLabel('Confirmar Nova Senha').fill('Nova@Senha123');
  await dialog.getByRole('button', { name: 'Salvar Nova Senha' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Erro');
  await expect(toast).toContainText(MSG.auth.currentPasswordWrong);
});

test('admin unlocks a user locked by failed logins', async ({ page, request }) => {
  const suffix = unique();
  const email = `bloqueado-${suffix}@exemplo.gov.br`;
  const token = await apiToken(request, ACCOUNTS.admin);
  const created = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Usuário Bloqueado ${suffix}`, email, password: 'Certa@Senha1', role: 'usuario' },
  });
  expect(created.status(), await created.text()).toBe(201);
  for (let i = 0; i < LOCKOUT_THRESHOLD; i++) {
    await request.post('/api/auth/login', { data: { email, password: 'errada' } });
  }

  await openAs(page, ACCOUNTS.admin, '/configuracoes/usuarios');
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row.getByText(/^Bloqueado até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await row.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByText(MSG.users.unlocked)).toBeVisible();
  await expect(row.getByText('Ativo')).toBeVisible();
  const ok = await request.post('/api/auth/login', { data: { email, password: 'Certa@Senha1' } });
  expect(ok.status()).toBe(200);
});

test('forgot-password screen answers with the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL(/\/esqueci-minha-senha$/);
  // the login page (with its own E-mail field) stays on screen until the lazy screen has loaded
  await expect(page.getByRole('heading', { name: 'Esqueci minha senha' })).toBeVisible();
  await page.getByLabel('E-mail').fill('ninguem@exemplo.gov.br');
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText(MSG.auth.forgotSent)).toBeVisible();
  await page.goto('/redefinir-senha/token-que-nao-existe-123');
  await expect(page.getByRole('button', { name: 'Redefinir senha' })).toBeVisible();
  await page.getByLabel('Nova Senha', { exact: true }).fill('Nova@Senha123');
  await page.getByLabel('Confirmar Nova Senha').fill('Nova@Senha123');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByTestId('toast')).toContainText(MSG.auth.resetInvalid);
});
