import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEFAULT_LAYOUTS, widgetTitle, type Painel } from '@tombo/shared';
import { ACCOUNTS, DESKTOP, PHONE, SCREENSHOTS, login, snap } from './helpers';

// The role dashboards (issue 14): each role's home shows its widgets; the layout the user customises is kept on
// the server (another browser sees it, an open tab follows it live); on a 390 px phone the figures fit their cards.

const shot = (page: Page, name: string) =>
  snap(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: !name.startsWith('phone') });

const ROLES = ['admin', 'supervisor', 'usuario', 'visualizador'] as const;

/** The widget ids on the screen, in order. */
const shown = (page: Page) =>
  page.locator('section[data-widget]').evaluateAll((els) => els.map((e) => e.getAttribute('data-widget')));

async function settled(page: Page) {
  await expect(page.locator('section[data-widget]').first()).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

/** No card and no page wider than the screen (figures wrap inside their cards). */
async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const overflowing = await page
    .locator('section[data-widget]')
    .evaluateAll((els) =>
      els
        .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth + 1)
        .map((e) => e.getAttribute('data-widget')),
    );
  expect(overflowing).toEqual([]);
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`role dashboards (${label})`, () => {
    test.use({ viewport });
    for (const role of ROLES) {
      test(`${role}: the home dashboard shows the role's widgets`, async ({ page }) => {
        await login(page, ACCOUNTS[role], role);
        await settled(page);
        expect(await shown(page)).toEqual(DEFAULT_LAYOUTS[role as Painel].map((w) => w.id));
        for (const w of DEFAULT_LAYOUTS[role as Painel])
          await expect(page.getByRole('region', { name: widgetTitle(w.id) })).toBeVisible();
        if (role === 'admin' || role === 'supervisor') {
          const pend = page.getByRole('region', { name: 'Pendências e Alertas' });
          for (const t of [
            'Bens em manutenção',
            'Inventários em andamento',
            'Transferências pendentes',
            'Empréstimos atrasados',
            'Manutenções atrasadas',
          ])
            await expect(pend).toContainText(t);
        }
        if (label === 'phone') await expectNoOverflow(page);
        await shot(page, `${label}-dashboard-${role}`);
      });
    }
  });
}

async function signedIn(browser: Browser, viewport: { width: number; height: number } = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await login(page, ACCOUNTS.usuario, 'usuario');
  await settled(page);
  return { context, page };
}

test('customised layout: saved on the server, followed live by another open browser, the same after sign-in elsewhere', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await signedIn(browser);
  const b = await signedIn(browser, PHONE);
  const page = a.page;
  const saved = () =>
    page.waitForResponse((r) => r.url().includes('/api/dashboard/layouts/usuario') && r.request().method() !== 'GET');

  await page.getByRole('button', { name: 'Personalizar painel' }).click();
  await page.getByRole('button', { name: 'Adicionar widget' }).click();
  let done = saved();
  await page.getByRole('menuitem', { name: 'Distribuição por Categoria' }).click();
  await done;
  done = saved();
  await page.getByRole('button', { name: 'Remover Atividade Recente' }).click();
  await done;
  done = saved();
  await page.getByRole('button', { name: 'Mover Distribuição por Categoria para cima' }).click();
  await done;
  done = saved();
  await page
    .getByRole('group', { name: 'Tamanho de Distribuição por Categoria' })
    .getByRole('button', { name: 'Grande' })
    .click();
  await done;
  await page.getByRole('button', { name: 'Concluir' }).click();
  const expected = ['solicitacoes', 'meusEmprestimos', 'stats', 'inventarios', 'type', 'status'];
  expect(await shown(page)).toEqual(expected);
  await expect(page.locator('section[data-widget="type"]')).toHaveAttribute('data-size', 'grande');
  await shot(page, 'desktop-dashboard-usuario-customised');

  // The other browser, open all along, follows without a reload.
  await expect.poll(() => shown(b.page)).toEqual(expected);
  await expectNoOverflow(b.page);
  await shot(b.page, 'phone-dashboard-usuario-customised');
  // The customise mode fits a phone too (its controls wrap inside the cards).
  await b.page.getByRole('button', { name: 'Personalizar painel' }).click();
  await expect(b.page.getByRole('button', { name: 'Remover Minhas Solicitações' })).toBeVisible();
  await expectNoOverflow(b.page);
  await shot(b.page, 'phone-dashboard-usuario-customising');
  await b.page.getByRole('button', { name: 'Concluir' }).click();

  // A new browser (another device): the same layout, read from the server.
  const c = await signedIn(browser);
  expect(await shown(c.page)).toEqual(expected);
  await c.page.reload();
  await settled(c.page);
  expect(await shown(c.page)).toEqual(expected);

  // Back to the default (other tests sign in as this user too).
  await c.page.getByRole('button', { name: 'Personalizar painel' }).click();
  await c.page.getByRole('button', { name: 'Restaurar padrão' }).click();
  await expect.poll(() => shown(c.page)).toEqual(DEFAULT_LAYOUTS.usuario.map((w) => w.id));
  await expect.poll(() => shown(page)).toEqual(DEFAULT_LAYOUTS.usuario.map((w) => w.id));
  for (const x of [a, b, c]) await x.context.close();
});
