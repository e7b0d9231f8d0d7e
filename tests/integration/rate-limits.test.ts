// The API's one rate limiter (server/src/http/rate-limit.ts, docs/decisions/rate-limits.md): express-rate-limit,
// in memory or with rate-limit-redis, mounted the way a declared route awaits it, behind the API's own error
// handler. The routes' own tests (auth, public-busca, audit-client, sessions-password) check each limit in place.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeRateLimits, rateLimiter, type LimitOptions } from '../../server/src/http/rate-limit';
import { errorHandler } from '../../server/src/http/errors';

type Ctx = { config: { redisUrl?: string; redisPrefix: string } };
const servers: http.Server[] = [];
const contexts: Ctx[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  for (const c of contexts.splice(0)) await closeRateLimits(c);
});

const message = (s: number) => `Aguarde ${s} segundos.`;

/** One "API node": its own context and server, one route that awaits the limiter. */
async function node(ctx: Ctx, options: Partial<LimitOptions> = {}): Promise<string> {
  contexts.push(ctx);
  const limit = rateLimiter(() => ({
    name: 'test',
    windowMs: 60_000,
    limit: 3,
    headers: 'draft-6',
    message,
    ...options,
  }));
  const app = express();
  app.get('/x', async (req, res, next) => {
    try {
      await limit({ ctx, req, res });
      res.json({ ok: true });
    } catch (err) {
      next(err);
    }
  });
  app.use(errorHandler);
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
}

const hit = async (url: string) => {
  const r = await fetch(url);
  return {
    status: r.status,
    headers: r.headers,
    body: (await r.json()) as { error?: { code: string; message: string } },
  };
};

describe('the rate limiter in memory (no REDIS_URL)', () => {
  it('counts per client, then 429 RATE_LIMITED with Retry-After and the message; draft-6 headers on every answer', async () => {
    const url = await node({ config: { redisPrefix: 'x' } });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await hit(url));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
    expect(answers.map((a) => a.headers.get('ratelimit-remaining'))).toEqual(['2', '1', '0', '0', '0']);
    expect(answers[0].headers.get('ratelimit-limit')).toBe('3');
    expect(answers[0].headers.get('retry-after')).toBeNull();
    const seconds = Number(answers[4].headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(50);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(answers[4].body.error).toMatchObject({ code: 'RATE_LIMITED', message: `Aguarde ${seconds} segundos.` });
  });

  it('draft-8 headers when asked; off means no count and no header', async () => {
    const eight = await hit(await node({ config: { redisPrefix: 'x' } }, { headers: 'draft-8' }));
    expect(eight.headers.get('ratelimit')).toMatch(/^"test"; r=2; t=\d+$/);
    const off = await node({ config: { redisPrefix: 'x' } }, { off: true });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await hit(off)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect((await hit(off)).headers.get('ratelimit-limit')).toBeNull();
  });

  it('each server context counts on its own (one process, several servers)', async () => {
    const one = await node({ config: { redisPrefix: 'x' } });
    const two = await node({ config: { redisPrefix: 'x' } });
    for (let i = 0; i < 3; i++) expect((await hit(one)).status).toBe(200);
    expect((await hit(one)).status).toBe(429);
    expect((await hit(two)).status).toBe(200);
  });
});

const REDIS_URL = process.env.REDIS_URL;
describe.skipIf(!REDIS_URL)('the rate limiter with Redis (rate-limit-redis)', () => {
  const redis = REDIS_URL ? new Redis(REDIS_URL) : undefined;
  afterAll(async () => {
    await redis?.quit();
  });

  it('two nodes share one budget, kept in <REDIS_PREFIX>:rl:<name>:<key> for the window', async () => {
    const prefix = `tombo-test-rl-${Date.now()}`;
    const one = await node({ config: { redisUrl: REDIS_URL, redisPrefix: prefix } });
    const two = await node({ config: { redisUrl: REDIS_URL, redisPrefix: prefix } });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await hit(i % 2 ? two : one)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const keys = await redis!.keys(`${prefix}:rl:test:*`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis!.get(keys[0]))).toBe(5);
    const ttl = await redis!.pttl(keys[0]);
    expect(ttl).toBeGreaterThan(50_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await redis!.del(keys[0]);
  });

  it('a Redis that does not answer lets requests pass, uncounted, without a 500 and without hanging', async () => {
    const url = await node({ config: { redisUrl: 'redis://127.0.0.1:1', redisPrefix: 'x' } });
    const started = performance.now();
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await hit(url)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});

// A Redis of this test's own (no persistence) that starts after the limiter: counting resumes by itself.
const REDIS_PORT = 3371;
describe.skipIf(!fs.existsSync('/usr/bin/redis-server'))('the rate limiter when Redis comes later', () => {
  let redis: ChildProcess | undefined;
  afterAll(() => {
    redis?.kill('SIGKILL');
  });

  it('requests pass uncounted while Redis is away, then are counted again once it answers', async () => {
    const url = await node({ config: { redisUrl: `redis://127.0.0.1:${REDIS_PORT}`, redisPrefix: 'late' } });
    for (let i = 0; i < 5; i++) expect((await hit(url)).status).toBe(200);
    redis = spawn(
      'redis-server',
      ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const statuses: number[] = [];
    const until = Date.now() + 20_000;
    while (!statuses.includes(429) && Date.now() < until) {
      const a = await hit(url);
      if (a.headers.get('ratelimit-limit'))
        statuses.push(a.status); // counted
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
