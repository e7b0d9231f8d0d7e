/** What the jobs tests share: downloading a result, reading a spreadsheet, the sectors export end to end. */
import { expect } from 'vitest';
import ExcelJS from 'exceljs';
import type { Job } from '@tombo/shared';
import type { TestServer } from '../../../../tests/support/harness';
import { client } from '../../../../tests/support/http';
import { jobRecorder } from '../../../../tests/support/jobs';

/** GET /api/jobs/:id/download as `token` (none = anonymous): the response and its bytes. */
export async function download(s: TestServer, token: string | undefined, id: string) {
  const res = await fetch(`${s.url}/api/jobs/${id}/download`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The rows of the 'Setores' sheet of an XLSX file. */
export async function xlsxRows(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Setores');
  expect(ws).toBeDefined();
  const rows: unknown[][] = [];
  ws!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { ws: ws!, rows };
}

/** Export, download and check the spreadsheet against GET /api/sectors — the same in both modes. */
export async function exportXlsxEndToEnd(s: TestServer) {
  const me = await s.login('admin');
  const adminToken = me.token;
  const admin = client(s.url, adminToken);
  const mine = jobRecorder(await s.socket(adminToken));
  const colleague = jobRecorder(await s.socket(await s.token('usuario')));
  const neighbour = jobRecorder(await s.socket(await s.token('vizinho')));

  const posted = await admin('POST', '/api/sectors/export', { format: 'xlsx' });
  expect(posted.status).toBe(202);
  const job: Job = posted.body.job;
  expect(job).toMatchObject({ name: 'export.sectors', title: 'Setores (XLSX)', fileName: null, error: null });
  expect(['queued', 'running', 'completed']).toContain(job.status);

  const done = await mine.completed(job.id);
  expect(done.event.data).toMatchObject({ id: job.id, status: 'completed', progress: 100, error: null });
  expect(done.event.data.fileName).toMatch(/^setores-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(done.event.municipalityId).toBe(me.user.municipalityId);
  expect(done.event.actor).toBeNull();
  // progress came first, never going backwards
  const progress = mine
    .of(job.id)
    .filter((e) => e.name === 'job.progress')
    .map((e) => e.event.data.progress);
  expect(progress.length).toBeGreaterThan(0);
  expect([...progress].sort((a, b) => a - b)).toEqual(progress);

  const got = await admin('GET', `/api/jobs/${job.id}`);
  expect(got.status).toBe(200);
  expect(got.body.job).toMatchObject({
    id: job.id,
    status: 'completed',
    progress: 100,
    fileName: done.event.data.fileName,
  });
  expect(got.body.job.finishedAt).toBeTypeOf('string');

  const { res, bytes } = await download(s, adminToken, job.id);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename=${done.event.data.fileName}`);

  const { ws, rows } = await xlsxRows(bytes);
  expect(rows[0]).toEqual(['Código', 'Nome', 'Quantidade de Locais', 'Criado em']);
  expect(ws.getRow(1).font?.bold).toBe(true);
  const sectors = (await admin('GET', '/api/sectors')).body.sectors as Array<{
    code: string;
    name: string;
    locaisCount: number;
  }>;
  expect(sectors.length).toBeGreaterThan(0);
  const body = rows.slice(1);
  expect(body.map((r) => [r[0], r[1], r[2]])).toEqual(sectors.map((x) => [x.code, x.name, x.locaisCount]));
  for (const r of body) expect(r[3]).toBeInstanceOf(Date);

  // Only the owner's socket heard about it — not a colleague of the same city hall, not another one.
  expect(colleague.of(job.id)).toEqual([]);
  expect(neighbour.of(job.id)).toEqual([]);
  return job;
}
