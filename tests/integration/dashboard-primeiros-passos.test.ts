/**
 * The 'Primeiros passos' checklist of a new municipality ticks itself from its data, one step at a time, and
 * never from another municipality's; only who configures the municipality (settings:update) reads it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrimeirosPassos } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import {
  newLocal,
  newMunicipality,
  newPatrimonio,
  newSector,
  newTenant,
  newTipoBem,
  newUser,
  type TestMunicipality,
  type TestUser,
} from '../support/factories';

let s: TestServer;
let m: TestMunicipality;
let admin: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  m = await newMunicipality(s);
  admin = await newUser(s, { municipalityId: m.id, role: 'admin' });
  // A neighbour with everything done: none of it may tick the new municipality's steps.
  await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

const done = async () => {
  const r = await client(s.url, await admin.token())('GET', '/api/dashboard/primeiros-passos');
  expect(r.status).toBe(200);
  return (r.body as PrimeirosPassos).passos.filter((p) => p.feito).map((p) => p.key);
};

describe('GET /api/dashboard/primeiros-passos', () => {
  it('starts empty and ticks each step as its data appears', async () => {
    expect(await done()).toEqual([]);
    const sector = await newSector(s, m.id);
    expect(await done()).toEqual(['setores']);
    await newLocal(s, sector);
    await newTipoBem(s, m.id);
    expect(await done()).toEqual(['setores', 'locais', 'tipos']);

    const api = client(s.url, await admin.token());
    const g = await api('GET', '/api/numeracao');
    const saved = await api('PUT', '/api/numeracao', {
      components: g.body.pattern.components,
      separator: g.body.pattern.separator ?? '',
      version: g.body.pattern.version,
    });
    expect(saved.status).toBe(200);
    await newPatrimonio(s, { municipalityId: m.id, sectorId: sector.id });
    await newUser(s, { municipalityId: m.id, role: 'usuario', sectorIds: [sector.id] });
    expect(await done()).toEqual(['setores', 'locais', 'tipos', 'numeracao', 'bens', 'usuarios']);

    // Labels: a label job that failed does not count; one that finished does.
    const job = (status: string) =>
      s.owner.query(
        `insert into jobs (municipality_id, owner_id, name, title, payload, status)
         values ($1, $2, 'labels.generate', 'Etiquetas', '{}', $3)`,
        [m.id, admin.id, status],
      );
    await job('failed');
    expect(await done()).not.toContain('etiquetas');
    await job('completed');
    expect((await done()).length).toBe(7);
  });

  it('is read by who configures the municipality only', async () => {
    const t = await newTenant(s);
    for (const role of ['supervisor', 'usuario', 'visualizador'] as const) {
      const r = await client(s.url, await t.users[role].token())('GET', '/api/dashboard/primeiros-passos');
      expect(r.status, role).toBe(403);
    }
    const r = await client(s.url, await t.users.admin.token())('GET', '/api/dashboard/primeiros-passos');
    expect((r.body as PrimeirosPassos).passos.map((p) => p.key)).toEqual([
      'setores',
      'locais',
      'tipos',
      'numeracao',
      'bens',
      'usuarios',
      'etiquetas',
    ]);
  });
});
