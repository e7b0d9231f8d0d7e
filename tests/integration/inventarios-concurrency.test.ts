import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeituraResult } from '@tombo/shared';
import { newSector, newTenant, newUser, type TestSector, type TestTenant, type TestUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/harness';
import { client, type Answer } from '../support/http';
import { bulkAssets, inventarioBody, leitura } from '../support/inventarios';

// 20 counters reading an inventory of 10,000 items at once, in random order with repeats: every item
// is counted exactly once and the reading log holds every reading.

const ITEMS = 10_000;
const COUNTERS = 20;
const BATCH = 50;

let s: TestServer;
let a: TestTenant;
let sector: TestSector;
let numeros: string[];
const counters: TestUser[] = [];
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => s.owner.query<T>(text, params);

/** Fisher–Yates with a seeded generator (a failure can be replayed). */
function shuffle<T>(list: T[], seed: number): T[] {
  const out = [...list];
  let x = seed;
  const rnd = () => (x = (x * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  sector = await newSector(s, a.id);
  numeros = await bulkAssets(s, sector, ITEMS);
  for (let i = 0; i < COUNTERS; i++)
    counters.push(
      await newUser(s, { municipalityId: a.id, role: 'usuario', sectorIds: [sector.id], name: `Contador ${i + 1}` }),
    );
}, 180_000);
afterAll(() => s?.close());

describe('20 counters at once', () => {
  it('every item counted exactly once, the log complete, the counts right', async () => {
    const created = await client(s.url, await a.users.admin.token())(
      'POST',
      '/api/inventarios',
      inventarioBody(a, { sectorId: sector.id, comissao: counters.map((c) => c.id) }),
    );
    expect(created.status).toBe(201);
    const id: number = created.body.inventario.id;
    expect(created.body.inventario.totalItens).toBe(ITEMS);

    // Each counter reads its own share plus 30% of everyone else's labels, all shuffled: many labels are
    // read by two or more counters at nearly the same moment.
    const everyone = shuffle(numeros, 7);
    const plans = counters.map((_, i) => {
      const own = everyone.filter((_, k) => k % COUNTERS === i);
      const extra = shuffle(everyone, 100 + i).slice(0, Math.floor(ITEMS * 0.03));
      return shuffle([...own, ...extra], 1000 + i).map((n) => leitura(n));
    });
    const sent = plans.reduce((n, p) => n + p.length, 0);
    const results = new Map<string, LeituraResult>();
    let retried = 0;
    await Promise.all(
      counters.map(async (c, i) => {
        const call = client(s.url, await c.token());
        for (let k = 0; k < plans[i].length; k += BATCH) {
          const batch = plans[i].slice(k, k + BATCH);
          // A dropped connection is retried with the same batch, as the app's queue does: the readings'
          // ids make the retry safe (a stale keep-alive socket can be reset while PGlite serializes the load).
          let r: Answer<{ resultados: LeituraResult[] }> | undefined;
          for (let attempt = 0; !r; attempt++) {
            try {
              r = await call('POST', `/api/inventarios/${id}/leituras`, { leituras: batch });
            } catch (err) {
              if (attempt >= 3) throw err;
              retried++;
            }
          }
          expect(r.status, JSON.stringify(r.body)).toBe(200);
          for (const x of r.body.resultados as LeituraResult[]) results.set(x.id, x);
        }
      }),
    );
    expect(results.size).toBe(sent);
    if (retried) console.info(`${retried} lotes reenviados após conexão perdida`);
    const counted = [...results.values()].filter((r) => r.resultado === 'found');
    expect(counted).toHaveLength(ITEMS);
    expect(new Set(counted.map((r) => r.item!.numero_patrimonio)).size).toBe(ITEMS);
    expect([...results.values()].filter((r) => r.resultado === 'duplicada')).toHaveLength(sent - ITEMS);

    const [inv] = await q<{ encontrados: number; divergentes: number }>(
      'select found_count encontrados, divergent_count divergentes from inventarios where id = $1',
      [id],
    );
    expect(inv).toEqual({ encontrados: ITEMS, divergentes: 0 });
    const [items] = await q<{ notFound: number; found: number; claimedByFound: number }>(
      `select count(*) filter (where it.status = 'not_found')::int "notFound",
              count(*) filter (where it.status = 'found')::int found,
              count(*) filter (where l.result = 'found' and l.item_id = it.id)::int "claimedByFound"
         from inventario_items it
         left join inventario_readings l on l.inventario_id = it.inventario_id and l.client_id = it.reading_id
        where it.inventario_id = $1`,
      [id],
    );
    expect(items).toEqual({ notFound: 0, found: ITEMS, claimedByFound: ITEMS });
    const [log] = await q<{ n: number; found: number; dup: number; pending: number; perItem: number }>(
      `select count(*)::int n, count(*) filter (where result = 'found')::int found,
              count(*) filter (where result = 'duplicada')::int dup,
              count(*) filter (where result is null)::int pending,
              (select max(c)::int from (select count(*) c from inventario_readings
                where inventario_id = $1 and result = 'found' group by item_id) x) "perItem"
         from inventario_readings where inventario_id = $1`,
      [id],
    );
    expect(log).toEqual({ n: sent, found: ITEMS, dup: sent - ITEMS, pending: 0, perItem: 1 });
    // The log through the API: every reading, once, newest first.
    const call = client(s.url, await a.users.visualizador.token());
    const seen = new Set<string>();
    let after: string | null = null;
    do {
      const page: { status: number; body: { leituras: { id: string }[]; nextCursor: string | null } } = await call(
        'GET',
        `/api/inventarios/${id}/leituras?pageSize=200${after ? `&after=${after}` : ''}`,
      );
      expect(page.status).toBe(200);
      for (const l of page.body.leituras) seen.add(l.id);
      after = page.body.nextCursor;
    } while (after);
    expect(seen.size).toBe(sent);
  }, 300_000);
});
