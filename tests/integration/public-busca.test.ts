import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DADOS_ABERTOS_CAMPOS,
  PUBLIC_MSG,
  type PublicBemMunicipios,
  type PublicMunicipioPagina,
  type PublicPatrimonioList,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newMunicipality, newSector, newUser, ownerQuery, type TestUser } from '../support/factories';

// Issue 15: Portuguese search, keyset paging, addresses, open data, cache and the public allowlist.
let s: TestServer;
let SU: TestUser;
let A: { id: number; slug: string; name: string };
let B: { id: number; slug: string; name: string };
const anon = () => client(s.url);
const SECRET = 'Observação sigilosa do servidor fulano@prefeitura.gov.br';

/** Assets straight in the table (owner connection): description, optional type, local and number. */
async function assets(
  m: { id: number },
  sector: { id: number; name: string },
  rows: Array<{ numero: string; descricao: string; tipo?: string; local?: string }>,
) {
  for (const r of rows)
    await ownerQuery(
      s,
      `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, tipo_nome, sector_id, setor_nome,
         local_nome, valor_aquisicao, observacoes, created_by_name)
       values ($1, $2, $3, $4, $5, $6, $7, '98765.43', $8, 'Fulano de Tal')`,
      [m.id, r.numero, r.descricao, r.tipo ?? null, sector.id, sector.name, r.local ?? null, SECRET],
    );
}

beforeAll(async () => {
  s = await startTestServer({ publicRateLimitMax: 0 });
  A = await newMunicipality(s, 'Município da Busca');
  B = await newMunicipality(s, 'Município Vizinho da Busca');
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  const sa = await newSector(s, A.id);
  const sb = await newSector(s, B.id);
  await assets(A, sa, [
    { numero: 'PB-0001', descricao: 'Cadeira giratória azul', tipo: 'Mobiliário' },
    { numero: 'PB-0002', descricao: 'Câmera fotográfica digital', tipo: 'Equipamento' },
    { numero: 'PB-0003', descricao: 'Computador Dell Optiplex', tipo: 'Informática' },
    { numero: 'PB-0004', descricao: 'Computador HP ProDesk', tipo: 'Informática' },
    { numero: 'PB-0005', descricao: 'Mesa de apoio', tipo: 'Mobiliário', local: 'Depósito das cadeiras' },
    { numero: 'PB-0006', descricao: 'Monitor Dell 24 polegadas', tipo: 'Informática' },
    { numero: 'DUP-42', descricao: 'Armário de aço', tipo: 'Mobiliário' },
    ...Array.from({ length: 57 }, (_, i) => ({
      numero: `ARQ-${String(i).padStart(3, '0')}`,
      descricao: `Arquivo de aço ${i}`,
      tipo: 'Mobiliário',
    })),
  ]);
  await assets(B, sb, [
    { numero: 'DUP-42', descricao: 'Armário de madeira' },
    { numero: 'SO-B-1', descricao: 'Cadeira de rodas' },
  ]);
});
afterAll(async () => {
  await s?.close();
});

const search = async (q: string, extra = '') =>
  (
    await anon()<PublicPatrimonioList>(
      'GET',
      `/api/public/patrimonios?municipio=${A.slug}&q=${encodeURIComponent(q)}${extra}`,
    )
  ).body;
const descs = (l: PublicPatrimonioList) => l.patrimonios.map((p) => p.descricao_bem);

describe('Portuguese search', () => {
  it('folds plurals and accents: cadeiras → Cadeira, camera → Câmera, computadores dell → Computador Dell', async () => {
    expect(descs(await search('cadeiras'))).toContain('Cadeira giratória azul');
    expect(descs(await search('camera'))).toEqual(['Câmera fotográfica digital']);
    expect(descs(await search('CÂMERAS'))).toEqual(['Câmera fotográfica digital']);
    expect(descs(await search('computadores dell'))).toEqual(['Computador Dell Optiplex']);
    expect(descs(await search('comput'))).toHaveLength(2); // the last word is a prefix (typing)
  });
  it('ranks the description above a place that mentions the word; never another municipality’s', async () => {
    const r = descs(await search('cadeira'));
    expect(r).toEqual(['Cadeira giratória azul', 'Mesa de apoio']);
    expect(r).not.toContain('Cadeira de rodas');
  });
  it('keeps the number-prefix search, a number match first', async () => {
    expect((await search('pb-000')).patrimonios.map((p) => p.numero_patrimonio)).toHaveLength(6);
    expect((await search('PB-0003')).patrimonios[0].numero_patrimonio).toBe('PB-0003');
  });
  it('counts every match of a word search beside its first page', async () => {
    const r = await search('arquivo');
    expect(r.patrimonios).toHaveLength(r.pageSize);
    expect([r.total, r.totalExact]).toEqual([57, true]);
  });
  it('under row-level security, as the app runs it, a search reads the keys index (no scan of the town)', async () => {
    const plan = await s.owner.session(async (_db, query) => {
      await query('begin');
      try {
        await query(`set local role tombo_app`);
        await query(`select set_config('app.municipality_id', $1, true)`, [String(A.id)]);
        await query('set local enable_seqscan = off');
        const rows = await query<{ 'QUERY PLAN': string }>(
          `explain select id from patrimonios
            where public.patrimonio_busca_chaves(municipality_id, numero_patrimonio, busca_publica)
              @@ public.patrimonio_busca_consulta($1::int, public.tombo_consulta('cadeiras', true))`,
          [A.id],
        );
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await query('rollback');
      }
    });
    expect(plan).toMatch(/Index Cond: \(patrimonio_busca_chaves\(/);
    expect(plan).toContain('patrimonios_busca_publica_chaves_idx');
  });
});

describe('keyset paging', () => {
  it('walks every row once with `after`, page by page, and the legacy `page` still answers', async () => {
    const seen: string[] = [];
    let after: string | null = '';
    let pages = 0;
    while (after !== null) {
      const r: PublicPatrimonioList = (
        await anon()('GET', `/api/public/patrimonios?municipio=${A.slug}&pageSize=10${after ? `&after=${after}` : ''}`)
      ).body;
      seen.push(...r.patrimonios.map((p) => p.numero_patrimonio));
      after = r.nextAfter;
      pages += 1;
    }
    expect(pages).toBe(7);
    expect(new Set(seen).size).toBe(64);
    expect(seen).toEqual([...seen].sort());
    const p2 = (await anon()('GET', `/api/public/patrimonios?municipio=${A.slug}&pageSize=10&page=2`)).body;
    expect(p2.patrimonios.map((p: { numero_patrimonio: string }) => p.numero_patrimonio)).toEqual(seen.slice(10, 20));
    expect(p2.total).toBe(64);
  });
  it('pages a ranked search and a descending sort with nullable keys without gaps or repeats', async () => {
    for (const extra of ['&q=aço', '&sort=tipo&order=desc', '&sort=local_objeto', '&sort=data_aquisicao&order=desc']) {
      const all: string[] = [];
      let after: string | null = '';
      while (after !== null) {
        const r: PublicPatrimonioList = (
          await anon()(
            'GET',
            `/api/public/patrimonios?municipio=${A.slug}&pageSize=7${extra}${after ? `&after=${after}` : ''}`,
          )
        ).body;
        all.push(...r.patrimonios.map((p) => p.numero_patrimonio));
        after = r.nextAfter;
      }
      const expected = extra === '&q=aço' ? 58 : 64;
      expect(new Set(all).size, extra).toBe(expected);
      expect(all.length, extra).toBe(expected);
    }
  });
  it('a forged cursor is a 400 in pt-BR; page 401 asks for the cursor', async () => {
    const r = await anon()('GET', `/api/public/patrimonios?municipio=${A.slug}&after=bm90LWpzb24`);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe(PUBLIC_MSG.badCursor);
    const far = await anon()('GET', `/api/public/patrimonios?municipio=${A.slug}&page=401`);
    expect(far.status).toBe(400);
    expect(far.body.error.message).toMatch(/cursor/);
  });
});

describe('addresses', () => {
  it('the municipality page answers by id or slug: branding, totals by type and sector, open-data links', async () => {
    const bySlug = await anon()<PublicMunicipioPagina>('GET', `/api/public/municipios/${A.slug}`);
    const byId = await anon()<PublicMunicipioPagina>('GET', `/api/public/municipios/${A.id}`);
    expect(bySlug.status).toBe(200);
    expect(byId.body).toEqual(bySlug.body);
    expect(bySlug.body.totais.bens).toBe(64);
    expect(bySlug.body.totais.porTipo[0]).toEqual({ nome: 'Mobiliário', total: 60 });
    expect(bySlug.body.totais.porSetor).toHaveLength(1);
    expect(bySlug.body.dadosAbertos.csv).toBe(`/api/public/municipios/${A.slug}/dados-abertos.csv`);
    expect((await anon()('GET', '/api/public/municipios/nao-existe')).status).toBe(404);
  });
  it('a number without municipality: unique → that one; in two → both to choose; unknown → 404', async () => {
    const one = await anon()<PublicBemMunicipios>('GET', '/api/public/bens/pb-0001');
    expect(one.body.municipios.map((m) => m.id)).toEqual([A.id]);
    const two = await anon()<PublicBemMunicipios>('GET', '/api/public/bens/DUP-42');
    expect(two.body.municipios.map((m) => m.id).sort()).toEqual([A.id, B.id].sort());
    const none = await anon()('GET', '/api/public/bens/NADA-9');
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(PUBLIC_MSG.bemNotFound);
  });
});

describe('open data', () => {
  it('CSV: the dictionary’s columns, every asset, nothing outside the allowlist', async () => {
    const res = await fetch(`${s.url}/api/public/municipios/${A.slug}/dados-abertos.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await res.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0].split(';')).toEqual(DADOS_ABERTOS_CAMPOS.map((c) => c.campo));
    expect(lines).toHaveLength(65);
    expect(text).not.toMatch(/98765|sigilosa|Fulano|@/);
  });
  it('JSON: the dictionary and every asset, public keys only; by id as well', async () => {
    const res = await fetch(`${s.url}/api/public/municipios/${A.id}/dados-abertos.json`);
    const body = (await res.json()) as { dicionario: unknown[]; bens: Array<Record<string, unknown>> };
    expect(body.bens).toHaveLength(64);
    expect(body.dicionario).toHaveLength(DADOS_ABERTOS_CAMPOS.length);
    for (const b of body.bens) expect(Object.keys(b)).toEqual(DADOS_ABERTOS_CAMPOS.map((c) => c.campo));
    const dic = await anon()('GET', '/api/public/dados-abertos/dicionario');
    expect(dic.body.campos).toEqual(DADOS_ABERTOS_CAMPOS);
  });
});

/** Every key of a JSON value, at any depth. */
const keysOf = (v: unknown, out = new Set<string>()): Set<string> => {
  if (Array.isArray(v)) v.forEach((x) => keysOf(x, out));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysOf(x, out);
    }
  return out;
};
const ALLOWED = new Set([
  ...DADOS_ABERTOS_CAMPOS.map((c) => c.campo),
  ...['patrimonios', 'total', 'totalExact', 'page', 'pageSize', 'nextAfter', 'patrimonio', 'municipios'],
  ...['geradoEm', 'id', 'name', 'slug', 'uf', 'sectors', 'tiposBens', 'numero', 'campo', 'tipo', 'descricao', 'campos'],
  ...['branding', 'prefeituraName', 'secretariaResponsavel', 'departamentoResponsavel', 'logoUrl', 'primaryColor'],
  ...['totais', 'bens', 'imoveis', 'porTipo', 'porSetor', 'nome', 'dadosAbertos', 'csv', 'json', 'dicionario'],
]);
const FORBIDDEN =
  /user|usuario|email|e-mail|solicit|request|aprov|approv|emprest|borrow|nota|note|observ|document|valor|created|criado/i;

describe('allowlist', () => {
  it('every key of every public asset response is allowlisted; no person, value or note appears', async () => {
    const paths = [
      '/api/public/municipios',
      `/api/public/municipios/${A.slug}`,
      `/api/public/patrimonios?municipio=${A.slug}`,
      `/api/public/patrimonios?municipio=${A.slug}&q=cadeira`,
      `/api/public/patrimonios/PB-0001?municipio=${A.slug}`,
      `/api/public/filtros?municipio=${A.slug}`,
      '/api/public/bens/DUP-42',
      '/api/public/dados-abertos/dicionario',
      `/api/public/municipios/${A.slug}/dados-abertos.json`,
    ];
    for (const p of paths) {
      const r = await anon()('GET', p);
      expect(r.status, p).toBe(200);
      for (const k of keysOf(r.body)) {
        expect(ALLOWED.has(k), `${p}: ${k}`).toBe(true);
        expect(k, p).not.toMatch(FORBIDDEN);
      }
      expect(JSON.stringify(r.body), p).not.toMatch(/98765|sigilosa|Fulano|@prefeitura/);
    }
  });
});

/** A GET as a browser revalidates (fetch() would add `Cache-Control: no-cache` to a conditional request). */
const revalidate = (url: string, etag: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(url, { headers: { 'if-none-match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });

describe('cache', () => {
  it('ETag + Cache-Control on success; If-None-Match answers 304; errors are not cacheable', async () => {
    const url = `${s.url}/api/public/patrimonios/PB-0002?municipio=${A.slug}`;
    const first = await fetch(url);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    expect(await revalidate(url, etag!)).toBe(304);
    expect(await revalidate(url, 'W/"outro"')).toBe(200);
    const list = await fetch(`${s.url}/api/public/patrimonios?municipio=${A.slug}&q=camera`);
    expect(await revalidate(list.url, list.headers.get('etag')!)).toBe(304);
    const missing = await fetch(`${s.url}/api/public/patrimonios/NADA?municipio=${A.slug}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toMatch(/public/);
  });
  it('a node serves a repeated answer from memory until the database notifies a change of that municipality', async () => {
    const url = `/api/public/patrimonios/PB-0004?municipio=${A.slug}`;
    const desc = async () => (await anon()('GET', url)).body.patrimonio.descricao_bem as string;
    const theirs = async () =>
      (await anon()('GET', `/api/public/patrimonios/SO-B-1?municipio=${B.slug}`)).body.patrimonio
        .descricao_bem as string;
    expect(await desc()).toBe('Computador HP ProDesk');
    expect(await theirs()).toBe('Cadeira de rodas');
    // Changed with the triggers off (no version bump, no notification): the kept answers are still served.
    await s.owner.session(async (_db, query) => {
      await query('set session_replication_role = replica');
      try {
        await query(
          `update patrimonios set descricao_bem = 'Computador HP EliteDesk' where numero_patrimonio = 'PB-0004'`,
        );
        await query(
          `update patrimonios set descricao_bem = 'Cadeira de rodas dobrável' where numero_patrimonio = 'SO-B-1'`,
        );
      } finally {
        await query('set session_replication_role = origin');
      }
    });
    expect(await desc()).toBe('Computador HP ProDesk');
    expect(await theirs()).toBe('Cadeira de rodas');
    // Another municipality's change leaves it (once that change has dropped the other's own answer, the
    // notification has been handled); a write of this one (any node, plain SQL) drops it.
    await ownerQuery(s, `update patrimonios set descricao_bem = descricao_bem where municipality_id = $1`, [B.id]);
    await expect.poll(theirs, { timeout: 5000 }).toBe('Cadeira de rodas dobrável');
    expect(await desc()).toBe('Computador HP ProDesk');
    await ownerQuery(s, `update patrimonios set descricao_bem = descricao_bem where numero_patrimonio = 'PB-0004'`);
    await expect.poll(desc, { timeout: 5000 }).toBe('Computador HP EliteDesk');
  });
});

describe('public search off', () => {
  it('404 with "não está disponível" on every asset and property route; the number lookup skips it', async () => {
    const su = client(s.url, await SU.token());
    expect(
      (await su('PUT', '/api/superuser/public-search', { municipalityId: A.id, isPublicSearchEnabled: false })).status,
    ).toBe(200);
    try {
      for (const p of [
        `/api/public/municipios/${A.slug}`,
        `/api/public/municipios/${A.id}/dados-abertos.csv`,
        `/api/public/patrimonios?municipio=${A.slug}&q=cadeira`,
        `/api/public/patrimonios/PB-0001?municipalityId=${A.id}`,
        `/api/public/imoveis?municipio=${A.slug}`,
        `/api/public/imoveis/1?municipio=${A.slug}`,
      ]) {
        const r = await anon()('GET', p);
        expect(r.status, p).toBe(404);
        expect(r.body.error.message, p).toBe(PUBLIC_MSG.unavailable);
      }
      const dup = await anon()<PublicBemMunicipios>('GET', '/api/public/bens/DUP-42');
      expect(dup.body.municipios.map((m) => m.id)).toEqual([B.id]);
      expect((await anon()('GET', '/api/public/bens/PB-0001')).status).toBe(404);
    } finally {
      await su('PUT', '/api/superuser/public-search', { municipalityId: A.id, isPublicSearchEnabled: true });
    }
  });
});

describe('rate limit', () => {
  it('per client IP, across API nodes sharing Redis: 429 with Retry-After and a pt-BR message', async () => {
    const prefix = `tombo-test-rl-${Date.now()}`;
    const one = await startTestServer({ publicRateLimitMax: 5, publicRateLimitWindowMs: 60_000, redisPrefix: prefix });
    const two = process.env.REDIS_URL
      ? await startTestServer({ publicRateLimitMax: 5, publicRateLimitWindowMs: 60_000, redisPrefix: prefix })
      : one;
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 7; i++) {
        last = await fetch(`${(i % 2 ? two : one).url}/api/public/municipios`);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = (await last!.json()) as { error: { message: string } };
      expect(body.error.message).toMatch(
        /^Muitas consultas em pouco tempo\. Aguarde \d+ segundos? e tente novamente\.$/,
      );
    } finally {
      await one.close();
      if (two !== one) await two.close();
    }
  });
});
