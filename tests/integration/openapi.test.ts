import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../server/src/http/route';
import { declaredRoutes } from '../../server/src/modules/routes';
import { openApiPath, tagOf } from '../../server/src/modules/openapi';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { world, type TestWorld } from '../support/factories';

// The OpenAPI document is generated from the route registry: every declared route is in it, its shape is
// OpenAPI 3.1 (JSON Schema 2020-12 schemas that compile), and real requests and answers of every area validate.

type Json = Record<string, any>;
let s: TestServer;
let w: TestWorld;
let doc: Json;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

beforeAll(async () => {
  s = await startTestServer();
  w = await world(s);
  const r = await client(s.url)('GET', '/api/openapi.json');
  expect(r.status).toBe(200);
  doc = r.body;
  ajv.addSchema({ $id: 'doc', ...doc }, undefined, false);
});
afterAll(async () => {
  await s?.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operationOf = (def: RouteDef) => doc.paths[openApiPath(def.path)]?.[def.method] as Json | undefined;
/** A schema of the document, with its `#/components/...` references resolved against the document. */
const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
const validatorOf = (schema: Json) => {
  const text = JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/');
  if (!compiled.has(text)) compiled.set(text, ajv.compile(JSON.parse(text) as Json));
  return compiled.get(text)!;
};

/** Checks a live answer against the operation: its status is documented and its JSON body fits that status's schema. */
function expectAnswerFits(op: Json, status: number, body: unknown, label: string) {
  const documented = op.responses[String(status)] ?? op.responses.default;
  expect(documented, `${label}: status ${status} not documented`).toBeDefined();
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return;
  const validate = validatorOf(schema);
  expect(validate(body), `${label} → ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

/** Checks a request's query (as the strings a URL carries) and JSON body against the operation. */
function expectRequestFits(op: Json, query: Record<string, string>, body: unknown, label: string) {
  for (const p of op.parameters.filter((x: Json) => x.in === 'query' && x.required))
    expect(query, `${label}: required query ${p.name}`).toHaveProperty(p.name);
  const known = new Set(op.parameters.filter((x: Json) => x.in === 'query').map((x: Json) => x.name));
  for (const k of Object.keys(query)) expect(known.has(k), `${label}: query ${k} not documented`).toBe(true);
  if (body === undefined) return;
  const validate = validatorOf(op.requestBody.content['application/json'].schema);
  expect(validate(body), `${label} body: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 in shape', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ids = new Set<string>();
    const tags = new Set(doc.tags.map((t: Json) => t.name));
    for (const [path, ops] of Object.entries<Json>(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true);
      expect(path, 'Express-style params left in a path').not.toMatch(/:\w/);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries<Json>(ops)) {
        const label = `${method} ${path}`;
        expect(METHODS, label).toContain(method);
        expect(ids.has(op.operationId), `${label}: operationId ${op.operationId} repeated`).toBe(false);
        ids.add(op.operationId);
        for (const t of op.tags) expect(tags.has(t), `${label}: tag ${t}`).toBe(true);
        const inPath = op.parameters.filter((p: Json) => p.in === 'path');
        expect(inPath.map((p: Json) => p.name).sort(), `${label}: path params`).toEqual(templated);
        for (const p of op.parameters) {
          expect(['path', 'query'], label).toContain(p.in);
          if (p.in === 'path') expect(p.required, label).toBe(true);
          expect(() => validatorOf(p.schema), `${label} param ${p.name}`).not.toThrow();
        }
        if (op.requestBody)
          for (const media of Object.values<Json>(op.requestBody.content))
            expect(() => validatorOf(media.schema), `${label} body`).not.toThrow();
        expect(Object.keys(op.responses).length, label).toBeGreaterThan(0);
        for (const [code, r] of Object.entries<Json>(op.responses)) {
          expect(code, label).toMatch(/^([1-5]\d\d|default)$/);
          expect(typeof r.description, `${label} ${code}`).toBe('string');
          for (const media of Object.values<Json>(r.content ?? {}))
            expect(() => validatorOf(media.schema), `${label} ${code}`).not.toThrow();
        }
        for (const req of op.security)
          for (const name of Object.keys(req)) expect(doc.components.securitySchemes).toHaveProperty(name);
      }
    }
  });

  it('holds every declared route, with its access', () => {
    const missing = declaredRoutes.filter((d) => !operationOf(d)).map((d) => `${d.method} ${d.path}`);
    expect(missing).toEqual([]);
    for (const def of declaredRoutes) {
      const op = operationOf(def)!;
      expect(op.tags, def.path).toEqual([tagOf(def.path)]);
      expect(op.security, def.path).toEqual(def.audience === 'public' ? [] : [{ bearerAuth: [] }]);
      expect(op['x-permission'], def.path).toBe(def.permission);
      if (def.body === 'upload') expect(op.requestBody.content).toHaveProperty('multipart/form-data');
      else if (def.body) expect(op.requestBody.content).toHaveProperty('application/json');
      if (def.audience !== 'public') expect(op.responses).toHaveProperty('401');
      expect(op.responses).toHaveProperty(String(def.status ?? 200));
    }
    const operations = Object.values<Json>(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(operations).toBe(declaredRoutes.length);
  });

  it('a GET list of every area: the request and the answer validate against the document', async () => {
    const tokens = {
      public: undefined,
      superuser: await w.superuser.token(),
      municipal: await w.A.users.admin.token(),
      'signed-in': await w.A.users.admin.token(),
    };
    const checked: string[] = [];
    // (metrics answer a scraper's token, not a user's: tests/integration/metrics.test.ts)
    for (const tag of doc.tags.map((t: Json) => t.name as string).filter((t: string) => t !== 'metrics')) {
      // The area's first GET without path params nor required query params (a list or a read).
      const def = declaredRoutes.find(
        (d) =>
          tagOf(d.path) === tag &&
          d.method === 'get' &&
          !d.path.includes(':') &&
          !operationOf(d)!.parameters.some((p: Json) => p.required),
      );
      if (!def) continue;
      const op = operationOf(def)!;
      const r = await client(s.url, tokens[def.audience])('GET', `/api${def.path}`);
      expect(r.status, `GET ${def.path}`).toBeLessThan(300);
      expectRequestFits(op, {}, undefined, def.path);
      expectAnswerFits(op, r.status, r.body, `GET ${def.path}`);
      checked.push(tag);
    }
    expect(checked.length).toBeGreaterThan(30);
  });

  it('a query, POSTs with a body, and errors validate against the document', async () => {
    const admin = client(s.url, await w.A.users.admin.token());
    const op = (method: string, path: string) => doc.paths[path][method] as Json;

    expectRequestFits(op('get', '/locais'), { sectorId: String(w.A.sector.id) }, undefined, 'GET /locais');
    const locais = await admin('GET', `/api/locais?sectorId=${w.A.sector.id}`);
    expectAnswerFits(op('get', '/locais'), locais.status, locais.body, 'GET /locais');
    expect(locais.status).toBe(200);

    const samples: [string, unknown][] = [
      ['/sectors', { name: 'Setor da documentação', code: 'DQ' }],
      ['/tipos-bens', { name: 'Tipo da documentação', usefulLifeMonths: 60 }],
      ['/auth/login', { email: 'ninguem@tombo.gov.br', password: 'errada' }],
    ];
    for (const [path, body] of samples) {
      expectRequestFits(op('post', path), {}, body, `POST ${path}`);
      const r = await admin('POST', `/api${path}`, body);
      expectAnswerFits(op('post', path), r.status, r.body, `POST ${path}`);
    }
    const created = await admin('POST', '/api/sectors', { name: 'Outro setor da doc', code: 'DR' });
    expect(created.status).toBe(201);

    // A body the schema refuses is refused by the server too, with the documented error envelope.
    const bad = { name: '', code: 'toolong', extra: 1 };
    expect(validatorOf(op('post', '/sectors').requestBody.content['application/json'].schema)(bad)).toBe(false);
    const r = await admin('POST', '/api/sectors', bad);
    expect(r.status).toBe(400);
    expectAnswerFits(op('post', '/sectors'), r.status, r.body, 'POST /sectors (invalid)');
    const anon = await client(s.url)('GET', '/api/sectors');
    expectAnswerFits(op('get', '/sectors'), anon.status, anon.body, 'GET /sectors (anonymous)');
  });
});

describe('who may read the docs', () => {
  const env = process.env.NODE_ENV;
  afterAll(() => {
    process.env.NODE_ENV = env;
  });

  it('outside production: anyone, the page included (a self-contained viewer, no CDN)', async () => {
    const page = await fetch(`${s.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/openapi.json');
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
  });

  it('in production: 401 anonymous (pt-BR), 403 a non-admin, 200 an admin and the superuser', async () => {
    process.env.NODE_ENV = 'production';
    const anon = await client(s.url)('GET', '/api/openapi.json');
    expect(anon.status).toBe(401);
    expect(anon.body.error.message).toBe('Sessão inválida ou expirada.');
    expect((await fetch(`${s.url}/api/docs`)).status).toBe(401);
    const viewer = await client(s.url, await w.A.users.visualizador.token())('GET', '/api/openapi.json');
    expect(viewer.status).toBe(403);
    for (const u of [w.A.users.admin, w.superuser]) {
      const r = await client(s.url, await u.token())('GET', '/api/openapi.json');
      expect(r.status).toBe(200);
      expect(r.body.openapi).toBe('3.1.0');
    }
  });
});
