import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG, PATRIMONIO_SHEET_COLUMNS, type ImportReport, type Job, type Sector } from '@tombo/shared';
import { uploadTmpDir } from '../../server/src/modules/patrimonios/files';
import { startTestServer, type DemoUser, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, jobRecorder, startWorkerIfNeeded, waitJob } from '../support/jobs';

let s: TestServer;
let sectors: Record<string, Sector>;
let stopWorker: () => Promise<void> = async () => undefined;
const as = async (who: DemoUser) => client(s.url, await s.token(who));
const HEAD = PATRIMONIO_SHEET_COLUMNS.map((c) => c.header).join(';');
const uploads = () => (fs.existsSync(uploadTmpDir(s.ctx.config)) ? fs.readdirSync(uploadTmpDir(s.ctx.config)) : []);

async function postImport(who: DemoUser, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.url}/api/patrimonios/import?mode=commit`, { method: 'POST', headers: { authorization: `Bearer ${await s.token(who)}` }, body: form });
  return { status: res.status, body: await res.json() };
}

async function exportRows(who: DemoUser, filters: Record<string, unknown>) {
  const token = await s.token(who);
  const posted = await client(s.url, token)('POST', '/api/patrimonios/export', filters);
  expect(posted.status, JSON.stringify(posted.body)).toBe(202);
  expect(posted.body.job).toMatchObject({ name: 'export.patrimonios', title: 'Bens (XLSX)' });
  const job = await waitJob(s, token, posted.body.job.id);
  expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', progress: 100 });
  expect(job.fileName).toMatch(/^bens-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const { res, bytes } = await jobDownload(s, token, job.id);
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Bens')!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { header: rows[0], body: rows.slice(1) };
}

beforeAll(async () => {
  s = await startTestServer();
  stopWorker = await startWorkerIfNeeded(s);
  const admin = await as('admin');
  sectors = Object.fromEntries((await admin('GET', '/api/sectors')).body.sectors.map((x: Sector) => [x.code, x]));
  const tipoId = (await admin('POST', '/api/tipos-bens', { name: 'Mobiliário' })).body.tipoBem?.id
    ?? (await admin('GET', '/api/tipos-bens')).body.tiposBens.find((t: { name: string }) => t.name === 'Mobiliário').id;
  for (const [code, desc] of [['AD', 'Exportável mesa'], ['AD', 'Exportável cadeira'], ['FI', 'Exportável cofre']]) {
    const r = await admin('POST', '/api/patrimonios', { descricao_bem: desc, sectorId: sectors[code].id, tipoId, valor_aquisicao: '10' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
});
afterAll(async () => { await stopWorker(); await s?.close(); });

describe('export.patrimonios', () => {
  it('exports the filtered assets as XLSX; a usuario only gets their sectors; the scope cannot be sent', async () => {
    const all = await exportRows('admin', { q: 'exportável' });
    expect(all.header.slice(0, PATRIMONIO_SHEET_COLUMNS.length)).toEqual(PATRIMONIO_SHEET_COLUMNS.map((c) => c.header));
    expect(all.body.map((r) => r[1]).sort()).toEqual(['Exportável cadeira', 'Exportável cofre', 'Exportável mesa']);
    const fi = await exportRows('admin', { q: 'exportável', sectorId: String(sectors.FI.id) });
    expect(fi.body.map((r) => r[1])).toEqual(['Exportável cofre']);
    const mine = await exportRows('usuario', { q: 'exportável' });
    expect(mine.body.map((r) => r[1]).sort()).toEqual(['Exportável cadeira', 'Exportável mesa']);
    // A usuario asking for another sector gets nothing of it.
    expect((await exportRows('usuario', { q: 'exportável', sectorId: sectors.FI.id })).body).toEqual([]);
    const forged = await (await as('usuario'))('POST', '/api/patrimonios/export', { q: 'exportável', sectorIds: null });
    expect(forged.status).toBe(400);
    expect((await (await as('admin'))('POST', '/api/patrimonios/export', { format: 'pdf' })).status).toBe(400);
  });
});

describe('import.patrimonios (commit as a job)', () => {
  it('creates the rows in a job; progress reaches the owner; the report is its result; the upload is removed', async () => {
    const token = await s.token('admin');
    const rec = jobRecorder(await s.socket(token));
    const other = jobRecorder(await s.socket(await s.token('usuario')));
    const rows = Array.from({ length: 30 }, (_, i) => `;Importado por tarefa ${i};Mobiliário;Saúde;;Ativo;5;1;;;;;`);
    const posted = await postImport('admin', Buffer.from([HEAD, ...rows].join('\n')), 'lote.csv');
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const job: Job = posted.body.job;
    expect(job).toMatchObject({ name: 'import.patrimonios', title: 'Importação de bens (lote.csv)' });
    const done = await rec.completed(job.id);
    expect(done.event.data).toMatchObject({ status: 'completed', progress: 100, error: null });
    const progress = rec.of(job.id).filter((e) => e.name === 'job.progress').map((e) => e.event.data.progress);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(other.of(job.id)).toEqual([]);
    const { res, bytes } = await jobDownload(s, token, job.id);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const report = JSON.parse(bytes.toString('utf8')) as ImportReport;
    expect(report).toMatchObject({ mode: 'commit', total: 30, valid: 30, created: 30, errors: [] });
    expect(report.numeros?.first).toBeTruthy();
    const list = (await (await as('admin'))('GET', '/api/patrimonios?q=importado por tarefa&pageSize=100')).body;
    expect(list.total).toBe(30);
    expect(uploads()).toEqual([]);
  });

  it('a bad file fails the job with a pt-BR reason; nothing is created; the upload is removed', async () => {
    const token = await s.token('admin');
    const total0 = (await (await as('admin'))('GET', '/api/patrimonios?pageSize=1')).body.total;
    const posted = await postImport('admin', Buffer.from('Coluna;Outra\n1;2'), 'ruim.csv');
    expect(posted.status).toBe(202);
    const job = await waitJob(s, token, posted.body.job.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(`${MSG.jobs.importFailed} Coluna obrigatória ausente: "Descrição do Bem".`);
    const zip = await postImport('admin', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]), 'x.xlsx');
    expect((await waitJob(s, token, zip.body.job.id)).status).toBe('failed');
    expect((await (await as('admin'))('GET', '/api/patrimonios?pageSize=1')).body.total).toBe(total0);
    expect(uploads()).toEqual([]);
    expect((await postImport('visualizador', Buffer.from(HEAD), 'v.csv')).status).toBe(403);
  });
});
