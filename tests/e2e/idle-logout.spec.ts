import { expect, test } from '@playwright/test';
import { IDLE_TIMEOUT_MS, MSG } from '@tombo/shared';
import { ACCOUNTS, login } from './helpers';

test('30 minutes without activity log the user out with the session-expired notice', async ({ page }) => {
  await page.clock.install();
  await login(page, ACCOUNTS.admin, 'admin');
  await expect(page.getByRole('heading', { name: 'Painel do Administrador' })).toBeVisible();

  // Just under the limit: still signed in.
  await page.clock.fastForward(IDLE_TIMEOUT_MS - 60_000);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);

  await page.clock.fastForward(2 * 60_000);
  await expect(page).toHaveURL(/\/login\?sessionExpired=1$/);
  await expect(page.getByText(MSG.auth.sessionExpired)).toBeVisible();
  const stored = await page.evaluate(() => [
    localStorage.getItem('tombo_user'),
    localStorage.getItem('tombo_token'),
    localStorage.getItem('tombo_refresh_token'),
  ]);
  expect(stored).toEqual([null, null, null]);
});

test('activity resets the idle timer', async ({ page }) => {
  await page.clock.install();
  await login(page, ACCOUNTS.supervisor, 'supervisor');
  await expect(page.getByRole('heading', { name: 'Painel do Supervisor' })).toBeVisible();
  await page.clock.fastForward(IDLE_TIMEOUT_MS - 5 * 60_000);
  await page.keyboard.press('Shift');
  await page.clock.fastForward(10 * 60_000);
  await expect(page).toHaveURL(/\/dashboard\/supervisor$/);
  // A minute past the limit, as above: the timer counts from the last activity the page saw, which on a
  // busy machine may come a moment after the key press.
  await page.clock.fastForward(IDLE_TIMEOUT_MS + 60_000);
  await expect(page).toHaveURL(/\/login\?sessionExpired=1$/);
});
