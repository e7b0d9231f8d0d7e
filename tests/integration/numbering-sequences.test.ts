import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_NUMBERING, type NumberingComponent, type NumberingBody, type Sector } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client, type Answer } from '../support/http';
import type { Db } from '../../server/src/db/client';
import { patrimonios } from '../../server/src/db/schema';
import { enterTenancy } from '../../server/src/db/tx';
import { allocateNumbers, getPattern } from '../../server/src/modules/numbering';
import { scopeOfMunicipality } from '../../server/src/tenancy/scope';
import { newMunicipality, newTipoBem, newUser, ownerQuery, type TestUser } from '../support/factories';

// The sequence of a number belongs to (municipality, sector, year): changing how numbers are written
// (separator, digit width, part order, YY/YYYY) continues it; a new year starts a new one.
let s: TestServer;
/** The admin of a municipality with no sector: each test makes its own through the API. */
let adminUser: TestUser;
let tipoId: number;
const Y = Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()));
const pad = (n: number, width = 6) => String(n).padStart(width, '0');
/** A fresh login each time: the tests move the clock, and a token of another year has expired. */
const admin = async () => client(s.url, (await s.login(adminUser.email, adminUser.password)).token);

beforeAll(async () => {
  s = await startTestServer();
  const m = await newMunicipality(s);
  adminUser = await newUser(s, { municipalityId: m.id, role: 'admin' });
  tipoId = (await newTipoBem(s, m.id, { name: 'Numeração por setor e ano' })).id;
});
// Every test starts from the default pattern and the real clock, with a sector of its own.
afterEach(async () => {
  vi.useRealTimers();
  await savePattern(DEFAULT_NUMBERING.components);
});
afterAll(async () => {
  await s?.close();
});

async function newSector(code: string): Promise<Sector> {
  const r = await (await admin())('POST', '/api/sectors', { name: `Setor da numeração ${code}`, code });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}
async function preview(sector: Sector): Promise<string | null> {
  const r = await (await admin())('GET', `/api/numeracao/proximo?sectorId=${sector.id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items[0].numero;
}
async function create(sector: Sector, descricao = 'Bem numerado'): Promise<string> {
  const r = await (
    await admin()
  )('POST', '/api/patrimonios', { descricao_bem: descricao, sectorId: sector.id, tipoId, valor_aquisicao: '1' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.patrimonio.numero_patrimonio;
}
/** The preview, then a creation: both must give `expected`. */
async function issues(sector: Sector, expected: string) {
  expect(await preview(sector)).toBe(expected);
  expect(await create(sector)).toBe(expected);
}
async function savePattern(components: NumberingComponent[], separator: NumberingBody['separator'] = '') {
  const call = await admin();
  const { version } = (await call('GET', '/api/numeracao')).body.pattern;
  const r = await call('PUT', '/api/numeracao', { components, separator, version });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
const withSeparator = (separator: NumberingBody['separator']) => savePattern(DEFAULT_NUMBERING.components, separator);
/** 00:00:01 of 1 January in São Paulo (UTC-3). */
const newYear = (year: number) => new Date(Date.UTC(year, 0, 1, 3, 0, 1));

describe('numbering sequence per (municipality, sector, year)', () => {
  it('changing only the separator continues the sequence instead of restarting it', async () => {
    const x = await newSector('N1');
    await issues(x, `${Y}N1000001`);
    await withSeparator('-');
    await issues(x, `${Y}-N1-000002`);
    await withSeparator('/');
    await issues(x, `${Y}/N1/000003`);
    await withSeparator('');
    await issues(x, `${Y}N1000004`);
  });

  it('changing the digit width, the part order or YY/YYYY continues it too', async () => {
    const x = await newSector('N2');
    await issues(x, `${Y}N2000001`);
    await savePattern([
      { id: 'y', type: 'year', format: 'YYYY' },
      { id: 'c', type: 'sector', sectorCodeLength: 2 },
      { id: 'q', type: 'sequence', length: 8 },
    ]);
    await issues(x, `${Y}N2${pad(2, 8)}`);
    await savePattern(
      [
        { id: 'c', type: 'sector', sectorCodeLength: 2 },
        { id: 'q', type: 'sequence', length: 4 },
        { id: 'y', type: 'year', format: 'YY' },
      ],
      '.',
    );
    await issues(x, `N2.0003.${pad(Y % 100, 2)}`);
    await withSeparator('');
    await issues(x, `${Y}N2000004`);
  });

  it('skips past numbers some asset already carries (imported, or issued before the fix) instead of failing', async () => {
    const x = await newSector('N3');
    await issues(x, `${Y}N3000001`);
    for (const numero of [`${Y}N3000002`, `${Y}N3000005`])
      await ownerQuery(
        s,
        `insert into patrimonios (municipality_id, numero_patrimonio, descricao_bem, sector_id, setor_nome)
         values ($1, $2, 'Número antigo', $3, $4)`,
        [x.municipalityId, numero, x.id, x.name],
      );
    await issues(x, `${Y}N3000006`);
    await issues(x, `${Y}N3000007`);
    // Written another way, the sequence goes on from there.
    await withSeparator('-');
    await issues(x, `${Y}-N3-000008`);
  });

  it('a new year starts a new sequence (the year is where the city halls are); the old one is kept', async () => {
    const x = await newSector('N4');
    await issues(x, `${Y}N4000001`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(newYear(Y + 1).getTime() - 2000)); // 23:59:59 of 31 December in São Paulo
    expect(await preview(x)).toBe(`${Y}N4000002`);
    vi.setSystemTime(newYear(Y + 1));
    await issues(x, `${Y + 1}N4000001`);
    await withSeparator('-');
    await issues(x, `${Y + 1}-N4-000002`);
    vi.useRealTimers();
    await issues(x, `${Y}-N4-000002`);
  });

  it('20 concurrent creates after a separator change get 20 distinct consecutive numbers continuing the sequence', async () => {
    const x = await newSector('N5');
    await issues(x, `${Y}N5000001`);
    await withSeparator('.');
    expect(await preview(x)).toBe(`${Y}.N5.000002`);
    const a = await admin();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        a('POST', '/api/patrimonios', {
          descricao_bem: `Concorrente ${i}`,
          sectorId: x.id,
          tipoId,
          valor_aquisicao: '1',
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => r.body.patrimonio.numero_patrimonio as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `${Y}.N5.${pad(2 + i)}`));
    expect(await preview(x)).toBe(`${Y}.N5.000022`);
  });
});

describe('numbering while the pattern changes', () => {
  // PGlite runs one transaction at a time: nothing can interleave there.
  it.skipIf(!process.env.DATABASE_URL)(
    'a pattern change waits for numbers being issued under the old one (two patterns can write the same text)',
    async () => {
      // Sector "00": [sequence 3] and [sector(1) + sequence 2] both write "001", from different sequences.
      const x = await newSector('00');
      await savePattern([{ id: 'q', type: 'sequence', length: 3 }]);
      const coded: NumberingComponent[] = [
        { id: 'c', type: 'sector', sectorCodeLength: 1 },
        { id: 'q', type: 'sequence', length: 2 },
      ];
      const a = await admin();
      const patternVersion = (await a('GET', '/api/numeracao')).body.pattern.version as number;
      const answered: Array<Promise<Answer>> = [];
      let settled = 0;
      const send = (p: Promise<Answer>) => answered.push(p.finally(() => settled++));
      /** Until every request sent is answered or waits for a lock (bounded). */
      const parked = async () => {
        for (let i = 0; i < 400; i++) {
          const [{ n }] = await ownerQuery<{ n: number }>(
            s,
            `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
             where not l.granted and a.datname = current_database()`,
          );
          if (settled + n >= answered.length) return;
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error('requests neither answered nor waiting');
      };
      // A transaction of the app issuing a number, held open while the change and a new asset arrive.
      await s.ctx.db.transaction(async (tx) => {
        const scope = scopeOfMunicipality(x.municipalityId);
        await enterTenancy(tx as unknown as Db, scope);
        const [numero] = await allocateNumbers(tx, scope, await getPattern(tx, scope), '00', 1);
        expect(numero).toBe('001');
        await tx.insert(patrimonios).values({
          municipalityId: x.municipalityId,
          numeroPatrimonio: numero,
          descricaoBem: 'Emitido antes da troca',
          sectorId: x.id,
          setorNome: x.name,
        });
        send(a('PUT', '/api/numeracao', { components: coded, version: patternVersion }));
        await parked();
        send(
          a('POST', '/api/patrimonios', {
            descricao_bem: 'Depois da troca',
            sectorId: x.id,
            tipoId,
            valor_aquisicao: '1',
          }),
        );
        await parked();
      });
      const [put, post] = await Promise.all(answered);
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(post.status, JSON.stringify(post.body)).toBe(201);
      expect(post.body.patrimonio.numero_patrimonio).toBe('002');
    },
  );
});
