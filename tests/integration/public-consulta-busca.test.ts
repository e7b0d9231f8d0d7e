import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_MSG, type PublicImovel, type PublicMunicipioChoice, type PublicPatrimonioList } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newImovel, newMunicipality, newSector, ownerQuery } from '../support/factories';

// Issue 35: the public search means what a citizen means (singulars, accents, a prefix only for the word
// being typed), on a real register's descriptions; a call without municipality; a property link without it.
let s: TestServer;
let A: { id: number; slug: string; name: string };
let B: { id: number; slug: string; name: string };
const anon = () => client(s.url);

/** The real registers sit beside the repository (`../shared`; a worktree is one folder deeper). */
function geafinDescriptions(): string[] {
  const root = path.resolve(import.meta.dirname, '../..');
  const file = ['../shared', '../../shared']
    .map((p) => path.resolve(root, p, 'data/real-registers/geafin-2cjm-relatorio-bens.csv'))
    .find((f) => existsSync(f));
  if (!file) throw new Error('GEAFIN register not found beside the repository (shared/data/real-registers/)');
  const text = new TextDecoder('latin1').decode(readFileSync(file));
  // `;`-separated, every field quoted ("" inside); the description is the 7th column.
  const out = new Set<string>();
  for (const m of text.matchAll(
    /^"(?:[^"]|"")*";"(?:[^"]|"")*";"(?:[^"]|"")*";"(?:[^"]|"")*";"(?:[^"]|"")*";"(?:[^"]|"")*";"((?:[^"]|"")*)"/gm,
  ))
    if (m[1].trim()) out.add(m[1].replace(/""/g, '"').replace(/\s+/g, ' ').trim());
  return [...out];
}

const EXAMPLES = [
  'Caminhão basculante',
  'Camionete cabine dupla',
  'Câmera fotográfica digital',
  'Notebook 14 polegadas',
  'Cama hospitalar',
  'Mesanino metálico',
];
let descriptions: string[] = [];

beforeAll(async () => {
  s = await startTestServer({ publicRateLimitMax: 0, publicCacheTtlMs: 0 });
  A = await newMunicipality(s, 'Município da Consulta');
  B = await newMunicipality(s, 'Município Fechado da Consulta');
  const sector = await newSector(s, A.id);
  descriptions = [...geafinDescriptions(), ...EXAMPLES];
  expect(descriptions.length).toBeGreaterThan(1000);
  await ownerQuery(
    s,
    `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome)
     select $1, 'GF-' || lpad(n::text, 5, '0'), d, $2, $3 from unnest($4::text[]) with ordinality u(d, n)`,
    [A.id, sector.id, sector.name, descriptions],
  );
});
afterAll(async () => {
  await s?.close();
});

const search = async (q: string, extra = '') =>
  (
    await anon()<PublicPatrimonioList>(
      'GET',
      `/api/public/patrimonios?municipio=${A.slug}&pageSize=100&q=${encodeURIComponent(q)}${extra}`,
    )
  ).body;
const descs = (l: PublicPatrimonioList) => l.patrimonios.map((p) => p.descricao_bem);
const fold = (t: string) =>
  t
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const wordsOf = (t: string) => fold(t).split(/[^a-z0-9]+/);
/** The descriptions with one of `forms` as a whole word (accents and case aside): what a search must find. */
const having = (...forms: string[]) => descriptions.filter((d) => wordsOf(d).some((w) => forms.includes(w)));

describe('what a citizen means', () => {
  it('"camera" finds the cameras only: no Caminhão basculante, Camionete, Cama or CAMARGO', async () => {
    for (const q of ['camera', 'câmera', 'CÂMERAS', 'cameras']) {
      const r = await search(q);
      expect(descs(r), q).toContain('Câmera fotográfica digital');
      expect(descs(r), q).not.toContain('Caminhão basculante');
      expect(descs(r), q).not.toContain('Camionete cabine dupla');
      expect(descs(r), q).not.toContain('Cama hospitalar');
      for (const d of descs(r))
        expect(
          wordsOf(d).some((w) => w.startsWith('camera')),
          `${q}: ${d}`,
        ).toBe(true);
      expect(r.total, q).toBe(having('camera', 'cameras').length);
    }
  });
  it('"notebooks" finds "Notebook 14 polegadas"; plurals find every singular of the real register', async () => {
    expect(descs(await search('notebooks'))).toContain('Notebook 14 polegadas');
    expect((await search('notebooks')).total).toBe(having('notebook', 'notebooks').length);
    const cases: Array<[string, string[]]> = [
      ['mesas', ['mesa', 'mesas']],
      ['armários', ['armario', 'armarios']],
      ['monitores', ['monitor', 'monitores']],
      ['impressoras', ['impressora', 'impressoras']],
      ['cadeiras', ['cadeira', 'cadeiras']],
      ['microcomputadores', ['microcomputador', 'microcomputadores']],
      ['papéis', ['papel', 'papeis']],
      ['prateleira', ['prateleira', 'prateleiras']],
    ];
    for (const [q, forms] of cases) {
      const expected = having(...forms);
      expect(expected.length, q).toBeGreaterThan(0);
      const r = await search(q);
      expect(r.total, q).toBe(expected.length);
      if (expected.length <= 100) expect(descs(r).sort(), q).toEqual([...expected].sort());
    }
  });
  it('every word counts; common words (de, com) are not required; the last word is also a prefix', async () => {
    const expected = descriptions.filter((d) => {
      const w = wordsOf(d);
      return (w.includes('armario') || w.includes('armarios')) && w.some((x) => x.startsWith('aco'));
    });
    expect(expected.length).toBeGreaterThan(0);
    expect((await search('armários de aço')).total).toBe(expected.length);
  });
  it('the last word is a prefix only while it has 3+ letters: "notebo" finds Notebook, "ca" finds no Câmera', async () => {
    expect(descs(await search('notebo'))).toContain('Notebook 14 polegadas');
    expect(descs(await search('cam'))).toEqual(
      expect.arrayContaining(['Câmera fotográfica digital', 'Cama hospitalar']),
    );
    expect(descs(await search('ca'))).not.toContain('Câmera fotográfica digital');
  });
  it('ranks whole words above a prefix: for "mesa", Mesanino comes last', async () => {
    const r = descs(await search('mesa'));
    expect(r).toContain('Mesanino metálico');
    expect(r.indexOf('Mesanino metálico')).toBe(r.length - 1);
  });
  // The EXPLAIN as the app role (the keys index under row-level security) is public-busca.test.ts's.
});

/** Public search of every municipality but `keep` off (owner SQL); undone by `reopen`. */
async function onlyOpen(keep: number[]) {
  await ownerQuery(
    s,
    `insert into public_search_settings (municipality_id, is_public_search_enabled)
     select id, id = any($1::int[]) from municipalities
     on conflict (municipality_id) do update set is_public_search_enabled = excluded.is_public_search_enabled`,
    [keep],
  );
}
const reopen = () => ownerQuery(s, `delete from public_search_settings`);

describe('a call without municipality', () => {
  it('one municipality open: the installation’s default answers, and says which it is', async () => {
    await onlyOpen([A.id]);
    try {
      const r = await anon()<PublicPatrimonioList>('GET', '/api/public/patrimonios?q=notebooks');
      expect(r.status).toBe(200);
      expect(r.body.municipio).toEqual({ id: A.id, name: A.name, slug: A.slug });
      expect(descs(r.body)).toContain('Notebook 14 polegadas');
      expect((await anon()('GET', '/api/public/patrimonios')).body.total).toBe(descriptions.length);
    } finally {
      await reopen();
    }
  });
  it('several open: 400 in pt-BR with the open municipalities to choose from; none open: 400, empty list', async () => {
    await onlyOpen([A.id, B.id]);
    try {
      const r = await anon()('GET', '/api/public/patrimonios');
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe(PUBLIC_MSG.chooseMunicipioConsulta);
      const choice = r.body.error.details as PublicMunicipioChoice;
      expect(choice.municipios.map((m) => m.id).sort()).toEqual([A.id, B.id].sort());
      expect(Object.keys(choice.municipios[0]).sort()).toEqual(['id', 'name', 'slug']);
      await onlyOpen([]);
      const none = await anon()('GET', '/api/public/patrimonios');
      expect(none.status).toBe(400);
      expect(none.body.error.message).toBe(PUBLIC_MSG.noMunicipioAberto);
      expect(none.body.error.details).toEqual({ municipios: [] });
    } finally {
      await reopen();
    }
  });
});

describe('a property link without municipality', () => {
  it('the property’s id gives its municipality; a closed municipality’s or unknown property is 404', async () => {
    const mine = await newImovel(s, A.id, { denominacao: 'Escola Municipal Centro' });
    const closed = await newImovel(s, B.id, { denominacao: 'Posto de Saúde Fechado' });
    const r = await anon()<{ imovel: PublicImovel }>('GET', `/api/public/imoveis/${mine.id}`);
    expect(r.status).toBe(200);
    expect([r.body.imovel.denominacao, r.body.imovel.municipio]).toEqual(['Escola Municipal Centro', A.name]);
    expect((await anon()('GET', `/api/public/imoveis/${closed.id}`)).status).toBe(200);
    await ownerQuery(
      s,
      `insert into public_search_settings (municipality_id, is_public_search_enabled) values ($1, false)`,
      [B.id],
    );
    try {
      const off = await anon()('GET', `/api/public/imoveis/${closed.id}`);
      expect(off.status).toBe(404);
      expect(off.body.error.message).toBe('Imóvel não encontrado.');
      expect(JSON.stringify(off.body)).not.toContain('Posto de Saúde');
      expect((await anon()('GET', `/api/public/imoveis/${closed.id}?municipio=${B.slug}`)).status).toBe(404);
      expect((await anon()('GET', '/api/public/imoveis/999999999')).status).toBe(404);
      // Named, another municipality's property stays a 404.
      expect((await anon()('GET', `/api/public/imoveis/${mine.id}?municipio=${B.slug}`)).status).toBe(404);
    } finally {
      await reopen();
    }
  });
});
