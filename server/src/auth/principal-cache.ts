import type { Database } from '../db/client';
import { loadPrincipal, type Principal } from './principal';

/** The channel the triggers of migration 0008 notify on. */
export const PRINCIPAL_CHANNEL = 'tombo_principals';
const TTL_MS = 60_000;

/**
 * Signed-in users as of the database, kept in memory between requests. Correct because PostgreSQL
 * tells every node (LISTEN/NOTIFY, sent on commit by triggers) when a user, their sectors, a role's
 * permissions or a municipality change: that entry (payload `u:<id>`) or all of them (`all`) are
 * dropped and the next request reloads. A change made through this node clears the cache right
 * after its commit too (`mutate`), so its author never races the notification. While
 * notifications may be missed (the listening connection is down) nothing is cached.
 */
export class PrincipalCache {
  private readonly users = new Map<number, { principal: Principal; at: number }>();
  /** Bumped by every invalidation: a load that overlapped one is not kept (it may predate it). */
  private generation = 0;
  private live = false;
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(
      PRINCIPAL_CHANNEL,
      (payload) => {
        if (payload.startsWith('u:')) this.forget(Number(payload.slice(2)));
        else this.forgetAll();
      },
      (live) => {
        this.forgetAll();
        this.live = live;
      },
    );
  }

  async close(): Promise<void> {
    this.live = false;
    await this.stop?.();
  }

  /** The user's principal (null = unknown user, or their municipality is inactive). */
  async load(userId: number): Promise<Principal | null> {
    const hit = this.live ? this.users.get(userId) : undefined;
    if (hit && Date.now() - hit.at < TTL_MS) return hit.principal;
    const generation = this.generation;
    const principal = await loadPrincipal(this.database, userId);
    if (principal && this.live && generation === this.generation) this.users.set(userId, { principal, at: Date.now() });
    return principal;
  }

  forget(userId: number): void {
    this.generation++;
    this.users.delete(userId);
  }

  forgetAll(): void {
    this.generation++;
    this.users.clear();
  }
}
