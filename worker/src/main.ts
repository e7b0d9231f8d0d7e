// The worker process: it reaches the server only through config, db/client, logger,
// realtime/publisher and modules/jobs/runtime/index (the runner over the job definitions, the PDF renderer).
import { loadConfig } from '@tombo/server/config';
import { openDatabase } from '@tombo/server/db/client';
import {
  createPdfRenderer,
  queuePrefix,
  registerAreas,
  RENDER_PAGES,
  recordedAppUrl,
  socketKey,
} from '@tombo/server/modules/jobs/runtime/index';
import { logger } from '@tombo/server/logger';
import { startJobWorker } from './bull-worker';
import { createRedisPublisher } from './publisher';

function fail(message: string): never {
  console.error(`\n[tombo-worker] ${message}\n`);
  process.exit(1);
}

registerAreas();
const loaded = loadConfig();
if (!loaded.redisUrl) {
  fail(
    'REDIS_URL não definido. O worker consome a fila BullMQ no Redis; sem Redis o servidor executa as tarefas ' +
      'dentro do próprio processo (modo inline) e o worker não é necessário.\n' +
      '(REDIS_URL is not set: without Redis the API runs jobs inline and no worker is needed.)',
  );
}
if (!loaded.databaseUrl) {
  fail(
    'DATABASE_URL não definido. O banco embutido (PGlite, em DATA_DIR) não pode ser aberto por dois processos ao mesmo ' +
      'tempo: para usar o worker, rode o servidor e o worker com DATABASE_URL apontando para um PostgreSQL.\n' +
      '(DATABASE_URL is not set: the embedded PGlite database cannot be opened by two processes; the worker needs PostgreSQL.)',
  );
}

const database = await openDatabase({ databaseUrl: loaded.databaseUrl, poolSize: 5 });
try {
  await database.query('select 1 from jobs limit 1');
} catch (err) {
  await database.close();
  fail(
    `O banco em DATABASE_URL não tem a tabela "jobs": inicie o servidor uma vez para aplicar as migrações. (${(err as Error).message})`,
  );
}
// The QR codes and links the worker prints must name the public address the API serves: APP_URL, or the one
// the API recorded at its last start.
const recorded = await recordedAppUrl(database.db);
if (!process.env.APP_URL && !recorded) {
  await database.close();
  fail(
    'APP_URL não definido e o servidor ainda não registrou o endereço público: defina APP_URL no worker (o mesmo do ' +
      'servidor) ou inicie o servidor uma vez antes. (APP_URL is not set and the API has not recorded its public URL yet.)',
  );
}
if (process.env.APP_URL && recorded && recorded !== loaded.appUrl)
  logger.warn({ worker: loaded.appUrl, api: recorded }, 'APP_URL do worker difere do registrado pelo servidor');
const config = process.env.APP_URL ? loaded : { ...loaded, appUrl: recorded as string };
const { publisher, close: closePublisher } = await createRedisPublisher(loaded.redisUrl, socketKey(config));
const renderer = createPdfRenderer({ chromePath: config.chromePath, pages: RENDER_PAGES });
const ctx = { config, database, db: database.db, publisher, renderPdf: renderer.render };
const concurrency = Number(process.env.WORKER_CONCURRENCY) || 2;
const prefix = queuePrefix(config);
const jobWorker = await startJobWorker(ctx, { redisUrl: loaded.redisUrl, prefix, concurrency });
logger.info({ prefix, concurrency, dataDir: config.dataDir, appUrl: config.appUrl }, 'worker ready');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping');
  // Running jobs get until then to finish; past it the process exits and BullMQ hands each of them
  // back once its lock expires (a stalled job): another worker re-runs the same row, one file.
  const force = setTimeout(() => process.exit(1), Number(process.env.SHUTDOWN_EXIT_MS) || 28_000);
  force.unref();
  try {
    await jobWorker.close(); // waits for the jobs in progress
    await renderer.close();
    await closePublisher();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
