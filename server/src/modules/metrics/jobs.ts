import { and, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { jobs } from '../../db/schema';
import { read } from '../../db/tx';
import { QUEUE_NAME, queuePrefix } from '../../jobs/settings';
import { allMunicipalities } from '../../tenancy/scope';

/** Buckets (seconds) of the job duration histogram: a label sheet takes seconds, a big export minutes. */
const JOB_BUCKETS = [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labels = (l: Record<string, string>) =>
  '{' +
  Object.entries(l)
    .map(([k, v]) => `${k}="${esc(v)}"`)
    .join(',') +
  '}';

/**
 * User jobs read from the `jobs` table (the durable truth, whichever process ran them): how many wait or
 * run per name, and a histogram of the finished ones' durations. Installation-wide, so every node reports
 * the same values (aggregate with max, not sum).
 */
async function jobTable(ctx: AppContext): Promise<string> {
  const duration = sql`extract(epoch from ${jobs.finishedAt} - ${jobs.startedAt})`;
  const buckets = Object.fromEntries(
    JOB_BUCKETS.map((b, i) => [`b${i}`, sql<number>`count(*) filter (where ${duration} <= ${b})`.mapWith(Number)]),
  );
  const [pending, finished] = await read(ctx, allMunicipalities(), async (tx) => [
    await tx
      .select({ name: jobs.name, status: jobs.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(jobs)
      .where(sql`${jobs.status} in ('queued', 'running')`)
      .groupBy(jobs.name, jobs.status),
    await tx
      .select({
        name: jobs.name,
        status: jobs.status,
        n: sql<number>`count(*)`.mapWith(Number),
        sum: sql<number>`coalesce(sum(${duration}), 0)`.mapWith(Number),
        ...buckets,
      })
      .from(jobs)
      .where(and(isNotNull(jobs.finishedAt), isNotNull(jobs.startedAt), sql`${jobs.status} in ('completed', 'failed')`))
      .groupBy(jobs.name, jobs.status),
  ]);
  const out = [
    '# HELP tombo_jobs Tarefas de usuário na fila ou em execução (tabela jobs), por nome e status.',
    '# TYPE tombo_jobs gauge',
    ...pending.map((r) => `tombo_jobs${labels({ name: r.name, status: r.status })} ${r.n}`),
    '# HELP tombo_job_duration_seconds Duração das tarefas de usuário terminadas (início → fim), por nome e status.',
    '# TYPE tombo_job_duration_seconds histogram',
  ];
  for (const r of finished) {
    const l = { name: r.name, status: r.status };
    const row = r as unknown as Record<string, number>;
    JOB_BUCKETS.forEach((b, i) =>
      out.push(`tombo_job_duration_seconds_bucket${labels({ ...l, le: String(b) })} ${row[`b${i}`]}`),
    );
    out.push(`tombo_job_duration_seconds_bucket${labels({ ...l, le: '+Inf' })} ${r.n}`);
    out.push(`tombo_job_duration_seconds_sum${labels(l)} ${r.sum}`);
    out.push(`tombo_job_duration_seconds_count${labels(l)} ${r.n}`);
  }
  return out.join('\n') + '\n';
}

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'failed', 'completed'] as const;

/** BullMQ's counts of the queue in Redis (a connection per scrape, given up after 2 s: Redis may be down). */
async function bullCounts(ctx: AppContext): Promise<string> {
  const head = ['# HELP tombo_queue_jobs Tarefas na fila BullMQ (Redis), por estado.', '# TYPE tombo_queue_jobs gauge'];
  const up = (v: number) =>
    `# HELP tombo_queue_up 1 quando a fila respondeu nesta coleta.\n# TYPE tombo_queue_up gauge\ntombo_queue_up ${v}\n`;
  if (ctx.queue.mode !== 'bullmq' || !ctx.config.redisUrl) {
    // Inline: the queue is this process; its depth is tombo_jobs (the rows it has not finished).
    return up(1);
  }
  const [{ Queue }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const connection = new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  connection.on('error', () => {}); // Redis down: the scrape says tombo_queue_up 0
  const queue = new Queue(QUEUE_NAME, { connection, prefix: queuePrefix(ctx.config) });
  let timer: NodeJS.Timeout | undefined;
  try {
    const counts = await Promise.race([
      queue.getJobCounts(...STATES),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), 2000))),
    ]);
    const lines = STATES.map((s) => `tombo_queue_jobs${labels({ queue: QUEUE_NAME, state: s })} ${counts[s] ?? 0}`);
    return [...head, ...lines].join('\n') + '\n' + up(1);
  } catch {
    return up(0);
  } finally {
    clearTimeout(timer);
    await queue.close().catch(() => {});
    await connection.quit().catch(() => connection.disconnect());
  }
}

/** The queue part of the exposition: the jobs table (both modes) and BullMQ's own counts with Redis. */
export async function queueMetrics(ctx: AppContext): Promise<string> {
  const [table, bull] = await Promise.all([jobTable(ctx), bullCounts(ctx)]);
  return table + bull;
}
