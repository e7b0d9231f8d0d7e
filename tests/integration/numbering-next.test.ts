import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_NUMBERING,
  MSG,
  PATRIMONIO_MSG,
  type NextNumbers,
  type NumberingComponent,
  type Sector,
} from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import {
  newTenant,
  newTipoBem,
  newTown,
  newUser,
  ownerQuery,
  type TestTenant,
  type TestTown,
  type TestUser,
} from '../support/factories';

let s: TestServer;
/** Own municipality (the usuario in AD and TI), another one, and a superuser. */
let A: TestTown;
let B: TestTenant;
let SU: TestUser;
let sectors: Record<string, Sector>;
let tipoId: number;
const as = async (u: TestUser) => client(s.url, await u.token());
const year = () =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()));

beforeAll(async () => {
  s = await startTestServer();
  A = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
  B = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  const admin = await as(A.users.admin);
  sectors = Object.fromEntries((await admin('GET', '/api/sectors')).body.sectors.map((x: Sector) => [x.code, x]));
  tipoId = (await newTipoBem(s, A.id, { name: 'Numeração próxima' })).id;
});
afterAll(async () => {
  await s?.close();
});

async function next(sectorId?: number): Promise<NextNumbers> {
  const r = await (
    await as(A.users.admin)
  )('GET', `/api/numeracao/proximo${sectorId === undefined ? '' : `?sectorId=${sectorId}`}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}
async function create(sectorId: number, descricao: string): Promise<string> {
  const r = await (
    await as(A.users.admin)
  )('POST', '/api/patrimonios', { descricao_bem: descricao, sectorId, tipoId, valor_aquisicao: '1' });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.patrimonio.numero_patrimonio;
}
async function savePattern(components: NumberingComponent[], separator = '') {
  const admin = await as(A.users.admin);
  const { version } = (await admin('GET', '/api/numeracao')).body.pattern;
  const r = await admin('PUT', '/api/numeracao', { components, separator, version });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}
const counters = async () =>
  ownerQuery<{ sector_code: string; year: number; last_value: string }>(
    s,
    'select sector_code, year, last_value from numbering_sequences order by municipality_id, sector_code, year',
  );

describe('GET /api/numeracao/proximo', () => {
  it('gives the number the next asset gets, without taking it; it advances by one when an asset is created', async () => {
    const all = await next();
    expect(all.patternVersion).toBe(0);
    const names = all.items.map((i) => i.sectorName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
    expect(all.items.map((i) => i.sectorId).sort()).toEqual(
      Object.values(sectors)
        .map((x) => x.id)
        .sort(),
    );
    for (const i of all.items) expect(i.numero).toMatch(new RegExp(`^${year()}${i.sectorCode}\\d{6}$`));

    const ad = sectors.AD;
    const before = await next(ad.id);
    expect(before.items).toEqual([
      { sectorId: ad.id, sectorName: ad.name, sectorCode: 'AD', numero: expect.any(String) },
    ]);
    expect(before.items[0].numero).toBe(all.items.find((i) => i.sectorId === ad.id)!.numero);
    // Reading writes no counter: asking again gives the same number.
    const counted = await counters();
    expect((await next(ad.id)).items[0].numero).toBe(before.items[0].numero);
    expect(await counters()).toEqual(counted);

    const issued = await create(ad.id, 'Primeiro depois da prévia');
    expect(issued).toBe(before.items[0].numero);
    const after = (await next(ad.id)).items[0].numero!;
    expect(after.slice(0, -6)).toBe(issued.slice(0, -6));
    expect(Number(after.slice(-6))).toBe(Number(issued.slice(-6)) + 1);
    expect(await create(ad.id, 'Segundo depois da prévia')).toBe(after);
    // Other sectors did not move.
    const fi = all.items.find((i) => i.sectorCode === 'FI')!;
    expect((await next(sectors.FI.id)).items[0].numero).toBe(fi.numero);
  });

  it('follows the saved pattern, skips numbers already taken the way creation does, and says when the sequence is exhausted', async () => {
    try {
      await savePattern(
        [
          { id: 'y', type: 'year', format: 'YY' },
          { id: 's', type: 'sequence', length: 4 },
        ],
        '-',
      );
      const yy = String(year() % 100).padStart(2, '0');
      const shared = await next();
      expect(shared.patternVersion).toBe(1);
      // No sector component: one counter for every sector.
      for (const i of shared.items) expect(i.numero).toBe(`${yy}-0001`);
      expect(await create(sectors.FI.id, 'Com padrão curto')).toBe(`${yy}-0001`);
      for (const i of (await next()).items) expect(i.numero).toBe(`${yy}-0002`);

      // "001" issued under [sequence 3] is what [sector(1) + sequence 2] would render first for sector "00".
      const zero = (await (await as(A.users.admin))('POST', '/api/sectors', { name: 'Setor Zero', code: '00' })).body;
      expect(zero.id).toBeTypeOf('number');
      await savePattern([{ id: 's', type: 'sequence', length: 3 }]);
      expect((await next(zero.id)).items[0].numero).toBe('001');
      expect(await create(sectors.AD.id, 'Número 001')).toBe('001');
      await savePattern([
        { id: 'c', type: 'sector', sectorCodeLength: 1 },
        { id: 's', type: 'sequence', length: 2 },
      ]);
      const skipped = (await next(zero.id)).items[0].numero;
      expect(skipped).toBe('002');
      expect(await create(zero.id, 'Pula o 001')).toBe(skipped);
      expect((await next(zero.id)).items[0].numero).toBe('003');

      // [sequence 1] shares the "#" counter of [sequence 3] (at 1): 2…9 left, then nothing.
      await savePattern([{ id: 's', type: 'sequence', length: 1 }]);
      expect((await next(sectors.AD.id)).items[0].numero).toBe('2');
      const lote = await (
        await as(A.users.admin)
      )('POST', '/api/patrimonios/lote', {
        descricao_bem: 'Esgota',
        sectorId: sectors.AD.id,
        tipoId,
        valor_aquisicao: '1',
        quantity: 8,
      });
      expect(lote.status, JSON.stringify(lote.body)).toBe(201);
      expect(lote.body).toMatchObject({ first: '2', last: '9' });
      expect((await next()).items.every((i) => i.numero === null)).toBe(true);
      const refused = await (
        await as(A.users.admin)
      )('POST', '/api/patrimonios', {
        descricao_bem: 'Sem número',
        sectorId: sectors.AD.id,
        tipoId,
        valor_aquisicao: '1',
      });
      expect(refused.status).toBe(422);
    } finally {
      await savePattern(DEFAULT_NUMBERING.components);
    }
    expect((await next(sectors.AD.id)).items[0].numero).toMatch(new RegExp(`^${year()}AD\\d{6}$`));
  });

  it("404 for another municipality's sector, 400 for unknown or bad query fields", async () => {
    const admin = await as(A.users.admin);
    const foreign = (await (await as(B.users.admin))('GET', '/api/sectors')).body.sectors[0] as Sector;
    expect(foreign.id).toBeTypeOf('number');
    const f = await admin('GET', `/api/numeracao/proximo?sectorId=${foreign.id}`);
    expect(f.status).toBe(404);
    expect(f.body.error).toMatchObject({ code: 'NOT_FOUND', message: PATRIMONIO_MSG.sectorNotFound });
    expect((await admin('GET', '/api/numeracao/proximo?sectorId=999999')).status).toBe(404);
    // The neighbour sees its own sectors only, numbered by its own (default) pattern.
    const theirs = (await (await as(B.users.admin))('GET', '/api/numeracao/proximo')).body as NextNumbers;
    expect(theirs.items.map((i) => i.sectorId)).toContain(foreign.id);
    expect(theirs.items.map((i) => i.sectorId)).not.toContain(sectors.AD.id);

    const unknown = await admin('GET', '/api/numeracao/proximo?municipalityId=1');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({
      code: 'VALIDATION',
      message: MSG.http.unknownField,
      fields: { municipalityId: MSG.http.unknownField },
    });
    const bad = await admin('GET', '/api/numeracao/proximo?sectorId=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Setor inválido.');
    expect((await admin('GET', '/api/numeracao/proximo?sectorId=0')).status).toBe(400);
  });

  it('needs bens:read (as GET /numeracao); a usuario gets only its own sectors', async () => {
    expect((await (await as(SU))('GET', '/api/numeracao/proximo')).status).toBe(403);
    expect((await client(s.url)('GET', '/api/numeracao/proximo')).status).toBe(401);
    const su = await as(SU);
    const perms: string[] = (await su('GET', '/api/superuser/permissions')).body.roles.find(
      (r: { role: string }) => r.role === 'visualizador',
    ).permissions;
    const viz = await as(A.users.visualizador);
    expect((await viz('GET', '/api/numeracao/proximo')).status).toBe(200);
    try {
      expect(
        (
          await su('PUT', '/api/superuser/permissions/visualizador', {
            permissions: perms.filter((p) => p !== 'bens:read'),
          })
        ).status,
      ).toBe(200);
      const denied = await viz('GET', '/api/numeracao/proximo');
      expect(denied.status).toBe(403);
      expect(denied.body.error.code).toBe('FORBIDDEN');
      expect((await viz('GET', '/api/numeracao')).status).toBe(403);
    } finally {
      await su('PUT', '/api/superuser/permissions/visualizador', { permissions: perms });
    }
    expect((await viz('GET', '/api/numeracao/proximo')).status).toBe(200);

    const { user } = await s.login(A.users.usuario.email, A.users.usuario.password);
    const mine = (await (await as(A.users.usuario))('GET', '/api/numeracao/proximo')).body as NextNumbers;
    expect(mine.items.map((i) => i.sectorId).sort()).toEqual([...user.sectorIds].sort());
    const other = Object.values(sectors).find((x) => !user.sectorIds.includes(x.id))!;
    expect((await (await as(A.users.usuario))('GET', `/api/numeracao/proximo?sectorId=${other.id}`)).status).toBe(404);
  });
});
