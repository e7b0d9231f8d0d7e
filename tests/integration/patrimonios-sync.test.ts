import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PatrimonioListItem } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newPatrimonio, newSector, newUser, ownerQuery, world, type TestWorld } from '../support/factories';

/** GET /api/patrimonios/sync: the offline store's source (spec §7, issue 10). */
let s: TestServer;
let w: TestWorld;
let otherSectorAsset: number;

type SyncPage = { patrimonios: PatrimonioListItem[]; nextAfter: number | null; total?: number };

beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  for (let i = 0; i < 6; i++) {
    await newPatrimonio(s, { municipalityId: w.A.id, sectorId: w.A.sector.id, localId: w.A.local.id });
  }
  const other = await newSector(s, w.A.id);
  otherSectorAsset = (await newPatrimonio(s, { municipalityId: w.A.id, sectorId: other.id })).id;
});
afterAll(async () => {
  await s?.close();
});

/** Follows the cursor to the end, like the client does; returns every page. */
async function allPages(token: string, limit: number): Promise<SyncPage[]> {
  const call = client(s.url, token);
  const pages: SyncPage[] = [];
  let after = 0;
  for (;;) {
    const r = await call<SyncPage>('GET', `/api/patrimonios/sync?after=${after}&limit=${limit}`);
    expect(r.status).toBe(200);
    pages.push(r.body);
    if (r.body.nextAfter === null) return pages;
    after = r.body.nextAfter;
  }
}

describe('GET /api/patrimonios/sync', () => {
  it('pages by id cursor: every visible asset exactly once, ascending, the total on the first page only', async () => {
    const pages = await allPages(await w.A.users.admin.token(), 3);
    const ids = pages.flatMap((p) => p.patrimonios.map((x) => x.id));
    const [{ n }] = await ownerQuery<{ n: number }>(
      s,
      'select count(*)::int as n from patrimonios where municipality_id = $1',
      [w.A.id],
    );
    expect(ids.length).toBe(n);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(pages.length).toBe(Math.ceil(n / 3) + (n % 3 === 0 ? 1 : 0));
    expect(pages[0].total).toBe(n);
    expect(pages.slice(1).every((p) => p.total === undefined)).toBe(true);
    expect(ids).toContain(otherSectorAsset);
    expect(ids).not.toContain(w.B.asset.id);
  });

  it("is scoped: a usuario gets only its sectors' assets, another municipality none of A's", async () => {
    const usuario = (await allPages(await w.A.users.usuario.token(), 1000)).flatMap((p) => p.patrimonios);
    expect(usuario.length).toBeGreaterThan(0);
    expect(usuario.every((x) => x.sectorId === w.A.sector.id)).toBe(true);
    expect(usuario.map((x) => x.id)).not.toContain(otherSectorAsset);

    const first = (await client(s.url, await w.A.users.usuario.token())('GET', '/api/patrimonios/sync')).body;
    expect(first.total).toBe(usuario.length);

    const b = (await allPages(await w.B.users.visualizador.token(), 1000)).flatMap((p) => p.patrimonios);
    expect(b.map((x) => x.id)).toEqual([w.B.asset.id]);
  });

  it('a user with no sectors gets an empty page; bad cursor or limit 400; no token 401', async () => {
    const lonely = await newUser(s, { municipalityId: w.A.id, role: 'usuario' });
    const r = await client(s.url, await lonely.token())('GET', '/api/patrimonios/sync');
    expect(r.body).toEqual({ patrimonios: [], nextAfter: null, total: 0 });
    const admin = client(s.url, await w.A.users.admin.token());
    expect((await admin('GET', '/api/patrimonios/sync?limit=1001')).status).toBe(400);
    expect((await admin('GET', '/api/patrimonios/sync?after=-1')).status).toBe(400);
    expect((await admin('GET', '/api/patrimonios/sync?after=x')).status).toBe(400);
    expect((await admin('GET', '/api/patrimonios/sync?municipalityId=1')).status).toBe(400);
    expect((await client(s.url)('GET', '/api/patrimonios/sync')).status).toBe(401);
  });

  it('can read through the (municipality, id) index: no table scan is needed', async () => {
    const text = await s.owner.session(async (_db, query) => {
      await query('set enable_seqscan = off');
      try {
        const plan = await query<{ 'QUERY PLAN': string }>(
          'explain select * from patrimonios where municipality_id = $1 and id > $2 order by id limit 1000',
          [w.A.id, 0],
        );
        return plan.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await query('reset enable_seqscan');
      }
    });
    expect(text).toMatch(/Index Scan|Index Only Scan/);
    expect(text).not.toMatch(/Seq Scan/);
  });
});
