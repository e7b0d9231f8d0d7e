import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type Job } from '@tombo/shared';
import { toast } from '../../lib/toast';
import { cancelJob, deleteJob, fetchJob, fetchJobs, retryJob } from './api';
import { jobKeys } from './keys';
import { mergeJob, removeJob, replaceJob } from './live';

/** True once a job has finished, well or not. */
export const isJobDone = (job: Job | undefined) => job?.status === 'completed' || job?.status === 'failed';

/** The Downloads list, always fresh when the page opens. */
export function useJobs() {
  return useQuery({ queryKey: jobKeys.list, queryFn: fetchJobs, staleTime: 0, refetchOnMount: 'always' });
}

/**
 * One job, driven by job.progress / job.completed events; while it runs, a slow poll is the
 * safety net for a missed event.
 */
export function useJob(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: jobKeys.detail(id ?? ''),
    enabled: !!id,
    queryFn: async () => mergeJob(qc.getQueryData<Job>(jobKeys.detail(id!)), await fetchJob(id!)),
    refetchInterval: (q) => (q.state.data && !isJobDone(q.state.data) ? 4000 : false),
  });
}

/** Deletes a job (after the user confirmed) and drops it from the list. */
export function useDeleteJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteJob,
    onSuccess: (_r, id) => {
      removeJob(qc, id);
      toast.success(MSG.jobs.deleted);
    },
    onError: (err) => toast.fromError(err),
  });
}

/** Cancels a running job: it shows "Cancelando…" until its runner stops and it leaves the list (job.deleted). */
export function useCancelJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelJob,
    onSuccess: (job, id) => {
      if (job) replaceJob(qc, job);
      else removeJob(qc, id);
      toast.success(job ? MSG.jobs.cancelRequested : MSG.jobs.cancelled);
    },
    onError: (err) => toast.fromError(err),
  });
}

/** Retries a failed job: it goes back to "Na fila" and is followed live like a new one. */
export function useRetryJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSuccess: (job) => {
      replaceJob(qc, job);
      toast.success(MSG.jobs.retried);
    },
    onError: (err) => toast.fromError(err),
  });
}
