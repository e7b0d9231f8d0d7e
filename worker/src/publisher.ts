import type { Redis } from 'ioredis';
import type { Publisher } from '@tombo/server/realtime/publisher';
import { publisherFor } from '@tombo/server/realtime/publisher';

/**
 * Live events from a process without a Socket.IO server: the Redis emitter publishes them to the
 * API nodes' Redis adapter, which delivers them to the sockets in the rooms.
 */
export async function createRedisPublisher(
  redisUrl: string,
  key?: string,
): Promise<{ publisher: Publisher; close(): Promise<void> }> {
  const [{ Redis: RedisClient }, { Emitter }] = await Promise.all([
    import('ioredis'),
    import('@socket.io/redis-emitter'),
  ]);
  const client: Redis = new RedisClient(redisUrl, { maxRetriesPerRequest: null });
  const emitter = new Emitter(client, key ? { key } : undefined);
  return {
    publisher: publisherFor(emitter),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
