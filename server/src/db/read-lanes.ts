import type pg from 'pg';
import { logger } from '../logger';

/**
 * Reads' fast lanes (PostgreSQL only): a few connections in pipeline mode, each carrying a tenancy as
 * session state. A statement is written at once behind the ones still running on its lane, so many
 * requests share one write and one read of the socket, and PostgreSQL wakes once for a batch: per
 * statement, the API process spends about half the CPU it spends on a pooled connection (measured, see
 * docs/architecture.md). A lane takes only statements that do not hold it up: one whose text ran slow
 * before, or a lane whose oldest statement has been running a while, sends the statement to the pool.
 */

/** A statement of this text that took this long (ms, PostgreSQL's own time) goes to the pool from then on. */
export const SLOW_STATEMENT_MS = 100;
/** A lane whose oldest unfinished statement was sent this long ago (ms) takes no new one. */
export const LANE_STALL_MS = 100;
/** Statement texts whose duration is remembered (least recently run forgotten first). */
const REMEMBERED_TEXTS = 1000;
/** Named statements a lane's connection keeps prepared (least recently run deallocated first). */
export const NAMED_STATEMENTS = 100;
/** Pause before a lost lane connects again (ms), doubled on each failure up to the maximum. */
const RECONNECT_MS = 250;
const RECONNECT_MAX_MS = 5000;

type QueryConfig = { text: string; name?: string; rows?: unknown; submit?: unknown };

export interface LaneOptions {
  /** Opens a lane's connection (a pg Client with `pipeline: true`, not yet connected). */
  client(): pg.Client;
  lanes: number;
}

/** Running duration estimate (ms) of each statement text, the oldest forgotten first. */
class Durations {
  private readonly ms = new Map<string, number>();

  slow(text: string): boolean {
    return (this.ms.get(text) ?? 0) >= SLOW_STATEMENT_MS;
  }

  record(text: string, ms: number): void {
    const before = this.ms.get(text);
    this.ms.delete(text);
    this.ms.set(text, before === undefined ? ms : before * 0.7 + ms * 0.3);
    if (this.ms.size > REMEMBERED_TEXTS) this.ms.delete(this.ms.keys().next().value!);
  }
}

/** The parts of node-postgres' connection a lane uses: its record of prepared statements, and its socket. */
interface PgConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork(): void; uncork(): void };
}
const connectionOf = (client: pg.Client) => (client as unknown as { connection: PgConnection }).connection;

class Lane {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryAt = 0;
  private failures = 0;
  /** The tenancy settings last written on this connection, and the statement that wrote them. */
  private settings: string | undefined;
  private settled: Promise<unknown> = Promise.resolve();
  /** When each unfinished statement was sent, in order (a lane answers in order). */
  private readonly sentAt: number[] = [];
  private lastDoneAt = 0;
  private closed = false;
  /** The names of the statements prepared on this connection, by text, the least recently run first. */
  private readonly names = new Map<string, string>();
  private nextName = 0;
  private corked = false;

  constructor(
    private readonly open: () => pg.Client,
    private readonly durations: Durations,
  ) {}

  get pending(): number {
    return this.sentAt.length;
  }

  /** Connected and not held up by a long statement; starts connecting (in the background) when it may. */
  usable(now: number): boolean {
    if (!this.client) {
      if (!this.connecting && !this.closed && now >= this.retryAt) this.connecting = this.connect();
      return false;
    }
    return this.sentAt.length === 0 || now - this.sentAt[0] < LANE_STALL_MS;
  }

  /** Leaves a connection that broke: its statements fail, the next ones go to the pool until it is back. */
  private drop(client: pg.Client, err?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.settings = undefined;
    this.sentAt.length = 0;
    this.names.clear();
    this.retryAt = performance.now() + RECONNECT_MS;
    if (err) logger.warn({ err: err.message }, 'conexão de leitura do PostgreSQL perdida');
    client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = this.open();
    client.on('error', (err) => this.drop(client, err));
    client.on('end', () => this.drop(client));
    try {
      await client.connect();
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      this.failures = 0;
    } catch (err) {
      this.failures++;
      this.retryAt = performance.now() + Math.min(RECONNECT_MAX_MS, RECONNECT_MS * 2 ** this.failures);
      logger.warn({ err: (err as Error).message }, 'conexão de leitura do PostgreSQL: nova tentativa');
      client.end().catch(() => undefined);
    } finally {
      this.connecting = null;
    }
  }

  /**
   * Runs one statement under `settings`. They are written first when the connection last served another
   * tenancy; a statement whose settings failed is failed too, whatever it returned (it may have run under
   * the previous ones), and the next statement writes them again.
   */
  async run(settings: string, config: QueryConfig, values: unknown[] | undefined): Promise<unknown> {
    const client = this.client!;
    if (this.settings !== settings) {
      this.settings = settings;
      const written = this.send(client, settings, undefined);
      this.settled = written;
      written.catch(() => {
        if (this.settled === written) this.settings = undefined;
      });
    }
    const [, result] = await Promise.all([this.settled, this.prepared(client, config, values)]);
    return result;
  }

  /**
   * Runs the statement as a named one, prepared once on this connection: PostgreSQL parses it once and may
   * keep its plan (on a table with many indexes, planning is most of a short read's time). A statement the
   * server can no longer run as prepared (a table it reads changed shape) is prepared again, once. One
   * without parameters stays as it was sent, on the simple protocol (it may hold several statements).
   */
  private async prepared(client: pg.Client, config: QueryConfig, values: unknown[] | undefined): Promise<unknown> {
    if (config.name || !values?.length) return this.send(client, config, values);
    const name = this.nameOf(client, config.text);
    try {
      return await this.send(client, { ...config, name }, values);
    } catch (err) {
      if ((err as { code?: string }).code !== '0A000' || this.client !== client) throw err;
      this.forget(client, config.text);
      return this.send(client, { ...config, name: this.nameOf(client, config.text) }, values);
    }
  }

  private nameOf(client: pg.Client, text: string): string {
    let name = this.names.get(text);
    if (name !== undefined) this.names.delete(text);
    else {
      name = `tombo_read_${this.nextName++}`;
      if (this.names.size >= NAMED_STATEMENTS) this.forget(client, this.names.keys().next().value!);
    }
    this.names.set(text, name);
    return name;
  }

  /** Deallocates a text's statement, behind the ones that may still run it. */
  private forget(client: pg.Client, text: string): void {
    const name = this.names.get(text);
    if (name === undefined) return;
    this.names.delete(text);
    const connection = connectionOf(client);
    delete connection.parsedStatements[name];
    delete connection.submittedNamedStatements[name];
    this.send(client, `deallocate ${name}`, undefined).catch(() => undefined);
  }

  /** Writes a statement behind the others and keeps the lane's timing: when sent, and how long PostgreSQL took. */
  private async send(client: pg.Client, config: QueryConfig | string, values: unknown[] | undefined): Promise<unknown> {
    const sent = performance.now();
    this.sentAt.push(sent);
    this.batch(client);
    try {
      return await client.query(config as never, values);
    } catch (err) {
      // The server ended the session (terminated, shutting down): the socket may not have closed yet.
      if ((err as { severity?: string }).severity === 'FATAL') this.drop(client, err as Error);
      throw err;
    } finally {
      if (this.client === client) {
        this.sentAt.shift();
        const done = performance.now();
        const text = typeof config === 'string' ? config : config.text;
        this.durations.record(text, done - Math.max(sent, this.lastDoneAt));
        this.lastDoneAt = done;
      }
    }
  }

  /**
   * The statements written in this turn of the event loop leave together, in one write: on loopback a
   * write costs the API process about a quarter of a millisecond, one per statement otherwise.
   */
  private batch(client: pg.Client): void {
    if (this.corked) return;
    const { stream } = connectionOf(client);
    this.corked = true;
    stream.cork();
    setImmediate(() => {
      this.corked = false;
      stream.uncork();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.connecting;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}

export class ReadLanes {
  private readonly durations = new Durations();
  private readonly lanes: Lane[];

  constructor(opts: LaneOptions) {
    this.lanes = Array.from({ length: opts.lanes }, () => new Lane(opts.client, this.durations));
  }

  /**
   * The lane for a statement, or undefined when it belongs on the pool: a cursor or a paged portal (they
   * cannot share a pipeline), a text known to run slow, or no lane connected and free of long statements.
   */
  pick(config: unknown): Lane | undefined {
    const c = config as QueryConfig;
    if (typeof c !== 'object' || c === null || typeof c.text !== 'string' || c.submit || c.rows) return undefined;
    if (this.durations.slow(c.text)) return undefined;
    const now = performance.now();
    let best: Lane | undefined;
    for (const lane of this.lanes) if (lane.usable(now) && (!best || lane.pending < best.pending)) best = lane;
    return best;
  }

  /** A statement that ran on the pool: its duration decides where that text runs next. */
  record(config: unknown, ms: number): void {
    const text = (config as QueryConfig | null)?.text;
    if (typeof text === 'string') this.durations.record(text, ms);
  }

  async close(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.close()));
  }
}
