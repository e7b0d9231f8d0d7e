import type { JobName } from '@tombo/shared';
import type { Processor } from './types';
import { exportSectors } from './export-sectors';

/** JobName → processor. Every name of `JOB_NAMES` must have one (the type enforces it). */
export const processors: { [N in JobName]: Processor<N> } = {
  'export.sectors': exportSectors,
};
