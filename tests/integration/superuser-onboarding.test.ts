/**
 * Onboarding a city hall on an installation without demo data: the superuser creates the municipality
 * and its first admin in one step, the admin sets a password from the invitation mail and signs in;
 * deactivation stops sign-in, refresh and the public pages; the contract's refusals (409, 403, 400).
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_TTL_DAYS, MSG, SUPERUSER_MSG, type MunicipalityCreated } from '@tombo/shared';
import { startTestServer, nextEvent, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { invitationTokenTo, mailsTo } from '../support/mail';
import { newTenant, newUser, ownerQuery, type TestTenant, type TestUser } from '../support/factories';

let s: TestServer;
let SU: TestUser;
let A: TestTenant;
beforeAll(async () => {
  s = await startTestServer();
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  A = await newTenant(s);
});
afterAll(async () => {
  await s?.close();
});

const as = async (u: TestUser) => client(s.url, await u.token());
const anon = () => client(s.url);
let n = 0;
/** A fresh onboarding body (unique slug, IBGE code and admin e-mail; São Paulo's UF code). */
const body = (over: Record<string, unknown> = {}) => {
  const k = `${Date.now().toString(36)}${n++}`;
  return {
    name: `Prefeitura de Teste ${k}`,
    uf: 'SP',
    codigoIbge: `35${String(randomInt(0, 100_000)).padStart(5, '0')}`,
    cnpj: '11.222.333/0001-81',
    slug: `teste-${k}`,
    admin: { name: 'Ana Administradora', email: `ana.${k}@prefeitura.gov.br` },
    ...over,
  };
};

/** The invitation mail to `to` (outbox file, tests/support/mail.ts) and its "Criar sua senha" token. */
async function invitationTo(to: string): Promise<{ mail: string; token: string }> {
  const [mail] = await mailsTo(s, to, /\/criar-senha\//);
  if (!mail) throw new Error(`no invitation mail to ${to}`);
  return { mail, token: await invitationTokenTo(s, to) };
}

async function login(email: string, password: string) {
  return anon()('POST', '/api/auth/login', { email, password });
}

const counts = async () =>
  (
    await ownerQuery<{ m: number; u: number }>(
      s,
      'select (select count(*)::int from municipalities) as m, (select count(*)::int from users) as u',
    )
  )[0];

describe('onboarding a municipality', () => {
  it('superuser → municipality and first admin → invitation → password → sign-in in the own municipality', async () => {
    const su = await as(SU);
    const input = body();
    const created = await su<MunicipalityCreated>('POST', '/api/superuser/municipalities', input);
    expect(created.status).toBe(201);
    const { municipality, admin } = created.body;
    expect(municipality).toMatchObject({
      name: input.name,
      uf: 'SP',
      codigoIbge: input.codigoIbge,
      cnpj: '11222333000181',
      slug: input.slug,
      active: true,
    });
    expect(admin).toMatchObject({ email: input.admin.email, role: 'admin', municipalityId: municipality.id });
    // the default templates of a new municipality come from the insert triggers
    const [t] = await ownerQuery<{ n: number }>(
      s,
      'select count(*)::int as n from relatorio_templates where municipality_id = $1',
      [municipality.id],
    );
    expect(t.n).toBeGreaterThan(0);
    // no password works before the invitation is used
    expect((await login(input.admin.email, 'Tombo@2025')).status).toBe(401);

    const { mail, token } = await invitationTo(input.admin.email);
    expect(mail).toContain(municipality.name);
    expect(mail).toContain(`${INVITATION_TTL_DAYS} dias`);
    const [tok] = await ownerQuery<{ days: number }>(
      s,
      `select extract(epoch from expires_at - now()) / 86400 as days from password_reset_tokens where user_id = $1`,
      [admin.id],
    );
    expect(Number(tok.days)).toBeGreaterThan(INVITATION_TTL_DAYS - 0.01);
    expect(Number(tok.days)).toBeLessThanOrEqual(INVITATION_TTL_DAYS);

    const password = 'Prefeitura@2026';
    expect((await anon()('POST', '/api/auth/accept-invitation', { token, password })).status).toBe(200);
    // single use
    expect((await anon()('POST', '/api/auth/accept-invitation', { token, password: 'Outra@Senha1' })).status).toBe(400);

    const signed = await login(input.admin.email, password);
    expect(signed.status).toBe(200);
    expect(signed.body.user).toMatchObject({
      municipalityId: municipality.id,
      municipalityName: municipality.name,
      role: 'admin',
    });
    const me = client(s.url, signed.body.token);
    expect((await me('GET', '/api/auth/me')).body.user.municipalityId).toBe(municipality.id);
    // the admin's own municipality is empty and theirs: no asset of A
    const assets = await me('GET', '/api/patrimonios?pageSize=10');
    expect(assets.status).toBe(200);
    expect(assets.body.total).toBe(0);
    // and the superuser's dashboard counts it
    const dash = await su('GET', '/api/superuser/dashboard');
    expect(dash.status).toBe(200);
    expect(dash.body.municipalities.find((r: { id: number }) => r.id === municipality.id)).toMatchObject({
      users: 1,
      assets: 0,
      active: true,
    });
  });

  it('a taken slug or IBGE code, or a taken admin e-mail, is a 409 with a pt-BR message and nothing is written', async () => {
    const su = await as(SU);
    const first = body();
    expect((await su('POST', '/api/superuser/municipalities', first)).status).toBe(201);
    const before = await counts();
    const sameSlug = await su('POST', '/api/superuser/municipalities', body({ slug: first.slug }));
    expect(sameSlug.status).toBe(409);
    expect(sameSlug.body.error).toMatchObject({
      message: SUPERUSER_MSG.slugTaken,
      fields: { slug: SUPERUSER_MSG.slugTaken },
    });
    const sameIbge = await su('POST', '/api/superuser/municipalities', body({ codigoIbge: first.codigoIbge }));
    expect(sameIbge.status).toBe(409);
    expect(sameIbge.body.error.message).toBe(SUPERUSER_MSG.ibgeTaken);
    const sameEmail = await su(
      'POST',
      '/api/superuser/municipalities',
      body({ admin: { name: 'X', email: A.users.admin.email } }),
    );
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error.message).toBe(MSG.users.emailTaken);
    expect(await counts()).toEqual(before);
    // editing onto another's slug is refused the same way
    const list = (await su('GET', '/api/superuser/municipalities')).body.municipalities;
    const other = list.find((m: { slug: string }) => m.slug === first.slug);
    const r = await su('PUT', `/api/superuser/municipalities/${A.id}`, { slug: first.slug, version: 0 });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toBe(SUPERUSER_MSG.slugTaken);
    expect(
      (await ownerQuery<{ slug: string }>(s, 'select slug from municipalities where id = $1', [A.id]))[0].slug,
    ).toBe(A.slug);
    expect(other).toBeTruthy();
  });

  it('an admin calling superuser routes gets 403; no token 401', async () => {
    const admin = await as(A.users.admin);
    for (const [method, url, b] of [
      ['POST', '/api/superuser/municipalities', body()],
      ['PUT', `/api/superuser/municipalities/${A.id}`, { ativo: false, version: 0 }],
      ['GET', '/api/superuser/dashboard', undefined],
      ['GET', '/api/superuser/users', undefined],
      ['GET', '/api/superuser/system-information', undefined],
      ['GET', '/api/superuser/assets-by-user', undefined],
      ['PUT', '/api/superuser/public-search/installation', { isPublicSearchEnabled: false }],
    ] as const) {
      const r = await admin(method, url, b);
      expect(r.status, `${method} ${url}`).toBe(403);
      expect(r.body.error.message).toBe(MSG.http.forbidden);
      expect((await anon()(method, url, b)).status, `${method} ${url} anonymous`).toBe(401);
    }
    expect(
      (await ownerQuery<{ active: boolean }>(s, 'select active from municipalities where id = $1', [A.id]))[0].active,
    ).toBe(true);
  });

  it('strict bodies: unknown fields, bad UF, IBGE, CNPJ check digits and slug are 400 in pt-BR', async () => {
    const su = await as(SU);
    const before = await counts();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ extra: 1 }, 'extra', MSG.http.unknownField],
      [{ admin: { name: 'A', email: 'a@b.gov.br', role: 'superuser' } }, 'admin.role', MSG.http.unknownField],
      [{ uf: 'XX' }, 'uf', SUPERUSER_MSG.uf],
      [{ codigoIbge: '123456' }, 'codigoIbge', SUPERUSER_MSG.codigoIbge],
      [{ codigoIbge: '3106200' }, 'codigoIbge', SUPERUSER_MSG.ibgeUf],
      [{ cnpj: '11.222.333/0001-82' }, 'cnpj', SUPERUSER_MSG.cnpj],
      [{ cnpj: '11111111111111' }, 'cnpj', SUPERUSER_MSG.cnpj],
      [{ slug: 'São José' }, 'slug', SUPERUSER_MSG.slug],
      [{ slug: '-abc' }, 'slug', SUPERUSER_MSG.slug],
      [{ admin: undefined }, 'admin', SUPERUSER_MSG.admin],
    ];
    for (const [over, field, message] of cases) {
      const r = await su('POST', '/api/superuser/municipalities', body(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.error.fields[field], JSON.stringify(r.body)).toBe(message);
    }
    const put = await su('PUT', `/api/superuser/municipalities/${A.id}`, { ativo: 'não', version: 0 });
    expect(put.status).toBe(400);
    expect(
      (await su('PUT', `/api/superuser/municipalities/${A.id}`, { name: 'Sem versão' })).body.error.fields.version,
    ).toBe('Versão inválida.');
    expect(await counts()).toEqual(before);
  });
});

describe('deactivating a municipality', () => {
  it('its users cannot sign in, its sessions and refresh tokens stop, its public pages are 404; reactivation brings them back', async () => {
    const su = await as(SU);
    const B = await newTenant(s);
    const signed = await login(B.users.supervisor.email, B.users.supervisor.password);
    expect(signed.status).toBe(200);
    const old = client(s.url, signed.body.token);
    expect((await old('GET', '/api/auth/me')).status).toBe(200);
    const pub = () => anon()('GET', `/api/public/patrimonios?municipio=${B.slug}`);
    expect((await pub()).status).toBe(200);
    const listed = async () =>
      ((await anon()('GET', '/api/public/municipios')).body.municipios as { slug: string }[]).some(
        (m) => m.slug === B.slug,
      );
    expect(await listed()).toBe(true);

    const suSocket = await s.socket(await SU.token());
    const changed = nextEvent<{ data: { id: number; active: boolean } }>(suSocket, 'municipality.changed');
    const off = await su('PUT', `/api/superuser/municipalities/${B.id}`, { ativo: false, version: 0 });
    expect(off.status).toBe(200);
    expect(off.body.municipality).toMatchObject({ id: B.id, active: false, version: 1 });
    expect((await changed).data).toMatchObject({ id: B.id, active: false });

    const refused = await login(B.users.supervisor.email, B.users.supervisor.password);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(SUPERUSER_MSG.municipalityInactive);
    expect((await old('GET', '/api/auth/me')).status).toBe(401);
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: signed.body.refreshToken })).status).toBe(401);
    expect((await pub()).status).toBe(404);
    expect((await anon()('GET', `/api/public/filtros?municipio=${B.slug}`)).status).toBe(404);
    expect(await listed()).toBe(false);
    // a wrong password still says only 'Credenciais inválidas.'
    expect((await login(B.users.supervisor.email, 'Errada@123')).body.error.message).toBe(MSG.loginFailed);

    const on = await su('PUT', `/api/superuser/municipalities/${B.id}`, { ativo: true, version: 1 });
    expect(on.status).toBe(200);
    expect(on.body.municipality.active).toBe(true);
    expect((await login(B.users.supervisor.email, B.users.supervisor.password)).status).toBe(200);
    // the sessions of before the deactivation stay ended
    expect((await anon()('POST', '/api/auth/refresh', { refreshToken: signed.body.refreshToken })).status).toBe(401);
    expect((await pub()).status).toBe(200);
    expect(await listed()).toBe(true);
    // a stale version is a 409
    expect((await su('PUT', `/api/superuser/municipalities/${B.id}`, { name: 'Velho', version: 1 })).status).toBe(409);
    const audit = await ownerQuery<{ action: string }>(
      s,
      `select action from audit_logs where entity_type = 'Municipality' and entity_id = $1 order by id`,
      [String(B.id)],
    );
    expect(audit.map((a) => a.action)).toEqual(['MUNICIPALITY_DEACTIVATE', 'MUNICIPALITY_REACTIVATE']);
  });
});
