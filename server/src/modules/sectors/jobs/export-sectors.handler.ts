import { eq } from 'drizzle-orm';
import type { Sector } from '@tombo/shared';
import type { Db } from '../../../db/client';
import { municipalities } from '../../../db/schema';
import { read } from '../../../db/tx';
import {
  JobFailure,
  type UserJobHandler,
  type JobContext,
  type JobResult,
  type RunningJob,
} from '../../../jobs/define';
import { PDF_MIME, XLSX_MIME } from '../../../jobs/files';
import { dateTimeBR, isoDay, wallClock } from '../../../jobs/format';
import { scopeOfMunicipality } from '../../../tenancy/scope';
import { listSectors } from '../queries';
import type { ExportSectorsPayload } from './export-sectors';
import { sectorsReportHtml, reportFooter } from './sectors-report';

type Job = RunningJob<ExportSectorsPayload>;

async function municipalityName(tx: Db, id: number): Promise<string> {
  const [m] = await tx.select({ name: municipalities.name }).from(municipalities).where(eq(municipalities.id, id));
  if (!m) throw new JobFailure('Município não encontrado.', false);
  return m.name;
}

/** `export.sectors`: the requester's municipality's sectors as XLSX (streamed) or PDF (Chromium). */
export const run: UserJobHandler<ExportSectorsPayload> = async (ctx, job) => {
  if (job.municipalityId == null) throw new JobFailure('A exportação de setores exige um município.', false);
  const now = new Date();
  const scope = scopeOfMunicipality(job.municipalityId);
  const [name, sectors] = await read(ctx, scope, async (tx) => [
    await municipalityName(tx, scope.municipalityId),
    await listSectors(tx, scope),
  ]);
  await job.progress(10);
  const base = `setores-${isoDay(now)}`;
  return job.payload.format === 'xlsx' ? writeXlsx(job, sectors, base) : writePdf(ctx, job, sectors, name, now, base);
};

async function writeXlsx(job: Job, sectors: Sector[], base: string): Promise<JobResult> {
  const { default: ExcelJS } = await import('exceljs');
  const file = job.tempPath('xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  wb.creator = 'Tombo';
  wb.created = new Date();
  const ws = wb.addWorksheet('Setores', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = [
    { header: 'Código', key: 'code', width: 14 },
    { header: 'Nome', key: 'name', width: 40 },
    { header: 'Quantidade de Locais', key: 'locais', width: 22 },
    { header: 'Criado em', key: 'createdAt', width: 18, style: { numFmt: 'dd/mm/yyyy hh:mm' } },
  ];
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.commit();
  let i = 0;
  for (const s of sectors) {
    ws.addRow({
      code: s.code,
      name: s.name,
      locais: s.locaisCount,
      createdAt: wallClock(new Date(s.createdAt)),
    }).commit();
    i++;
    if (i % 200 === 0) await job.progress(10 + (80 * i) / sectors.length);
  }
  ws.commit();
  await wb.commit();
  await job.progress(95);
  return { tempPath: file, ext: 'xlsx', fileName: `${base}.xlsx`, mimeType: XLSX_MIME };
}

async function writePdf(
  ctx: JobContext,
  job: Job,
  sectors: Sector[],
  municipality: string,
  now: Date,
  base: string,
): Promise<JobResult> {
  const { writeFile } = await import('node:fs/promises');
  const generatedAt = dateTimeBR(now);
  const html = sectorsReportHtml({ municipality, generatedAt, sectors });
  await job.progress(30);
  const pdf = await ctx.renderPdf(html, { footerTemplate: reportFooter(generatedAt) }).catch((err: unknown) => {
    throw new JobFailure('Não foi possível gerar o PDF (gerador indisponível ou tempo esgotado).', true, err);
  });
  await job.progress(90);
  const file = job.tempPath('pdf');
  await writeFile(file, pdf);
  return { tempPath: file, ext: 'pdf', fileName: `${base}.pdf`, mimeType: PDF_MIME };
}
