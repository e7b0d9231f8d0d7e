import type { PoolClient, QueryConfig } from 'pg';
import { inlineParams } from './inline-params';

/**
 * A pooled connection as a tenant transaction's statements see it (db/client.ts). The transaction's
 * opening (`begin` and the tenant settings) is held back and sent with the first statement, inlined
 * (inline-params.ts), as one simple-protocol query: a request's read costs two round trips instead of
 * three (a CPU profile under load put node-postgres' socket writes, one per round trip, first). A first
 * statement that cannot be inlined follows the opening as before. Nothing sent at all = no transaction.
 * (Not named like a pool: drizzle would take it for one.)
 */
export class OpeningClient {
  /** What must run before the next statement; null once sent. */
  opening: string | null = null;

  constructor(private readonly client: PoolClient) {}

  /** True when the transaction has begun on the server (its end must be sent). */
  get begun(): boolean {
    return this.opening === null;
  }

  async query(config: string | QueryConfig, values?: unknown[]): Promise<unknown> {
    const opening = this.opening;
    if (opening === null) return this.client.query(config as QueryConfig, values);
    this.opening = null;
    const q: QueryConfig & { rowMode?: 'array' } = typeof config === 'string' ? { text: config } : config;
    const inlined = q.name ? null : inlineParams(q.text, values ?? q.values);
    if (inlined === null) {
      await this.client.query(opening);
      return this.client.query(config as QueryConfig, values);
    }
    const results: unknown = await this.client.query({
      text: `${opening}; ${inlined}`,
      ...(q.rowMode ? { rowMode: q.rowMode } : {}),
      ...(q.types ? { types: q.types } : {}),
    } as QueryConfig);
    return Array.isArray(results) ? results[results.length - 1] : results;
  }
}
