import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { MSG, PATRIMONIO_SHEET_COLUMNS, type ImportReport, type Job } from '@tombo/shared';
import { eq } from 'drizzle-orm';
import { jobs } from '../../server/src/db/schema';
import { jobsDir } from '../../server/src/jobs/files';
import { uploadTmpDir } from '../../server/src/modules/patrimonios/files';
import type { RunningJob } from '../../server/src/jobs/define';
import { runJob } from '../../server/src/modules/jobs/runtime/runner';
import { userJobDefinition } from '../../server/src/modules/job-definitions';
import type { ImportPatrimoniosPayload } from '../../server/src/modules/patrimonios/jobs/import-patrimonios';
import { startTestServer, type TestServer } from '../support/harness';
import { client } from '../support/http';
import { jobDownload, jobRecorder, startWorkerIfNeeded, waitJob } from '../support/jobs';
import { newTipoBem, newTown, type TestSectorWithLocais, type TestTown, type TestUser } from '../support/factories';

let s: TestServer;
/** Own municipality: the usuario in AD and TI. */
let A: TestTown;
let sectors: Record<string, TestSectorWithLocais>;
let stopWorker: () => Promise<void> = async () => undefined;
const as = async (u: TestUser) => client(s.url, await u.token());
const HEAD = PATRIMONIO_SHEET_COLUMNS.map((c) => c.header).join(';');
const uploads = () => (fs.existsSync(uploadTmpDir(s.ctx.config)) ? fs.readdirSync(uploadTmpDir(s.ctx.config)) : []);

async function postImport(who: TestUser, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${s.url}/api/patrimonios/import?mode=commit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await who.token()}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

async function exportRows(who: TestUser, filters: Record<string, unknown>) {
  const token = await who.token();
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
  A = await newTown(s, { usuarioSectors: ['AD', 'TI'] });
  sectors = A.sectors;
  const admin = await as(A.users.admin);
  const tipoId = (await newTipoBem(s, A.id, { name: 'Mobiliário' })).id;
  for (const [code, desc] of [
    ['AD', 'Exportável mesa'],
    ['AD', 'Exportável cadeira'],
    ['FI', 'Exportável cofre'],
  ]) {
    const r = await admin('POST', '/api/patrimonios', {
      descricao_bem: desc,
      sectorId: sectors[code].id,
      tipoId,
      valor_aquisicao: '10',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
});
afterAll(async () => {
  await stopWorker();
  await s?.close();
});

describe('export.patrimonios', () => {
  it('exports the filtered assets as XLSX; a usuario only gets their sectors; the scope cannot be sent', async () => {
    const all = await exportRows(A.users.admin, { q: 'exportável' });
    expect(all.header.slice(0, PATRIMONIO_SHEET_COLUMNS.length)).toEqual(PATRIMONIO_SHEET_COLUMNS.map((c) => c.header));
    expect(all.body.map((r) => r[1]).sort()).toEqual(['Exportável cadeira', 'Exportável cofre', 'Exportável mesa']);
    const fi = await exportRows(A.users.admin, { q: 'exportável', sectorId: String(sectors.FI.id) });
    expect(fi.body.map((r) => r[1])).toEqual(['Exportável cofre']);
    const mine = await exportRows(A.users.usuario, { q: 'exportável' });
    expect(mine.body.map((r) => r[1]).sort()).toEqual(['Exportável cadeira', 'Exportável mesa']);
    // A usuario asking for another sector gets nothing of it.
    expect((await exportRows(A.users.usuario, { q: 'exportável', sectorId: sectors.FI.id })).body).toEqual([]);
    const forged = await (
      await as(A.users.usuario)
    )('POST', '/api/patrimonios/export', { q: 'exportável', sectorIds: null });
    expect(forged.status).toBe(400);
    expect((await (await as(A.users.admin))('POST', '/api/patrimonios/export', { format: 'pdf' })).status).toBe(400);
  });
});

describe('import.patrimonios (commit as a job)', () => {
  it('creates the rows in a job; progress reaches the owner; the report is its result; the upload is removed', async () => {
    const token = await A.users.admin.token();
    const rec = jobRecorder(await s.socket(token));
    const other = jobRecorder(await s.socket(await A.users.usuario.token()));
    const rows = Array.from({ length: 30 }, (_, i) => `;Importado por tarefa ${i};Mobiliário;Saúde;;Ativo;5;1;;;;;`);
    const posted = await postImport(A.users.admin, Buffer.from([HEAD, ...rows].join('\n')), 'lote.csv');
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    const job: Job = posted.body.job;
    expect(job).toMatchObject({ name: 'import.patrimonios', title: 'Importação de bens (lote.csv)' });
    const done = await rec.completed(job.id);
    expect(done.event.data).toMatchObject({ status: 'completed', progress: 100, error: null });
    const progress = rec
      .of(job.id)
      .filter((e) => e.name === 'job.progress')
      .map((e) => e.event.data.progress);
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect(other.of(job.id)).toEqual([]);
    const { res, bytes } = await jobDownload(s, token, job.id);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const report = JSON.parse(bytes.toString('utf8')) as ImportReport;
    expect(report).toMatchObject({ mode: 'commit', total: 30, valid: 30, created: 30, errors: [] });
    expect(report.numeros?.first).toBeTruthy();
    const list = (await (await as(A.users.admin))('GET', '/api/patrimonios?q=importado por tarefa&pageSize=100')).body;
    expect(list.total).toBe(30);
    expect(uploads()).toEqual([]);
  });

  it('a bad file fails the job with a pt-BR reason; nothing is created; the upload is removed', async () => {
    const token = await A.users.admin.token();
    const total0 = (await (await as(A.users.admin))('GET', '/api/patrimonios?pageSize=1')).body.total;
    const posted = await postImport(A.users.admin, Buffer.from('Coluna;Outra\n1;2'), 'ruim.csv');
    expect(posted.status).toBe(202);
    const job = await waitJob(s, token, posted.body.job.id);
    expect(job.status).toBe('failed');
    expect(job.error).toBe(`${MSG.jobs.importFailed} Coluna obrigatória ausente: "Descrição do Bem".`);
    const zip = await postImport(
      A.users.admin,
      Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]),
      'x.xlsx',
    );
    expect((await waitJob(s, token, zip.body.job.id)).status).toBe('failed');
    expect((await (await as(A.users.admin))('GET', '/api/patrimonios?pageSize=1')).body.total).toBe(total0);
    expect(uploads()).toEqual([]);
    expect((await postImport(A.users.visualizador, Buffer.from(HEAD), 'v.csv')).status).toBe(403);
  });
});

/** An import job row as the API writes it, with its upload; nothing enqueues it: the test delivers it by hand. */
async function handDelivered(label: string, rows: number) {
  const user = { id: A.users.admin.id, name: A.users.admin.name, municipalityId: A.id };
  const sheet = [
    HEAD,
    ...Array.from({ length: rows }, (_, i) => `;${label} ${i};Mobiliário;Saúde;;Ativo;5;1;;;;;`),
  ].join('\n');
  fs.mkdirSync(uploadTmpDir(s.ctx.config), { recursive: true });
  const upload = path.join(uploadTmpDir(s.ctx.config), `${label}-${Date.now()}.csv`);
  fs.writeFileSync(upload, sheet);
  const payload = {
    uploadPath: path.relative(s.ctx.config.dataDir, upload),
    fileName: `${label}.csv`,
    actorName: user.name,
    sectorIds: null,
  };
  const [row] = await s.owner.transaction((tx) =>
    tx
      .insert(jobs)
      .values({
        municipalityId: user.municipalityId,
        ownerId: user.id,
        name: 'import.patrimonios',
        title: `Importação de bens (${label}.csv)`,
        payload,
        status: 'running',
      })
      .returning(),
  );
  const scratch = path.join(jobsDir(s.ctx.config), '.tmp');
  fs.mkdirSync(scratch, { recursive: true });
  return {
    row,
    upload,
    sheet,
    /** One delivery of the job straight to its definition's handler (what the runner calls). */
    deliver: async (attempt: number) =>
      (await userJobDefinition('import.patrimonios')!.handler()).run(s.ctx, {
        id: row.id,
        name: 'import.patrimonios',
        title: row.title,
        municipalityId: user.municipalityId,
        ownerId: user.id,
        payload,
        attempt,
        progress: async () => undefined,
        tempPath: (ext) => path.join(scratch, `${row.id}.test.${attempt}.${ext}`),
      } satisfies RunningJob<ImportPatrimoniosPayload>),
    count: async () =>
      (await (await as(A.users.admin))('GET', `/api/patrimonios?q=${encodeURIComponent(label)}&pageSize=1`)).body
        .total as number,
  };
}
const reportOf = (r: { tempPath: string }) => JSON.parse(fs.readFileSync(r.tempPath, 'utf8')) as ImportReport;

describe('import.patrimonios redelivery (crash after the commit, before "completed")', () => {
  it('a second delivery completes with the same report: assets created once, no failure, upload removed', async () => {
    const token = await A.users.admin.token();
    const { row, upload, sheet, deliver, count } = await handDelivered('reentregue', 12);
    const before = await count();

    // 1st delivery: the processor commits, then the process "dies" before the runner marks the job completed.
    const first = await deliver(1);
    const report = reportOf(first);
    expect(report).toMatchObject({ mode: 'commit', total: 12, valid: 12, created: 12, errors: [] });
    expect(await count()).toBe(before + 12);
    const [committed] = await s.owner.transaction((tx) => tx.select().from(jobs).where(eq(jobs.id, row.id)));
    expect(committed).toMatchObject({
      status: 'running',
      filePath: path.join('files', 'jobs', `${row.id}.json`),
      fileName: first.fileName,
    });
    expect(fs.existsSync(upload)).toBe(false);

    // 2nd delivery, even with the sheet still there (crash before its removal): nothing imported again, same result.
    fs.writeFileSync(upload, sheet);
    const second = await deliver(2);
    expect(second).toMatchObject({ ext: 'json', fileName: first.fileName, mimeType: first.mimeType });
    expect(reportOf(second)).toEqual(report);
    expect(await count()).toBe(before + 12);
    expect(fs.existsSync(upload)).toBe(false);

    // 3rd delivery through the runner (as BullMQ or the inline queue would): completed, not failed.
    expect(await runJob(s.ctx, row.id, { attempt: 3, final: true })).toBe('completed');
    const job = await waitJob(s, token, row.id);
    expect(job).toMatchObject({ status: 'completed', progress: 100, error: null, fileName: first.fileName });
    const { res, bytes } = await jobDownload(s, token, row.id);
    expect(res.status).toBe(200);
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(report);
    expect(await count()).toBe(before + 12);
    const numeros = (
      await (
        await as(A.users.admin)
      )('GET', '/api/patrimonios?q=reentregue&pageSize=100')
    ).body.patrimonios
      .map((p: { numero_patrimonio: string }) => p.numero_patrimonio)
      .sort();
    expect(numeros).toHaveLength(12);
    expect([numeros[0], numeros.at(-1)]).toEqual([report.numeros!.first, report.numeros!.last]);
    // A delivery after completion is skipped.
    expect(await runJob(s.ctx, row.id, { attempt: 4, final: true })).toBe('skipped');
  });

  it('two deliveries at once: one imports, the other rolls back and reports the same', async () => {
    const { deliver, count } = await handDelivered('simultanea', 7);
    const before = await count();
    const [a, b] = await Promise.all([deliver(1), deliver(2)]);
    expect(reportOf(a)).toMatchObject({ created: 7, errors: [] });
    expect(reportOf(b)).toEqual(reportOf(a));
    expect(b.fileName).toBe(a.fileName);
    expect(await count()).toBe(before + 7);
  });

  it('a sheet with no good row: the redelivery repeats its report too', async () => {
    const { upload, sheet, deliver } = await handDelivered('semvalor', 2);
    fs.writeFileSync(upload, sheet.replace(/;5;1;/g, ';;1;'));
    const first = reportOf(await deliver(1));
    expect(first).toMatchObject({ mode: 'commit', total: 2, valid: 0, created: 0, numeros: null });
    expect(first.errors).toHaveLength(2);
    expect(fs.existsSync(upload)).toBe(false);
    expect(reportOf(await deliver(2))).toEqual(first);
  });
});
