import { z } from 'zod';
import type { RouteDef } from '../../http/route';

type Json = Record<string, unknown>;

/** The error codes of `{ error: { code, message, fields } }` (shared/src/errors.ts). */
const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'IN_USE',
  'DUPLICATE',
  'TOO_LARGE',
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
];

const ERROR_SCHEMA: Json = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: ERROR_CODES },
        message: { type: 'string', description: 'Mensagem em português, pronta para o usuário.' },
        fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Erros por campo.' },
        details: {
          type: 'object',
          description: 'Dados da recusa, quando a resposta os tem (ids desatualizados, bens recusados, limite).',
        },
      },
    },
  },
};

const ERROR_TEXT: Record<number, string> = {
  400: 'Entrada inválida (campos em `fields`).',
  401: 'Sem token, token inválido ou sessão encerrada.',
  403: 'O papel do usuário não tem a permissão exigida.',
  404: 'Registro não encontrado (ou de outro município).',
  409: 'Conflito: versão desatualizada, duplicado ou em uso.',
};

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect); what JSON cannot say becomes `{}`. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete out.$schema;
  return out;
}

/** `/patrimonios/:id` → `/patrimonios/{id}` (OpenAPI's path template). */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/** The area of a route: its path's first segment (`/superuser/users` → `superuser`). */
export const tagOf = (path: string): string => (path.split('/')[1] || 'api').replace(/\.\w+$/, '');

const operationId = (def: RouteDef) =>
  def.method +
  def.path
    .split('/')
    .filter(Boolean)
    .map((p) => (p.startsWith(':') ? `By_${p.slice(1)}` : p))
    .map((p) => p.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase()))
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');

/** Path or query parameters from an object schema's properties. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, schema]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema,
  }));
}

function requestBody(def: RouteDef): Json | undefined {
  if (!def.body) return undefined;
  if (def.body === 'upload')
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } },
        },
      },
    };
  return { required: true, content: { 'application/json': { schema: jsonSchema(def.body, 'input') } } };
}

function responses(def: RouteDef): Json {
  const status = def.status ?? (def.response ? 200 : 200);
  const ok: Json =
    status === 204
      ? { description: 'Sem conteúdo.' }
      : def.response
        ? { description: 'Resposta.', content: { 'application/json': { schema: jsonSchema(def.response, 'output') } } }
        : {
            // No declared answer: JSON for most routes, a file or page for the few that answer themselves.
            description: 'Resposta (JSON, ou um arquivo nas rotas de download).',
            content: { 'application/json': { schema: {} }, 'application/octet-stream': { schema: {} } },
          };
  const out: Json = { [String(status)]: ok };
  const errors = [400, 404, 409];
  if (def.audience !== 'public') errors.push(401, 403);
  for (const code of errors.sort())
    out[String(code)] = { description: ERROR_TEXT[code], content: { 'application/json': { schema: ERROR_REF } } };
  out.default = { description: 'Erro.', content: { 'application/json': { schema: ERROR_REF } } };
  return out;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };

const AUDIENCE_TEXT: Record<RouteDef['audience'], string> = {
  public: 'Pública.',
  'signed-in': 'Qualquer usuário autenticado.',
  municipal: 'Usuário de um município.',
  superuser: 'Somente o superusuário.',
};

/** One operation of the document: params, query, body, answers, security and the access it needs. */
function operation(def: RouteDef): Json {
  const access = [AUDIENCE_TEXT[def.audience], def.permission ? `Permissão: \`${def.permission}\`.` : '']
    .filter(Boolean)
    .join(' ');
  const op: Json = {
    operationId: operationId(def),
    tags: [tagOf(def.path)],
    summary: `${def.method.toUpperCase()} ${def.path}`,
    description: access,
    parameters: [...parameters(def.params, 'path'), ...parameters(def.query, 'query')],
    responses: responses(def),
    security: def.audience === 'public' ? [] : [{ bearerAuth: [] }],
  };
  // A path param the schema does not name is still in the template: declare it as text.
  const named = new Set((op.parameters as Json[]).filter((p) => p.in === 'path').map((p) => p.name));
  for (const [, name] of def.path.matchAll(/:(\w+)/g))
    if (!named.has(name))
      (op.parameters as Json[]).push({ name, in: 'path', required: true, schema: { type: 'string' } });
  if (def.permission) op['x-permission'] = def.permission;
  op['x-audience'] = def.audience;
  const body = requestBody(def);
  if (body) op.requestBody = body;
  return op;
}

/** The OpenAPI 3.1 document of the declared routes: generated from the registry, never written by hand. */
export function buildOpenApi(defs: readonly RouteDef[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const def of defs) (paths[openApiPath(def.path)] ??= {})[def.method] = operation(def);
  const tags = [...new Set(defs.map((d) => tagOf(d.path)))].sort().map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tombo — API',
      version,
      description:
        'API do sistema de patrimônio. Erros respondem `{ error: { code, message, fields } }` com mensagem em português.',
    },
    servers: [{ url: '/api' }],
    tags,
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Token de acesso de `POST /auth/login` (15 min), renovado por `POST /auth/refresh`.',
        },
      },
    },
  };
}
