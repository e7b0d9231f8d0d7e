import { eq } from 'drizzle-orm';
import type { Sector } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { municipalities } from '../../../db/schema';
import { read } from '../../../db/tx';
import type { Branding } from '../../../render/branding';
import { loadBranding } from '../../customization';
import {
  JobFailure,
  type UserJobHandler,
  type JobContext,
  type JobResult,
  type RunningJob,
} from '../../../jobs/define';
import { PDF_MIME, XLSX_MIME } from '../../../jobs/files';
import { dateTimeBR, isoDay, wallClock } from '../../../jobs/format';
import { writeXlsx as writeSheet, type FileColumn } from '../../../spreadsheet';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { listSectors } from '../queries';
import type { ExportSectorsPayload } from './export-sectors';
import { sectorsReportHtml, reportFooter } from './sectors-report';

type Job = RunningJob<ExportSectorsPayload>;

async function municipalityExists(tx: Db, id: number): Promise<void> {
  const [m] = await tx.select({ id: municipalities.id }).from(municipalities).where(eq(municipalities.id, id));
  if (!m) throw new JobFailure('Município não encontrado.', false);
}

/** `export.sectors`: the requester's municipality's sectors as XLSX (streamed) or PDF (Chromium). */
export const run: UserJobHandler<ExportSectorsPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A exportação de setores exige um município.', false);
  const now = new Date();
  const scope = scopeOfMunicipality(job.municipalityId);
  const [branding, sectors] = await read(ctx, scope, async (tx) => {
    await municipalityExists(tx, scope.municipalityId);
    return [await loadBranding(tx, scope, ctx.config), await listSectors(tx, scope)] as const;
  });
  await job.progress(10);
  const base = `setores-${isoDay(now)}`;
  return job.payload.format === 'xlsx'
    ? writeXlsx(job, sectors, base)
    : writePdf(ctx, job, sectors, branding, now, base);
};

const COLUMNS: FileColumn[] = [
  { key: 'code', header: 'Código', kind: 'text', width: 14 },
  { key: 'name', header: 'Nome', kind: 'text', width: 40 },
  { key: 'locais', header: 'Quantidade de Locais', kind: 'number', width: 22 },
  { key: 'createdAt', header: 'Criado em', kind: 'datetime', width: 18 },
];

async function writeXlsx(job: Job, sectors: Sector[], base: string): Promise<JobResult> {
  const file = job.tempPath('xlsx');
  const rows = sectors.map((s) => ({
    code: s.code,
    name: s.name,
    locais: s.locaisCount,
    createdAt: wallClock(new Date(s.createdAt)),
  }));
  const chunks = Array.from({ length: Math.ceil(rows.length / 200) }, (_, i) => rows.slice(i * 200, i * 200 + 200));
  await writeSheet(file, { name: 'Setores', columns: COLUMNS, rows: chunks }, (done) =>
    job.progress(10 + (80 * done) / Math.max(1, rows.length)),
  );
  await job.progress(95);
  return { tempPath: file, ext: 'xlsx', fileName: `${base}.xlsx`, mimeType: XLSX_MIME };
}

async function writePdf(
  ctx: JobContext,
  job: Job,
  sectors: Sector[],
  branding: Branding,
  now: Date,
  base: string,
): Promise<JobResult> {
  const { writeFile } = await import('node:fs/promises');
  const generatedAt = dateTimeBR(now);
  const html = sectorsReportHtml({ branding, generatedAt, sectors });
  await job.progress(30);
  const pdf = await ctx.renderPdf(html, { footerTemplate: reportFooter(generatedAt) }).catch((err: unknown) => {
    throw new JobFailure('Não foi possível gerar o PDF (gerador indisponível ou tempo esgotado).', true, err);
  });
  await job.progress(90);
  const file = job.tempPath('pdf');
  await writeFile(file, pdf);
  return { tempPath: file, ext: 'pdf', fileName: `${base}.pdf`, mimeType: PDF_MIME };
}
