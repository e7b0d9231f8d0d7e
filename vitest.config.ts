import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/src/**/*.test.ts',
      'server/src/**/*.test.ts',
      'worker/src/**/*.test.ts',
      'client/src/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'client/src/**/*.test.ts',
    ],
    environment: 'node',
    // The schema is migrated once per run; each file's database is a copy (tests/support/global-setup.ts).
    globalSetup: ['tests/support/global-setup.ts'],
    // Each file boots a real server (embedded Postgres takes a few seconds to create).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one fork per core minus one: a single fork on the 2-core test machine, which leaves a
    // core idle while a file waits on PostgreSQL, Chromium or a child process. Two files at once keep both busy.
    maxWorkers: 2,
    minWorkers: 1,
    env: { NODE_ENV: 'test' },
  },
});
