import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PatrimonioListItem } from '@tombo/shared';
import { SyncCancelled, runSync, type FetchSyncPage, type SyncProgress } from './engine';
import { OfflineStore, databaseName } from './store';

let seq = 0;
const asset = (id: number, numero: string, descricao = `Bem ${numero}`) =>
  ({
    id,
    numero_patrimonio: numero,
    descricao_bem: descricao,
    sectorId: 1,
    setor_responsavel: 'Administração',
    localId: 2,
    local_objeto: 'Sala 1',
    status: 'ativo',
    estado_conservacao: 'bom',
    valor_aquisicao: '10.00',
  }) as PatrimonioListItem;

/** A server answering `assets` in pages of `size` by id cursor, like GET /api/patrimonios/sync. */
function server(assets: PatrimonioListItem[], size: number, failAt?: number): FetchSyncPage & { calls: number[] } {
  const calls: number[] = [];
  const fetchPage = async (after: number) => {
    calls.push(after);
    if (failAt !== undefined && calls.length === failAt) throw new Error('rede caiu');
    const page = assets.filter((a) => a.id > after).slice(0, size);
    return {
      patrimonios: page,
      nextAfter: page.length === size ? page[page.length - 1].id : null,
      ...(after === 0 ? { total: assets.length } : {}),
    };
  };
  return Object.assign(fetchPage, { calls });
}

const open = () => OfflineStore.open(`test-${++seq}`);
const never = new AbortController().signal;

describe('offline store + sync', () => {
  it('is empty before the first sync', async () => {
    const store = await open();
    expect(await store.lookup('2024AD000001')).toBeNull();
    expect(await store.count()).toBe(0);
    expect(await store.lastSync()).toBeNull();
  });

  it('fills page by page, reports progress with the total, looks numbers up case-insensitively', async () => {
    const store = await open();
    const assets = Array.from({ length: 7 }, (_, i) => asset(i + 1, `2024AD00000${i + 1}`));
    const fetchPage = server(assets, 3);
    const progress: SyncProgress[] = [];
    const at = new Date('2026-05-04T13:45:00Z');
    const n = await runSync(
      store,
      fetchPage,
      never,
      (p) => progress.push(p),
      () => at,
    );
    expect(n).toBe(7);
    expect(fetchPage.calls).toEqual([0, 3, 6]);
    expect(progress).toEqual([
      { loaded: 3, total: 7 },
      { loaded: 6, total: 7 },
      { loaded: 7, total: 7 },
    ]);
    expect(await store.count()).toBe(7);
    expect((await store.lastSync())?.toISOString()).toBe(at.toISOString());
    expect(await store.lookup(' 2024ad000005 ')).toMatchObject({ id: 5, descricao_bem: 'Bem 2024AD000005' });
  });

  it('a new sync replaces the list: an asset gone from the server is gone from the device', async () => {
    const store = await open();
    await runSync(store, server([asset(1, 'A1'), asset(2, 'A2')], 10), never, () => undefined);
    await runSync(store, server([asset(2, 'A2', 'Mesa nova'), asset(3, 'A3')], 10), never, () => undefined);
    expect(await store.lookup('A1')).toBeNull();
    expect(await store.lookup('A2')).toMatchObject({ descricao_bem: 'Mesa nova' });
    expect(await store.count()).toBe(2);
  });

  it('a failure or a cancel midway keeps the previous list and its date', async () => {
    const store = await open();
    const first = new Date('2026-01-01T10:00:00Z');
    await runSync(
      store,
      server([asset(1, 'A1')], 10),
      never,
      () => undefined,
      () => first,
    );
    const many = Array.from({ length: 9 }, (_, i) => asset(i + 10, `B${i}`));

    await expect(runSync(store, server(many, 3, 2), never, () => undefined)).rejects.toThrow('rede caiu');
    expect(await store.lookup('A1')).not.toBeNull();
    expect(await store.lookup('B0')).toBeNull();
    expect(await store.count()).toBe(1);

    const abort = new AbortController();
    const cancelled = runSync(store, server(many, 3), abort.signal, (p) => p.loaded >= 3 && abort.abort());
    await expect(cancelled).rejects.toBeInstanceOf(SyncCancelled);
    expect(await store.lookup('B0')).toBeNull();
    expect((await store.lastSync())?.toISOString()).toBe(first.toISOString());
  });

  it('keeps one database per user and municipality', async () => {
    expect(databaseName(1, 2)).not.toBe(databaseName(2, 2));
    expect(databaseName(1, 2)).not.toBe(databaseName(1, 3));
    const a = await OfflineStore.open(databaseName(1, 2));
    const b = await OfflineStore.open(databaseName(2, 2));
    await runSync(a, server([asset(1, 'SO-A')], 10), never, () => undefined);
    expect(await b.lookup('SO-A')).toBeNull();
    expect(await a.lookup('SO-A')).not.toBeNull();
  });
});
