import path from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS } from '@tombo/shared';

function int(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number`);
  return n;
}

/**
 * TRUST_PROXY as Express's `trust proxy` wants it: 'true'/'false' as booleans and a hop count as a number
 * (Express reads any string as addresses: 'false' would throw at start, '1' would mean the IP 0.0.0.1).
 */
export function trustProxyOf(raw: string | undefined): boolean | number | string {
  const value = raw?.trim() || 'loopback';
  const flag = value.toLowerCase();
  if (flag === 'true' || flag === 'false') return flag === 'true';
  return /^\d+$/.test(value) ? Number(value) : value;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key and channel (BullMQ, Socket.IO adapter): installations sharing a Redis stay apart. */
  redisPrefix: string;
  jwtSecret: string | undefined;
  /** Key of the installation backups (BACKUP_KEY, 32 bytes as base64 or hex); unset = generated under DATA_DIR/secrets. */
  backupKey: string | undefined;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Life of an access token (and of a socket opened with it); the refresh token renews it. */
  accessTokenTtlSeconds: number;
  loginRateLimitMax: number;
  loginRateLimitWindowMs: number;
  chromePath: string | undefined;
  /** Days a job's result file is kept after it finished; 0 keeps them forever. */
  jobFileRetentionDays: number;
  /** How often the retention sweep (a scheduled system job) runs, in ms; default hourly. */
  jobFileRetentionSweepMs: number;
  logLevel: string;
  /** Express `trust proxy`: who may set X-Forwarded-For (req.ip, the rate limits' key); see trustProxyOf. */
  trustProxy: boolean | number | string;
  seedDemo: 'auto' | 'never';
  /** The built client served by the API. */
  clientDist: string;
  /** The running version; undefined = the root package.json's (TOMBO_VERSION overrides it: tests, packaged builds). */
  appVersion: string | undefined;
  /** Release feed (JSON `{ versions: [...] }`) that announces newer versions: a URL or a file. */
  releaseFeedUrl: string | undefined;
  releaseFeedFile: string | undefined;
  /** Bearer token of `GET /api/metrics` (Prometheus); unset = metrics off (404). */
  metricsToken: string | undefined;
  /** Public consultation: requests per client IP per window (every /api/public route; issue 15). */
  publicRateLimitMax: number;
  publicRateLimitWindowMs: number;
  /** How long a node keeps a public answer in memory (dropped sooner on any change; 0 = off). */
  publicCacheTtlMs: number;
  /** How long a node keeps a municipality's sectors list in memory (dropped sooner on any change; 0 = off). */
  sectorsCacheTtlMs: number;
}

export function loadConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  const port = int('PORT', 3000);
  return {
    port,
    host: process.env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    redisPrefix: process.env.REDIS_PREFIX ?? 'tombo',
    jwtSecret: process.env.JWT_SECRET || undefined,
    backupKey: process.env.BACKUP_KEY || undefined,
    appUrl: process.env.APP_URL ?? `http://localhost:${port}`,
    smtpUrl: process.env.SMTP_URL || undefined,
    mailFrom: process.env.MAIL_FROM ?? 'Tombo <nao-responda@tombo.local>',
    accessTokenTtlSeconds: int('ACCESS_TOKEN_TTL_SECONDS', ACCESS_TOKEN_TTL_SECONDS),
    loginRateLimitMax: int('LOGIN_RATE_LIMIT_MAX', 30),
    loginRateLimitWindowMs: int('LOGIN_RATE_LIMIT_WINDOW_MS', 5 * 60_000),
    chromePath: process.env.CHROME_PATH || undefined,
    jobFileRetentionDays: int('JOB_FILE_RETENTION_DAYS', 7),
    jobFileRetentionSweepMs: int('JOB_FILE_RETENTION_SWEEP_MS', 3_600_000),
    logLevel: process.env.LOG_LEVEL ?? 'info',
    trustProxy: trustProxyOf(process.env.TRUST_PROXY),
    seedDemo: process.env.SEED_DEMO === 'never' ? 'never' : 'auto',
    clientDist: path.resolve(import.meta.dirname, '../../client/dist'),
    appVersion: process.env.TOMBO_VERSION || undefined,
    releaseFeedUrl: process.env.RELEASE_FEED_URL || undefined,
    releaseFeedFile: process.env.RELEASE_FEED_FILE || undefined,
    metricsToken: process.env.METRICS_TOKEN || undefined,
    publicRateLimitMax: int('PUBLIC_RATE_LIMIT_MAX', 300),
    publicRateLimitWindowMs: int('PUBLIC_RATE_LIMIT_WINDOW_MS', 60_000),
    publicCacheTtlMs: int('PUBLIC_CACHE_TTL_MS', 30_000),
    sectorsCacheTtlMs: int('SECTORS_CACHE_TTL_MS', 60_000),
    ...overrides,
  };
}
