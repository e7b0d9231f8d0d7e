/**
 * Issue 35: an admin invites a colleague by e-mail (no password typed), the colleague creates their own password
 * from a one-use, expiring link; resend and revoke; a password someone else set (an admin's, the generated
 * superuser's) must be changed at the first sign-in, and nothing else is served until then.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, INVITATION_TTL_DAYS, MSG, USER_MSG, type User } from '@tombo/shared';
import { ensureSuperuser } from '../../server/src/modules/demo-seed';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { invitationTokenTo, mailsTo } from '../support/mail';
import { newTenant, ownerQuery, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
let A: TestTenant;
let B: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  B = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

const as = async (u: TestUser) => client(s.url, await u.token());
const anon = () => client(s.url);
const login = (email: string, password: string) => anon()('POST', '/api/auth/login', { email, password });
let n = 0;
const newEmail = () => `convidada.${Date.now().toString(36)}${n++}@prefeitura.gov.br`;
const NEW_PASSWORD = 'Minha@Senha2026';

/** An admin of A invites a colleague with one sector; the answer's user. */
async function invite(email = newEmail()): Promise<User> {
  const admin = await as(A.users.admin);
  const res = await admin<User>('POST', '/api/users', {
    name: 'Clara Convidada',
    email,
    role: 'usuario',
    sectorIds: [A.sector.id],
  });
  expect(res.status).toBe(201);
  return res.body;
}
const accept = (token: string, password = NEW_PASSWORD) =>
  anon()('POST', '/api/auth/accept-invitation', { token, password });
const refusedToken = { code: 'VALIDATION', message: MSG.auth.invitationInvalid };

describe('inviting a colleague', () => {
  it('invite → mail in the outbox → "Criar sua senha" link accepted once → sign-in works', async () => {
    const user = await invite();
    expect(user).toMatchObject({ invitation: 'pending', mustChangePassword: false, sectorIds: [A.sector.id] });
    expect(new Date(user.invitationExpiresAt!).getTime()).toBeGreaterThan(
      Date.now() + (INVITATION_TTL_DAYS - 1) * 864e5,
    );
    // no password works before the invitation is used
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(401);

    const [mail] = await mailsTo(s, user.email, /\/criar-senha\//);
    expect(mail).toContain(A.name);
    expect(mail).not.toContain('/redefinir-senha/');
    const token = await invitationTokenTo(s, user.email);
    const info = await anon()('GET', `/api/auth/invitations/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ name: 'Clara Convidada', email: user.email, municipalityName: A.name });

    const ok = await accept(token);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(MSG.auth.invitationAccepted);
    // one use only
    const again = await accept(token, 'Outra@Senha2026');
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject(refusedToken);
    expect((await anon()('GET', `/api/auth/invitations/${token}`)).status).toBe(404);

    const signed = await login(user.email, NEW_PASSWORD);
    expect(signed.status).toBe(200);
    expect(signed.body.user).toMatchObject({ id: user.id, municipalityId: A.id, mustChangePassword: false });
    expect((await client(s.url, signed.body.token)('GET', '/api/patrimonios?pageSize=1')).status).toBe(200);
    // the list no longer shows an invitation; the activity log has the pt-BR entries
    const listed = await (await as(A.users.admin))<User>('GET', `/api/users/${user.id}`);
    expect(listed.body).toMatchObject({ invitation: null, invitationExpiresAt: null });
    const actions = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where entity_type = 'User' and entity_id = $1 order by id`,
      [String(user.id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['USER_CREATE', 'USER_INVITE', 'USER_INVITE_ACCEPT', 'LOGIN']);
    expect(AUDIT_ACTION_LABELS.USER_INVITE_ACCEPT).toBe('Convite de acesso aceito');
    expect(AUDIT_ACTION_LABELS.USER_INVITE_REVOKE).toBe('Convite de acesso revogado');
  });

  it('an expired link is refused with the pt-BR message and the list says "expirado"', async () => {
    const user = await invite();
    const token = await invitationTokenTo(s, user.email);
    await ownerQuery(
      s,
      `update password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = $1`,
      [user.id],
    );
    const res = await accept(token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ ...refusedToken, fields: { token: MSG.auth.invitationInvalid } });
    expect((await (await as(A.users.admin))<User>('GET', `/api/users/${user.id}`)).body.invitation).toBe('expired');
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(401);
  });

  it('"Reenviar convite" mails a new link and the old one stops working', async () => {
    const user = await invite();
    const first = await invitationTokenTo(s, user.email);
    const admin = await as(A.users.admin);
    const resent = await admin<User>('POST', `/api/users/${user.id}/invitation`);
    expect(resent.status).toBe(202);
    expect(resent.body.invitation).toBe('pending');
    const second = await invitationTokenTo(s, user.email, 2);
    expect(second).not.toBe(first);
    expect((await accept(first)).body.error).toMatchObject(refusedToken);
    expect((await accept(second)).status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('"Revogar convite" ends the link: no sign-in until invited again', async () => {
    const user = await invite();
    const token = await invitationTokenTo(s, user.email);
    const admin = await as(A.users.admin);
    const revoked = await admin<User>('DELETE', `/api/users/${user.id}/invitation`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.invitation).toBe('revoked');
    expect((await accept(token)).body.error).toMatchObject(refusedToken);
    // nothing left to revoke
    const twice = await admin('DELETE', `/api/users/${user.id}/invitation`);
    expect(twice.status).toBe(422);
    expect(twice.body.error.message).toBe(USER_MSG.noInvitation);
    // invited again: a new link works
    expect((await admin('POST', `/api/users/${user.id}/invitation`)).status).toBe(202);
    expect((await accept(await invitationTokenTo(s, user.email, 2))).status).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("another municipality's user is a 404 for resend and revoke, and nothing changes", async () => {
    const user = await invite();
    const other = await as(B.users.admin);
    const before = await ownerQuery(s, 'select version, invitation_status from users where id = $1', [user.id]);
    for (const method of ['POST', 'DELETE']) {
      const res = await other(method, `/api/users/${user.id}/invitation`);
      expect(res.status).toBe(404);
    }
    expect(await ownerQuery(s, 'select version, invitation_status from users where id = $1', [user.id])).toEqual(
      before,
    );
    expect(await mailsTo(s, user.email, /\/criar-senha\//, 2, 300)).toHaveLength(1);
  });

  it('hostile input: a tampered token, a weak password and unknown fields change nothing', async () => {
    const user = await invite();
    const token = await invitationTokenTo(s, user.email);
    expect((await accept(`${token}x`)).body.error).toMatchObject(refusedToken);
    expect((await anon()('GET', `/api/auth/invitations/${encodeURIComponent("' or 1=1 --x")}`)).status).toBe(404);
    const weak = await accept(token, 'fraca');
    expect(weak.status).toBe(400);
    expect(weak.body.error.fields.password).toBe(MSG.password.min);
    const extra = await anon()('POST', '/api/auth/accept-invitation', { token, password: NEW_PASSWORD, role: 'admin' });
    expect(extra.status).toBe(400);
    // the link still works afterwards
    expect((await accept(token)).status).toBe(200);
  });
});

describe('a password someone else set', () => {
  it('an admin-typed password must be changed at the first sign-in; nothing else is served until then', async () => {
    const admin = await as(A.users.admin);
    const email = newEmail();
    const typed = 'Digitada@2026';
    const created = await admin<User>('POST', '/api/users', {
      name: 'Davi Digitado',
      email,
      password: typed,
      role: 'visualizador',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ mustChangePassword: true, invitation: null });

    const signed = await login(email, typed);
    expect(signed.status).toBe(200);
    expect(signed.body.user.mustChangePassword).toBe(true);
    const me = client(s.url, signed.body.token);
    const blocked = await me('GET', '/api/patrimonios?pageSize=1');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toEqual({ code: 'PASSWORD_CHANGE_REQUIRED', message: MSG.auth.passwordChangeRequired });
    // what the "Trocar senha" screen needs is served
    expect((await me('GET', '/api/auth/me')).body.user.mustChangePassword).toBe(true);
    expect((await me('GET', '/api/security/session-policy')).status).toBe(200);
    // the same password again is no change
    const same = await me('PUT', '/api/auth/password', { currentPassword: typed, password: typed });
    expect(same.status).toBe(400);
    expect(same.body.error.fields.password).toBe(MSG.auth.samePassword);

    expect((await me('PUT', '/api/auth/password', { currentPassword: typed, password: NEW_PASSWORD })).status).toBe(
      200,
    );
    expect((await me('GET', '/api/patrimonios?pageSize=1')).status).toBe(200);
    expect((await me('GET', '/api/auth/me')).body.user.mustChangePassword).toBe(false);
  });

  it('a password reset by an admin must be changed too, and the sign-in after says so', async () => {
    const admin = await as(A.users.admin);
    const user = await invite();
    await accept(await invitationTokenTo(s, user.email));
    const current = (await admin<User>('GET', `/api/users/${user.id}`)).body;
    const typed = 'Redefinida@2026';
    const put = await admin<User>('PUT', `/api/users/${user.id}`, { password: typed, version: current.version });
    expect(put.status).toBe(200);
    expect(put.body.mustChangePassword).toBe(true);
    const signed = await login(user.email, typed);
    expect(signed.body.user.mustChangePassword).toBe(true);
    expect((await client(s.url, signed.body.token)('GET', '/api/users')).status).toBe(403);
  });

  it("the superuser's generated password (printed at the first start) must be changed", async () => {
    await ownerQuery(s, `delete from users where role = 'superuser'`);
    const email = `su.${Date.now()}@tombo.gov.br`;
    const made = await s.owner.transaction((db) => ensureSuperuser(db, email, undefined));
    expect(made.created).toBe(true);
    const signed = await login(email, made.password!);
    expect(signed.status).toBe(200);
    expect(signed.body.user.mustChangePassword).toBe(true);
    const su = client(s.url, signed.body.token);
    const blocked = await su('GET', '/api/superuser/dashboard');
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const changed = await su('PUT', '/api/auth/password', { currentPassword: made.password, password: NEW_PASSWORD });
    expect(changed.status).toBe(200);
    expect((await su('GET', '/api/superuser/dashboard')).status).toBe(200);
  });

  it('a chosen SUPERUSER_PASSWORD is the operator’s own: no change is forced', async () => {
    await ownerQuery(s, `delete from users where role = 'superuser'`);
    const email = `su.env.${Date.now()}@tombo.gov.br`;
    await s.owner.transaction((db) => ensureSuperuser(db, email, 'Escolhida@2026'));
    expect((await login(email, 'Escolhida@2026')).body.user.mustChangePassword).toBe(false);
  });
});
