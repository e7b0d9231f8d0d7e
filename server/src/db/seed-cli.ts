import { loadConfig } from '../config';
import { logger } from '../logger';
import { openDatabase } from './client';
import { migrate } from './migrate';
import { ensureRolePermissions, isEmpty, seedDemo } from './seed';
import { pgliteDir } from '../server';

/** `npm run seed:demo`: demo data into an empty database (embedded or DATABASE_URL). */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDir(config) });
await migrate(database);
await ensureRolePermissions(database.db);
if (await isEmpty(database.db)) {
  await seedDemo(database.db);
  logger.info('Dados de demonstração criados.');
} else {
  logger.warn('O banco já tem dados: nada foi alterado.');
}
await database.close();
