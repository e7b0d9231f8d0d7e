import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTARIO_LIMITS, INVENTARIO_MSG, type LeituraResult } from '@tombo/shared';
import {
  newInventario,
  newLocal,
  newPatrimonio,
  newSector,
  newTenant,
  newUser,
  type TestLocal,
  type TestPatrimonio,
  type TestSector,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { inventarioBody, inventorySnapshot, leitura } from '../support/inventarios';

// Readings: each outcome, idempotency by client id, an offline batch replayed, and the refusals.

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let sector: TestSector;
let sala: TestLocal;
let copa: TestLocal;
const inSala: TestPatrimonio[] = [];
const as = async (u: TestUser) => client(s.url, await u.token());
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => s.owner.query<T>(text, params);

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
  sector = await newSector(s, a.id);
  sala = await newLocal(s, sector, { name: 'Sala 1' });
  copa = await newLocal(s, sector, { name: 'Copa' });
  for (let i = 0; i < 6; i++)
    inSala.push(await newPatrimonio(s, { municipalityId: a.id, sectorId: sector.id, localId: sala.id }));
}, 120_000);
afterAll(() => s?.close());

const newInv = async () =>
  (await (await as(a.users.admin))('POST', '/api/inventarios', inventarioBody(a, { sectorId: sector.id }))).body
    .inventario as { id: number; version: number };
const send = async (id: number, leituras: unknown[], who: TestUser = a.users.supervisor) =>
  (await as(who))('POST', `/api/inventarios/${id}/leituras`, { leituras });

describe('outcomes of a reading', () => {
  it('found, local divergente, duplicada, não inventariado, não cadastrado — with who, when, where and condition', async () => {
    const inv = await newInv();
    const [p0, p1] = inSala;
    const batch = [
      leitura(p0.numero, { estado: 'regular', nota: 'Arranhado' }),
      leitura(
        `https://tombo.exemplo.gov.br/consulta-publica/bem/${encodeURIComponent(p1.numero)}?municipalityId=${a.id}`,
        {
          localId: copa.id,
        },
      ),
      leitura(p0.numero),
      leitura(a.asset.numero),
      leitura('NAO-EXISTE-1'),
    ];
    const r = await send(inv.id, batch);
    expect(r.status).toBe(200);
    const res: LeituraResult[] = r.body.resultados;
    expect(res.map((x) => x.resultado)).toEqual([
      'found',
      'local_divergente',
      'duplicada',
      'nao_inventariado',
      'nao_cadastrado',
    ]);
    expect(res.map((x) => x.id)).toEqual(batch.map((x) => x.id));
    expect(res[0].item).toMatchObject({
      numero_patrimonio: p0.numero,
      status: 'found',
      estado: 'regular',
      nota: 'Arranhado',
      localEncontradoNome: 'Sala 1',
      lidoPorNome: a.users.supervisor.name,
    });
    expect(res[1].item).toMatchObject({ status: 'local_divergente', localNome: 'Sala 1', localEncontradoNome: 'Copa' });
    expect(res[1].message).toBe(INVENTARIO_MSG.leitura.local_divergente(p1.numero, 'Sala 1'));
    expect(res[2].message).toBe(INVENTARIO_MSG.leitura.duplicada(p0.numero));
    expect(res[3].message).toBe(INVENTARIO_MSG.leitura.nao_inventariado(a.asset.numero));
    expect(res[4].message).toBe(INVENTARIO_MSG.leitura.nao_cadastrado('NAO-EXISTE-1'));

    const call = await as(a.users.visualizador);
    const detail = (await call('GET', `/api/inventarios/${inv.id}`)).body.inventario;
    expect(detail).toMatchObject({
      encontrados: 2,
      divergentes: 1,
      porStatus: { found: 1, local_divergente: 1, not_found: 4 },
      ocorrencias: 2,
      contadores: [{ id: a.users.supervisor.id, leituras: 5 }],
    });
    const resumo = (await call('GET', `/api/inventarios/${inv.id}/resumo`)).body;
    expect(resumo.valores).toEqual({ esperado: '600.00', encontrado: '200.00', faltante: '400.00' });
    expect(resumo.porLocal).toEqual([
      expect.objectContaining({ localNome: 'Sala 1', esperados: 6, encontrados: 2, divergentes: 1, faltantes: 4 }),
    ]);
    expect(resumo.porEstado).toEqual([
      { estado: 'regular', n: 1 },
      { estado: null, n: 1 },
    ]);
    expect(resumo.ocorrencias.map((o: { resultado: string }) => o.resultado)).toEqual([
      'nao_inventariado',
      'nao_cadastrado',
    ]);
    const log = (await call('GET', `/api/inventarios/${inv.id}/leituras?pageSize=3`)).body;
    expect(log.leituras.map((l: { id: string }) => l.id)).toEqual([batch[4].id, batch[3].id, batch[2].id]);
    const older = (await call('GET', `/api/inventarios/${inv.id}/leituras?after=${log.nextCursor}`)).body;
    expect(older).toMatchObject({ nextCursor: null });
    expect(older.leituras.map((l: { id: string }) => l.id)).toEqual([batch[1].id, batch[0].id]);
  });

  it('is idempotent: the same batch again returns the first results and changes nothing; one audit row per batch', async () => {
    const inv = await newInv();
    const batch = [leitura(inSala[2].numero), leitura(inSala[3].numero), leitura(inSala[2].numero)];
    const first = await send(inv.id, batch);
    const before = await inventorySnapshot(s, a.id);
    const again = await send(inv.id, batch, a.users.admin);
    expect(again.status).toBe(200);
    expect(again.body.resultados.map((r: LeituraResult) => [r.id, r.resultado])).toEqual(
      first.body.resultados.map((r: LeituraResult) => [r.id, r.resultado]),
    );
    expect(await inventorySnapshot(s, a.id)).toEqual(before);
    const audit = await q(`select 1 from audit_logs where action = 'INVENTARIO_LEITURAS' and entity_id = $1`, [
      String(inv.id),
    ]);
    expect(audit).toHaveLength(1);
    // A retry mixed with a new reading: only the new one is applied.
    const mixed = await send(inv.id, [batch[0], leitura(inSala[4].numero)]);
    expect(mixed.body.resultados.map((r: LeituraResult) => r.resultado)).toEqual(['found', 'found']);
    const [row] = await q<{ encontrados: number }>('select found_count encontrados from inventarios where id = $1', [
      inv.id,
    ]);
    expect(row.encontrados).toBe(3);
  });

  it('an offline batch replayed twice at once is applied once', async () => {
    const inv = await newInv();
    const batch = inSala.map((p) => leitura(p.numero));
    const [x, y] = await Promise.all([send(inv.id, batch), send(inv.id, batch, a.users.admin)]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    expect(y.body.resultados.map((r: LeituraResult) => r.resultado)).toEqual(Array(6).fill('found'));
    const [row] = await q<{ encontrados: number; n: number }>(
      `select found_count encontrados, (select count(*)::int from inventario_readings where inventario_id = $1) n
         from inventarios where id = $1`,
      [inv.id],
    );
    expect(row).toEqual({ encontrados: 6, n: 6 });
  });
});

describe('refusals leave everything unchanged', () => {
  it("another municipality's inventory 404, visualizador 403, malformed number 400, over the limit 413, finalized 409", async () => {
    const inv = await newInv();
    const theirs = await newInventario(s, b);
    const done = await newInventario(s, a, { status: 'completed' });
    const before = await inventorySnapshot(s, a.id);
    const beforeB = await inventorySnapshot(s, b.id);
    const ok = [leitura(inSala[0].numero)];

    const other = await send(theirs.id, [leitura(b.asset.numero)]);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(INVENTARIO_MSG.notFound);
    expect((await send(inv.id, ok, a.users.visualizador)).status).toBe(403);

    for (const bad of ['', '   ', 'https://outro.site/x/1', '<script>alert(1)</script>', 'x'.repeat(41)]) {
      const r = await send(inv.id, [...ok, leitura(bad)]);
      expect(r.status, bad).toBe(400);
      expect(r.body.error.fields['leituras.1.numero']).toBe(INVENTARIO_MSG.numeroInvalid);
    }
    const badId = await send(inv.id, [{ ...ok[0], id: 'not-a-uuid' }]);
    expect(badId.status).toBe(400);
    expect((await send(inv.id, [])).status).toBe(400);
    expect((await send(inv.id, [leitura(inSala[0].numero, { localId: a.local.id })])).status).toBe(400);

    const big = Array.from({ length: INVENTARIO_LIMITS.batchMax + 1 }, () => leitura(inSala[0].numero));
    const tooMany = await send(inv.id, big);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.error.message).toBe(INVENTARIO_MSG.batchTooLarge(INVENTARIO_LIMITS.batchMax));
    expect(
      (
        await send(
          inv.id,
          Array.from({ length: INVENTARIO_LIMITS.batchMax }, () => leitura('LIMITE-OK')),
        )
      ).status,
    ).toBe(200);
    await q('delete from inventario_readings where inventario_id = $1', [inv.id]);
    await q(`delete from audit_logs where action = 'INVENTARIO_LEITURAS' and entity_id = $1`, [String(inv.id)]);
    expect(await inventorySnapshot(s, a.id)).toEqual(before);

    const closed = await send(done.id, [leitura(a.asset.numero)]);
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe(INVENTARIO_MSG.completed);
    expect(await inventorySnapshot(s, a.id)).toEqual(before);
    expect(await inventorySnapshot(s, b.id)).toEqual(beforeB);
  });

  it('a usuario counts only as a commission member (403), sees nothing of other sectors (404)', async () => {
    const inv = await newInv();
    const sameSector = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [sector.id] });
    const elsewhere = await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [a.sector.id] });
    const r = await send(inv.id, [leitura(inSala[0].numero)], sameSector);
    expect(r.status).toBe(403);
    expect(r.body.error.message).toBe(INVENTARIO_MSG.notInComissao);
    expect((await send(inv.id, [leitura(inSala[0].numero)], elsewhere)).status).toBe(404);
    const member = await send(inv.id, [leitura(inSala[0].numero)], a.users.usuario);
    expect(member.status).toBe(200);
    expect(member.body.resultados[0].resultado).toBe('found');
  });
});
