import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { LiveEvent, Patrimonio, PatrimonioListItem, Sector } from '@tombo/shared';
import { Outbox, enterTenancy } from '../../server/src/db/tx';
import type { Db } from '../../server/src/db/client';
import { moveAsset, writeOffAsset } from '../../server/src/modules/patrimonios';
import { scopeOfMunicipality } from '../../server/src/tenancy/scope';
import { nextEvent, startTestServer, type DemoUser, type TestServer } from '../support/harness';
import { client } from '../support/http';

let s: TestServer;
let sectors: Record<string, Sector>;
const as = async (who: DemoUser) => client(s.url, await s.token(who));

beforeAll(async () => {
  s = await startTestServer();
  const admin = await as('admin');
  sectors = Object.fromEntries((await admin('GET', '/api/sectors')).body.sectors.map((x: Sector) => [x.code, x]));
});
afterAll(() => s?.close());

const newAsset = async (code: string) => {
  const admin = await as('admin');
  const tipoId = (await admin('GET', '/api/tipos-bens')).body.tiposBens[0].id;
  const r = await admin('POST', '/api/patrimonios', {
    descricao_bem: 'Mesa de reunião',
    sectorId: sectors[code].id,
    valor_aquisicao: 900,
    tipoId,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.patrimonio as Patrimonio;
};

const countOf = async (query: ReturnType<typeof sql>) => {
  const r = (await s.owner.transaction((tx) => tx.execute(query))) as unknown as {
    rows: Array<{ n: number | string }>;
  };
  return Number(r.rows[0].n);
};

describe('asset commands compose inside the caller transaction', () => {
  it('move + write-off called twice in one transaction that rolls back leave nothing and emit nothing', async () => {
    const p = await newAsset('AD');
    const watcher = await s.socket(await s.token('supervisor'));
    let received = 0;
    watcher.on('patrimonio.updated', () => received++);
    const scope = scopeOfMunicipality(p.municipalityId);
    const history = sql`select count(*) as n from patrimonio_historico where patrimonio_id = ${p.id}`;
    const audits = sql`select count(*) as n from audit_logs where entity_type = 'Patrimonio' and entity_id = ${String(p.id)}`;
    const [historyBefore, auditsBefore] = [await countOf(history), await countOf(audits)];
    const out = new Outbox({ id: 1, name: 'Teste', municipalityId: p.municipalityId });
    const rollback = new Error('rollback');
    await expect(
      s.ctx.db.transaction(async (raw) => {
        const tx = raw as unknown as Db;
        await enterTenancy(tx, scope);
        for (let i = 0; i < 2; i++) {
          const target = i === 0 ? sectors.ED : sectors.AD;
          await moveAsset(tx, out, scope, { id: p.id, sectorId: target.id, localId: null, motivo: 'Teste' });
        }
        await writeOffAsset(tx, out, scope, { id: p.id, motivo: 'Teste' });
        expect(out.size).toBeGreaterThan(0); // events waited for a commit that never came
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const after = (await (await as('admin'))('GET', `/api/patrimonios/${p.id}`)).body.patrimonio as Patrimonio;
    expect(after).toMatchObject({ sectorId: p.sectorId, status: p.status, version: p.version });
    expect(await countOf(history)).toBe(historyBefore);
    expect(await countOf(audits)).toBe(auditsBefore);
    // A later committed change is the first event the watcher sees: nothing of the rolled-back one was sent.
    const marker = nextEvent<LiveEvent<PatrimonioListItem>>(watcher, 'patrimonio.updated');
    await (
      await as('admin')
    )('PUT', `/api/patrimonios/${p.id}`, { descricao_bem: 'Marcador', version: p.version });
    expect((await marker).data.descricao_bem).toBe('Marcador');
    expect(received).toBe(1);
  });

  it('moving an asset out of a usuario sector sends that room { id, removed: true }, not the record', async () => {
    const p = await newAsset('AD');
    const usuario = await s.socket(await s.token('usuario'));
    const supervisor = await s.socket(await s.token('supervisor'));
    const lost = nextEvent<LiveEvent<unknown>>(usuario, 'patrimonio.updated');
    const seen = nextEvent<LiveEvent<PatrimonioListItem>>(supervisor, 'patrimonio.updated');
    const r = await (
      await as('admin')
    )('PUT', `/api/patrimonios/${p.id}`, { sectorId: sectors.ED.id, version: p.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await lost).data).toEqual({ id: p.id, removed: true });
    expect((await seen).data).toMatchObject({ id: p.id, sectorId: sectors.ED.id });
    const moved = r.body.patrimonio as Patrimonio;
    expect(moved.historico_movimentacao[0]).toMatchObject({ action: 'Movimentação' });
    expect((await (await as('usuario'))('GET', `/api/patrimonios/${p.id}`)).status).toBe(404);
    const logs = (await (await as('admin'))('GET', '/api/audit-logs?entityType=Patrimonio&pageSize=100')).body.logs;
    expect(
      logs.some(
        (l: { action: string; entityId: string }) => l.action === 'PATRIMONIO_MOVE' && l.entityId === String(p.id),
      ),
    ).toBe(true);
  });
});
