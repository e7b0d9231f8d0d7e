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

/**
 * The key that seals the whole-installation backups (they hold every credential): BACKUP_KEY (32 bytes,
 * base64 or hex), or generated once into DATA_DIR/secrets/backup.key. Kept apart from the backups, so a
 * copy of DATA_DIR/backups alone reads nothing.
 */
export function loadBackupKey(config: Pick<Config, 'dataDir' | 'backupKey'>): Buffer {
  if (config.backupKey) {
    const raw = config.backupKey.trim();
    const key = Buffer.from(raw, /^[0-9a-f]{64}$/i.test(raw) ? 'hex' : 'base64');
    if (key.length !== 32) throw new Error('BACKUP_KEY deve ter 32 bytes (base64 ou 64 dígitos hexadecimais).');
    return key;
  }
  const file = path.join(config.dataDir, 'secrets', 'backup.key');
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
