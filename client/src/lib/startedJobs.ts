/**
 * The background jobs this tab asked for (an answer `{ job: { id } }`): the end of such a job is said in
 * a toast here; the owner's other tabs and devices see it in Downloads and in the bell, without a toast
 * over whatever they are doing (only one toast shows at a time, spec §9).
 */
const started = new Set<string>();

export function noteStartedJob(body: unknown): void {
  const job = (body as { job?: { id?: unknown } } | null)?.job;
  if (job && typeof job.id === 'string') started.add(job.id);
}

export const startedHere = (id: string) => started.has(id);
