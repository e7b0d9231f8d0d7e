import type { Config } from '../config';
import type { JobQueue } from './queue';
import { JOB_ATTEMPTS, JOB_BACKOFF, QUEUE_NAME, queuePrefix } from './settings';

/** BullMQ producer: the API only adds jobs; `npm run worker` processes them. */
export async function createBullQueue(config: Config & { redisUrl: string }): Promise<JobQueue> {
  const [{ Queue }, { Redis }] = await Promise.all([import('bullmq'), import('ioredis')]);
  const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
  const queue = new Queue(QUEUE_NAME, { connection, prefix: queuePrefix(config) });
  return {
    mode: 'bullmq',
    async enqueue({ id, name }) {
      await queue.add(
        name,
        { id },
        {
          jobId: id,
          attempts: JOB_ATTEMPTS,
          backoff: JOB_BACKOFF,
          removeOnComplete: true,
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
    },
    async close() {
      await queue.close();
      await connection.quit().catch(() => connection.disconnect());
    },
  };
}
