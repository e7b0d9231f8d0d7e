import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSCA_COUNT_CAP,
  BUSCA_MSG,
  MAIN_ROUTES,
  type BuscaGroup,
  type BuscaKind,
  type BuscaResponse,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import {
  newLocal,
  newPatrimonio,
  newSector,
  newUser,
  world,
  type TestPatrimonio,
  type TestSector,
  type TestUser,
  type TestWorld,
} from '../support/factories';

let s: TestServer;
let w: TestWorld;
/** A's second sector, its asset, and a `usuario` of A's first sector only. */
let other: TestSector;
let chair: TestPatrimonio;
let chairOther: TestPatrimonio;
let foreignChair: TestPatrimonio;
const tag = `zq${Date.now().toString(36)}`; // a word no other row has

beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  other = await newSector(s, w.A.id, { name: `Secretaria de Saúde ${tag}` });
  await newLocal(s, other, { name: `Almoxarifado Central ${tag}` });
  chair = await newPatrimonio(s, {
    municipalityId: w.A.id,
    sectorId: w.A.sector.id,
    descricao: `Cadeira giratória ${tag} azul`,
  });
  chairOther = await newPatrimonio(s, {
    municipalityId: w.A.id,
    sectorId: other.id,
    descricao: `Cadeira GIRATORIA ${tag} preta`,
  });
  foreignChair = await newPatrimonio(s, {
    municipalityId: w.B.id,
    sectorId: w.B.sector.id,
    descricao: `Cadeira giratória ${tag} do vizinho`,
  });
});
afterAll(async () => {
  await s?.close();
});

const search = async (u: TestUser, q: string, limit?: number) => {
  const qs = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  return client(s.url, await u.token())<BuscaResponse>('GET', `/api/busca?${qs}`);
};
const group = (r: BuscaResponse, kind: BuscaKind): BuscaGroup | undefined => r.groups.find((g) => g.kind === kind);
const ids = (r: BuscaResponse, kind: BuscaKind) => (group(r, kind)?.items ?? []).map((i) => i.id);

describe('GET /api/busca', () => {
  it('finds an asset by its whole number and by a prefix of it, and opens its page', async () => {
    const exact = (await search(w.A.users.visualizador, chair.numero)).body;
    expect(exact.groups[0].kind).toBe('patrimonios');
    const item = group(exact, 'patrimonios')!.items[0];
    expect(item).toEqual({
      id: String(chair.id),
      label: `${chair.numero} — Cadeira giratória ${tag} azul`,
      sublabel: expect.any(String),
      href: `/bens-cadastrados/ver/${chair.id}`,
    });
    const prefix = (await search(w.A.users.admin, chair.numero.slice(0, -1))).body;
    expect(ids(prefix, 'patrimonios')).toContain(String(chair.id));
    // an upper-case number (the numbering pattern's) is found typed in lower case
    const numero = `2099${tag.toUpperCase()}0001`;
    await s.owner.query('update patrimonios set numero_patrimonio = $2 where id = $1', [chairOther.id, numero]);
    chairOther = { ...chairOther, numero };
    const lower = (await search(w.A.users.admin, numero.slice(0, 8).toLowerCase())).body;
    expect(group(lower, 'patrimonios')!.items[0]).toMatchObject({
      id: String(chairOther.id),
      label: expect.stringMatching(numero),
    });
  });

  it('finds assets by words in any order, ignoring accents and case', async () => {
    for (const q of [`giratoria ${tag}`, `${tag.toUpperCase()} GIRATÓRIA`, `cadêira ${tag}`]) {
      const r = (await search(w.A.users.admin, q)).body;
      expect(ids(r, 'patrimonios').sort(), q).toEqual([String(chair.id), String(chairOther.id)].sort());
    }
    const both = (await search(w.A.users.admin, `azul ${tag}`)).body;
    expect(ids(both, 'patrimonios')).toEqual([String(chair.id)]);
    expect((await search(w.A.users.admin, `${tag} inexistentexyz`)).body.groups).toEqual([]);
  });

  it("never shows another municipality's assets, sectors, locations or users", async () => {
    const r = (await search(w.A.users.admin, tag)).body;
    expect(ids(r, 'patrimonios')).not.toContain(String(foreignChair.id));
    expect(ids(r, 'patrimonios')).toHaveLength(2);
    const fromB = (await search(w.B.users.admin, tag)).body;
    expect(ids(fromB, 'patrimonios')).toEqual([String(foreignChair.id)]);
    expect(group(fromB, 'setores')).toBeUndefined();
    expect(group(fromB, 'locais')).toBeUndefined();
    // B's admin searching A's user by e-mail finds nothing
    const who = (await search(w.B.users.admin, w.A.users.supervisor.email)).body;
    expect(group(who, 'usuarios')).toBeUndefined();
  });

  it('a usuario sees only the assets of their own sectors (as the assets list)', async () => {
    const r = (await search(w.A.users.usuario, tag)).body;
    expect(ids(r, 'patrimonios')).toEqual([String(chair.id)]);
    const byNumber = (await search(w.A.users.usuario, chairOther.numero)).body;
    expect(group(byNumber, 'patrimonios')).toBeUndefined();
    const list = await client(s.url, await w.A.users.usuario.token())('GET', `/api/patrimonios?q=${tag}`);
    expect(list.body.patrimonios.map((i: { id: number }) => String(i.id))).toEqual(ids(r, 'patrimonios'));
  });

  it('finds sectors (by name or code) and locations, each opening the assets list filtered by it', async () => {
    const r = (await search(w.A.users.visualizador, `saude ${tag}`)).body;
    expect(group(r, 'setores')!.items).toEqual([
      {
        id: String(other.id),
        label: other.name,
        sublabel: `Código ${other.code}`,
        href: `/bens-cadastrados?sectorId=${other.id}`,
      },
    ]);
    const code = (await search(w.A.users.visualizador, other.code.toLowerCase())).body;
    expect(ids(code, 'setores')).toContain(String(other.id));
    const l = (await search(w.A.users.usuario, `almoxarifado ${tag}`)).body;
    expect(group(l, 'locais')!.items[0]).toMatchObject({ label: `Almoxarifado Central ${tag}`, sublabel: other.name });
    expect(group(l, 'locais')!.items[0].href).toMatch(/^\/bens-cadastrados\?localId=\d+$/);
  });

  it('the users group is for admins only', async () => {
    const named = await newUser(s, { municipalityId: w.A.id, role: 'visualizador', name: `Joana Araújo ${tag}` });
    const admin = (await search(w.A.users.admin, `joana araujo ${tag}`)).body;
    expect(group(admin, 'usuarios')!.items).toEqual([
      {
        id: String(named.id),
        label: named.name,
        sublabel: `${named.email} · Visualizador`,
        href: '/configuracoes/usuarios',
      },
    ]);
    for (const role of ['supervisor', 'usuario', 'visualizador'] as const) {
      const r = (await search(w.A.users[role], `joana ${tag}`)).body;
      expect(group(r, 'usuarios'), role).toBeUndefined();
    }
  });

  it("screens come from the route table, filtered by the user's role", async () => {
    const titles = (r: BuscaResponse) => (group(r, 'telas')?.items ?? []).map((i) => i.label);
    const adminR = (await search(w.A.users.admin, 'configuracoes')).body;
    expect(titles(adminR)).toContain('Configurações');
    expect(titles((await search(w.A.users.usuario, 'configuracoes')).body)).toEqual([]);
    const logs = (await search(w.A.users.supervisor, 'logs atividade')).body;
    expect(group(logs, 'telas')!.items).toEqual([
      {
        id: '/registros-de-atividade',
        label: 'Logs de Atividade',
        sublabel: '/registros-de-atividade',
        href: '/registros-de-atividade',
      },
    ]);
    expect(titles((await search(w.A.users.visualizador, 'logs atividade')).body)).toEqual([]);
    // every screen a visualizador finds is open to them, none has a parameter
    const viz = (await search(w.A.users.visualizador, 'bens', 20)).body;
    for (const item of group(viz, 'telas')!.items) {
      const route = MAIN_ROUTES.find((r) => r.path === item.href)!;
      expect(route.roles).toContain('visualizador');
      expect(item.href).not.toContain(':');
    }
    expect(titles(viz)).toContain('Bens Cadastrados');
    expect(titles(viz)).not.toContain('Novo Cadastro');
  });

  it('limits each group and points to the full list when there are more assets', async () => {
    for (let i = 0; i < 4; i++)
      await newPatrimonio(s, { municipalityId: w.A.id, sectorId: w.A.sector.id, descricao: `Mesa ${tag} ${i}` });
    const r = (await search(w.A.users.admin, `mesa ${tag}`, 3)).body;
    expect(group(r, 'patrimonios')!.items).toHaveLength(3);
    expect(group(r, 'patrimonios')!.moreHref).toBe(`/bens-cadastrados?q=${encodeURIComponent(`mesa ${tag}`)}`);
    // words in another order: the list (one phrase) would not find them, so no link to it
    const reversed = (await search(w.A.users.admin, `${tag} mesa`, 3)).body;
    expect(group(reversed, 'patrimonios')!.items).toHaveLength(3);
    expect(group(reversed, 'patrimonios')!.moreHref).toBeNull();
    const all = (await search(w.A.users.admin, `mesa ${tag}`, 10)).body;
    expect(group(all, 'patrimonios')!.items).toHaveLength(4);
    expect(group(all, 'patrimonios')!.moreHref).toBeNull();
    // Issue 35: the panel said "6 resultados." for 236 matches; each group counts every match.
    for (const g of [group(r, 'patrimonios')!, group(reversed, 'patrimonios')!, group(all, 'patrimonios')!])
      expect(g).toMatchObject({ total: 4, totalIsCapped: false });
    const screens = (await search(w.A.users.admin, 'bens', 1)).body;
    expect(group(screens, 'telas')!.items).toHaveLength(1);
    expect(group(screens, 'telas')!.total).toBeGreaterThan(1);
    expect(BUSCA_MSG.found(236, false)).toBe('236 resultados.');
    expect(BUSCA_MSG.found(1, false)).toBe('1 resultado.');
    expect(BUSCA_MSG.found(BUSCA_COUNT_CAP, true)).toBe('Mais de 1.000 resultados.');
  });

  it('counts matches up to the cap, then says "mais de"', async () => {
    const word = `lote${tag}`.toLowerCase();
    await s.owner.query(
      `insert into patrimonios (municipality_id, sector_id, setor_nome, numero_patrimonio, descricao_bem)
       select $1, s.id, s.name, $3 || g, 'Caixa ' || $4 || ' ' || g
         from sectors s, generate_series(1, $5::int) g where s.id = $2`,
      [w.A.id, w.A.sector.id, `CX${tag}-`, word, BUSCA_COUNT_CAP + 5],
    );
    const g = group((await search(w.A.users.admin, `caixa ${word}`)).body, 'patrimonios')!;
    expect(g).toMatchObject({ total: BUSCA_COUNT_CAP, totalIsCapped: true });
    expect(g.items).toHaveLength(5);
  });

  it('LIKE wildcards in the text are plain characters', async () => {
    const r = (await search(w.A.users.admin, `%${tag}%`)).body;
    expect(group(r, 'patrimonios')).toBeUndefined();
    expect((await search(w.A.users.admin, '___')).body.groups.filter((g) => g.kind === 'patrimonios')).toEqual([]);
  });

  it('a strict query: 400 with pt-BR messages for a short or long text, a bad limit or an unknown key', async () => {
    const call = client(s.url, await w.A.users.admin.token());
    const short = await call('GET', '/api/busca?q=a');
    expect(short.status).toBe(400);
    expect(short.body.error.fields.q).toBe(BUSCA_MSG.tooShort);
    expect((await call('GET', '/api/busca')).status).toBe(400);
    expect((await call('GET', `/api/busca?q=${'x'.repeat(101)}`)).body.error.fields.q).toBe(BUSCA_MSG.tooLong);
    for (const limit of ['0', '21', 'abc', '2.5'])
      expect((await call('GET', `/api/busca?q=mesa&limit=${limit}`)).body.error.fields.limit, limit).toBe(
        BUSCA_MSG.badLimit,
      );
    expect((await call('GET', '/api/busca?q=mesa&municipalityId=2')).status).toBe(400);
  });

  it('a group needs its permission: without bens:read no assets, the other groups still answer', async () => {
    // through the superuser's API, which tells the principal caches (an owner UPDATE would not)
    const su = client(s.url, await w.superuser.token());
    const roles = (await su('GET', '/api/superuser/permissions')).body.roles as Array<{
      role: string;
      permissions: string[];
    }>;
    const permissions = roles.find((r) => r.role === 'visualizador')!.permissions;
    const set = async (p: string[]) =>
      expect((await su('PUT', '/api/superuser/permissions/visualizador', { permissions: p })).status).toBe(200);
    await set(permissions.filter((p) => p !== 'bens:read'));
    try {
      const r = (await search(w.A.users.visualizador, tag)).body; // assets, a sector and a location have it
      expect(r.groups.map((g) => g.kind)).toEqual(['setores', 'locais']);
      expect(group(r, 'setores')!.items[0].label).toBe(other.name);
      const screens = (await search(w.A.users.visualizador, 'locais')).body;
      expect(group(screens, 'telas')!.items.map((i) => i.href)).toContain('/locais');
    } finally {
      await set(permissions);
    }
  });

  it('needs a municipal user: 401 without a token, 403 for the superuser', async () => {
    expect((await client(s.url)('GET', '/api/busca?q=mesa')).status).toBe(401);
    expect((await client(s.url, await w.superuser.token())('GET', '/api/busca?q=mesa')).status).toBe(403);
  });
});
