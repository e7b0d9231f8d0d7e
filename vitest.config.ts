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
    env: { NODE_ENV: 'test' },
  },
});
