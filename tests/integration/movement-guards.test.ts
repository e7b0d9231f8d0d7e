import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATRIMONIO_MSG, TRANSFER_MSG } from '@tombo/shared';
import {
  newEmprestimo,
  newPatrimonio,
  newSector,
  newTenant,
  newTipoBem,
  newTransferencia,
  ownerQuery,
  type TestSector,
  type TestTenant,
} from '../support/factories';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';

/** A lent asset cannot be transferred, donated or written off; an asset pending transfer cannot be moved by an edit. */
let s: TestServer;
let a: TestTenant;
let other: TestSector;

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  other = await newSector(s, a.id);
});
afterAll(() => s?.close());

const admin = async () => client(s.url, await a.users.admin.token());
const lentAsset = async () => {
  const p = await newPatrimonio(s, { municipalityId: a.id, sectorId: a.sector.id });
  await newEmprestimo(s, p);
  return p;
};
const row = async (id: number) =>
  (
    await ownerQuery<{ status: string; sector_id: number; version: number; transferencia_pendente: boolean }>(
      s,
      'select status, sector_id, version, transferencia_pendente from patrimonios where id = $1',
      [id],
    )
  )[0];

describe('a lent asset', () => {
  it('cannot be asked for a transfer or a donation (409, nothing written)', async () => {
    const p = await lentAsset();
    const api = await admin();
    for (const body of [
      { patrimonioId: p.id, type: 'transferencia', motivo: 'Mudança', setorDestinoId: other.id },
      { patrimonioId: p.id, type: 'doacao', motivo: 'Doação', destinatario: 'Escola' },
    ]) {
      const res = await api('POST', '/api/transferencias', body);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(TRANSFER_MSG.lent);
    }
    expect((await row(p.id)).transferencia_pendente).toBe(false);
    expect(await ownerQuery(s, 'select id from transferencias where patrimonio_id = $1', [p.id])).toHaveLength(0);
  });

  it('cannot be written off, by deletion or by an edit of its status', async () => {
    const p = await lentAsset();
    const api = await admin();
    const before = await row(p.id);
    const del = await api('DELETE', `/api/patrimonios/${p.id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe(PATRIMONIO_MSG.lentWriteOff);
    const edit = await api('PUT', `/api/patrimonios/${p.id}`, { status: 'baixado', version: before.version });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toBe(PATRIMONIO_MSG.lentWriteOff);
    expect(await row(p.id)).toEqual(before);
  });
});

describe('an asset with a pending transfer', () => {
  it('keeps its sector: an edit that moves it gets 409, other edits go through', async () => {
    const t = await newTransferencia(s, a);
    const api = await admin();
    const before = await row(t.patrimonioId);
    const move = await api('PUT', `/api/patrimonios/${t.patrimonioId}`, {
      sectorId: other.id,
      version: before.version,
    });
    expect(move.status, JSON.stringify(move.body)).toBe(409);
    expect(move.body.error.message).toBe(PATRIMONIO_MSG.pendingTransferMove);
    expect(await row(t.patrimonioId)).toEqual(before);
    const tipo = await newTipoBem(s, a.id);
    const edit = await api('PUT', `/api/patrimonios/${t.patrimonioId}`, {
      tipoId: tipo.id,
      observacoes: 'Etiqueta refeita',
      version: before.version,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  });
});
