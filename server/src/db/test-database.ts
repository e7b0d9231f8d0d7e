import pg from 'pg';
import { randomBytes } from 'node:crypto';

/**
 * Creates an empty database on the server of `baseUrl` and returns its URL.
 * Used by tests and CI so every run starts from nothing.
 */
export async function createFreshDatabase(baseUrl: string, prefix = 'tombo_test', template?: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"${template ? ` template "${template.replace(/"/g, '""')}"` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * The environment variables the test run's global setup sets: the PostgreSQL database migrated once per
 * run (a template), or the embedded one's migrated data directory (a tarball). Unset outside Vitest.
 */
export const TEMPLATE_ENV = { postgres: 'TOMBO_TEST_TEMPLATE_DB', pglite: 'TOMBO_TEST_TEMPLATE_PGLITE' } as const;

/**
 * A database already migrated to the current schema, copied from the run's template (`CREATE DATABASE …
 * TEMPLATE`: a file copy, not 45 migrations); an empty one when the run has no template. The server's
 * migrations then find nothing to do.
 */
export const createMigratedDatabase = (baseUrl: string, prefix = 'tombo_test') =>
  createFreshDatabase(baseUrl, prefix, process.env[TEMPLATE_ENV.postgres] || undefined);
