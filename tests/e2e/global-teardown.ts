/**
 * After the e2e run: drops the PostgreSQL database start-server.ts made for it (its URL is in the run's
 * DATA_DIR), so runs do not pile databases up on the server (nothing to do on the embedded database), and
 * removes the run's keys from Redis (its own prefix, playwright.config.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { dropDatabase } from '../../server/src/db/test-database';
import { clearRedisPrefix } from '../support/redis';

/** In the run's DATA_DIR: the URL of its database (written by start-server.ts). */
export const E2E_DATABASE_FILE = 'e2e-database-url';

export default async function globalTeardown(): Promise<void> {
  const prefix = process.env.E2E_REDIS_PREFIX;
  if (process.env.REDIS_URL && prefix) await clearRedisPrefix(process.env.REDIS_URL, prefix).catch(() => undefined);
  const dataDir = process.env.E2E_DATA_DIR_USED;
  const file = dataDir && path.join(dataDir, E2E_DATABASE_FILE);
  if (!file || !fs.existsSync(file)) return;
  const url = fs.readFileSync(file, 'utf8').trim();
  const name = new URL(url).pathname.slice(1);
  try {
    await dropDatabase(url);
    fs.rmSync(file);
    console.log(`[e2e] banco de dados removido: ${name}`);
  } catch (err) {
    console.warn(`[e2e] banco ${name} não removido: ${String(err)}`);
  }
}
