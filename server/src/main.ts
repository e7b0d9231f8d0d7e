import { loadConfig } from './config';
import { logger } from './logger';
import { startServer, type RunningServer } from './server';

/** Hard limit of a graceful stop: past it the process exits anyway (orchestrators kill at 30 s). */
const EXIT_LIMIT_MS = Number(process.env.SHUTDOWN_EXIT_MS) || 28_000;

/** Set once the boot is over. */
const state: { running?: RunningServer } = {};
let stopAsked: NodeJS.Signals | undefined;
let closing = false;

function stop(signal: NodeJS.Signals): void {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'Encerrando…');
  setTimeout(() => {
    logger.error('encerramento não concluído a tempo: saída forçada');
    process.exit(1);
  }, EXIT_LIMIT_MS).unref();
  state.running!.close().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error(err);
      process.exit(1);
    },
  );
}

// Listening before the boot: a signal during it (migrations run in one transaction) waits for the boot
// to finish, then stops; the migration is never cut in the middle.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (state.running) return stop(signal);
    if (!stopAsked) logger.info({ signal }, 'sinal recebido durante a inicialização: encerra ao concluí-la');
    stopAsked = signal;
  });
}

/** The running server (the e2e start script reaches its context through this export). */
export const server = await startServer(loadConfig());
state.running = server;
if (stopAsked) stop(stopAsked);
