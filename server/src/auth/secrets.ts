import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { logger } from '../logger';

/** JWT secret from env, or generated once and kept under DATA_DIR (embedded mode). */
export function loadJwtSecret(config: Config): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'secrets', 'jwt.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  if (config.databaseUrl)
    logger.warn('JWT_SECRET não definido: gerado em DATA_DIR; defina JWT_SECRET ao usar mais de um nó.');
  return secret;
}
