import { z } from 'zod';
import { patrimonioFiltros } from './patrimonios';

/**
 * The jobs a user asks for (a `jobs` row, the Downloads page). Each has a definition in its server
 * area (`server/src/modules/<area>/jobs/`) with its payload schema; system jobs are server-only.
 */
export const JOB_NAMES = [
  'export.sectors',
  'export.patrimonios',
  'import.patrimonios',
  'export.transferencias',
  'print.inventario',
  'ficha.generate',
  'termo.generate',
  'labels.generate',
  'report.generate',
  'export.dados',
  'importacao.bens',
  'importacao.analise',
  'backup.create',
  'backup.restore',
  'imovel-report.generate',
  'depreciacao.fechamento',
  'depreciacao-relatorio.generate',
  'export.imoveis',
  'contabilidade-relatorio.generate',
] as const;
export type JobName = (typeof JOB_NAMES)[number];
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const exportFormat = z.enum(['xlsx', 'pdf'], { error: 'Formato inválido.' });
export const exportSectorsBody = z.strictObject({ format: exportFormat });
/** Params of /jobs/:id (job ids are UUIDs). */
export const jobIdParam = z.strictObject({ id: z.uuid({ error: 'Identificador inválido.' }) });
export type ExportFormat = z.infer<typeof exportFormat>;

/**
 * Body of POST /api/patrimonios/export: the list filters GET /api/patrimonios accepts (without
 * paging/sorting; `cf` = custom-field filters by key) plus the format (XLSX only).
 */
export const exportPatrimoniosBody = patrimonioFiltros.extend({
  format: z.literal('xlsx', { error: 'Formato inválido.' }).default('xlsx'),
});
export type ExportPatrimoniosBody = z.input<typeof exportPatrimoniosBody>;

export interface Job {
  id: string;
  name: JobName;
  status: JobStatus;
  progress: number;
  title: string;
  fileName: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The result file was removed after the retention period (JOB_FILE_RETENTION_DAYS): generate it again. */
  fileRemoved: boolean;
  /** Size in bytes of the result file (null until completed, and for files of older versions). */
  fileSize: number | null;
  /** Its owner asked to cancel it while it ran: it stops at its next step and disappears from Downloads. */
  cancelRequested: boolean;
}
export interface JobList {
  jobs: Job[];
  total: number;
}
