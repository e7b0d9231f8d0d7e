import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Job, JobList } from '@tombo/shared';
import { http, itemFrom, listFrom, saveBlob } from '../../lib/http';
import { jobKey, jobsListKey, mergeJob } from '../live/cacheUpdates';

export const isJobDone = (job: Job | undefined) => job?.status === 'completed' || job?.status === 'failed';

export async function fetchJobs(): Promise<JobList> {
  const data = await http.get<JobList>('/jobs');
  const jobs = listFrom<Job>(data, 'jobs');
  return { jobs, total: data?.total ?? jobs.length };
}

export async function fetchJob(id: string): Promise<Job> {
  return itemFrom<Job>(await http.get<{ job: Job }>(`/jobs/${encodeURIComponent(id)}`), 'job');
}

/** Fetches the job's file with the Bearer header and saves it. */
export async function downloadJobFile(job: Job): Promise<void> {
  const { blob, fileName } = await http.download(`/jobs/${encodeURIComponent(job.id)}/download`);
  saveBlob(blob, fileName ?? job.fileName ?? `${job.title || 'arquivo'}`);
}

export function useJobs() {
  return useQuery({ queryKey: jobsListKey, queryFn: fetchJobs, staleTime: 0, refetchOnMount: 'always' });
}

/**
 * One job, driven by job.progress / job.completed events; while it runs, a slow poll is the
 * safety net for a missed event.
 */
export function useJob(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: jobKey(id ?? ''),
    enabled: !!id,
    queryFn: async () => mergeJob(qc.getQueryData<Job>(jobKey(id!)), await fetchJob(id!)),
    refetchInterval: (q) => (q.state.data && !isJobDone(q.state.data) ? 4000 : false),
  });
}
