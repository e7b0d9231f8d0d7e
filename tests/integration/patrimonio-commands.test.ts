import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, Patrimonio, PatrimonioListItem } from '@tombo/shared';
import { Outbox, enterTenancy } from '../../server/src/db/tx';
import type { Db } from '../../server/src/db/client';
import { moveAsset, writeOffAsset } from '../../server/src/modules/patrimonios';
import { scopeOfMunicipality } from '../../server/src/tenancy/scope';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import {
  newTipoBem,
  newTown,
  ownerQuery,
  type TestSectorWithLocais,
  type TestTown,
  type TestUser,
} from '../support/factories';

let s: TestServer;
/** Own municipality: the usuario in AD and TI. */
let A: TestTown;
let sectors: Record<string, TestSectorWithLocais>;
let tipoId: number;
const as = async (u: TestUser) => client(s.url, await u.token());

beforeAll(async () => {
  s = await startTestServer();
  A = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
  sectors = A.sectors;
  tipoId = (await newTipoBem(s, A.id)).id;
});
afterAll(() => s?.close());

const newAsset = async (code: string) => {
  const admin = await as(A.users.admin);
  const r = await admin('POST', '/api/patrimonios', {
    descricao_bem: 'Mesa de reunião',
    sectorId: sectors[code].id,
    valor_aquisicao: 900,
    tipoId,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.patrimonio as Patrimonio;
};

const countOf = async ([text, ...params]: [string, ...unknown[]]) =>
  Number((await ownerQuery<{ n: number | string }>(s, text, params))[0].n);

describe('asset commands compose inside the caller transaction', () => {
  it('move + write-off called twice in one transaction that rolls back leave nothing and emit nothing', async () => {
    const p = await newAsset('AD');
    const watcher = await s.socket(await A.users.supervisor.token());
    let received = 0;
    watcher.on('patrimonio.updated', () => received++);
    const scope = scopeOfMunicipality(p.municipalityId);
    const history: [string, number] = ['select count(*) as n from patrimonio_historico where patrimonio_id = $1', p.id];
    const audits: [string, string] = [
      "select count(*) as n from audit_logs where entity_type = 'Patrimonio' and entity_id = $1",
      String(p.id),
    ];
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
    const after = (await (await as(A.users.admin))('GET', `/api/patrimonios/${p.id}`)).body.patrimonio as Patrimonio;
    expect(after).toMatchObject({ sectorId: p.sectorId, status: p.status, version: p.version });
    expect(await countOf(history)).toBe(historyBefore);
    expect(await countOf(audits)).toBe(auditsBefore);
    // A later committed change is the first event the watcher sees: nothing of the rolled-back one was sent.
    const marker = nextEvent<LiveEvent<PatrimonioListItem>>(watcher, 'patrimonio.updated');
    await (
      await as(A.users.admin)
    )('PUT', `/api/patrimonios/${p.id}`, { descricao_bem: 'Marcador', version: p.version });
    expect((await marker).data.descricao_bem).toBe('Marcador');
    expect(received).toBe(1);
  });

  it('moving an asset out of a usuario sector sends that room { id, removed: true }, not the record', async () => {
    const p = await newAsset('AD');
    const usuario = await s.socket(await A.users.usuario.token());
    const supervisor = await s.socket(await A.users.supervisor.token());
    const lost = nextEvent<LiveEvent<unknown>>(usuario, 'patrimonio.updated');
    const seen = nextEvent<LiveEvent<PatrimonioListItem>>(supervisor, 'patrimonio.updated');
    const r = await (
      await as(A.users.admin)
    )('PUT', `/api/patrimonios/${p.id}`, { sectorId: sectors.ED.id, version: p.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await lost).data).toEqual({ id: p.id, removed: true });
    expect((await seen).data).toMatchObject({ id: p.id, sectorId: sectors.ED.id });
    const moved = r.body.patrimonio as Patrimonio;
    expect(moved.historico_movimentacao[0]).toMatchObject({ action: 'Movimentação' });
    expect((await (await as(A.users.usuario))('GET', `/api/patrimonios/${p.id}`)).status).toBe(404);
    const logs = (await (await as(A.users.admin))('GET', '/api/audit-logs?entityType=Patrimonio&pageSize=100')).body
      .logs;
    expect(
      logs.some(
        (l: { action: string; entityId: string }) => l.action === 'PATRIMONIO_MOVE' && l.entityId === String(p.id),
      ),
    ).toBe(true);
  });
});
