/**
 * After the e2e run: drops the PostgreSQL database start-server.ts made for it (its URL is in the run's
 * DATA_DIR), so runs do not pile databases up on the server. Nothing to do on the embedded database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { dropDatabase } from '../../server/src/db/test-database';

export default async function globalTeardown(): Promise<void> {
  const file = path.join(process.env.E2E_DATA_DIR_USED ?? '', 'e2e-database-url');
  if (!process.env.E2E_DATA_DIR_USED || !fs.existsSync(file)) return;
  const url = fs.readFileSync(file, 'utf8').trim();
  await dropDatabase(url).catch((err: unknown) => console.warn(`[e2e] banco não removido: ${String(err)}`));
  fs.rmSync(file);
  console.log(`[e2e] banco de dados removido: ${new URL(url).pathname.slice(1)}`);
}
