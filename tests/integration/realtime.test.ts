import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, Sector } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newTipoBem, newTown, type TestTenant, type TestTown } from '../support/factories';

let s: TestServer;
/** Own municipality (the usuario in AD and TI) and another one. */
let A: TestTown;
let B: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
  B = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

describe('socket handshake', () => {
  it('is refused without a token and with a bad one', async () => {
    await expect(s.socket(undefined as unknown as string)).rejects.toThrow('unauthorized');
    await expect(s.socket('forged.token.value')).rejects.toThrow('unauthorized');
  });
});

describe('live sector events', () => {
  it('a sector created by one admin reaches another client of the same municipality, after commit', async () => {
    const watcher = await s.socket(await A.users.supervisor.token());
    const arrived = nextEvent<LiveEvent<Sector>>(watcher, 'sector.created');
    const admin = client(s.url, await A.users.admin.token());
    const created = await admin('POST', '/api/sectors', { name: 'Setor ao Vivo', code: 'LV' });
    const event = await arrived;
    expect(event.data).toEqual(created.body);
    expect(event.actor?.name).toBe(A.users.admin.name);
    expect(event.municipalityId).toBe(created.body.municipalityId);

    const renamed = nextEvent<LiveEvent<Sector>>(watcher, 'sector.updated');
    await admin('PUT', `/api/sectors/${created.body.id}`, {
      name: 'Setor ao Vivo (renomeado)',
      version: created.body.version,
    });
    expect((await renamed).data.name).toBe('Setor ao Vivo (renomeado)');
  });

  it("a user of municipality A never receives municipality B's events", async () => {
    const exemplo = await s.socket(await A.users.visualizador.token());
    const vizinho = await s.socket(await B.users.admin.token());
    const exemploId = A.id;
    const leaked: Array<number | null> = [];
    for (const name of ['sector.created', 'audit.created', 'local.created'] as const) {
      vizinho.on(name, (e: { municipalityId: number | null }) => leaked.push(e.municipalityId));
    }
    const seen = nextEvent(exemplo, 'sector.created');
    // the marker proves the vizinho socket is live and delivering: it arrives after anything sent before it
    const marker = nextEvent(vizinho, 'sector.created');
    await client(s.url, await A.users.admin.token())('POST', '/api/sectors', { name: 'Só do Exemplo', code: 'SE' });
    await seen;
    await client(s.url, await B.users.admin.token())('POST', '/api/sectors', { name: 'Marcador Vizinho', code: 'MV' });
    await marker;
    expect(leaked.length).toBeGreaterThan(0); // its own marker (and audit) arrived
    expect(leaked).not.toContain(exemploId);
  });

  it('the activity feed reaches admins but not users without audit:read', async () => {
    const admin = await s.socket(await A.users.admin.token());
    const usuario = await s.socket(await A.users.usuario.token());
    let usuarioGot = 0;
    usuario.on('audit.created', () => usuarioGot++);
    const feed = nextEvent<LiveEvent<{ action: string }>>(admin, 'audit.created');
    const usuarioMarker = nextEvent(usuario, 'local.created');
    const sectorId = (await client(s.url, await A.users.admin.token())('GET', '/api/sectors')).body.sectors[0].id;
    await client(s.url, await A.users.supervisor.token())('POST', '/api/locais', {
      name: 'Sala Nova ao Vivo',
      sectorId,
    });
    expect((await feed).data.action).toBe('LOCAL_CREATE');
    await usuarioMarker;
    expect(usuarioGot).toBe(0);
  });

  it('no event is sent for a change that fails', async () => {
    const watcher = await s.socket(await A.users.admin.token());
    let got = 0;
    watcher.on('sector.created', () => got++);
    const dup = await client(s.url, await A.users.supervisor.token())('POST', '/api/sectors', {
      name: 'Outro',
      code: 'LV',
    });
    expect(dup.status).toBe(409);
    const marker = nextEvent(watcher, 'sector.created');
    await client(s.url, await A.users.supervisor.token())('POST', '/api/sectors', {
      name: 'Depois do erro',
      code: 'DE',
    });
    await marker;
    expect(got).toBe(1);
  });
});

describe('live asset events follow sector visibility', () => {
  it('a usuario receives events of its own sectors only; an admin receives all', async () => {
    const adminApi = client(s.url, await A.users.admin.token());
    const sectors = (await adminApi('GET', '/api/sectors')).body.sectors as Sector[];
    const byCode = (code: string) => sectors.find((x) => x.code === code)!.id;
    const tipoId = (await newTipoBem(s, A.id)).id;
    const usuario = await s.socket(await A.users.usuario.token()); // sectors AD and TI
    const admin = await s.socket(await A.users.admin.token());
    const usuarioGot: number[] = [];
    usuario.on('patrimonio.created', (e: LiveEvent<{ sectorId: number }>) => usuarioGot.push(e.data.sectorId));
    const adminGot: number[] = [];
    admin.on('patrimonio.created', (e: LiveEvent<{ sectorId: number }>) => adminGot.push(e.data.sectorId));
    const adminBoth = new Promise<void>((resolve) =>
      admin.on('patrimonio.created', () => {
        if (adminGot.length === 2) resolve();
      }),
    );

    const other = await adminApi('POST', '/api/patrimonios', {
      descricao_bem: 'Carteira escolar',
      sectorId: byCode('ED'),
      valor_aquisicao: '150.00',
      tipoId,
    });
    expect(other.status).toBe(201);
    const own = nextEvent(usuario, 'patrimonio.created');
    await adminApi('POST', '/api/patrimonios', {
      descricao_bem: 'Monitor',
      sectorId: byCode('TI'),
      valor_aquisicao: '900.00',
      tipoId,
    });
    await own; // events arrive in order: anything for ED would have come first
    expect(usuarioGot).toEqual([byCode('TI')]);
    await adminBoth;
    expect(adminGot).toEqual([byCode('ED'), byCode('TI')]);
  });
});
