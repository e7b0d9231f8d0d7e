import { afterEach, describe, expect, it } from 'vitest';
import { ThreadFailure, ThreadPool, ThreadTaskError, type ThreadPoolOptions } from './threads';

type Input = { op: 'echo' | 'throw' | 'spin' | 'hog'; value?: number };
const entry = new URL('./threads.fixture.ts', import.meta.url);
const pools: Array<ThreadPool<Input, { twice: number }>> = [];
const pool = (opts: Partial<ThreadPoolOptions> = {}) => {
  const p = new ThreadPool<Input, { twice: number }>(entry, {
    size: 1,
    maxQueue: 4,
    timeoutMs: 60_000,
    idleMs: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
    ...opts,
  });
  pools.push(p);
  return p;
};
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('thread pool', () => {
  it('a task that exhausts its heap kills its thread, not the process; the next task gets a new thread', async () => {
    const p = pool();
    expect(await p.run({ op: 'echo', value: 2 })).toEqual({ twice: 4 });
    const err = await failure(p.run({ op: 'hog' }));
    expect(err).toBeInstanceOf(ThreadFailure);
    expect((err as ThreadFailure).reason).toBe('memory');
    expect(await p.run({ op: 'echo', value: 21 })).toEqual({ twice: 42 });
  });

  it('an error thrown by the task comes back with its status and code; the thread lives on', async () => {
    const p = pool();
    const err = await failure(p.run({ op: 'throw' }));
    expect(err).toBeInstanceOf(ThreadTaskError);
    expect((err as ThreadTaskError).error).toMatchObject({
      message: 'Planilha recusada.',
      status: 422,
      code: 'UNPROCESSABLE',
    });
    expect(await p.run({ op: 'echo', value: 1 })).toEqual({ twice: 2 });
  });

  it('a task over its time is stopped; a full pool refuses at once; queued tasks run in turn', async () => {
    const p = pool({ timeoutMs: 1_000, maxQueue: 1 });
    const spinning = failure(p.run({ op: 'spin' }));
    const queued = p.run({ op: 'echo', value: 5 });
    const refused = await failure(p.run({ op: 'echo' }));
    expect((refused as ThreadFailure).reason).toBe('busy');
    expect(((await spinning) as ThreadFailure).reason).toBe('timeout');
    expect(await queued).toEqual({ twice: 10 });
  });
});
