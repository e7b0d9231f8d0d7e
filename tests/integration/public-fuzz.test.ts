import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';
import { newMunicipality, newPatrimonio, newSector } from '../support/factories';

// Issue 15, bad input: thousands of random queries at the public API never make a 500 (nor a slow query).
let s: TestServer;
let slug = '';
let numero = '';

beforeAll(async () => {
  s = await startTestServer({ publicRateLimitMax: 0 });
  const m = await newMunicipality(s);
  slug = m.slug;
  const sector = await newSector(s, m.id);
  for (const descricao of ['Cadeira giratória', 'Câmera digital', 'Computador Dell'])
    numero = (await newPatrimonio(s, { municipalityId: m.id, sectorId: sector.id, descricao })).numero;
});
afterAll(async () => {
  await s?.close();
});

const nasty = fc.constantFrom(
  "'; drop table patrimonios; --",
  "' or 1=1 --",
  'cadeira & | ! ( ) :* <-> <2>',
  '.*(a+)+$',
  '[[[[',
  '\\',
  '%',
  '_',
  '%%%%',
  'a:*',
  '!!!',
  '😀🇧🇷',
  'ﬁ ǅ Ⅻ',
  'çãõéíú ÇÃÕ',
  '\u200b\u200d\u2028',
  'x'.repeat(5000),
  'cadeira '.repeat(40),
  '-1',
  '1e309',
  'NaN',
  'null',
  '0x10',
  '99999999999999999999',
);
const text = fc.oneof(fc.string({ maxLength: 300 }), fc.fullUnicodeString({ maxLength: 300 }), nasty);
const num = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.constantFrom('-1', '0', '1', '400', '401', '2147483648', '1e3', '1.5', 'abc', ''),
  text,
);
const params = fc.record(
  {
    q: text,
    page: num,
    pageSize: num,
    after: fc.oneof(text, fc.base64String({ maxLength: 200 })),
    sort: fc.oneof(
      fc.constantFrom('relevancia', 'numero_patrimonio', 'tipo', 'data_aquisicao', 'local_objeto', 'valor'),
      text,
    ),
    order: fc.oneof(fc.constantFrom('asc', 'desc'), text),
    sectorId: num,
    tipoId: num,
    status: fc.oneof(fc.constantFrom('ativo', 'baixado'), text),
    situacao: text,
    filtroDesconhecido: text,
  },
  { requiredKeys: [] },
);

/** GET, any status but a 5xx; a 4xx carries a pt-BR message. */
async function never500(path: string) {
  const res = await fetch(s.url + path);
  expect(res.status, path).toBeLessThan(500);
  if (res.status >= 400) {
    const body = (await res.json()) as { error?: { message?: string } };
    expect(typeof body.error?.message, path).toBe('string');
  } else await res.arrayBuffer();
}

describe('random public queries', () => {
  it('the asset search answers 200 or 4xx to 1,500 random queries, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(params, fc.boolean(), async (p, withTown) => {
        const qs = new URLSearchParams(p as Record<string, string>);
        if (withTown) qs.set('municipio', slug);
        await never500(`/api/public/patrimonios?${qs}`);
      }),
      { numRuns: 1500 },
    );
  }, 240_000);

  it('properties, numbers, municipality pages and raw garbage in the URL: never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(params, text, async (p, t) => {
        const qs = new URLSearchParams({ ...(p as Record<string, string>), municipio: slug });
        const seg = encodeURIComponent(t).slice(0, 2000) || 'x';
        await never500(`/api/public/imoveis?${qs}`);
        await never500(`/api/public/bens/${seg}`);
        await never500(`/api/public/patrimonios/${seg}?municipio=${slug}`);
        await never500(`/api/public/municipios/${seg}`);
        await never500(`/api/public/filtros?municipio=${seg}`);
      }),
      { numRuns: 300 },
    );
    for (const raw of ['%', '%ZZ', '%E0%A4%A', 'q[]=1&q[]=2', 'q[a]=1', 'page[]=1', '&&&==', 'q=%00'])
      await never500(`/api/public/patrimonios?municipio=${slug}&${raw}`);
    await never500(`/api/public/patrimonios/${numero}?municipio=${slug}&x=${'y'.repeat(6000)}`);
  }, 240_000);
});
