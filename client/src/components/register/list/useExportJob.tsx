import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { MSG, type Job } from '@tombo/shared';
import { toast } from '../../../lib/toast';
import { JobProgressPanel, patchJob } from '../../../features/downloads';
import type { ListParams } from './types';

/** 'Exportar': the register's export as a background job, its progress below the header and then the file. */
export function useExportJob(start: ((filters: ListParams) => Promise<Job>) | undefined, title: string) {
  const qc = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (filters: ListParams) => start!(filters),
    onSuccess: (job) => {
      patchJob(qc, job);
      setJobId(job.id);
      toast.info(MSG.jobs.queued);
    },
    onError: (err) => toast.fromError(err),
  });
  return {
    button: (filters: ListParams) =>
      start && (
        <Button
          variant="outlined"
          startIcon={<FileDownloadOutlined />}
          onClick={() => run.mutate(filters)}
          disabled={run.isPending}
        >
          Exportar
        </Button>
      ),
    panel: jobId && <JobProgressPanel jobId={jobId} title={title} onClose={() => setJobId(null)} />,
  };
}
