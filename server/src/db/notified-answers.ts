import type { Database } from './client';
import { logger } from '../logger';
import { isAll, type Tenancy } from '../tenancy/scope';

const MAX_ENTRIES = 2000;

interface Entry {
  value: unknown;
  /** Whose data it shows; null = several municipalities' (dropped by any change). */
  municipalityId: number | null;
  at: number;
}

/** Tells `NotifiedAnswers.answer` whose data the answer being built shows. */
export type Keep = (municipalityId: number) => void;

/**
 * Answers kept in memory on each node, by key, so a burst of the same request is served without the
 * database. Correct because PostgreSQL tells every node (LISTEN `channel`, sent on commit by triggers:
 * 'm:<municipality id>' or 'all') when the data they show change, and a change made through this node
 * drops its municipality's answers right after its commit (`mutate`). While notifications may be missed
 * (the listening connection is down) nothing is kept; an answer also ages out after `ttlMs` (0 turns
 * the cache off).
 */
export class NotifiedAnswers {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation: an answer built across one is not kept (it may predate it). */
  private generation = 0;
  private live = false;
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly channel: string,
    private readonly ttlMs: number,
  ) {}

  async start(): Promise<void> {
    if (this.ttlMs <= 0) return;
    this.stop = await this.database.listen(
      this.channel,
      (payload) => this.forget(payload.startsWith('m:') ? Number(payload.slice(2)) : 'all'),
      (live) => {
        this.forget('all');
        this.live = live;
      },
    );
  }

  async close(): Promise<void> {
    this.live = false;
    this.entries.clear();
    await this.stop?.().catch((err: unknown) => logger.warn({ err }, `${this.channel}: stop listening failed`));
  }

  /** The answer kept under `key`, or `load`'s (kept when nothing changed meanwhile). */
  async answer<T>(key: string, load: (keep: Keep) => Promise<T>): Promise<T> {
    const hit = this.live ? this.entries.get(key) : undefined;
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.value as T;
    const generation = this.generation;
    let municipalityId: number | null = null;
    const value = await load((id) => (municipalityId = id));
    if (this.live && generation === this.generation) {
      this.entries.delete(key);
      this.entries.set(key, { value, municipalityId, at: Date.now() });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  /** Drops one municipality's answers (and those of several municipalities), or all. */
  forget(municipalityId: number | 'all'): void {
    this.generation += 1;
    if (municipalityId === 'all' || !Number.isInteger(municipalityId)) return this.entries.clear();
    for (const [key, e] of this.entries)
      if (e.municipalityId === null || e.municipalityId === municipalityId) this.entries.delete(key);
  }

  /** After a commit under `tenancy`: what it may have changed is dropped on this node at once. */
  forgetTenancy(tenancy: Tenancy): void {
    this.forget(isAll(tenancy) ? 'all' : tenancy.municipalityId);
  }
}
