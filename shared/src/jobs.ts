import { z } from 'zod';

export const JOB_NAMES = ['export.sectors'] as const;
export type JobName = (typeof JOB_NAMES)[number];
export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const exportFormat = z.enum(['xlsx', 'pdf'], { error: 'Formato inválido.' });
export const exportSectorsBody = z.strictObject({ format: exportFormat });
export type ExportFormat = z.infer<typeof exportFormat>;

/** Payload each job name carries (validated by the processor too). */
export const jobPayloads = {
  'export.sectors': z.strictObject({ format: exportFormat }),
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
}
export interface JobList { jobs: Job[]; total: number }
