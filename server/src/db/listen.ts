import { logger } from '../logger';

/** A dedicated connection that LISTENs, reconnecting with a growing pause after any loss. */
export async function listenPg(
  pg: typeof import('pg').default,
  url: string,
  /** The connection's startup options (the app role: it runs as tombo_app, as every app connection does). */
  options: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (live: boolean) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: import('pg').Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (attempt: number): Promise<void> => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url, keepAlive: true, options });
    const lost = () => {
      if (client !== c) return;
      client = null;
      onState(false);
      c.end().catch(() => undefined);
      if (!stopped) timer = setTimeout(() => void connect(1), 1000);
    };
    c.on('error', (err) => {
      logger.warn({ err: err.message }, `LISTEN ${channel}: conexão perdida`);
      lost();
    });
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      client = c;
      onState(true);
    } catch (err) {
      c.end().catch(() => undefined);
      logger.warn({ err: (err as Error).message }, `LISTEN ${channel}: nova tentativa`);
      if (!stopped) timer = setTimeout(() => void connect(attempt + 1), Math.min(30_000, 500 * 2 ** attempt));
    }
  };
  await connect(0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    if (c) await c.end().catch(() => undefined);
  };
}
