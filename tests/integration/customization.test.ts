/**
 * Customization: the installation-wide row (no municipality) is read by the public login page and
 * written by the superuser in transactions over all municipalities; a municipality's own row only
 * under that municipality's scope (row-level security applies to both).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOMIZATION, type Customization, type LiveEvent } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, newUser, ownerQuery, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
/** Own municipality, another one, and a superuser. */
let A: TestTenant;
let B: TestTenant;
let SU: TestUser;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
});
afterAll(async () => {
  await s?.close();
});
const as = async (u: TestUser) => client(s.url, await u.token());
const anon = () => client(s.url);
const effective = async (call: ReturnType<typeof client>, path = '/api/customization') =>
  (await call('GET', path)).body.customization as Customization;

describe('customization', () => {
  it('the health check is public', async () => {
    const r = await anon()('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, database: s.ctx.database.kind, queue: s.ctx.queue.mode });
  });

  it("the superuser's installation-wide settings reach the public login page and every municipality", async () => {
    const su = await as(SU);
    const watcher = await s.socket(await SU.token());
    const heard = nextEvent<LiveEvent<{ scope: string }>>(watcher, 'customization.updated');
    const put = await su('PUT', '/api/customization', { welcomeTitle: 'Bem-vindo à instalação' });
    expect(put.status).toBe(200);
    expect(put.body.customization.welcomeTitle).toBe('Bem-vindo à instalação');
    expect((await heard).data).toEqual({ scope: 'global' });
    expect(await effective(anon(), '/api/customization/public')).toMatchObject({
      ...DEFAULT_CUSTOMIZATION,
      welcomeTitle: 'Bem-vindo à instalação',
    });
    for (const [who, user] of Object.entries({
      admin: A.users.admin,
      vizinho: B.users.admin,
      visualizador: A.users.visualizador,
      superuser: SU,
    }))
      expect((await effective(await as(user))).welcomeTitle, who).toBe('Bem-vindo à instalação');
    const logs = await ownerQuery<{ municipality_id: number | null; entity_id: string }>(
      s,
      "select municipality_id, entity_id from audit_logs where action = 'CUSTOMIZATION_UPDATE'",
    );
    expect(logs).toEqual([{ municipality_id: null, entity_id: 'global' }]);
  });

  it("an admin's settings apply to their municipality only, over the installation's; reset falls back", async () => {
    const admin = await as(A.users.admin);
    const me = (await admin('GET', '/api/auth/me')).body.user;
    const watcher = await s.socket(await A.users.visualizador.token());
    const heard = nextEvent<LiveEvent<{ scope: string }>>(watcher, 'customization.updated');
    const put = await admin('PUT', '/api/customization', { primaryColor: '#123456', prefeituraName: 'Prefeitura A' });
    expect(put.status).toBe(200);
    expect(put.body.customization).toMatchObject({
      primaryColor: '#123456',
      prefeituraName: 'Prefeitura A',
      welcomeTitle: 'Bem-vindo à instalação',
    });
    expect((await heard).data).toEqual({ scope: 'municipality' });
    expect((await effective(await as(A.users.visualizador))).primaryColor).toBe('#123456');
    expect((await effective(await as(B.users.admin))).primaryColor).toBe(DEFAULT_CUSTOMIZATION.primaryColor);
    expect((await effective(anon(), '/api/customization/public')).primaryColor).toBe(
      DEFAULT_CUSTOMIZATION.primaryColor,
    );
    const rows = await ownerQuery<{ municipality_id: number | null }>(
      s,
      'select municipality_id from customizations order by municipality_id nulls first',
    );
    expect(rows).toEqual([{ municipality_id: null }, { municipality_id: me.municipalityId }]);

    const reset = await admin('POST', '/api/customization/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.customization.primaryColor).toBe(DEFAULT_CUSTOMIZATION.primaryColor);
    expect(reset.body.customization.welcomeTitle).toBe('Bem-vindo à instalação');
    expect((await effective(anon(), '/api/customization/public')).welcomeTitle).toBe('Bem-vindo à instalação');
  });

  it('only the superuser and holders of settings:update may change it; bad values are refused', async () => {
    for (const who of ['usuario', 'visualizador'] as const) {
      const call = await as(A.users[who]);
      expect((await call('PUT', '/api/customization', { primaryColor: '#000000' })).status, who).toBe(403);
      expect((await call('POST', '/api/customization/reset')).status, who).toBe(403);
    }
    expect((await anon()('PUT', '/api/customization', { primaryColor: '#000000' })).status).toBe(401);
    expect((await anon()('GET', '/api/customization')).status).toBe(401);
    const admin = await as(A.users.admin);
    const bad = await admin('PUT', '/api/customization', { primaryColor: 'azul' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.primaryColor).toBe('Cor inválida.');
    expect((await admin('PUT', '/api/customization', { hacker: true })).status).toBe(400);
  });

  it('the superuser resets the installation-wide settings to the defaults', async () => {
    const su = await as(SU);
    const reset = await su('POST', '/api/customization/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.customization).toEqual(DEFAULT_CUSTOMIZATION);
    expect(await effective(anon(), '/api/customization/public')).toEqual(DEFAULT_CUSTOMIZATION);
  });
});
