import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, LoginResponse, ServerToClientEvents } from '@tombo/shared';
import { loadConfig, type Config } from '../../server/src/config';
import { startServer, type RunningServer } from '../../server/src/server';
import { createMigratedDatabase, dropDatabase, TEMPLATE_ENV } from '../../server/src/db/test-database';
import { DEMO_PASSWORD } from '../../server/src/modules/demo-seed';
import { clearRedisPrefix } from './redis';

export const DEMO = {
  admin: 'admin@exemplo.gov.br',
  supervisor: 'supervisor@exemplo.gov.br',
  usuario: 'usuario@exemplo.gov.br',
  visualizador: 'visualizador@exemplo.gov.br',
  vizinho: 'admin@vizinho.gov.br',
  superuser: 'superuser@tombo.gov.br',
} as const;
export type DemoUser = keyof typeof DEMO;

export interface TestServer extends RunningServer {
  login(who: DemoUser | string, password?: string): Promise<LoginResponse>;
  /** Token per demo user, logged in once and cached. */
  token(who: DemoUser): Promise<string>;
  socket(token: string): Promise<Socket<ServerToClientEvents, ClientToServerEvents>>;
}

let template: Promise<Blob | undefined> | undefined;
/** The run's migrated embedded database (global setup), read once per test worker. */
const pgliteTemplate = () =>
  (template ??= (async () => {
    const file = process.env[TEMPLATE_ENV.pglite];
    return file ? new Blob([await fs.promises.readFile(file)]) : undefined;
  })());

/**
 * A real Tombo server for a test file: the local PostgreSQL (a fresh database) when DATABASE_URL is set,
 * else PGlite in memory; BullMQ and the Redis adapter when REDIS_URL is set (keys under a unique prefix).
 * No demo data unless `seed: true` (the demo seed's own suite): a suite builds its world with the factories.
 */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: { seed?: boolean } = {},
): Promise<TestServer> {
  const baseUrl = process.env.DATABASE_URL;
  const databaseUrl = baseUrl ? await createMigratedDatabase(baseUrl) : undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-test-'));
  const config = loadConfig({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl,
    jwtSecret: randomBytes(32).toString('hex'),
    redisPrefix: `tombo-test-${randomBytes(4).toString('hex')}`,
    loginRateLimitMax: 10_000,
    ...overrides,
  });
  const server = await startServer(config, {
    inMemory: true,
    pgliteTemplate: databaseUrl ? undefined : await pgliteTemplate(),
    seed: opts.seed ? 'always' : 'never',
  });
  const tokens = new Map<string, string>();
  const sockets: Socket[] = [];
  const login = async (who: string, password = DEMO_PASSWORD): Promise<LoginResponse> => {
    const email = (DEMO as Record<string, string>)[who] ?? who;
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return (await res.json()) as LoginResponse;
  };
  return {
    ...server,
    login,
    async token(who) {
      if (!tokens.has(who)) tokens.set(who, (await login(who)).token);
      return tokens.get(who)!;
    },
    socket(token) {
      const s: Socket<ServerToClientEvents, ClientToServerEvents> = connect(server.url, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      return new Promise((resolve, reject) => {
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      });
    },
    async close() {
      for (const s of sockets) s.disconnect();
      await server.close();
      if (databaseUrl) await dropDatabase(databaseUrl).catch(() => undefined);
      if (config.redisUrl) await clearRedisPrefix(config.redisUrl, config.redisPrefix);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Resolves with the next event of that name on the socket (rejects if none comes in `ms`). */
export function nextEvent<T = unknown>(socket: Socket, name: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} event`)), ms);
    socket.once(name, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
