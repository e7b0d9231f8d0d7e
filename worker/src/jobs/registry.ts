import type { JobName } from '@tombo/shared';
import type { JobContext, Processor } from './types';
import { exportSectors } from './export-sectors';
import { exportPatrimonios } from './export-patrimonios';
import { importPatrimonios, removeImportUpload } from './import-patrimonios';

/** JobName → processor. Every name of `JOB_NAMES` must have one (the type enforces it). */
export const processors: { [N in JobName]: Processor<N> } = {
  'export.sectors': exportSectors,
  'export.patrimonios': exportPatrimonios,
  'import.patrimonios': importPatrimonios,
};

/**
 * JobName → what to clean once the job is over (completed, or failed with no retry to follow);
 * gets the raw stored payload (it may be the reason of the failure).
 */
export const cleanups: Partial<Record<JobName, (ctx: JobContext, payload: unknown) => Promise<void>>> = {
  'import.patrimonios': removeImportUpload,
};
