import type { QueryClient } from '@tanstack/react-query';
import { MSG, type Job, type JobList } from '@tombo/shared';
import type { LiveHandlers } from '../../lib/feature';
import { startedHere } from '../../lib/startedJobs';
import { toast } from '../../lib/toast';
import { jobKeys } from './keys';

const STATUS_RANK: Record<Job['status'], number> = { queued: 0, running: 1, completed: 2, failed: 2 };

/** Keeps whichever job state is further along (events and fetches may arrive out of order). */
export function mergeJob(prev: Job | undefined, next: Job): Job {
  if (!prev) return next;
  const a = STATUS_RANK[prev.status];
  const b = STATUS_RANK[next.status];
  if (b > a) return next;
  if (b < a) return prev;
  return next.progress >= prev.progress ? next : { ...next, progress: prev.progress };
}

/** Puts a job's newest state into its own query and into the cached list (a new job goes first). */
export function patchJob(qc: QueryClient, job: Job) {
  qc.setQueryData<Job>(jobKeys.detail(job.id), (old) => mergeJob(old, job));
  qc.setQueryData<JobList>(jobKeys.list, (old) => {
    if (!old) return old;
    const i = old.jobs.findIndex((j) => j.id === job.id);
    if (i === -1) return { jobs: [job, ...old.jobs], total: old.total + 1 };
    const jobs = old.jobs.slice();
    jobs[i] = mergeJob(jobs[i], job);
    return { jobs, total: old.total };
  });
}

/** Takes a job's state as it is now, even "behind" the cached one (a retried job goes back to the queue). */
export function replaceJob(qc: QueryClient, job: Job) {
  qc.setQueryData<Job>(jobKeys.detail(job.id), job);
  qc.setQueryData<JobList>(jobKeys.list, (old) =>
    old ? { ...old, jobs: old.jobs.map((j) => (j.id === job.id ? job : j)) } : old,
  );
}

/** Drops a deleted job from the cached list. */
export function removeJob(qc: QueryClient, id: string) {
  qc.removeQueries({ queryKey: jobKeys.detail(id) });
  qc.setQueryData<JobList>(jobKeys.list, (old) =>
    old ? { jobs: old.jobs.filter((j) => j.id !== id), total: Math.max(0, old.total - 1) } : old,
  );
}

/**
 * Job progress patches the job and the Downloads list; the end of a job is also said in a toast in the tab
 * that asked for it (a success only when it made a file); a job
 * deleted (in another tab) leaves the list.
 */
export const live: LiveHandlers = {
  'job.progress': (e, { queryClient }) => patchJob(queryClient, e.data),
  'job.completed': (e, { queryClient }) => {
    patchJob(queryClient, e.data);
    // Only in the tab that asked for it (startedJobs.ts); 'Arquivo pronto' only for a job that made a file
    // (a monthly close makes none: its screen says it).
    if (!startedHere(e.data.id)) return;
    if (e.data.status === 'failed') toast.error(e.data.error || MSG.jobs.failed);
    else if (e.data.fileName) toast.success(MSG.jobs.done);
  },
  'job.deleted': (e, { queryClient }) => removeJob(queryClient, e.data.id),
};
