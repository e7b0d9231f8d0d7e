import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetStats, Sector } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s?.close(); });

describe('GET /api/dashboard/bens', () => {
  it('counts and sums what the user may see: a usuario only its own sectors, never another municipality', async () => {
    const admin = client(s.url, await s.token('admin'));
    const sectors = (await admin('GET', '/api/sectors')).body.sectors as Sector[];
    const id = (code: string) => sectors.find((x) => x.code === code)!.id;
    const tipoId = (await admin('GET', '/api/tipos-bens')).body.tiposBens[0].id;
    await admin('POST', '/api/patrimonios', { descricao_bem: 'Mesa', sectorId: id('ED'), valor_aquisicao: '100.10', quantidade: 3, tipoId });
    await admin('POST', '/api/patrimonios', { descricao_bem: 'Servidor', sectorId: id('TI'), valor_aquisicao: '5000.00', tipoId, status: 'em_manutencao' });

    const all = (await admin('GET', '/api/dashboard/bens')).body as AssetStats;
    expect(all.total).toBe(2);
    expect(all.valorTotal).toBe('5300.30');
    expect(all.porStatus).toEqual(expect.arrayContaining([{ status: 'ativo', count: 1 }, { status: 'em_manutencao', count: 1 }]));
    expect(all.porTipo[0].count).toBe(2);

    const mine = (await client(s.url, await s.token('usuario'))('GET', '/api/dashboard/bens')).body as AssetStats;
    expect(mine).toMatchObject({ total: 1, valorTotal: '5000.00' });
    const vizinho = (await client(s.url, await s.token('vizinho'))('GET', '/api/dashboard/bens')).body as AssetStats;
    expect(vizinho).toMatchObject({ total: 0, valorTotal: '0.00' });
    expect((await client(s.url)('GET', '/api/dashboard/bens')).status).toBe(401);
  });
});
