import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { pdfText } from '../support/pdf';
import { world, type TestUser, type TestWorld } from '../support/factories';

// Issue 35: the municipality's logo reaches its paper. The upload stores an /api/… path; the renderer takes
// only inline images, so the branding reads the stored file and inlines it. Municipality A uploads a logo,
// B does not: A's papers carry one image (the logo), B's none.

const run = promisify(execFile);
let s: TestServer;
let w: TestWorld;
let stopWorker: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  s = await startTestServer({}, { seed: false });
  stopWorker = await startWorkerIfNeeded(s);
  w = await world(s);
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

/** The images a PDF holds, as `pdfimages -list` counts them (vector QR codes and text are not images). */
async function imagesIn(bytes: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'tombo-logo-'));
  try {
    await writeFile(path.join(dir, 'a.pdf'), bytes);
    const { stdout } = await run('pdfimages', ['-list', path.join(dir, 'a.pdf')]);
    return stdout.split('\n').filter((line) => /^\s*\d+\s+\d+\s+image/.test(line)).length;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function uploadLogo(u: TestUser): Promise<void> {
  const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'brasao.png');
  const res = await fetch(`${s.url}/api/customization/files/activeLogoUrl`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await u.token()}` },
    body: form,
  });
  expect(res.status).toBe(200);
}

async function paper(u: TestUser, path: string, body: Record<string, unknown>): Promise<Buffer> {
  const token = await u.token();
  const r = await client(s.url, token)('POST', path, body);
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  const job = await waitJob(s, token, r.body.job.id);
  expect(job.status, job.error ?? '').toBe('completed');
  return (await jobDownload(s, token, job.id)).bytes;
}

describe('the logo on paper', () => {
  it('a custody term and the sectors report carry the uploaded logo; a municipality without one prints its name alone', async () => {
    await uploadLogo(w.A.users.admin);
    const termoA = await paper(w.A.users.admin, '/api/termos', { setorId: w.A.sector.id });
    const termoB = await paper(w.B.users.admin, '/api/termos', { setorId: w.B.sector.id });
    expect(await imagesIn(termoA)).toBe(1);
    expect(await imagesIn(termoB)).toBe(0);
    expect((await pdfText(termoB)).join(' ')).toContain('Prefeitura Municipal de');

    const setoresA = await paper(w.A.users.admin, '/api/sectors/export', { format: 'pdf' });
    expect(await imagesIn(setoresA)).toBe(1);
    expect((await pdfText(setoresA)).join(' ')).toContain('Relatório de Setores');
  });
});
