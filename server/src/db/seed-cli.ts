import { loadConfig } from '../config';
import { logger } from '../logger';
import { openDatabaseWithOwner } from './client';
import { migrate } from './migrate';
import { ensureRolePermissions, isEmpty, seedDemo } from '../modules/demo-seed';
import { pgliteDir } from '../server';

/** `npm run seed:demo`: demo data into an empty database (embedded or DATABASE_URL), written as the owner. */
const config = loadConfig();
const { database, owner } = await openDatabaseWithOwner({
  databaseUrl: config.databaseUrl,
  pgliteDir: pgliteDir(config),
});
await migrate(owner);
await owner.transaction((db) => ensureRolePermissions(db));
const seeded = await owner.transaction(async (db) => {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db);
  return true;
});
if (seeded) logger.info('Dados de demonstração criados.');
else logger.warn('O banco já tem dados: nada foi alterado.');
await database.close();
