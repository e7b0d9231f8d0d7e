/**
 * The jobs area: its routes, and what other areas, the runner and the retention sweep call. No access
 * rules: a job belongs to its owner, which the queries check (see queries.ts).
 */
export { jobRoutes as routes } from './routes';
export { createJob, type JobRequest } from './commands';
export { enqueueJob, requestJob } from './request';
export { getJob, listJobs } from './queries';
export { presentJob, type JobRow } from './presenters';
export { publishJob } from './publish';
