import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ACCOUNTS, SCREENSHOTS, apiToken, unique } from './helpers';

// A login page opened before the superuser changes the login customization follows it without a reload
// (the anonymous socket of the signed-out pages).

test('a login page left open updates when the superuser changes the customization', async ({ page, request }) => {
  const token = await apiToken(request, ACCOUNTS.superuser);
  const headers = { authorization: `Bearer ${token}` };
  const before = ((await (await request.get('/api/customization', { headers })).json()) as { customization: object })
    .customization;
  const title = `Boas-vindas ao vivo ${unique()}`;
  try {
    await page.goto('/login');
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
    const put = await request.put('/api/customization', { headers, data: { welcomeTitle: title } });
    expect(put.ok()).toBeTruthy();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'superuser-login-live.png') });
  } finally {
    await request.put('/api/customization', { headers, data: before });
  }
});
