import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent, Notification } from '@tombo/shared';
import { mutate } from '../../server/src/db/tx';
import { notify } from '../../server/src/modules/notifications';
import { scopeOfMunicipality } from '../../server/src/tenancy/scope';
import { newTenant, type TestTenant } from '../support/factories';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';

let s: TestServer;
let a: TestTenant;
let b: TestTenant;
const as = async (u: { token(): Promise<string> }) => client(s.url, await u.token());
const send = (t: TestTenant, userIds: number[], title: string, dedupeKey?: string) =>
  mutate(s.ctx, null, (tx, out) =>
    notify(tx, out, scopeOfMunicipality(t.id), userIds, {
      title,
      description: `Descrição de ${title}`,
      type: 'transfer',
      link: '/bens-cadastrados/ver/1',
      dedupeKey,
    }),
  );

beforeAll(async () => {
  s = await startTestServer();
  a = await newTenant(s);
  b = await newTenant(s);
});
afterAll(() => s?.close());

describe('notifications (spec §4 Notification)', () => {
  it('a user sees only their own, newest first, with the unread count', async () => {
    await send(a, [a.users.usuario.id], 'Primeira');
    await send(a, [a.users.usuario.id, a.users.admin.id], 'Segunda');
    const usuario = await as(a.users.usuario);
    const r = await usuario('GET', '/api/notificacoes');
    expect(r.status).toBe(200);
    expect(r.body.notifications.map((n: Notification) => n.title)).toEqual(['Segunda', 'Primeira']);
    expect(r.body.unread).toBe(2);
    expect(r.body.notifications[0]).toMatchObject({
      userId: a.users.usuario.id,
      description: 'Descrição de Segunda',
      type: 'transfer',
      link: '/bens-cadastrados/ver/1',
      isRead: false,
    });
    const admin = await as(a.users.admin);
    expect((await admin('GET', '/api/notificacoes')).body.notifications.map((n: Notification) => n.title)).toEqual([
      'Segunda',
    ]);
  });

  it("another municipality's user ids are ignored, not notified", async () => {
    const sent = await send(a, [b.users.admin.id], 'Vazamento');
    expect(sent).toEqual([]);
    const other = await as(b.users.admin);
    expect((await other('GET', '/api/notificacoes')).body.total).toBe(0);
  });

  it('marks one read (404 for anyone else’s), then all, with the filter', async () => {
    const usuario = await as(a.users.usuario);
    const admin = await as(a.users.admin);
    const [first] = (await usuario('GET', '/api/notificacoes?filter=unread')).body.notifications as Notification[];
    const foreign = await admin('POST', `/api/notificacoes/${first.id}/lida`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Notificação não encontrada.');
    const mine = await usuario('POST', `/api/notificacoes/${first.id}/lida`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ id: first.id, unread: 1 });
    expect((await usuario('GET', '/api/notificacoes?filter=read')).body.notifications).toHaveLength(1);
    expect((await usuario('POST', '/api/notificacoes/lidas')).body).toEqual({ updated: 1, unread: 0 });
    expect((await usuario('GET', '/api/notificacoes')).body.unread).toBe(0);
    // the admin's own stays unread
    expect((await admin('GET', '/api/notificacoes')).body.unread).toBe(1);
  });

  it('bad input: an unknown filter or an out-of-range id is 400', async () => {
    const usuario = await as(a.users.usuario);
    expect((await usuario('GET', '/api/notificacoes?filter=x')).status).toBe(400);
    expect((await usuario('POST', '/api/notificacoes/99999999999/lida')).status).toBe(400);
  });

  it('is pushed live to the recipient only, once per dedupe key', async () => {
    const mine = await s.socket(await a.users.visualizador.token());
    const theirs = await s.socket(await a.users.supervisor.token());
    let leaked = 0;
    theirs.on('notification.created', () => leaked++);
    const got = nextEvent<LiveEvent<Notification>>(mine, 'notification.created');
    await send(a, [a.users.visualizador.id], 'Ao vivo', 'chave-1');
    expect((await got).data.title).toBe('Ao vivo');
    expect(await send(a, [a.users.visualizador.id], 'Ao vivo', 'chave-1')).toEqual([]);
    const visualizador = await as(a.users.visualizador);
    expect((await visualizador('GET', '/api/notificacoes')).body.total).toBe(1);
    expect(leaked).toBe(0);
  });
});
