import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/harness';

// Issue 35: the client is sent compressed (the build's brotli/gzip copies) and hashed files are cached as
// immutable; index.html and the service worker are revalidated so a new release is seen at once.

let s: TestServer;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-dist-'));
const script = `console.log(${JSON.stringify('Sistema de Patrimônio '.repeat(400))});\n`;
const page =
  '<!doctype html><html lang="pt-BR"><head><title>Tombo</title></head><body><div id="root"></div></body></html>';

/** What the build writes: the file and, beside it, its .br and .gz copies. */
function built(rel: string, text: string): void {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  built('index.html', page);
  built('assets/index-Ab12Cd34.js', script);
  built('sw.js', '/* service worker */ self.addEventListener("fetch", () => {});');
  s = await startTestServer({ clientDist: dist }, { seed: false });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (p: string, encoding?: string) =>
  fetch(`${s.url}${p}`, { headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

/** Node's fetch decodes br and gzip itself: the bytes on the wire are the content-length. */
const wireBytes = (r: Response) => Number(r.headers.get('content-length'));

describe('the built client', () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, the file otherwise', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(wireBytes(br)).toBeLessThan(script.length / 10);
    expect(await br.text()).toBe(script);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(wireBytes(plain)).toBe(Buffer.byteLength(script));
  });

  it('caches hashed files for a year as immutable and revalidates index.html and the service worker', async () => {
    expect((await get('/assets/index-Ab12Cd34.js', 'br')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/sw.js', 'br')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/index.html', 'br')).headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a client route with index.html, compressed, and leaves the API alone', async () => {
    const route = await get('/bens-cadastrados?page=3', 'br');
    expect(route.status).toBe(200);
    expect(route.headers.get('content-encoding')).toBe('br');
    expect(route.headers.get('content-type')).toMatch(/text\/html/);
    expect(route.headers.get('cache-control')).toBe('no-cache');
    expect(await route.text()).toBe(page);

    const api = await get('/api/nao-existe', 'br');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
  });
});
