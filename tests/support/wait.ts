// Waits on the state or event a test stands for, never on the clock: a fixed sleep is either too short on a
// busy machine (a flaky test) or too long on a quiet one (a slow suite).

/**
 * Resolves with the first truthy value of `probe` (polled every `interval` ms); rejects after `timeout` ms,
 * saying `what` was awaited.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  { timeout = 10_000, interval = 20 }: { timeout?: number; interval?: number } = {},
): Promise<NonNullable<T>> {
  const until = Date.now() + timeout;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > until) throw new Error(`waited ${timeout} ms for ${what}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
