/**
 * The process that does the export of the bench (exportacoes.ts): runs the `export.dados` handler
 * (the worker's code: keyset chunks, sheet XML streamed into the zip) once over the municipality's assets
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
const { rss: rssBefore, heapUsed: heapBefore } = process.memoryUsage();
// Where the memory goes (sampled): the JS heap, and buffers outside it (the zip stream's backlog).
const peak = { heap: 0, external: 0 };
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peak.heap = Math.max(peak.heap, m.heapUsed);
  peak.external = Math.max(peak.external, m.external + m.arrayBuffers);
}, 100);
const t0 = performance.now();
const cpu0 = process.cpuUsage();
const result = await run(ctx, job);
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
clearInterval(sampler);
const size = fs.statSync(result.tempPath).size;
fs.rmSync(dir, { recursive: true, force: true });
await database.close();
console.log(
  JSON.stringify({
    seconds,
    // CPU time of this process (user + system): steadier than seconds on a machine others load.
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    size,
    rssBeforeMb: rssBefore / 2 ** 20,
    heapBeforeMb: heapBefore / 2 ** 20,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    peakHeapMb: peak.heap / 2 ** 20,
    peakExternalMb: peak.external / 2 ** 20,
  }),
);
process.exit(0);
