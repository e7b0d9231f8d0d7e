import { brotliCompressSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Local, Sector, User } from '@tombo/shared';
import { startTestServer, type TestServer } from '../support/harness';
import { client, type Answer } from '../support/http';
import { newTenant, newTipoBem, newUser, ownerQuery, type TestTenant, type TestUser } from '../support/factories';
import { captureLogs, logger } from '../../server/src/logger';

// Inputs an outside review found answering 500 (issue 8, defect 5): each must be refused with a
// 4xx and a pt-BR message, and change nothing.
let s: TestServer;
/** Own municipality (a sector with a local) and a superuser. */
let A: TestTenant;
let SU: TestUser;
let sector: Sector;
let local: Local;
let assetId: number;
let municipalityId: number;
let tipoId: number;
/** A valid asset body, with `extra` over it. */
const assetBody = (extra: Record<string, unknown> = {}) => ({
  descricao_bem: 'Mesa',
  tipoId,
  sectorId: sector.id,
  localId: local.id,
  valor_aquisicao: '10.00',
  ...extra,
});
const as = async (u: TestUser) => client(s.url, await u.token());
const BIG = 2 ** 31; // int4 holds up to 2³¹ − 1

beforeAll(async () => {
  s = await startTestServer();
  A = await newTenant(s);
  SU = await newUser(s, { municipalityId: null, role: 'superuser' });
  const admin = await as(A.users.admin);
  sector = (await admin('GET', '/api/sectors')).body.sectors[0];
  local = (await admin('GET', '/api/locais')).body.locais.find((l: Local) => l.sectorId === sector.id);
  municipalityId = (await admin('GET', '/api/auth/me')).body.user.municipalityId;
  await admin('POST', '/api/asset-form-fields', { label: 'Marca', key: 'marca', type: 'TEXT' });
  tipoId = (await newTipoBem(s, A.id, { name: 'Tipo de teste de robustez' })).id;
  const created = await admin('POST', '/api/patrimonios', assetBody());
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  assetId = created.body.patrimonio.id;
});
afterAll(async () => {
  await s?.close();
});

/** A refusal: the status, a pt-BR message (no English text of zod, body-parser or PostgreSQL). */
function refused(r: Answer, status: number, what: string) {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(status);
  expect(r.body?.error?.message, what).toEqual(expect.any(String));
  expect(r.body.error.message, what).not.toMatch(/invalid|expected|too big|failed|unsupported|out of range|error/i);
}

/** What the refused requests could have touched. */
async function snapshot() {
  const admin = await as(A.users.admin);
  const su = await as(SU);
  return {
    sectors: (await admin('GET', '/api/sectors')).body,
    locais: (await admin('GET', '/api/locais')).body,
    assets: (await admin('GET', '/api/patrimonios?pageSize=100')).body,
    users: (await su('GET', '/api/superuser/users')).body,
    fields: (await admin('GET', '/api/asset-form-fields')).body,
    publicSearch: (await su('GET', '/api/superuser/public-search')).body,
  };
}

describe('numbers beyond PostgreSQL int4', () => {
  it('ids in the path answer 400', async () => {
    const before = await snapshot();
    const admin = await as(A.users.admin);
    const su = await as(SU);
    for (const [call, method, path, body] of [
      [admin, 'GET', `/api/patrimonios/${BIG}`],
      [admin, 'PUT', `/api/patrimonios/${BIG}`, { descricao_bem: 'X', version: 0 }],
      [admin, 'DELETE', `/api/patrimonios/${BIG}`],
      [admin, 'GET', `/api/patrimonios/${BIG}/arquivos/4f1c0a52-8a53-4b53-9d0e-3f7f3f0a9a11`],
      [admin, 'PUT', `/api/sectors/${BIG}`, { name: 'X' }],
      [admin, 'DELETE', `/api/locais/4294967296`],
      [admin, 'PATCH', `/api/tipos-bens/${BIG}/toggle`],
      [admin, 'DELETE', `/api/formas-aquisicao/${BIG}`],
      [admin, 'PUT', `/api/asset-form-fields/${BIG}`, { label: 'X' }],
      [admin, 'GET', `/api/users/${BIG}`],
      [su, 'PUT', `/api/superuser/users/${BIG}`, { name: 'X' }],
      [su, 'DELETE', `/api/superuser/users/99999999999999999999`],
    ] as const) {
      refused(await call(method, path, body), 400, `${method} ${path}`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('numbers in query strings answer 400', async () => {
    const admin = await as(A.users.admin);
    const anyone = client(s.url);
    for (const [call, path] of [
      [admin, `/api/patrimonios?sectorId=${BIG}`],
      [admin, `/api/patrimonios?localId=${BIG}`],
      [admin, `/api/patrimonios?tipoId=${BIG}`],
      [admin, `/api/patrimonios?page=${BIG}`],
      [admin, `/api/patrimonios/sync?after=${BIG}`],
      [admin, `/api/locais?sectorId=${BIG}`],
      [admin, `/api/numeracao/proximo?sectorId=${BIG}`],
      [admin, `/api/audit-logs?page=${BIG}`],
      [anyone, `/api/public/patrimonios?municipalityId=${BIG}`],
      [anyone, `/api/public/filtros?municipalityId=${BIG}`],
      [anyone, `/api/public/patrimonios/123?municipalityId=${BIG}`],
    ] as const) {
      refused(await call('GET', path), 400, path);
    }
  });

  it('ids and integers in bodies answer 400 and write nothing', async () => {
    const before = await snapshot();
    const admin = await as(A.users.admin);
    const su = await as(SU);
    const asset = assetBody();
    for (const [call, method, path, body] of [
      [admin, 'POST', '/api/locais', { name: 'Local X', sectorId: BIG }],
      [admin, 'PUT', `/api/locais/${local.id}`, { sectorId: BIG }],
      [admin, 'POST', '/api/patrimonios', { ...asset, sectorId: BIG }],
      [admin, 'POST', '/api/patrimonios', { ...asset, tipoId: BIG }],
      [admin, 'POST', '/api/patrimonios', { ...asset, localId: 1e12 }],
      [admin, 'POST', '/api/patrimonios/lote', { ...asset, formaAquisicaoId: BIG, quantity: 2 }],
      [admin, 'PUT', `/api/patrimonios/${assetId}`, { descricao_bem: 'Outra', version: BIG }],
      [admin, 'PUT', `/api/sectors/${sector.id}`, { name: 'Outro', version: BIG }],
      [admin, 'POST', '/api/patrimonios/export', { sectorId: BIG }],
      [admin, 'PUT', '/api/asset-form-fields/reorder', { ids: [BIG] }],
      [
        admin,
        'POST',
        '/api/users',
        { name: 'N', email: 'n1@x.gov.br', password: 'Tombo@2025', role: 'usuario', sectorIds: [BIG] },
      ],
      [
        su,
        'POST',
        '/api/superuser/users',
        { name: 'N', email: 'n2@x.gov.br', password: 'Tombo@2025', role: 'admin', municipalityId: BIG },
      ],
      [su, 'PUT', '/api/superuser/public-search', { municipalityId: BIG, isPublicSearchEnabled: true }],
    ] as const) {
      refused(await call(method, path, body), 400, `${method} ${path} ${JSON.stringify(body)}`);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('NUL bytes', () => {
  it('a NUL in any text of a body answers 400 with the field named, and writes nothing', async () => {
    const before = await snapshot();
    const admin = await as(A.users.admin);
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/sectors', { name: 'Setor\u0000X', code: 'N1' }, 'name'],
      ['PUT', `/api/locais/${local.id}`, { name: 'Sala\u0000' }, 'name'],
      ['POST', '/api/patrimonios', assetBody({ customFields: { marca: 'a\u0000b' } }), 'customFields.marca'],
      [
        'POST',
        '/api/asset-form-fields',
        { label: 'Cor', type: 'SELECT', options: ['azul', 'ver\u0000de'] },
        'options.1',
      ],
    ];
    for (const [method, path, body, field] of cases) {
      const r = await admin(method, path, body);
      refused(r, 400, `${method} ${path}`);
      expect(r.body.error.fields?.[field], `${method} ${path}`).toEqual(expect.any(String));
    }
    // A NUL in a key of an object (custom fields are a record) too.
    const key = await admin('POST', '/api/patrimonios', assetBody({ customFields: { 'ma\u0000rca': 'x' } }));
    refused(key, 400, 'NUL in a key');
    expect(await snapshot()).toEqual(before);
  });

  it('a NUL in a query string or a path answers 400', async () => {
    const admin = await as(A.users.admin);
    for (const path of [
      '/api/patrimonios?q=a%00b',
      '/api/patrimonios?cf.marca=%00',
      '/api/patrimonios/numero/12%003',
    ]) {
      refused(await admin('GET', path), 400, path);
    }
    refused(await client(s.url)('GET', `/api/public/patrimonios/%00?municipalityId=${municipalityId}`), 400, 'public');
  });
});

describe('routing and headers', () => {
  it('every answer carries the security headers, once, and no X-Powered-By', async () => {
    const token = await A.users.admin.token();
    for (const [path, auth, status] of [
      ['/api/sectors', true, 200],
      ['/api/sectors', false, 401],
      ['/api/nada-aqui', true, 404],
      ['/api/health', false, 200],
    ] as const) {
      const res = await fetch(s.url + path, { headers: auth ? { authorization: `Bearer ${token}` } : {} });
      expect(res.status, path).toBe(status);
      const h = res.headers;
      expect(h.get('content-security-policy'), path).toContain("connect-src 'self' ws: wss:");
      expect(h.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(h.get('x-content-type-options'), path).toBe('nosniff');
      expect(h.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(h.get('referrer-policy'), path).toBe('no-referrer');
      expect(h.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      expect(h.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(h.get('x-powered-by'), path).toBeNull();
    }
  });

  it("a signed-in caller's answer may not be stored (private, no-store; no ETag); a public answer keeps its cache headers", async () => {
    const token = await A.users.admin.token();
    const auth = { authorization: `Bearer ${token}` };
    for (const path of ['/api/sectors', `/api/patrimonios/${assetId}`, '/api/patrimonios?pageSize=5']) {
      const res = await fetch(s.url + path, { headers: auth });
      const text = await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
      expect(res.headers.get('etag'), path).toBeNull();
      expect(res.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(Number(res.headers.get('content-length')), path).toBe(Buffer.byteLength(text));
      expect(JSON.parse(text), path).toBeTypeOf('object');
    }
    const head = await fetch(s.url + '/api/sectors', { method: 'HEAD', headers: auth });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const created = await fetch(s.url + '/api/sectors', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Setor acentuado ção', code: 'AC' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    expect((await created.json()).name).toBe('Setor acentuado ção');
    const pub = await fetch(`${s.url}/api/public/municipios`);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('cache-control')).toMatch(/^public, max-age=/);
    expect(pub.headers.get('etag')).toBeTruthy();
  });

  it('a path matches its route as Express matches it: any letter case, a trailing slash, the area among many', async () => {
    const admin = await as(A.users.admin);
    expect((await admin('GET', '/api/Sectors')).status).toBe(200);
    expect((await admin('GET', '/api/sectors/')).status).toBe(200);
    expect((await admin('GET', `/api/PATRIMONIOS/${assetId}`)).body.patrimonio.id).toBe(assetId);
    expect((await admin('GET', '/api/patrimonios-nada')).status).toBe(404);
    expect((await admin('GET', '/api/')).status).toBe(404);
    expect((await admin('GET', '/api')).status).toBe(404);
  });

  it("requests and answers are born with Express's prototypes (http/messages.ts), and still read bodies and answer", async () => {
    // Seen before Express handles it: with Express's own setPrototypeOf each request would change shape here.
    const born: Array<{ get: string; json: string }> = [];
    const seen = (req: IncomingMessage, res: ServerResponse) =>
      born.push({
        get: typeof (req as unknown as { get?: unknown }).get,
        json: typeof (res as unknown as { json?: unknown }).json,
      });
    s.io.httpServer.prependListener('request', seen);
    try {
      const admin = await as(A.users.admin);
      expect((await admin('GET', '/api/sectors')).status).toBe(200);
      const created = await admin('POST', '/api/sectors', { name: 'Protótipos', code: 'PT' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.body.name).toBe('Protótipos');
    } finally {
      s.io.httpServer.off('request', seen);
    }
    expect(born.length).toBeGreaterThanOrEqual(2);
    expect(born.every((b) => b.get === 'function' && b.json === 'function')).toBe(true);
  });
});

describe('malformed requests', () => {
  it('a broken %-escape in the path answers 400', async () => {
    const admin = await as(A.users.admin);
    for (const [method, path] of [
      ['GET', '/api/sectors/%E0%A4%A'],
      ['PUT', '/api/sectors/%E0%A4%A'],
      ['DELETE', '/api/patrimonios/%E0%A4%A'],
      ['GET', '/api/patrimonios/numero/%ZZ'],
    ] as const) {
      refused(await admin(method, path, method === 'PUT' ? { name: 'X' } : undefined), 400, `${method} ${path}`);
    }
    refused(await client(s.url)('GET', '/api/public/patrimonios/%E0%A4%A'), 400, 'public');
  });

  it('an unsupported charset or content encoding answers 415 and writes nothing', async () => {
    const before = await snapshot();
    const admin = await as(A.users.admin);
    const body = JSON.stringify({ name: 'Setor Latin', code: 'L9' });
    refused(
      await admin('POST', '/api/sectors', body, { 'content-type': 'application/json; charset=latin9' }),
      415,
      'latin9',
    );
    refused(await admin('POST', '/api/sectors', body, { 'content-encoding': 'x-foo' }), 415, 'x-foo');
    const token = await A.users.admin.token();
    const br = await fetch(`${s.url}/api/sectors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-encoding': 'br' },
      body: brotliCompressSync(body),
    });
    refused({ status: br.status, body: await br.json() }, 415, 'br');
    expect(await snapshot()).toEqual(before);
  });
});

describe('values the database refuses', () => {
  it('an impossible date in a filter answers 400', async () => {
    const admin = await as(A.users.admin);
    for (const path of ['/api/patrimonios?dataDe=9999-99-99', '/api/patrimonios?dataAte=2024-02-30']) {
      const r = await admin('GET', path);
      refused(r, 400, path);
      expect(r.body.error.fields).toHaveProperty(path.includes('dataDe') ? 'dataDe' : 'dataAte');
    }
    const exported = await admin('POST', '/api/patrimonios/export', { dataDe: '2024-13-01' });
    refused(exported, 400, 'export');
  });

  it('a data error validation missed answers 400, not 500, and the transaction rolls back', async () => {
    // A real PostgreSQL data exception (SQLSTATE 22003) raised inside the insert's transaction.
    await ownerQuery(
      s,
      `
      CREATE FUNCTION test_out_of_range() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'fora do intervalo' USING ERRCODE = 'numeric_value_out_of_range'; END $$`,
    );
    await ownerQuery(
      s,
      `
      CREATE TRIGGER test_out_of_range BEFORE INSERT ON sectors FOR EACH ROW
      WHEN (NEW.name LIKE 'Intervalo%') EXECUTE FUNCTION test_out_of_range()`,
    );
    const before = await snapshot();
    const r = await (await as(A.users.admin))('POST', '/api/sectors', { name: 'Intervalo', code: 'IV' });
    refused(r, 400, 'database 22003');
    expect(r.body.error.message).toBe('Número fora do intervalo permitido.');
    expect(await snapshot()).toEqual(before);
  });
});

describe('users of a municipality that does not exist', () => {
  it('the superuser creating or moving a user there gets 404 and nothing is written', async () => {
    const su = await as(SU);
    const before = await snapshot();
    const created = await su('POST', '/api/superuser/users', {
      name: 'Fantasma',
      email: 'fantasma@nenhum.gov.br',
      password: 'Tombo@2025',
      role: 'admin',
      municipalityId: 987654,
    });
    refused(created, 404, 'create');
    expect(created.body.error.message).toMatch(/Município/);
    const someone = (before.users.users as User[]).find((u) => u.role === 'usuario')!;
    const moved = { municipalityId: 987654, version: someone.version };
    refused(await su('PUT', `/api/superuser/users/${someone.id}`, moved), 404, 'update');
    expect(await snapshot()).toEqual(before);
  });
});

describe('logs', () => {
  it('an unhandled database error is logged without the query parameters (no password hash)', async () => {
    // A real failure on INSERT INTO users, whose parameters carry the new password's argon2 hash.
    await ownerQuery(
      s,
      `
      CREATE FUNCTION test_refuse_user() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'falha simulada de teste'; END $$`,
    );
    await ownerQuery(
      s,
      `
      CREATE TRIGGER test_refuse_user BEFORE INSERT ON users FOR EACH ROW
      WHEN (NEW.email LIKE 'explode-%') EXECUTE FUNCTION test_refuse_user()`,
    );
    const lines: string[] = [];
    const stop = captureLogs((line) => lines.push(line));
    try {
      const r = await (
        await as(SU)
      )(
        'POST',
        '/api/superuser/users',
        {
          name: 'Explode',
          email: 'explode-1@x.gov.br',
          password: 'Segredo@Muito1',
          role: 'admin',
          municipalityId,
        },
        { 'x-request-id': 'teste-explode-1' },
      );
      expect(r.status).toBe(500);
      expect(r.body.error.code).toBe('INTERNAL');
    } finally {
      stop();
    }
    const log = lines.join('\n');
    expect(log).toMatch(/unhandled error/);
    // The line names the request it belongs to (the caller's X-Request-Id).
    expect(lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error')?.requestId).toBe('teste-explode-1');
    expect(log).toMatch(/falha simulada de teste/);
    expect(log).toContain(String.raw`insert into \"users\"`);
    expect(log).not.toMatch(/argon2/);
    expect(log).not.toMatch(/Segredo@Muito1/);
    expect(log).not.toMatch(/params/);
  });

  it("a request's id is sent back, and travels with the job it queues", async () => {
    const queued: Array<{ id: string; requestId?: string }> = [];
    const enqueue = s.ctx.queue.enqueue;
    s.ctx.queue.enqueue = (job) => {
      queued.push(job);
      return enqueue.call(s.ctx.queue, job);
    };
    try {
      const admin = await as(A.users.admin);
      const res = await fetch(`${s.url}/api/sectors/export`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await A.users.admin.token()}`,
          'content-type': 'application/json',
          'x-request-id': 'teste-exporta-7',
        },
        body: JSON.stringify({ format: 'xlsx' }),
      });
      expect(res.status).toBe(202);
      expect(res.headers.get('x-request-id')).toBe('teste-exporta-7');
      const { job } = (await res.json()) as { job: { id: string } };
      expect(queued).toEqual([expect.objectContaining({ id: job.id, requestId: 'teste-exporta-7' })]);
      // Without one, the server makes one up (a UUID) and answers with it.
      const plain = await fetch(`${s.url}/api/health`);
      expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect((await admin('GET', `/api/jobs/${job.id}`)).status).toBe(200);
    } finally {
      s.ctx.queue.enqueue = enqueue;
    }
  });

  it('passwords, tokens, secrets and authorization headers are redacted wherever they are logged', () => {
    const lines: string[] = [];
    const stop = captureLogs((line) => lines.push(line));
    try {
      logger.error(
        {
          password: 'pw-1',
          token: 'tk-2',
          refreshToken: 'rt-3',
          passwordHash: '$argon2id$v=19$hash-4',
          secret: 'sc-5',
          headers: { authorization: 'Bearer ab-6', cookie: 'sid=ck-7' },
          req: { headers: { authorization: 'Bearer ab-8', cookie: 'sid=ck-9' } },
          body: { password: 'pw-10', currentPassword: 'pw-11', token: 'tk-12' },
          user: { passwordHash: 'ph-13' },
        },
        'redaction check',
      );
    } finally {
      stop();
    }
    const log = lines.join('\n');
    expect(log).toMatch(/redaction check/);
    for (const secret of [
      'pw-1',
      'tk-2',
      'rt-3',
      'argon2',
      'sc-5',
      'ab-6',
      'ck-7',
      'ab-8',
      'ck-9',
      'pw-10',
      'pw-11',
      'tk-12',
      'ph-13',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
