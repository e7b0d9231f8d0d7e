import { z } from 'zod';
import { idNumber } from './common';
import { patrimonioListQuery } from './patrimonios';

export const JOB_NAMES = ['export.sectors', 'export.patrimonios', 'import.patrimonios'] as const;
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
export const exportPatrimoniosBody = patrimonioListQuery
  .omit({ page: true, pageSize: true, sort: true, order: true })
  .extend({
    cf: z.record(z.string().max(60), z.string().max(200)).optional(),
    format: z.literal('xlsx', { error: 'Formato inválido.' }).default('xlsx'),
  });
export type ExportPatrimoniosBody = z.input<typeof exportPatrimoniosBody>;

const sectorScope = z.array(idNumber()).nullable();

/** Payload each job name carries (validated by the processor too). */
export const jobPayloads = {
  'export.sectors': z.strictObject({ format: exportFormat }),
  /** `sectorIds`: the requester's sector restriction (usuario) taken from the server-side principal; null = all. */
  'export.patrimonios': exportPatrimoniosBody.extend({ sectorIds: sectorScope }),
  /** `uploadPath` is relative to DATA_DIR (under tmp/uploads); deleted when the job ends. */
  'import.patrimonios': z.strictObject({
    uploadPath: z.string().min(1).max(300),
    fileName: z.string().max(255),
    actorName: z.string().max(255),
    sectorIds: sectorScope,
  }),
} satisfies Record<JobName, z.ZodType>;

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
}
export interface JobList {
  jobs: Job[];
  total: number;
}
