import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CUSTOMIZATION_MSG, EXPORT_MSG, FORM_FIELD_MSG, PERMISSIONS_MSG, PERMISSION_LABELS } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, apiToken, openAs, resizeTo, unique, snap } from './helpers';

// The superuser's configuration screens (issue 12): permissions, login customization, footer, installation
// form fields and export templates, the manual. Every change made here is undone at the end of its test.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAIAAAAt/+nTAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe2SQQkAQRDDqqRaznEsroh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbvCTBwE4aHmg+a0xAAAAAElFTkSuQmCC',
  'base64',
);

async function shots(page: Page, name: string) {
  await resizeTo(page, DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, { path: path.join(SCREENSHOTS, `superuser-${name}.png`), fullPage: true });
  await resizeTo(page, PHONE);
  await snap(page, { path: path.join(SCREENSHOTS, `phone-superuser-${name}.png`) });
  await page.setViewportSize(DESKTOP);
}

const call = async (
  request: APIRequestContext,
  token: string,
  method: 'get' | 'put' | 'delete',
  url: string,
  data?: unknown,
) => {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()}`).toBeTruthy();
  return res.status() === 204 ? null : res.json();
};

test.describe('superuser configuration', () => {
  test('permissions: a grant reaches an open session of that role at once, without a reload', async ({
    browser,
    page,
    request,
  }) => {
    const token = await apiToken(request, ACCOUNTS.superuser);
    const before = (await call(request, token, 'get', '/api/superuser/permissions')) as {
      roles: Array<{ role: string; permissions: string[] }>;
    };
    const viz = before.roles.find((r) => r.role === 'visualizador')!;
    const other = await browser.newContext();
    const vizPage = await other.newPage();
    try {
      await openAs(vizPage, ACCOUNTS.visualizador, '/bens-cadastrados');
      await expect(vizPage.getByRole('heading', { name: 'Bens Cadastrados' })).toBeVisible();
      await expect(vizPage.getByRole('link', { name: 'Novo Cadastro' })).toHaveCount(0);

      await openAs(page, ACCOUNTS.superuser, '/superuser/permissions');
      const box = page.getByRole('checkbox', { name: `${PERMISSION_LABELS['bens:create']} — Visualizador` });
      await expect(box).not.toBeChecked();
      await expect(
        page.getByRole('checkbox', { name: `${PERMISSION_LABELS['superuser:access']} — Superusuário` }),
      ).toBeDisabled();
      await shots(page, 'permissions');
      await box.check();
      await page.getByRole('button', { name: 'Salvar alterações (1)' }).click();
      await expect(page.getByText(PERMISSIONS_MSG.saved)).toBeVisible();

      await expect(vizPage.getByText(PERMISSIONS_MSG.changedLive)).toBeVisible();
      await expect(vizPage.getByRole('link', { name: 'Novo Cadastro' })).toBeVisible();
    } finally {
      await call(request, token, 'put', '/api/superuser/permissions/visualizador', { permissions: viz.permissions });
      await other.close();
    }
  });

  test('login customization: uploads, live preview, and the login page uses it', async ({ browser, page, request }) => {
    const token = await apiToken(request, ACCOUNTS.superuser);
    const before = ((await call(request, token, 'get', '/api/customization')) as { customization: object })
      .customization;
    const title = `Bem-vindo ${unique()}`;
    try {
      await openAs(page, ACCOUNTS.superuser, '/superuser/customization');
      const preview = page.getByTestId('login-preview');
      await page.getByLabel('Título de boas-vindas').fill(title);
      await expect(preview.getByText(title)).toBeVisible();
      await page
        .getByTestId('upload-activeLogoUrl')
        .setInputFiles({ name: 'brasao.png', mimeType: 'image/png', buffer: PNG });
      await expect(page.getByText(CUSTOMIZATION_MSG.uploaded)).toBeVisible();
      await expect(preview.locator('img[alt="Logotipo"]')).toBeVisible();
      await page
        .getByTestId('upload-secondaryLogoUrl')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('não é imagem') });
      await expect(page.getByText(CUSTOMIZATION_MSG.notImage)).toBeVisible();
      await page.getByLabel('Título da aba do navegador').fill('Patrimônio da Instalação');
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expect(page.getByText(CUSTOMIZATION_MSG.saved)).toBeVisible();
      await shots(page, 'customization');

      const anon = await browser.newContext();
      const loginPage = await anon.newPage();
      await loginPage.goto('/login');
      await expect(loginPage.getByRole('heading', { name: title })).toBeVisible();
      await expect(loginPage.getByRole('img', { name: 'Logotipo', exact: true })).toBeVisible();
      await expect(loginPage).toHaveTitle('Patrimônio da Instalação');
      await snap(loginPage, { path: path.join(SCREENSHOTS, 'superuser-login-customized.png') });
      await anon.close();
    } finally {
      await call(request, token, 'put', '/api/customization', before);
    }
  });

  test('footer text of the superuser area', async ({ page, request }) => {
    const token = await apiToken(request, ACCOUNTS.superuser);
    const text = `Rodapé ${unique()}`;
    try {
      await openAs(page, ACCOUNTS.superuser, '/superuser/footer-customization');
      await page.getByLabel('Texto do rodapé').fill(text);
      await expect(page.getByTestId('footer-preview')).toContainText(text);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expect(page.getByText(CUSTOMIZATION_MSG.footerSaved)).toBeVisible();
      await expect(page.locator('footer').getByText(text)).toBeVisible();
      await shots(page, 'footer-customization');
    } finally {
      await call(request, token, 'put', '/api/customization', { superUserFooterText: '' });
    }
  });

  test('installation form fields and export templates reach the municipalities', async ({ browser, page, request }) => {
    const token = await apiToken(request, ACCOUNTS.superuser);
    const label = `Patrimônio estadual ${unique()}`;
    const name = `Modelo instalação ${unique()}`;
    try {
      await openAs(page, ACCOUNTS.superuser, '/superuser/form-fields');
      await page.getByRole('button', { name: 'Novo Campo' }).click();
      await page.getByLabel('Rótulo').fill(label);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText(FORM_FIELD_MSG.added)).toBeVisible();
      await expect(page.getByRole('list', { name: 'Campos da instalação' })).toContainText(label);
      await shots(page, 'form-fields');

      await page.goto('/superuser/export-templates');
      await page.getByRole('button', { name: 'Novo modelo' }).click();
      await page.getByLabel('Nome do modelo').fill(name);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText(EXPORT_MSG.saved)).toBeVisible();
      await expect(page.getByRole('list', { name: 'Modelos do sistema' })).toContainText(name);
      await shots(page, 'export-templates');

      const ctx = await browser.newContext();
      const admin = await ctx.newPage();
      await openAs(admin, ACCOUNTS.admin, '/bens-cadastrados/novo');
      await expect(admin.getByLabel(label)).toBeVisible();
      await admin.goto('/exportacao');
      const item = admin
        .getByRole('list', { name: 'Modelos de exportação' })
        .getByRole('listitem')
        .filter({ hasText: name });
      await expect(item.getByText(EXPORT_MSG.systemTemplate)).toBeVisible();
      await expect(item.getByRole('button', { name: `Copiar modelo ${name}` })).toBeVisible();
      await expect(item.getByRole('button', { name: `Editar modelo ${name}` })).toHaveCount(0);
      await ctx.close();
    } finally {
      const fields = (await call(request, token, 'get', '/api/superuser/asset-form-fields')) as {
        fields: Array<{ id: number; label: string }>;
      };
      for (const f of fields.fields.filter((x) => x.label === label))
        await call(request, token, 'delete', `/api/superuser/asset-form-fields/${f.id}`);
      const tpls = (await call(request, token, 'get', '/api/superuser/export-templates')) as {
        templates: Array<{ id: number; name: string }>;
      };
      for (const t of tpls.templates.filter((x) => x.name === name))
        await call(request, token, 'delete', `/api/superuser/export-templates/${t.id}`);
    }
  });

  test('the manual is rendered and its search finds sections', async ({ page }) => {
    await openAs(page, ACCOUNTS.superuser, '/superuser/documentation');
    await expect(page.getByRole('heading', { name: 'Acesso ao sistema' })).toBeVisible();
    await shots(page, 'documentation');
    await page.getByLabel('Buscar no manual').fill('posição inicial');
    await expect(page.getByText(/seç(ão|ões) encontrad/)).toBeVisible();
    await expect(page.getByRole('heading', { name: /Gerar Etiquetas/ })).toBeVisible();
    await page.getByRole('button', { name: 'Abrir o capítulo “Etiquetas e fichas”' }).first().click();
    await expect(page.getByRole('heading', { name: 'Etiquetas e fichas' })).toBeVisible();
  });

  test('personalização of a municipality: header preview and logo upload', async ({ page }) => {
    await openAs(page, ACCOUNTS.admin, '/configuracoes/personalizacao');
    await expect(page.getByTestId('header-preview')).toBeVisible();
    await page.getByLabel('Nome da prefeitura').fill('Prefeitura de Teste');
    await expect(page.getByTestId('header-preview')).toContainText('Prefeitura de Teste');
    await expect(page.getByRole('button', { name: 'Enviar arquivo: Logotipo principal' })).toBeVisible();
    await shots(page, 'personalizacao-admin');
  });

  // In this file, not its own: the customization is installation-wide, and the test above changes it too
  // (two workers running both at once would see each other's titles).
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
      await snap(page, { path: path.join(SCREENSHOTS, 'superuser-login-live.png') });
    } finally {
      await request.put('/api/customization', { headers, data: before });
    }
  });
});
