import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_ROLES, ROLES, type Permission, type Role } from '@tombo/shared';
import { createApp } from '../../server/src/app';
import type { RouteDef } from '../../server/src/http/route';
import { declaredRoutes } from '../../server/src/modules/routes';
import type { AccessPermission } from '../../server/src/tenancy/access';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import {
  newFichaTemplate,
  newImportacao,
  newTermoVersao,
  newCatalogRow,
  newEmprestimo,
  newDocument,
  newInventario,
  newLabelTemplate,
  newReportConfig,
  newBackupRow,
  newImovel,
  newManutencao,
  newImovelField,
  newReportTemplate,
  newLocal,
  newPatrimonio,
  newSector,
  newTransferencia,
  newUser,
  ownerQuery,
  world,
  type TestTenant,
  type TestUser,
  type TestWorld,
} from '../support/factories';

// The route matrix: generated from the registry that mounts the API (server/src/modules/routes.ts), so a
// route declared tomorrow is checked tomorrow: 401 without a token, 403 for the wrong audience or a
// missing permission, 404 for another municipality's record (left unchanged).

interface Made {
  /** Table and id of the record, read as the owner before and after the call. */
  table: string;
  id: number | string;
}
type Factory = (s: TestServer, tenant: TestTenant) => Promise<Made>;

/** How to make a record of a municipality for each access rule. A declared rule missing here fails the matrix. */
const ACCESS_FACTORIES: Partial<Record<AccessPermission, Factory>> = {
  'importacao.manage': async (s, t) => ({ table: 'importacoes', id: (await newImportacao(s, t.id)).id }),
  'sector.manage': async (s, t) => ({ table: 'sectors', id: (await newSector(s, t.id)).id }),
  'labelTemplate.manage': async (s, t) => ({ table: 'etiqueta_templates', id: (await newLabelTemplate(s, t.id)).id }),
  'local.manage': async (s, t) => ({ table: 'locais', id: (await newLocal(s, t.sector)).id }),
  'comissao.own': async (s, t) => ({
    table: 'comissoes',
    id: (
      await ownerQuery<{ id: number }>(
        s,
        `insert into comissoes (municipality_id, kind, act, act_date, valid_until)
         values ($1, 'inventario', 'Portaria da matriz', '2026-01-01', '2026-12-31') returning id`,
        [t.id],
      )
    )[0].id,
  }),
  'exportTemplate.read': async (s, t) => ({
    table: 'export_templates',
    id: (
      await ownerQuery<{ id: number }>(s, 'select id from export_templates where municipality_id = $1 limit 1', [t.id])
    )[0].id,
  }),
  'exportTemplate.manage': async (s, t) => ({
    table: 'export_templates',
    id: (
      await ownerQuery<{ id: number }>(s, 'select id from export_templates where municipality_id = $1 limit 1', [t.id])
    )[0].id,
  }),
  'tipoBem.manage': async (s, t) => ({ table: 'tipos_bens', id: (await newCatalogRow(s, t.id, 'tipos_bens')).id }),
  'formaAquisicao.manage': async (s, t) => ({
    table: 'formas_aquisicao',
    id: (await newCatalogRow(s, t.id, 'formas_aquisicao')).id,
  }),
  'formField.manage': async (s, t) => ({
    table: 'asset_form_fields',
    id: (await newCatalogRow(s, t.id, 'asset_form_fields')).id,
  }),
  'patrimonio.read': async (s, t) => ({
    table: 'patrimonios',
    id: (await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id })).id,
  }),
  'patrimonio.update': async (s, t) => ({
    table: 'patrimonios',
    id: (await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id })).id,
  }),
  'emprestimo.read': async (s, t) => ({
    table: 'emprestimos',
    id: (await newEmprestimo(s, await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id }))).id,
  }),
  'emprestimo.return': async (s, t) => ({
    table: 'emprestimos',
    id: (await newEmprestimo(s, await newPatrimonio(s, { municipalityId: t.id, sectorId: t.sector.id }))).id,
  }),
  'user.read': async (s, t) => ({
    table: 'users',
    id: (await newUser(s, { municipalityId: t.id, role: 'usuario' })).id,
  }),
  'user.manage': async (s, t) => ({
    table: 'users',
    id: (await newUser(s, { municipalityId: t.id, role: 'visualizador', sectorIds: [] })).id,
  }),
  'transferencia.read': async (s, t) => ({ table: 'transferencias', id: (await newTransferencia(s, t)).id }),
  'transferencia.decide': async (s, t) => ({ table: 'transferencias', id: (await newTransferencia(s, t)).id }),
  'document.read': async (s, t) => ({ table: 'documents', id: (await newDocument(s, t.id)).id }),
  'document.manage': async (s, t) => ({ table: 'documents', id: (await newDocument(s, t.id)).id }),
  'inventario.read': async (s, t) => ({ table: 'inventarios', id: (await newInventario(s, t)).id }),
  'inventario.count': async (s, t) => ({ table: 'inventarios', id: (await newInventario(s, t)).id }),
  'inventario.manage': async (s, t) => ({ table: 'inventarios', id: (await newInventario(s, t)).id }),
  'fichaTemplate.use': async (s, t) => ({ table: 'ficha_templates', id: (await newFichaTemplate(s, t.id)).id }),
  'termo.read': async (s, t) => ({ table: 'termo_versions', id: (await newTermoVersao(s, t)).id }),
  'termo.sector': async (s, t) => ({ table: 'sectors', id: (await newSector(s, t.id)).id }),
  'reportTemplate.read': async (s, t) => ({ table: 'relatorio_templates', id: (await newReportTemplate(s, t.id)).id }),
  'reportTemplate.manage': async (s, t) => ({
    table: 'relatorio_templates',
    id: (await newReportTemplate(s, t.id)).id,
  }),
  'backup.manage': async (s, t) => ({ table: 'backups', id: (await newBackupRow(s, t.id)).id }),
  'manutencao.read': async (s, t) => ({
    table: 'manutencoes',
    id: (await newManutencao(s, await newImovel(s, t.id))).id,
  }),
  'manutencao.manage': async (s, t) => ({
    table: 'manutencoes',
    id: (await newManutencao(s, await newImovel(s, t.id))).id,
  }),
  'imovel.read': async (s, t) => ({ table: 'imoveis', id: (await newImovel(s, t.id, { sectorId: t.sector.id })).id }),
  'imovel.write': async (s, t) => ({ table: 'imoveis', id: (await newImovel(s, t.id, { sectorId: t.sector.id })).id }),
  'imovelField.manage': async (s, t) => ({ table: 'imovel_fields', id: (await newImovelField(s, t.id)).id }),
  'reportConfig.own': async (s, t) => ({
    table: 'relatorio_configs',
    id: (await newReportConfig(s, t.id, t.users.admin.id)).id,
  }),
  'imovelReportTemplate.read': async (s, t) => ({
    table: 'imovel_report_templates',
    id: await imovelTemplate(s, t.id),
  }),
  'contaContabil.manage': async (s, t) => ({
    table: 'contas_contabeis',
    id: (
      await ownerQuery<{ id: number }>(
        s,
        `insert into contas_contabeis (municipality_id, code, name, role) values ($1, $2, 'Conta de teste', 'ativo')
         returning id`,
        [t.id, `9.9.${randomUUID().replace(/\D/g, '').slice(0, 8) || '1'}`],
      )
    )[0].id,
  }),
  'imovelReportTemplate.manage': async (s, t) => ({
    table: 'imovel_report_templates',
    id: await imovelTemplate(s, t.id),
  }),
};

/** A new property report template of the municipality (a fresh one: the matrix's DELETE removes what it gets). */
async function imovelTemplate(s: TestServer, municipalityId: number): Promise<number> {
  const [t] = await ownerQuery<{ id: number }>(
    s,
    `insert into imovel_report_templates (municipality_id, name, fields) values ($1, $2, '["denominacao"]'::jsonb) returning id`,
    [municipalityId, `Modelo de imóveis ${randomUUID()}`],
  );
  return t.id;
}

/** Declared signed-in or municipal routes open to every role (no `permission`), each with why. */
const WITHOUT_PERMISSION: Record<string, string> = {
  'GET /customization': 'every signed-in user reads the branding of their screens',
  'PUT /customization':
    'superuser or settings:update, decided in the handler (two targets: installation or municipality)',
  'POST /customization/reset': 'as PUT /customization',
  'POST /customization/files/:field': 'as PUT /customization (the upload sets one field of the same target)',
  'GET /jobs': "a user's own jobs (the queries filter by owner)",
  'GET /jobs/:id': "a user's own job (404 for anyone else's)",
  'GET /jobs/:id/download': "a user's own job file (404 for anyone else's)",
  'DELETE /jobs/:id': "deletes a user's own job and its file (404 for anyone else's)",
  'POST /jobs/:id/retry': "requeues a user's own failed job (404 for anyone else's)",
  'POST /jobs/:id/cancel': "cancels a user's own running or queued job (404 for anyone else's)",
  'GET /auth/me': 'every signed-in user reads their own session',
  'PUT /auth/password': 'every signed-in user changes their own password (the current one is checked)',
  'POST /audit-logs':
    "every municipal user reports their own sync entries (the body allows only the spec's sync actions)",
  'GET /audit-logs/recentes':
    "'Atividade Recente' for every role: the query shows the whole log only to audit:read, else entries about the caller's own assets",
  'GET /notificacoes': "a user's own notifications (the query filters by the caller)",
  'POST /notificacoes/lidas': "marks the caller's own notifications read",
  'POST /notificacoes/:id/lida': "marks one of the caller's own notifications read (404 for anyone else's)",
  'GET /busca':
    'the global search: each result group asks its own permission (bens:read, users:read…); screens by role',
  'GET /security/session-policy': "every signed-in user reads their municipality's idle timeout and password length",
  'GET /auth/2fa': "the caller's own two-step sign-in state",
  'POST /auth/2fa/setup': 'every user may enable 2FA for themselves (/perfil)',
  'POST /auth/2fa/enable': 'as POST /auth/2fa/setup (a code of the pending secret is checked)',
  'POST /auth/2fa/disable': "the caller's own 2FA (the password or a code is checked)",
  'POST /auth/2fa/recovery-codes': "the caller's own recovery codes (the password or a code is checked)",
  'GET /auth/sessions': "the caller's own sessions",
  'POST /auth/sessions/revoke-others': "ends the caller's own other sessions",
  'DELETE /auth/sessions/:id': "ends one of the caller's own sessions (404 for anyone else's)",
  'PUT /auth/profile': "the caller's own name",
  'POST /auth/avatar': "the caller's own avatar",
  'GET /version':
    'the version manager: superuser and admin only, checked in the handler (the superuser has no municipality)',
  'GET /dashboard/layouts/:painel':
    "the caller's own dashboard layout; which dashboards a role opens is checked in the query (403 otherwise)",
  'PUT /dashboard/layouts/:painel': "as GET /dashboard/layouts/:painel (and the role's widgets only, 400 otherwise)",
  'DELETE /dashboard/layouts/:painel': 'as GET /dashboard/layouts/:painel',
};

/**
 * Declared routes with a path param but no `access` rule, each with why the param needs no object check
 * (e.g. job ids owned per user). Any param counts, not only `:id`: `:numero` names a record too.
 */
const PARAMS_WITHOUT_ACCESS: Record<string, string> = {
  'GET /auth/invitations/:token': "public: the param is an invitation link's secret, not a record id; unknown is 404",
  'GET /patrimonios/numero/:numero': 'a lookup by number: the query itself answers 404 outside the scope',
  'GET /jobs/:id': 'jobs belong to a user, not to a municipality: the query answers 404 for anyone but the owner',
  'GET /jobs/:id/download': 'as GET /jobs/:id',
  'DELETE /jobs/:id': 'as GET /jobs/:id',
  'POST /jobs/:id/retry': 'as GET /jobs/:id',
  'POST /jobs/:id/cancel': 'as GET /jobs/:id',
  'GET /public/patrimonios/:numero':
    "public: the query names the municipality and reads under its scope; a number it lacks is the query's 404",
  'GET /public/imoveis/:id':
    "public: the query names the municipality and reads under its scope; another municipality's id is the query's 404",
  'GET /public/imoveis/:id/foto/:fotoId':
    "public: only the first photo of a property of the municipality the query names; anything else is the query's 404",
  'PUT /superuser/permissions/:role': 'a role name: permissions are installation-wide, not a municipality record',
  'PUT /superuser/users/:id':
    'the superuser reaches every user (all municipalities): an unknown id is the 404 of the command',
  'DELETE /superuser/users/:id': 'as PUT /superuser/users/:id',
  'POST /superuser/users/:id/invitation': 'as PUT /superuser/users/:id',
  'DELETE /superuser/users/:id/invitation': 'as PUT /superuser/users/:id',
  'DELETE /superuser/users/:id/2fa': 'as PUT /superuser/users/:id',
  'PUT /superuser/municipalities/:id':
    'the superuser reaches every municipality: an unknown id is the 404 of the command',
  'POST /notificacoes/:id/lida': "notifications belong to a user: the command answers 404 for anyone else's",
  'DELETE /auth/sessions/:id': "a session of the caller's own: the command answers 404 for anyone else's",
  'GET /avatars/:file': 'public: an unguessable file name (a UUID per upload); an unknown one is a 404',
  'POST /customization/files/:field':
    'a settings field name, not a record: the target is the caller (installation or municipality)',
  'GET /customization/files/:owner/:name':
    'public login-page files under a random name; the path is checked to stay in the customization folder',
  'PUT /superuser/asset-form-fields/:id': 'installation-wide rows (no municipality): an unknown id is the command 404',
  'DELETE /superuser/asset-form-fields/:id': 'as PUT /superuser/asset-form-fields/:id',
  'PUT /superuser/export-templates/:id': 'installation-wide rows (no municipality): an unknown id is the command 404',
  'DELETE /superuser/export-templates/:id': 'as PUT /superuser/export-templates/:id',
  'POST /superuser/backups/:id/restore':
    'the superuser reaches every backup (all municipalities): an unknown id is a 404',
  'GET /superuser/backups/:id': 'as POST /superuser/backups/:id/restore',
  'GET /superuser/backups/jobs/:id': "the superuser's own restore job: the handler answers 404 for anyone else's",
  'DELETE /depreciacao/fechamentos/:competencia':
    "a month ('YYYY-MM'), not a record: the command reads the caller's municipality's closes only (409 when not closed there)",
  'GET /dashboard/layouts/:painel': "a dashboard's name, not a record: the layout read is always the caller's own",
  'PUT /dashboard/layouts/:painel': 'as GET /dashboard/layouts/:painel',
  'DELETE /dashboard/layouts/:painel': 'as GET /dashboard/layouts/:painel',
  'GET /public/municipios/:ref':
    'public: the municipality (id or slug) is the tenancy itself; unknown, inactive or public search off is a 404',
  'GET /public/municipios/:ref/dados-abertos.:format': 'public: as GET /public/municipios/:ref (open data)',
  'PUT /contabilidade/contas-imoveis/:situacao':
    "a property tenure ('proprio'…), not a record: the command reads and writes the caller's municipality's row only",
  'GET /public/bens/:numero':
    'public: which municipalities open to the public have this number; public fields only, none is a 404',
};

let s: TestServer;
let w: TestWorld;
beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
});
afterAll(async () => {
  await s?.close();
});

const label = (d: RouteDef) => `${d.method.toUpperCase()} ${d.path}`;
/** A route's identity whatever its params are called: `PUT /sectors/:p`. */
/** Whether an Express path pattern answers a concrete path. */
const matches = (pattern: string, url: string) =>
  new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(url.split('?')[0].replace(/^\/api/, ''));
const shape = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/:\w+/g, ':p')}`;
const paramsOf = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** A value of the right kind for a path param: the first candidate its schema accepts (an id, a uuid, a role…). */
function paramValue(def: RouteDef, name: string): string {
  const schema = (def.params as { shape?: Record<string, { safeParse(v: unknown): { success: boolean } }> })?.shape?.[
    name
  ];
  const candidates = ['1', randomUUID(), ...ROLES, 'proprio', 'x'];
  return (schema && candidates.find((c) => schema.safeParse(c).success)) ?? '1';
}

/** The route's URL with every param filled (`given` first). */
const urlOf = (def: RouteDef, given: Record<string, string | number> = {}) =>
  '/api' +
  def.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(given[name] ?? paramValue(def, name))));

/** Calls a route; `{}` as the body of a POST/PUT/PATCH (every guard answers before the body is read). */
async function call(def: RouteDef, token: string | undefined, given: Record<string, string | number> = {}) {
  const body = ['post', 'put', 'patch'].includes(def.method) ? {} : undefined;
  return client(s.url, token)(def.method.toUpperCase(), urlOf(def, given), body);
}

const superuserApi = async () => client(s.url, await w.superuser.token());
const userOf = (role: Role): TestUser => (role === 'superuser' ? w.superuser : w.A.users[role as 'admin']);

/** The stored permissions of every role (the superuser may have changed the defaults). */
async function rolePermissions(): Promise<Record<string, Permission[]>> {
  const r = await (await superuserApi())('GET', '/api/superuser/permissions');
  expect(r.status).toBe(200);
  return Object.fromEntries(
    r.body.roles.map((x: { role: Role; permissions: Permission[] }) => [x.role, x.permissions]),
  );
}

/** Roles that pass a route's audience check, so that a 403 can only come from the permission. */
const audienceRoles = (def: RouteDef): Role[] =>
  def.audience === 'superuser' ? ['superuser'] : def.audience === 'municipal' ? [...MAIN_ROLES] : [...ROLES];

/**
 * Runs `fn` with a role of the audience that lacks `permission`: one that lacks it already, else the
 * last candidate with the permission taken away through the superuser API (and given back after).
 */
async function withRoleLacking(def: RouteDef, permission: Permission, fn: (role: Role) => Promise<void>) {
  const perms = await rolePermissions();
  const candidates = audienceRoles(def);
  const lacking = candidates.find((r) => !perms[r]?.includes(permission));
  if (lacking) return fn(lacking);
  const role = candidates[candidates.length - 1];
  const su = await superuserApi();
  const stripped = perms[role].filter((p) => p !== permission);
  const put = await su('PUT', `/api/superuser/permissions/${role}`, { permissions: stripped });
  if (put.status === 400 && role === 'superuser') {
    // The API refuses to strip the superuser's own access (issue 12): strip it as the owner.
    await s.owner.query('update role_permissions set permissions = $2 where role = $1', [role, stripped]);
    s.ctx.principals.forgetAll();
  } else expect(put.status).toBe(200);
  try {
    await fn(role);
  } finally {
    const restored = await su('PUT', `/api/superuser/permissions/${role}`, { permissions: perms[role] });
    if (restored.status !== 200) {
      // The superuser took away their own permissions:manage: give it back as the owner.
      await s.owner.query('update role_permissions set permissions = $2 where role = $1', [role, perms[role]]);
      s.ctx.principals.forgetAll();
    }
  }
}

const readRow = async (m: Made) =>
  s.owner.query(`select * from "${m.table.replace(/"/g, '""')}" where id = $1`, [m.id]);

describe('route matrix (every declared route)', () => {
  it('the registry holds routes, each declared once', () => {
    expect(declaredRoutes.length).toBeGreaterThan(0);
    const seen = declaredRoutes.map((d) => shape(d.method, d.path));
    expect(seen.filter((x, i) => seen.indexOf(x) !== i)).toEqual([]);
  });

  it('every access rule used by a route has a factory here', () => {
    const missing = declaredRoutes
      .filter((d) => d.access && !ACCESS_FACTORIES[d.access.rule])
      .map((d) => `${label(d)}: rule '${d.access!.rule}' has no entry in ACCESS_FACTORIES (route-matrix.test.ts)`);
    expect(missing).toEqual([]);
  });

  it('every signed-in or municipal route declares a permission (or is listed with a reason)', () => {
    const open = declaredRoutes
      .filter(
        (d) => ['signed-in', 'municipal'].includes(d.audience) && !d.permission && !(label(d) in WITHOUT_PERMISSION),
      )
      .map((d) => `${label(d)}: declare a permission or list it in WITHOUT_PERMISSION with a reason`);
    expect(open).toEqual([]);
    const stale = Object.keys(WITHOUT_PERMISSION).filter((k) => !declaredRoutes.some((d) => label(d) === k));
    expect(stale, 'WITHOUT_PERMISSION lists routes that are not declared').toEqual([]);
  });

  it('every route with a path param declares `access` (or is listed with a reason)', () => {
    const unchecked = declaredRoutes
      .filter((d) => !d.access && paramsOf(d.path).length > 0 && !(label(d) in PARAMS_WITHOUT_ACCESS))
      .map((d) => `${label(d)}: declare access: { param, rule } or list it in PARAMS_WITHOUT_ACCESS with a reason`);
    expect(unchecked).toEqual([]);
    const stale = Object.keys(PARAMS_WITHOUT_ACCESS).filter((k) => !declaredRoutes.some((d) => label(d) === k));
    expect(stale, 'PARAMS_WITHOUT_ACCESS lists routes that are not declared').toEqual([]);
  });

  for (const def of declaredRoutes) {
    describe(label(def), () => {
      if (def.audience === 'public') {
        it('public: answers without a token', async () => {
          expect((await call(def, undefined)).status).not.toBe(401);
        });
      } else {
        it('no token or a forged one → 401', async () => {
          for (const token of [undefined, 'not-a-token']) {
            const r = await call(def, token);
            expect(r.status, `token ${token}`).toBe(401);
            expect(r.body.error.code).toBe('UNAUTHORIZED');
          }
        });
      }
      if (def.audience === 'municipal') {
        it('the superuser (no municipality) → 403', async () => {
          const r = await call(def, await w.superuser.token());
          expect(r.status).toBe(403);
          expect(r.body.error.code).toBe('FORBIDDEN');
        });
      }
      if (def.audience === 'superuser') {
        it("a municipality's admin → 403", async () => {
          expect((await call(def, await w.A.users.admin.token())).status).toBe(403);
        });
      }
      if (def.permission) {
        it(`a role without ${def.permission} → 403`, async () => {
          await withRoleLacking(def, def.permission!, async (role) => {
            const r = await call(def, await userOf(role).token());
            expect(r.status, `role ${role}`).toBe(403);
            expect(r.body.error.code).toBe('FORBIDDEN');
          });
        });
      }
      if (def.access) {
        const { param, rule } = def.access;
        it(`another municipality's record (${rule}) → 404 before the body is read, row unchanged`, async () => {
          const factory = ACCESS_FACTORIES[rule];
          if (!factory) throw new Error(`access rule '${rule}' has no factory in ACCESS_FACTORIES`);
          const perms = await rolePermissions();
          const role = MAIN_ROLES.find((r) => !def.permission || perms[r].includes(def.permission))!;
          const token = await w.A.users[role].token();
          const theirs = await factory(s, w.B);
          const before = await readRow(theirs);
          expect(before).toHaveLength(1);
          const r = await call(def, token, { [param]: theirs.id });
          expect(r.status, "B's record must be a 404 to A").toBe(404);
          expect(r.body.error.code).toBe('NOT_FOUND');
          expect(await readRow(theirs), "B's row must be unchanged").toEqual(before);
          // The same call on a record of the caller's own municipality gets past the access check.
          const ours = await factory(s, w.A);
          const own = await call(def, token, { [param]: ours.id });
          // (A 404 of something else the path names, e.g. a file id made up here, says so in its message.)
          const refused = own.status === 404 && own.body.error.message === r.body.error.message;
          expect(refused, "A's own record must get past the access check").toBe(false);
        });
      }
    });
  }
});

/** Every method + path the Express app answers under /api, from its router stack (Express 5 / router 2). */
function answeredRoutes(): string[] {
  const app = createApp(s.ctx) as unknown as { router: { stack: Layer[] } };
  const api = app.router.stack.find((l) => l.rawPath === '/api' && l.handle.stack);
  if (!api) throw new Error('no router mounted at /api in app.router.stack: update answeredRoutes for this Express');
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const l of stack) {
      if (l.route) for (const m of Object.keys(l.route.methods)) found.push(shape(m, prefix + String(l.route.path)));
      else if (l.handle.stack) walk(l.handle.stack, prefix + (l.rawPath === '/' ? '' : String(l.rawPath)));
    }
  };
  walk(api.handle.stack!, '');
  return found;
}
interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

describe('nothing under /api escapes the registry', () => {
  it('every route Express answers is declared once', () => {
    const answered = answeredRoutes();
    const declared = new Set(declaredRoutes.map((d) => shape(d.method, d.path)));
    const problems: string[] = [];
    for (const r of new Set(answered)) {
      const times = answered.filter((x) => x === r).length;
      if (times > 1) problems.push(`${r}: answered by ${times} handlers`);
      if (!declared.has(r)) problems.push(`${r}: not declared (add it to an area's routes)`);
    }
    for (const r of declared) if (!answered.includes(r)) problems.push(`${r}: declared but not mounted`);
    expect(problems).toEqual([]);
  });

  it('a method a declared path does not answer is 404 "Rota não encontrada."', async () => {
    const answered = new Set(answeredRoutes());
    const token = await w.A.users.admin.token();
    for (const def of declaredRoutes) {
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        if (answered.has(shape(method, def.path))) continue;
        // `/patrimonios/sync` is also `/patrimonios/:id` to a PUT: that route answers (400 for a bad id).
        if (declaredRoutes.some((d) => d.method === method && matches(d.path, urlOf(def)))) continue;
        const r = await client(s.url, token)(method.toUpperCase(), urlOf(def), method === 'get' ? undefined : {});
        expect(r.status, `${method} ${def.path}`).toBe(404);
        expect(r.body.error.message).toBe('Rota não encontrada.');
      }
    }
  });
});
