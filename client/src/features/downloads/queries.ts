import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job } from '@tombo/shared';
import { fetchJob, fetchJobs } from './api';
import { jobKeys } from './keys';
import { mergeJob } from './live';

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
