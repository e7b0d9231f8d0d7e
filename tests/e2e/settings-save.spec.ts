import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  BACKUP_MSG,
  CATALOG_MSG,
  CUSTOMIZATION_MSG,
  ETIQUETA_MSG,
  EXPORT_MSG,
  FICHA_MSG,
  FORM_FIELD_MSG,
  IMOVEL_FIELD_MSG,
  IMOVEL_RELATORIO_MSG,
  MAIN_ROUTES,
  MSG,
  NUMBERING_MSG,
  PERMISSIONS_MSG,
  PERMISSION_LABELS,
  RELATORIO_MSG,
  SECURITY_MSG,
  SUPERUSER_EXTRA_ROUTES,
  SUPERUSER_MENU,
  SUPERUSER_MSG,
  type NumberingPattern,
} from '@tombo/shared';
import { ACCOUNTS, apiAs, apiToken, login, unique, uniqueCode } from './helpers';

// Issue 35: every settings screen is saved once from the browser — one value changed, saved, the spec's toast,
// a reload, the value still there. Main-area screens run as Município Vizinho's admin (the other specs use
// Exemplo); installation-wide changes are undone at the end. One signed-in context per role for the whole file.

/** The settings screens of the route table: where a person changes how the system works, not the registers. */
const isSettingsRoute = (path: string) =>
  path.startsWith('/configuracoes') ||
  path.startsWith('/superuser') ||
  path.startsWith('/gerenciador-fichas') ||
  path.includes('/templates') ||
  path.endsWith('/campos') ||
  path === '/perfil';

/** Settings routes with nothing to save here, and why (a new route must be saved below or named here). */
const NO_SAVE: Record<string, string> = {
  '/configuracoes': 'the hub: links to the screens below',
  '/configuracoes/importacao': 'the import wizard, walked by importacao.spec.ts',
  '/bens-cadastrados/importar': 'the import wizard, walked by importacao.spec.ts',
  '/superuser': 'the dashboard: figures only',
  '/superuser/users': 'accounts, not settings (their form is the municipal users one)',
  '/superuser/assets-by-user': 'a read-only listing',
  '/superuser/system-information': 'read-only figures',
  '/superuser/version-update': 'the simulated version manager (spec §2.7), nothing stored',
  '/superuser/documentation': 'the manual',
  '/superuser/backups': 'backups of each municipality: download and restore, walked by backups.spec.ts',
  '/superuser/security': "the superuser's own two-step sign-in, walked by superuser-2fa.spec.ts",
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAIAAAAt/+nTAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe2SQQkAQRDDqqRaznEsroh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbvCTBwE4aHmg+a0xAAAAAElFTkSuQmCC',
  'base64',
);

type Role = 'admin' | 'superuser';
const sessions: Partial<Record<Role, { ctx: BrowserContext; page: Page }>> = {};
let tokens: Record<Role, string>;

/** The role's signed-in page, made once for the file. */
async function as(browser: Browser, role: Role): Promise<Page> {
  if (!sessions[role]) {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await login(page, role === 'admin' ? ACCOUNTS.vizinho : ACCOUNTS.superuser, role);
    sessions[role] = { ctx, page };
  }
  return sessions[role].page;
}

/** The spec's success toast for this save. */
async function toastSays(page: Page, text: string) {
  await expect(page.getByTestId('toast').filter({ hasText: text })).toBeVisible();
}

/** Reloads and waits for the screen's heading, so what follows reads the stored values. */
async function reload(page: Page, heading: string | RegExp) {
  await page.reload();
  // A reload fetches the screen's chunk again: slow on a busy shared machine.
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 60_000 });
}

const api = <T>(request: APIRequestContext, role: Role, method: 'get' | 'post' | 'put', url: string, data?: unknown) =>
  apiAs<T>(request, tokens[role], method, url, data);
async function apiDelete(request: APIRequestContext, role: Role, url: string) {
  const res = await request.delete(url, { headers: { Authorization: `Bearer ${tokens[role]}` } });
  expect(res.ok(), `delete ${url}: ${res.status()}`).toBeTruthy();
}

interface Scenario {
  /** The routes this walk saves through (a list screen and its editor count as one walk). */
  routes: string[];
  role: Role;
  run: (page: Page, request: APIRequestContext) => Promise<void>;
}

/** A catalog screen's walk: a record made through the API is renamed in its dialog, and the table keeps the name. */
function renameInTable(o: {
  route: string;
  heading: string;
  create: (request: APIRequestContext, name: string) => Promise<unknown>;
  editButton: (name: string) => string;
  dialog: string;
  saved: string;
}): Scenario {
  return {
    routes: [o.route],
    role: 'admin',
    run: async (page, request) => {
      const name = `${o.heading} ${unique()}`;
      await o.create(request, name);
      await page.goto(o.route);
      await page.getByRole('button', { name: o.editButton(name), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: o.dialog });
      await dialog.getByLabel('Nome').fill(`${name} B`);
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await toastSays(page, o.saved);
      await reload(page, o.heading);
      await expect(page.getByRole('cell', { name: `${name} B`, exact: true })).toBeVisible();
    },
  };
}

const SCENARIOS: Record<string, Scenario> = {
  'Gerenciar Usuários': renameInTable({
    route: '/configuracoes/usuarios',
    heading: 'Gerenciar Usuários',
    create: async (request, name) =>
      api(request, 'admin', 'post', '/api/users', {
        name,
        email: `ajustes-${unique()}@vizinho.gov.br`,
        password: 'Certa@Senha1',
        role: 'visualizador',
      }),
    editButton: (name) => `Editar usuário ${name}`,
    dialog: 'Editar Usuário',
    saved: MSG.users.updated,
  }),
  'Gerenciar Setores': renameInTable({
    route: '/configuracoes/setores',
    heading: 'Gerenciar Setores',
    create: (request, name) => api(request, 'admin', 'post', '/api/sectors', { name, code: uniqueCode() }),
    editButton: (name) => `Editar setor ${name}`,
    dialog: 'Editar Setor',
    saved: MSG.sectors.updated,
  }),
  'Tipos de Bens': renameInTable({
    route: '/configuracoes/tipos',
    heading: 'Gerenciar Tipos de Bens',
    create: (request, name) => api(request, 'admin', 'post', '/api/tipos-bens', { name }),
    editButton: (name) => `Editar ${name}`,
    dialog: 'Editar Tipo de Bem',
    saved: CATALOG_MSG.tipos.updated,
  }),
  'Formas de Aquisição': renameInTable({
    route: '/configuracoes/formas-aquisicao',
    heading: 'Formas de Aquisição',
    create: (request, nome) => api(request, 'admin', 'post', '/api/formas-aquisicao', { nome }),
    editButton: (nome) => `Editar ${nome}`,
    dialog: 'Editar Forma de Aquisição',
    saved: CATALOG_MSG.formas.updated,
  }),
  Personalização: {
    routes: ['/configuracoes/personalizacao'],
    role: 'admin',
    run: async (page) => {
      const secretaria = `Secretaria de Ajustes ${unique()}`;
      await page.goto('/configuracoes/personalizacao');
      await page.getByLabel('Secretaria responsável').fill(secretaria);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, 'Personalização salva com sucesso.');
      await reload(page, 'Personalização');
      await expect(page.getByLabel('Secretaria responsável')).toHaveValue(secretaria);
    },
  },
  Segurança: {
    routes: ['/configuracoes/seguranca'],
    role: 'admin',
    run: async (page) => {
      await page.goto('/configuracoes/seguranca');
      const field = page.getByLabel('Duração do bloqueio (minutos)');
      await expect(field).not.toHaveValue('');
      const next = String((Number(await field.inputValue()) % 60) + 1);
      await field.fill(next);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, SECURITY_MSG.policySaved);
      await reload(page, 'Segurança');
      await expect(page.getByLabel('Duração do bloqueio (minutos)')).toHaveValue(next);
    },
  },
  Backup: {
    routes: ['/configuracoes/backup'],
    role: 'admin',
    run: async (page) => {
      await page.goto('/configuracoes/backup');
      const field = page.getByLabel('Manter por (dias)');
      await expect(field).not.toHaveValue('');
      const next = String((Number(await field.inputValue()) % 90) + 1);
      await field.fill(next);
      await page.getByRole('button', { name: 'Salvar agendamento' }).click();
      await toastSays(page, BACKUP_MSG.settingsSaved);
      await reload(page, 'Backup');
      await expect(page.getByLabel('Manter por (dias)')).toHaveValue(next);
    },
  },
  'Numeração de Bens': {
    routes: ['/configuracoes/numeracao-bens'],
    role: 'admin',
    run: async (page) => {
      await page.goto('/configuracoes/numeracao-bens');
      const separator = page.getByRole('combobox', { name: 'Separador' });
      const before = (await separator.textContent()) ?? '';
      const choose = async (label: string) => {
        await separator.click();
        await page.getByRole('option', { name: label }).click();
        await page.getByRole('button', { name: 'Salvar padrão' }).click();
        await toastSays(page, NUMBERING_MSG.saved);
      };
      await choose(before.includes('Hífen') ? 'Barra (/)' : 'Hífen (-)');
      const saved = (await separator.textContent()) ?? '';
      await reload(page, 'Numeração de Bens');
      await expect(separator).toHaveText(saved);
      // A second save from the same screen goes with the version the first one returned.
      await choose(before);
      await reload(page, 'Numeração de Bens');
      await expect(separator).toHaveText(before);
    },
  },
  'Campos Personalizados de Imóveis': {
    routes: ['/imoveis/campos'],
    role: 'admin',
    run: async (page) => {
      const label = `Campo Ajustes ${unique()}`;
      await page.goto('/imoveis/campos');
      await page.getByRole('button', { name: 'Novo Campo' }).click();
      await page.getByRole('dialog', { name: 'Novo Campo' }).getByLabel('Rótulo').fill(label);
      await page.getByRole('dialog', { name: 'Novo Campo' }).getByRole('button', { name: 'Salvar' }).click();
      await toastSays(page, IMOVEL_FIELD_MSG.added);
      await page.getByRole('button', { name: `Editar campo ${label}` }).click();
      await page.getByRole('dialog', { name: 'Editar Campo' }).getByLabel('Rótulo').fill(`${label} B`);
      await page.getByRole('dialog', { name: 'Editar Campo' }).getByRole('button', { name: 'Salvar' }).click();
      await toastSays(page, IMOVEL_FIELD_MSG.updated);
      await reload(page, 'Campos Personalizados');
      await expect(page.getByRole('list', { name: 'Campos do cadastro de imóveis' })).toContainText(`${label} B`);
    },
  },
  'Modelos de Relatório de Imóveis': {
    routes: [
      '/imoveis/relatorios/templates',
      '/imoveis/relatorios/templates/novo',
      '/imoveis/relatorios/templates/editar/:templateId',
    ],
    role: 'admin',
    run: async (page) => {
      const name = `Imóveis Ajustes ${unique()}`;
      await page.goto('/imoveis/relatorios/templates');
      await page.getByRole('link', { name: /Novo modelo/i }).click();
      await page.getByLabel('Nome do modelo').fill(name);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, IMOVEL_RELATORIO_MSG.templateCreated);
      await expect(page).toHaveURL(/\/imoveis\/relatorios\/templates\/editar\/\d+$/);
      await page.getByLabel('Nome do modelo').fill(`${name} B`);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, IMOVEL_RELATORIO_MSG.templateUpdated);
      await reload(page, 'Editar Modelo de Relatório de Imóveis');
      await expect(page.getByLabel('Nome do modelo')).toHaveValue(`${name} B`);
    },
  },
  'Modelos de Relatório': {
    routes: ['/relatorios/templates', '/relatorios/templates/editor/:templateId'],
    role: 'admin',
    run: async (page) => {
      const name = `Relatório Ajustes ${unique()}`;
      await page.goto('/relatorios/templates');
      await page.getByRole('link', { name: /Novo modelo/i }).click();
      await page.getByLabel('Nome do modelo').fill(name);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, RELATORIO_MSG.templateCreated);
      await expect(page).toHaveURL(/\/relatorios\/templates\/editor\/\d+$/);
      await page.getByLabel('Nome do modelo').fill(`${name} B`);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, RELATORIO_MSG.templateUpdated);
      await reload(page, 'Editor de Modelo de Relatório');
      await expect(page.getByLabel('Nome do modelo')).toHaveValue(`${name} B`);
    },
  },
  'Modelos de Etiqueta': {
    routes: ['/etiquetas/templates', '/etiquetas/templates/editor/:templateId'],
    role: 'admin',
    run: async (page) => {
      const name = `Etiqueta Ajustes ${unique()}`;
      await page.goto('/etiquetas/templates');
      await page.getByRole('link', { name: 'Novo template' }).click();
      await page.getByLabel('Nome', { exact: true }).fill(name);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, ETIQUETA_MSG.created);
      await expect(page).toHaveURL(/\/etiquetas\/templates\/editor\/\d+$/);
      await page.getByLabel('Altura (mm)').fill('45');
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, ETIQUETA_MSG.updated);
      await reload(page, 'Editor de Modelo de Etiqueta');
      await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(name);
      await expect(page.getByLabel('Altura (mm)')).toHaveValue('45');
    },
  },
  'Gerenciador de Fichas': {
    routes: ['/gerenciador-fichas', '/gerenciador-fichas/novo', '/gerenciador-fichas/editor/:id'],
    role: 'admin',
    run: async (page) => {
      const name = `Ficha Ajustes ${unique()}`;
      await page.goto('/gerenciador-fichas');
      await page.getByRole('link', { name: 'Nova ficha' }).click();
      await page.getByLabel('Nome do modelo').fill(name);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, FICHA_MSG.created);
      await expect(page).toHaveURL(/\/gerenciador-fichas\/editor\/\d+$/);
      await page.getByLabel('Nome do modelo').fill(`${name} B`);
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toastSays(page, FICHA_MSG.updated);
      await reload(page, 'Editor de Ficha');
      await expect(page.getByLabel('Nome do modelo')).toHaveValue(`${name} B`);
    },
  },
  Perfil: {
    routes: ['/perfil'],
    role: 'admin',
    run: async (page) => {
      await page.goto('/perfil');
      const field = page.getByRole('textbox', { name: 'Nome', exact: true });
      await expect(field).not.toHaveValue('');
      const before = await field.inputValue();
      try {
        await field.fill(`${before} Ajustes`);
        await page.getByRole('button', { name: 'Salvar nome' }).click();
        await toastSays(page, SECURITY_MSG.profileSaved);
        await reload(page, 'Perfil');
        await expect(page.getByRole('textbox', { name: 'Nome', exact: true })).toHaveValue(`${before} Ajustes`);
      } finally {
        await page.getByRole('textbox', { name: 'Nome', exact: true }).fill(before);
        await page.getByRole('button', { name: 'Salvar nome' }).click();
        await toastSays(page, SECURITY_MSG.profileSaved);
      }
    },
  },
  Municípios: {
    routes: ['/superuser/municipalities'],
    role: 'superuser',
    run: async (page) => {
      // A valid CNPJ (check digits) that nothing else uses; emptied again at the end.
      const cnpj = '11.222.333/0001-81';
      await page.goto('/superuser/municipalities');
      const edit = async (value: string) => {
        await page.getByRole('button', { name: 'Editar Município Vizinho' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('CNPJ (opcional)').fill(value);
        await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
        await toastSays(page, SUPERUSER_MSG.updated);
      };
      await edit(cnpj);
      await reload(page, 'Municípios');
      await page.getByRole('button', { name: 'Editar Município Vizinho' }).click();
      await expect(page.getByRole('dialog').getByLabel('CNPJ (opcional)')).toHaveValue(cnpj);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
      await edit('');
    },
  },
  Permissões: {
    routes: ['/superuser/permissions'],
    role: 'superuser',
    run: async (page) => {
      // A grant to the viewer that no other spec reads, taken back by a second save.
      const name = `${PERMISSION_LABELS['reports:manage_templates']} — Visualizador`;
      await page.goto('/superuser/permissions');
      const box = page.getByRole('checkbox', { name });
      const was = await box.isChecked();
      const flip = async () => {
        await page.getByRole('checkbox', { name }).click();
        await page.getByRole('button', { name: 'Salvar alterações (1)' }).click();
        await toastSays(page, PERMISSIONS_MSG.saved);
      };
      await flip();
      await reload(page, 'Permissões');
      await expect(page.getByRole('checkbox', { name })).toBeChecked({ checked: !was });
      await flip();
      await expect(page.getByRole('checkbox', { name })).toBeChecked({ checked: was });
    },
  },
  'Customização de Login': {
    routes: ['/superuser/customization'],
    role: 'superuser',
    run: async (page, request) => {
      const before = (await api<{ customization: object }>(request, 'superuser', 'get', '/api/customization'))
        .customization;
      const subtitle = `Subtítulo ${unique()}`;
      try {
        await page.goto('/superuser/customization');
        await page.getByLabel('Subtítulo', { exact: true }).fill(subtitle);
        await page.getByRole('button', { name: 'Salvar', exact: true }).click();
        await toastSays(page, CUSTOMIZATION_MSG.saved);
        await reload(page, 'Customização de Login');
        await expect(page.getByLabel('Subtítulo', { exact: true })).toHaveValue(subtitle);
      } finally {
        await api(request, 'superuser', 'put', '/api/customization', before);
      }
    },
  },
  'Rodapé do Superusuário': {
    routes: ['/superuser/footer-customization'],
    role: 'superuser',
    run: async (page, request) => {
      const text = `Rodapé ${unique()}`;
      try {
        await page.goto('/superuser/footer-customization');
        await page.getByLabel('Texto do rodapé').fill(text);
        await page.getByRole('button', { name: 'Salvar', exact: true }).click();
        await toastSays(page, CUSTOMIZATION_MSG.footerSaved);
        await reload(page, 'Rodapé do Superusuário');
        await expect(page.getByLabel('Texto do rodapé')).toHaveValue(text);
      } finally {
        await api(request, 'superuser', 'put', '/api/customization', { superUserFooterText: '' });
      }
    },
  },
  'Campos de Formulário': {
    routes: ['/superuser/form-fields'],
    role: 'superuser',
    run: async (page, request) => {
      const label = `Campo instalação ${unique()}`;
      try {
        await page.goto('/superuser/form-fields');
        await page.getByRole('button', { name: 'Novo Campo' }).click();
        await page.getByRole('dialog', { name: 'Novo Campo' }).getByLabel('Rótulo').fill(label);
        await page.getByRole('dialog', { name: 'Novo Campo' }).getByRole('button', { name: 'Salvar' }).click();
        await toastSays(page, FORM_FIELD_MSG.added);
        await page.getByRole('button', { name: `Editar campo ${label}` }).click();
        await page.getByRole('dialog', { name: 'Editar Campo' }).getByLabel('Rótulo').fill(`${label} B`);
        await page.getByRole('dialog', { name: 'Editar Campo' }).getByRole('button', { name: 'Salvar' }).click();
        await toastSays(page, FORM_FIELD_MSG.updated);
        await reload(page, 'Campos de Formulário');
        await expect(page.getByRole('list', { name: 'Campos da instalação' })).toContainText(`${label} B`);
      } finally {
        const { fields } = await api<{ fields: Array<{ id: number; label: string }> }>(
          request,
          'superuser',
          'get',
          '/api/superuser/asset-form-fields',
        );
        for (const f of fields.filter((x) => x.label.startsWith(label)))
          await apiDelete(request, 'superuser', `/api/superuser/asset-form-fields/${f.id}`);
      }
    },
  },
  'Modelos de Exportação': {
    routes: ['/superuser/export-templates'],
    role: 'superuser',
    run: async (page, request) => {
      const name = `Exportação Ajustes ${unique()}`;
      try {
        await page.goto('/superuser/export-templates');
        await page.getByRole('button', { name: 'Novo modelo' }).click();
        await page.getByLabel('Nome do modelo').fill(name);
        await page.getByRole('button', { name: 'Salvar' }).click();
        await toastSays(page, EXPORT_MSG.saved);
        await page.getByRole('button', { name: `Editar modelo ${name}` }).click();
        await page.getByLabel('Nome do modelo').fill(`${name} B`);
        await page.getByRole('button', { name: 'Salvar' }).click();
        await toastSays(page, EXPORT_MSG.saved);
        await reload(page, 'Modelos de Exportação');
        await expect(page.getByRole('list', { name: 'Modelos do sistema' })).toContainText(`${name} B`);
      } finally {
        const { templates } = await api<{ templates: Array<{ id: number; name: string }> }>(
          request,
          'superuser',
          'get',
          '/api/superuser/export-templates',
        );
        for (const t of templates.filter((x) => x.name.startsWith(name)))
          await apiDelete(request, 'superuser', `/api/superuser/export-templates/${t.id}`);
      }
    },
  },
  'Consulta Pública': {
    routes: ['/superuser/public-search'],
    role: 'superuser',
    run: async (page) => {
      await page.goto('/superuser/public-search');
      const box = () => page.getByRole('switch', { name: 'Consulta pública de Município Vizinho' });
      const was = await box().isChecked();
      await box().click();
      await toastSays(page, was ? 'Consulta pública desativada.' : 'Consulta pública ativada.');
      await reload(page, 'Consulta Pública');
      await expect(box()).toBeChecked({ checked: !was });
      await box().click();
      await toastSays(page, was ? 'Consulta pública ativada.' : 'Consulta pública desativada.');
      await reload(page, 'Consulta Pública');
      await expect(box()).toBeChecked({ checked: was });
    },
  },
};

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  tokens = { admin: await apiToken(request, ACCOUNTS.vizinho), superuser: await apiToken(request, ACCOUNTS.superuser) };
  await request.dispose();
});

test.afterAll(async () => {
  for (const s of Object.values(sessions)) await s.ctx.close();
});

test('every settings route of the route table is saved below or named as having nothing to save', () => {
  const paths = [
    ...MAIN_ROUTES.map((r) => r.path),
    ...[...SUPERUSER_MENU, ...SUPERUSER_EXTRA_ROUTES].map((r) => r.path),
  ];
  const settings = paths.filter(isSettingsRoute);
  const covered = new Set(Object.values(SCENARIOS).flatMap((s) => s.routes));
  const missing = settings.filter((p) => !covered.has(p) && !NO_SAVE[p]);
  expect(missing, 'settings routes with no save walk in settings-save.spec.ts').toEqual([]);
  // No walk or exemption names a route the table no longer has.
  const stale = [...covered, ...Object.keys(NO_SAVE)].filter((p) => !paths.includes(p));
  expect(stale, 'routes named here that the route table does not have').toEqual([]);
});

for (const [name, scenario] of Object.entries(SCENARIOS)) {
  test(`saves ${name} (${scenario.routes[0]})`, async ({ browser, request }) => {
    // A walk is a few seconds on a quiet machine; a busy shared one (load 25 on 2 cores) took minutes.
    test.setTimeout(300_000);
    const page = await as(browser, scenario.role);
    await scenario.run(page, request);
  });
}

test('a logo upload on Personalização keeps the names typed and not saved yet', async ({ browser }) => {
  test.setTimeout(300_000);
  const page = await as(browser, 'admin');
  const secretaria = `Secretaria do Logo ${unique()}`;
  const departamento = `Departamento do Logo ${unique()}`;
  await page.goto('/configuracoes/personalizacao');
  await page.getByLabel('Secretaria responsável').fill(secretaria);
  await page.getByLabel('Departamento responsável').fill(departamento);
  await page
    .getByTestId('upload-activeLogoUrl')
    .setInputFiles({ name: 'brasao.png', mimeType: 'image/png', buffer: PNG });
  await toastSays(page, CUSTOMIZATION_MSG.uploaded);
  await expect(page.getByLabel('Logotipo principal', { exact: true })).not.toHaveValue('');
  await expect(page.getByLabel('Secretaria responsável')).toHaveValue(secretaria);
  await expect(page.getByLabel('Departamento responsável')).toHaveValue(departamento);

  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toastSays(page, 'Personalização salva com sucesso.');
  await reload(page, 'Personalização');
  await expect(page.getByLabel('Secretaria responsável')).toHaveValue(secretaria);
  await expect(page.getByLabel('Departamento responsável')).toHaveValue(departamento);
  await expect(page.getByLabel('Logotipo principal', { exact: true })).not.toHaveValue('');
});

test('Numeração de Bens: a save over a pattern changed elsewhere is refused with the banner, the draft kept', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const page = await as(browser, 'admin');
  await page.goto('/configuracoes/numeracao-bens');
  const separator = page.getByRole('combobox', { name: 'Separador' });
  await expect(separator).toBeVisible();
  const stored = (await api<{ pattern: NumberingPattern }>(request, 'admin', 'get', '/api/numeracao')).pattern;
  const restore = { components: stored.components, separator: stored.separator };
  try {
    await separator.click();
    await page.getByRole('option', { name: stored.separator === '.' ? 'Hífen (-)' : 'Ponto (.)' }).click();
    const draft = (await separator.textContent()) ?? '';
    // Someone else saves first.
    const other = stored.separator === '/' ? '-' : '/';
    await api(request, 'admin', 'put', '/api/numeracao', { ...restore, separator: other, version: stored.version });

    await page.getByRole('button', { name: 'Salvar padrão' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Suas alterações ainda não foram salvas.' });
    await expect(banner).toContainText(MSG.http.conflict);
    await expect(separator).toHaveText(draft);
    await banner.getByRole('button', { name: 'Recarregar' }).click();
    await expect(banner).toHaveCount(0);
    await expect(separator).toHaveText(other === '/' ? 'Barra (/)' : 'Hífen (-)');
  } finally {
    const now = (await api<{ pattern: NumberingPattern }>(request, 'admin', 'get', '/api/numeracao')).pattern;
    await api(request, 'admin', 'put', '/api/numeracao', { ...restore, version: now.version });
  }
});
