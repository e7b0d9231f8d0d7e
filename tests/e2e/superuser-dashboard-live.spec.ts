import { expect, test } from '@playwright/test';
import { ACCOUNTS, apiAs, apiToken, login } from './helpers';

// The superuser dashboard's queue figures follow `job.changed` (no poll): a municipality user's export
// shows up in "Concluídas" on an open dashboard without a reload.

test('the superuser dashboard counts a finished job without a reload', async ({ page, request }) => {
  await login(page, ACCOUNTS.superuser, 'superuser');
  const finished = page.getByLabel('Fila de tarefas').locator('.MuiCard-root').filter({ hasText: 'Concluídas' });
  await expect(finished).toBeVisible();
  const count = async () => Number(((await finished.textContent()) ?? '').replace(/\D/g, ''));
  const before = await count();

  const admin = await apiToken(request, ACCOUNTS.admin);
  await apiAs(request, admin, 'post', '/api/exportacoes', { formato: 'csv' });
  await expect.poll(count).toBeGreaterThan(before);
});
