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
