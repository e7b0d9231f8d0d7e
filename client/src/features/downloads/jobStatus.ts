import type { JobStatus } from '@tombo/shared';

export const JOB_STATUS_LABEL: Record<JobStatus, string> = {
  queued: 'Na fila',
  running: 'Em processamento',
  completed: 'Concluído',
  failed: 'Falhou',
};

export const JOB_STATUS_COLOR: Record<JobStatus, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  running: 'info',
  completed: 'success',
  failed: 'error',
};
