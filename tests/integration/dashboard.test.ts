import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetStats } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newPatrimonio, newTenant, newTipoBem, newTown, type TestTenant, type TestTown } from '../support/factories';

let s: TestServer;
/** Own municipality (the usuario in AD and TI) and another one. */
let A: TestTown;
let B: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
  B = await newTenant(s);
  // A register already there, in a sector of the usuario and in another.
  for (const code of ['AD', 'OB']) await newPatrimonio(s, { municipalityId: A.id, sectorId: A.sectors[code].id });
});
afterAll(async () => {
  await s?.close();
});

describe('GET /api/dashboard/bens', () => {
  it('counts and sums what the user may see: a usuario only its own sectors, never another municipality', async () => {
    const admin = client(s.url, await A.users.admin.token());
    const usuario = client(s.url, await A.users.usuario.token());
    const vizinhoAdmin = client(s.url, await B.users.admin.token());
    const stats = async (who: typeof admin) => (await who('GET', '/api/dashboard/bens')).body as AssetStats;
    const cents = (v: string) => Math.round(Number(v) * 100);
    const countOf = (st: AssetStats, status: string) => st.porStatus.find((x) => x.status === status)?.count ?? 0;
    // Each municipality has a register already: everything is measured as a change from it.
    const [all0, mine0, viz0] = [await stats(admin), await stats(usuario), await stats(vizinhoAdmin)];
    const id = (code: string) => A.sectors[code].id;
    const tipo = await newTipoBem(s, A.id);
    await admin('POST', '/api/patrimonios', {
      descricao_bem: 'Mesa',
      sectorId: id('ED'),
      valor_aquisicao: '100.10',
      quantidade: 3,
      tipoId: tipo.id,
    });
    await admin('POST', '/api/patrimonios', {
      descricao_bem: 'Servidor',
      sectorId: id('TI'),
      valor_aquisicao: '5000.00',
      tipoId: tipo.id,
      status: 'em_manutencao',
    });

    const all = await stats(admin);
    expect(all.total).toBe(all0.total + 2);
    expect(cents(all.valorTotal) - cents(all0.valorTotal)).toBe(530030);
    expect(countOf(all, 'ativo')).toBe(countOf(all0, 'ativo') + 1);
    expect(countOf(all, 'em_manutencao')).toBe(countOf(all0, 'em_manutencao') + 1);
    const tipoCount = (st: AssetStats) => st.porTipo.find((x) => x.tipo === tipo.name)?.count ?? 0;
    expect(tipoCount(all)).toBe(tipoCount(all0) + 2);

    const mine = await stats(usuario);
    expect(mine.total).toBe(mine0.total + 1);
    expect(cents(mine.valorTotal) - cents(mine0.valorTotal)).toBe(500000);
    expect(mine.total).toBeLessThan(all.total);
    expect(await stats(vizinhoAdmin)).toEqual(viz0);
    expect((await client(s.url)('GET', '/api/dashboard/bens')).status).toBe(401);
  });
});
