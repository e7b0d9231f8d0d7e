/**
 * The jobs area: its routes, its system jobs (the result-file retention sweep), and what other areas
 * and the runner call. No access rules: a job belongs to its owner, which the queries check (queries.ts).
 */
export { jobRoutes as routes } from './routes';
export { createJob, type JobRequest } from './commands';
export { enqueueJob, requestJob } from './request';
export { getJob, listJobs } from './queries';
export { presentJob, type JobRow } from './presenters';
export { publishJob, publishJobDeleted } from './publish';
export { handToRunner } from './hand';
import { fileRetentionJob } from './jobs/file-retention';
/** The area's job definitions (collected by modules/job-definitions.ts). */
export const jobs = [fileRetentionJob] as const;
