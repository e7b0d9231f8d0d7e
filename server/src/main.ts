import { loadConfig } from './config';
import { logger } from './logger';
import { startServer } from './server';

/** The running server (the e2e start script reaches its context through this export). */
export const server = await startServer(loadConfig());
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    logger.info('Encerrando…');
    server.close().then(
      () => process.exit(0),
      (err) => {
        logger.error(err);
        process.exit(1);
      },
    );
  });
}
