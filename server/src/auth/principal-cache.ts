import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import { logger } from '../logger';
import { loadSignedIn, type Principal, type SignedIn } from './principal';

/** The channel the triggers of migration 0008 (and session revocations) notify on. */
export const PRINCIPAL_CHANNEL = 'tombo_principals';
const TTL_MS = 60_000;

/**
 * Tells every node, on commit (nothing on rollback), that what these users may see changed: their
 * cached principals are dropped and their sockets checked again, requested rooms included.
 */
export async function notifyPrincipals(tx: Db, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`select pg_notify(${PRINCIPAL_CHANNEL}, 'u:' || id) from unnest(array[${list}]::int[]) id`);
}

/** What changed: one user's principal or sessions, or possibly anyone's (`all`). */
export type PrincipalChange = number | 'all';

/**
 * Signed-in users as of the database, kept in memory between requests. Correct because PostgreSQL
 * tells every node (LISTEN/NOTIFY, sent on commit by triggers) when a user, their sectors, a role's
 * permissions or a municipality change, and the auth service notifies when it revokes a session:
 * that entry (payload `u:<id>`) or all of them (`all`) are dropped and the next request reloads. A
 * change made through this node clears the cache right after its commit too (`mutate`), so its
 * author never races the notification. While notifications may be missed (the listening
 * connection is down) nothing is cached.
 */
export class PrincipalCache {
  private readonly users = new Map<number, SignedIn & { at: number }>();
  private readonly listeners = new Set<(change: PrincipalChange) => void>();
  /** Bumped by every invalidation: a load that overlapped one is not kept (it may predate it). */
  private generation = 0;
  private live = false;
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    this.stop = await this.database.listen(
      PRINCIPAL_CHANNEL,
      (payload) => {
        const id = payload.startsWith('u:') ? Number(payload.slice(2)) : NaN;
        const change: PrincipalChange = Number.isInteger(id) ? id : 'all';
        if (change === 'all') this.forgetAll();
        else this.forget(change);
        this.tell(change);
      },
      (live) => {
        this.forgetAll();
        this.live = live;
        // back after a loss: whatever was notified meanwhile is unknown
        if (live) this.tell('all');
      },
    );
  }

  async close(): Promise<void> {
    this.live = false;
    this.listeners.clear();
    await this.stop?.();
  }

  /**
   * Calls `listener` for every change the database notifies (and with `all` when the listening
   * connection comes back), after the entry was dropped. Local `forget` calls do not call it: the
   * database's notification of the same commit follows within milliseconds. Returns an unsubscribe.
   */
  onChange(listener: (change: PrincipalChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The user's principal (null = unknown user, or their municipality is inactive). */
  async load(userId: number): Promise<Principal | null> {
    return (this.cached(userId) ?? (await this.reload(userId)))?.principal ?? null;
  }

  /**
   * The user's principal when `sid` is one of their live sessions, else null. A session missing
   * from the cached entry (a login since it was loaded) is looked up again once.
   */
  async authenticate(userId: number, sid: string): Promise<Principal | null> {
    const hit = this.cached(userId);
    if (hit?.sessions.has(sid)) return hit.principal;
    const fresh = await this.reload(userId);
    return fresh?.sessions.has(sid) ? fresh.principal : null;
  }

  /** Reads the user from the database (and keeps it unless an invalidation overlapped the read). */
  async reload(userId: number): Promise<SignedIn | null> {
    const generation = this.generation;
    const signedIn = await loadSignedIn(this.database, userId);
    if (signedIn && this.live && generation === this.generation)
      this.users.set(userId, { ...signedIn, at: Date.now() });
    return signedIn;
  }

  forget(userId: number): void {
    this.generation++;
    this.users.delete(userId);
  }

  forgetAll(): void {
    this.generation++;
    this.users.clear();
  }

  private cached(userId: number): SignedIn | undefined {
    const hit = this.live ? this.users.get(userId) : undefined;
    return hit && Date.now() - hit.at < TTL_MS ? hit : undefined;
  }

  private tell(change: PrincipalChange): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (err) {
        logger.error({ err }, 'principal change listener failed');
      }
    }
  }
}
