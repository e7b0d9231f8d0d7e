import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_AUDIT_RATE, type AuditLog, type LiveEvent } from '@tombo/shared';
import { nextEvent, startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { newTenant, type TestTenant, type TestUser } from '../support/factories';

// Issue 8, defect 6: anyone signed in could write any activity-log entry through POST /api/audit-logs.
let s: TestServer;
/** Own municipality, one user per role. */
let A: TestTenant;
const as = async (u: TestUser) => client(s.url, await u.token());
const allLogs = async (): Promise<AuditLog[]> =>
  (await (await as(A.users.admin))('GET', '/api/audit-logs?pageSize=100')).body.logs;

beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  // Sign everyone in first: a login writes its own entry.
  for (const who of ['admin', 'supervisor', 'usuario', 'visualizador'] as const) await A.users[who].token();
});
afterAll(async () => {
  await s?.close();
});

describe('client-reported activity entries', () => {
  it('a server action cannot be reported: 400, nothing written', async () => {
    const before = await allLogs();
    const usuario = await as(A.users.usuario);
    for (const entry of [
      { action: 'USER_DELETE', entityType: 'User', entityId: 1, details: 'Usuário excluído' },
      { action: 'PATRIMONIO_WRITE_OFF', entityType: 'Patrimonio', entityId: 1 },
      { action: 'LOGIN', entityType: 'User' },
      { action: 'CLIENT_SYNC_START', entityType: 'Sync' },
      { action: 'SYNC_START', entityType: 'Role', entityId: 'admin' },
      { action: 'SYNC_START', entityType: 'User', entityId: 1 },
    ]) {
      const r = await usuario('POST', '/api/audit-logs', entry);
      expect(r.status, JSON.stringify(entry)).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION');
      expect(r.body.error.message).toMatch(/[ãçéíóú]|inválid|permitid/);
    }
    expect(await allLogs()).toEqual(before);
  });

  it('a sync entry is stored under the CLIENT_ namespace with the author from the token, and shown live', async () => {
    const socket = await s.socket(await A.users.admin.token());
    const live = nextEvent<LiveEvent<AuditLog>>(socket, 'audit.created');
    const r = await (
      await as(A.users.usuario)
    )('POST', '/api/audit-logs', {
      action: 'SYNC_SUCCESS',
      entityType: 'Patrimonio',
      details: '12 bens atualizados com sucesso.',
    });
    expect(r.status).toBe(201);
    const event = await live;
    const me = (await (await as(A.users.usuario))('GET', '/api/auth/me')).body.user;
    expect(event.data).toMatchObject({
      action: 'CLIENT_SYNC_SUCCESS',
      entityType: 'Patrimonio',
      details: '12 bens atualizados com sucesso.',
      userId: me.id,
      userName: me.name,
      municipalityId: me.municipalityId,
    });
    expect((await allLogs())[0]).toEqual(event.data);
    // The entity type defaults to Sync; nothing the server writes starts with CLIENT_.
    expect((await (await as(A.users.visualizador))('POST', '/api/audit-logs', { action: 'SYNC_START' })).status).toBe(
      201,
    );
    const logs = await allLogs();
    expect(logs[0]).toMatchObject({ action: 'CLIENT_SYNC_START', entityType: 'Sync' });
    expect(logs.filter((l) => l.action.startsWith('CLIENT_')).map((l) => l.action)).toEqual([
      'CLIENT_SYNC_START',
      'CLIENT_SYNC_SUCCESS',
    ]);
  });

  it('a client entry never clears the principal caches', async () => {
    const principals = s.ctx.principals!;
    const original = principals.forgetAll.bind(principals);
    let cleared = 0;
    principals.forgetAll = () => {
      cleared++;
      original();
    };
    try {
      const admin = await as(A.users.admin);
      for (const entityType of ['User', 'Role', 'Municipality', 'Sector']) {
        const r = await admin('POST', '/api/audit-logs', { action: 'SYNC_FAIL', entityType, entityId: 1 });
        expect(r.status, entityType).toBe(400);
      }
      expect((await admin('POST', '/api/audit-logs', { action: 'SYNC_FAIL', entityType: 'Sync' })).status).toBe(201);
      expect(cleared).toBe(0);
    } finally {
      principals.forgetAll = original;
    }
  });

  it('is rate limited per user: 429 with a pt-BR message, other users unaffected', async () => {
    const supervisor = await as(A.users.supervisor);
    let accepted = 0;
    let limited: { status: number; body: any } | undefined;
    for (let i = 0; i <= CLIENT_AUDIT_RATE.max && !limited; i++) {
      const r = await supervisor('POST', '/api/audit-logs', { action: 'SYNC_CANCEL' });
      if (r.status === 201) accepted++;
      else limited = r;
    }
    expect(accepted).toBe(CLIENT_AUDIT_RATE.max);
    expect(limited?.status).toBe(429);
    expect(limited?.body.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Aguarde/) });
    const mine = (await allLogs()).filter((l) => l.action === 'CLIENT_SYNC_CANCEL');
    expect(mine).toHaveLength(CLIENT_AUDIT_RATE.max);
    expect((await (await as(A.users.admin))('POST', '/api/audit-logs', { action: 'SYNC_CANCEL' })).status).toBe(201);
  });
});
