import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WAIT_MS, QUIET_MS, refetchSoon } from './refetchSoon';

describe('refetchSoon', () => {
  let qc: QueryClient;
  let fetches = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    qc = new QueryClient();
    fetches = 0;
    // A page on screen: an observed query, as the list page holds it.
    new QueryObserver(qc, { queryKey: ['bens', 'list', { page: '1' }], queryFn: async () => ++fetches }).subscribe(
      () => undefined,
    );
  });
  afterEach(() => {
    qc.clear();
    vi.useRealTimers();
  });

  it('reads the pages on screen once for a burst of 500 events', async () => {
    await vi.advanceTimersByTimeAsync(0);
    expect(fetches).toBe(1);
    for (let i = 0; i < 500; i++) refetchSoon(qc, ['bens', 'list']);
    await vi.advanceTimersByTimeAsync(QUIET_MS - 1);
    expect(fetches).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetches).toBe(2);
    await vi.advanceTimersByTimeAsync(5 * MAX_WAIT_MS);
    expect(fetches).toBe(2);
  });

  it('a steady stream still refetches every MAX_WAIT_MS', async () => {
    await vi.advanceTimersByTimeAsync(0);
    for (let t = 0; t < 2 * MAX_WAIT_MS; t += 100) {
      refetchSoon(qc, ['bens', 'list']);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(fetches).toBe(3);
  });

  it('keys are coalesced apart', async () => {
    await vi.advanceTimersByTimeAsync(0);
    const spy = vi.spyOn(qc, 'invalidateQueries');
    refetchSoon(qc, ['bens', 'list']);
    refetchSoon(qc, ['emprestimos']);
    refetchSoon(qc, ['bens', 'list']);
    await vi.advanceTimersByTimeAsync(QUIET_MS);
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual(
      expect.arrayContaining([['bens', 'list'], ['emprestimos']]),
    );
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
