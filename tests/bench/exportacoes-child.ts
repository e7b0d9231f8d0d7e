/**
 * The process that does the export of the bench (exportacoes.ts): runs the `export.dados` handler
 * (the worker's code: keyset chunks, exceljs streaming writer) once over the municipality's assets
 * and prints seconds, rows, file size and this process's peak RSS as JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/src/db/client';
import type { JobContext, RunningJob } from '../../server/src/jobs/define';
import { run } from '../../server/src/modules/exportacoes/jobs/export-dados.handler';
import type { ExportDadosPayload } from '../../server/src/modules/exportacoes/jobs/export-dados';

const [municipalityId, formato] = [Number(process.argv[2]), (process.argv[3] ?? 'xlsx') as 'xlsx' | 'csv'];
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 2 });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-bench-export-'));
const ctx = { database, db: database.db } as unknown as JobContext;
const job: RunningJob<ExportDadosPayload> = {
  id: 'bench',
  name: 'export.dados',
  title: 'bench',
  municipalityId,
  ownerId: 0,
  payload: { formato, filtros: undefined, columns: null, sectorIds: null },
  attempt: 1,
  progress: async () => undefined,
  tempPath: (ext) => path.join(dir, `bench.${ext}`),
};
const rssBefore = process.memoryUsage().rss;
const t0 = performance.now();
const result = await run(ctx, job);
const seconds = (performance.now() - t0) / 1000;
const size = fs.statSync(result.tempPath).size;
fs.rmSync(dir, { recursive: true, force: true });
await database.close();
console.log(
  JSON.stringify({ seconds, size, rssBeforeMb: rssBefore / 2 ** 20, peakRssMb: process.resourceUsage().maxRSS / 1024 }),
);
process.exit(0);
