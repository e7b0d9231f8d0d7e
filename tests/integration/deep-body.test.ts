// Issue 33, item 1: one anonymous request must not freeze the API. A JSON body of 60,000 nested arrays
// (120 KB) sent without a token to POST /api/auth/login took 54 s to be refused while /api/health waited
// (the NUL scan copied the key path at every level). Now the depth is checked on the bytes before parsing:
// 400 with a pt-BR message, and /api/health answers while a stream of such bodies is in flight. Against
// the production bundle in its own process, like a real attacker would meet it.
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MSG } from '../../server/src/http/errors';
import { findNul, jsonTooDeep } from '../../server/src/http/validate';
import { buildBundle, killAll, startProcess, tempDir, waitHealthy, type Proc } from '../support/processes';

const PORT = 3341;
const url = `http://127.0.0.1:${PORT}`;
const procs: Proc[] = [];
let dataDir: string;

beforeAll(async () => {
  buildBundle();
  dataDir = tempDir('tombo-deep-');
  // Embedded database: this test is about the HTTP layer, which runs before any database work.
  const p = startProcess('main', { PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
  procs.push(p);
  await waitHealthy(p, `${url}/api/health`);
}, 180_000);
afterAll(() => {
  killAll(procs);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** One POST on its own connection; resolves with the status and the parsed answer. */
function post(path: string, body: string, type = 'application/json'): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}${path}`,
      { method: 'POST', agent: false, headers: { 'content-type': type, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('over-deep bodies', () => {
  it('a 120 KB body of nested arrays to the login gets 400 with the pt-BR reason', async () => {
    const res = await post('/api/auth/login', deep(60_000));
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION', message: INPUT_MSG.tooDeep });
  });

  it('/api/health keeps answering while a stream of such bodies is in flight', async () => {
    let sending = true;
    let answeredMeanwhile = 0;
    const health = (async () => {
      while (sending) {
        const r = await fetch(`${url}/api/health`);
        if (r.status === 200 && sending) answeredMeanwhile++;
        await r.arrayBuffer();
      }
    })();
    // Four senders, 40 bodies in all (before the fix each one held the event loop for ~54 s).
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 10; i++) statuses.push((await post('/api/auth/login', deep(60_000))).status);
      }),
    );
    sending = false;
    await health;
    expect(statuses).toEqual(statuses.map(() => 400));
    expect(answeredMeanwhile).toBeGreaterThan(0);
  });

  it('objects count as levels too, and a deep body is refused on any route, signed in or not', async () => {
    const objects = '{"a":'.repeat(65) + '1' + '}'.repeat(65);
    expect((await post('/api/auth/login', objects)).body.error.message).toBe(INPUT_MSG.tooDeep);
    expect((await post('/api/sectors', deep(65))).status).toBe(400);
  });

  it('brackets inside strings are text, not levels: a normal login body is judged on its fields', async () => {
    const res = await post('/api/auth/login', JSON.stringify({ email: '['.repeat(5000), password: '{'.repeat(5000) }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).not.toBe(INPUT_MSG.tooDeep);
  });

  it('a bracketed query string is not nested (Express 5 simple parser): refused by the strict query schema', async () => {
    const q = 'a' + '[b]'.repeat(2000) + '=1';
    const r = await fetch(`${url}/api/public/patrimonios?municipio=exemplo&${q}`);
    expect(r.status).toBe(400);
  });
});

describe('the scanners are linear', () => {
  it('jsonTooDeep: depth 64 passes, 65 does not; escaped quotes keep the string open', () => {
    const enc = (s: string) => Buffer.from(s);
    expect(jsonTooDeep(enc(deep(64)))).toBe(false);
    expect(jsonTooDeep(enc(deep(65)))).toBe(true);
    expect(jsonTooDeep(enc(JSON.stringify({ s: '\\"[[[[' + '['.repeat(100) })))).toBe(false);
  });

  it('findNul names the field and refuses a parsed value nested deeper than 64', () => {
    expect(findNul({ a: [{ b: 'x\u0000' }] })).toBe('a.0.b');
    expect(findNul({ ['k\u0000']: 1 })).toBe('');
    let v: unknown = 'ok';
    for (let i = 0; i < 100_000; i++) v = [v];
    expect(() => findNul(v)).toThrow(INPUT_MSG.tooDeep);
  });
});
