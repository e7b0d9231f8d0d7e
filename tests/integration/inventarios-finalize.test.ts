import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVENTARIO_MSG, type FinalizarResponse } from '@tombo/shared';
import {
  newPatrimonio,
  newSector,
  newTenant,
  type TestPatrimonio,
  type TestSector,
  type TestTenant,
  type TestUser,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { inventarioBody, inventorySnapshot, leitura } from '../support/inventarios';
import { loadInventarioReport } from '../../server/src/modules/inventarios';
import { read } from '../../server/src/db/tx';
import { scopeOfMunicipality } from '../../server/src/tenancy/scope';

// Finalizing: the missing assets become 'extraviado' (with a history line and an audit row each) in
// the same transaction; the inventory is closed for good.

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
let sector: TestSector;
const as = async (u: TestUser) => client(s.url, await u.token());
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => s.owner.query<T>(text, params);
const statusOf = async (p: TestPatrimonio) =>
  (await q<{ status: string }>('select status from patrimonios where id = $1', [p.id]))[0].status;

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
  sector = await newSector(s, a.id);
}, 120_000);
afterAll(() => s?.close());

const assets = async (n: number) => {
  const out: TestPatrimonio[] = [];
  for (let i = 0; i < n; i++) out.push(await newPatrimonio(s, { municipalityId: a.id, sectorId: sector.id }));
  return out;
};

describe('finalize', () => {
  it('marks every asset still not found as extraviado, with history and audit, and returns them', async () => {
    const [found, missing1, missing2, alreadyLost] = await assets(4);
    await q(`update patrimonios set status = 'extraviado' where id = $1`, [alreadyLost.id]);
    const admin = await as(a.users.admin);
    const inv = (await admin('POST', '/api/inventarios', inventarioBody(a, { sectorId: sector.id }))).body.inventario;
    expect(inv.totalItens).toBe(4);
    await (
      await as(a.users.usuario)
    )('POST', `/api/inventarios/${inv.id}/leituras`, { leituras: [leitura(found.numero)] });

    const r = await (await as(a.users.supervisor))('POST', `/api/inventarios/${inv.id}/finalizar`);
    expect(r.status).toBe(200);
    const body: FinalizarResponse = r.body;
    expect(body.inventario).toMatchObject({ status: 'completed', encontrados: 1, version: inv.version + 1 });
    expect(body.inventario.finalizedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(body.extraviados.map((x) => x.id).sort()).toEqual([missing1.id, missing2.id].sort());
    expect(await statusOf(found)).toBe('ativo');
    expect(await statusOf(missing1)).toBe('extraviado');
    expect(await statusOf(alreadyLost)).toBe('extraviado');

    const history = await q<{ patrimonio_id: number; details: string }>(
      'select patrimonio_id, details from patrimonio_historico where patrimonio_id = any($1) order by patrimonio_id',
      [[found.id, missing1.id, missing2.id, alreadyLost.id]],
    );
    expect(history.map((h) => h.patrimonio_id)).toEqual([missing1.id, missing2.id].sort((x, y) => x - y));
    expect(history[0].details).toContain(INVENTARIO_MSG.extraviadoDetails(inv.title, inv.id));
    const audit = await q<{ action: string; entity_id: string; user_id: number }>(
      `select action, entity_id, user_id from audit_logs
        where (entity_type = 'Patrimonio' and entity_id = any($1)) or (entity_type = 'Inventario' and entity_id = $2)
        order by id`,
      [[missing1.id, missing2.id, found.id, alreadyLost.id].map(String), String(inv.id)],
    );
    expect(
      audit
        .filter((x) => x.action === 'INVENTARIO_EXTRAVIADO')
        .map((x) => Number(x.entity_id))
        .sort(),
    ).toEqual([missing1.id, missing2.id].sort());
    expect(audit.map((x) => x.action)).toEqual([
      'INVENTARIO_CREATE',
      'INVENTARIO_LEITURAS',
      'INVENTARIO_EXTRAVIADO',
      'INVENTARIO_EXTRAVIADO',
      'INVENTARIO_FINALIZE',
    ]);
    expect(new Set(audit.slice(2).map((x) => x.user_id))).toEqual(new Set([a.users.supervisor.id]));

    // Closed for good: no second finalize, no reading, no edit.
    const before = await inventorySnapshot(s, a.id);
    const again = await (await as(a.users.admin))('POST', `/api/inventarios/${inv.id}/finalizar`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(INVENTARIO_MSG.alreadyCompleted);
    const late = await (
      await as(a.users.usuario)
    )('POST', `/api/inventarios/${inv.id}/leituras`, {
      leituras: [leitura(missing1.numero)],
    });
    expect(late.status).toBe(409);
    expect(await inventorySnapshot(s, a.id)).toEqual(before);

    // The report the print job renders.
    const report = await read(s.ctx, scopeOfMunicipality(a.id), (tx) =>
      loadInventarioReport(tx, scopeOfMunicipality(a.id), inv.id),
    );
    expect(report.inventario).toMatchObject({ id: inv.id, status: 'completed', municipio: a.name });
    expect(report.comissao).toHaveLength(3);
    expect(report.itens).toHaveLength(4);
    expect(report.totais).toMatchObject({
      esperados: 4,
      encontrados: 1,
      faltantes: 3,
      valorEsperado: '400.00',
      valorFaltante: '300.00',
    });
  });

  it("unknown id → 404 'Inventário não encontrado.'; another municipality's → 404; usuario → 403; nothing changed", async () => {
    const [x] = await assets(1);
    const inv = (
      await (
        await as(a.users.admin)
      )('POST', '/api/inventarios', inventarioBody(a, { sectorId: sector.id }))
    ).body.inventario;
    const before = await inventorySnapshot(s, a.id);
    const unknown = await (await as(a.users.admin))('POST', '/api/inventarios/999999/finalizar');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(INVENTARIO_MSG.notFound);
    const other = await (await as(b.users.admin))('POST', `/api/inventarios/${inv.id}/finalizar`);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(INVENTARIO_MSG.notFound);
    expect((await (await as(a.users.usuario))('POST', `/api/inventarios/${inv.id}/finalizar`)).status).toBe(403);
    expect((await (await as(a.users.visualizador))('POST', `/api/inventarios/${inv.id}/finalizar`)).status).toBe(403);
    expect(await inventorySnapshot(s, a.id)).toEqual(before);
    expect(await statusOf(x)).toBe('ativo');
  });

  it('a finalize waits for a batch of readings in flight: the item read in that batch is not marked lost', async () => {
    const list = await assets(30);
    const inv = (
      await (
        await as(a.users.admin)
      )('POST', '/api/inventarios', inventarioBody(a, { sectorId: sector.id }))
    ).body.inventario;
    const usuario = await as(a.users.usuario);
    const supervisor = await as(a.users.supervisor);
    const [readings, fin] = await Promise.all([
      usuario('POST', `/api/inventarios/${inv.id}/leituras`, { leituras: list.map((p) => leitura(p.numero)) }),
      supervisor('POST', `/api/inventarios/${inv.id}/finalizar`),
    ]);
    expect(fin.status).toBe(200);
    const [row] = await q<{ lost: number; found: number }>(
      `select count(*) filter (where p.status = 'extraviado')::int lost, count(*) filter (where it.status = 'found')::int found
         from inventario_items it join patrimonios p on p.id = it.patrimonio_id where it.inventario_id = $1`,
      [inv.id],
    );
    if (readings.status === 200) {
      // The batch committed first: nothing of it is lost.
      expect(row.found).toBeGreaterThanOrEqual(30);
      expect(fin.body.extraviados.filter((e: { id: number }) => list.some((p) => p.id === e.id))).toEqual([]);
    } else {
      // The finalize committed first: the batch was refused whole.
      expect(readings.status).toBe(409);
      expect(row.found).toBe(0);
    }
    expect(row.lost + row.found).toBe(fin.body.inventario.totalItens);
  });
});
