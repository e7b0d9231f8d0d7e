import type { Job, JobList } from '@tombo/shared';
import { http, itemFrom, listFrom, saveBlob } from '../../lib/http';

/** The caller's own background jobs (exports, imports), newest first. */
export async function fetchJobs(): Promise<JobList> {
  const data = await http.get<JobList>('/jobs');
  const jobs = listFrom<Job>(data, 'jobs');
  return { jobs, total: data?.total ?? jobs.length };
}

/** One of the caller's jobs. */
export async function fetchJob(id: string): Promise<Job> {
  return itemFrom<Job>(await http.get<{ job: Job }>(`/jobs/${encodeURIComponent(id)}`), 'job');
}

/** Fetches the job's file with the Bearer header and saves it. */
export async function downloadJobFile(job: Job): Promise<void> {
  const { blob, fileName } = await http.download(`/jobs/${encodeURIComponent(job.id)}/download`);
  saveBlob(blob, fileName ?? job.fileName ?? `${job.title || 'arquivo'}`);
}

/** Deletes one of the caller's jobs and its file (a running job answers 409). */
export async function deleteJob(id: string): Promise<void> {
  await http.delete(`/jobs/${encodeURIComponent(id)}`);
}

/** Cancels one of the caller's jobs: null when it was queued (deleted at once), else the marked running job. */
export async function cancelJob(id: string): Promise<Job | null> {
  const data = await http.post<{ job: Job | null }>(`/jobs/${encodeURIComponent(id)}/cancel`);
  return data?.job ?? null;
}

/** Puts one of the caller's failed jobs back in the queue (same id); answers the queued job. */
export async function retryJob(id: string): Promise<Job> {
  return itemFrom<Job>(await http.post<{ job: Job }>(`/jobs/${encodeURIComponent(id)}/retry`), 'job');
}
