import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const artifacts = path.join(import.meta.dirname, '.artifacts');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// One data dir per run, shared by the runner and its workers (they inherit the env).
process.env.E2E_RUN_STAMP ??= new Date().toISOString().replace(/[:.]/g, '-');
const dataDir = process.env.E2E_DATA_DIR ?? path.join(artifacts, `data-${process.env.E2E_RUN_STAMP}`);
process.env.E2E_DATA_DIR_USED = dataDir;
// Queues and socket rooms of this run alone: another run on the same Redis (a second checkout) never takes its jobs.
process.env.E2E_REDIS_PREFIX ??= process.env.REDIS_PREFIX ?? `tombo-e2e-${process.env.E2E_RUN_STAMP}`;

if (!fs.existsSync(path.join(root, 'client/dist/index.html'))) {
  throw new Error('client/dist não existe: rode `npm run build` antes dos testes e2e.');
}

const passThrough = (name: string) => (process.env[name] ? { [name]: process.env[name] as string } : {});

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  // Drops the run's PostgreSQL database (start-server.ts made it), whatever the tests' outcome.
  globalTeardown: './global-teardown.ts',
  outputDir: path.join(artifacts, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Patient waits: on a shared 2-core machine whose host is busy (CPU pressure ~30–70 %) a screen that opens in
  // 2 s on a quiet one took more than 10 s; a wait still ends as soon as what it waits for is there.
  timeout: 120_000,
  expect: { timeout: 25_000 },
  reporter: [['list']],
  projects: [
    { name: 'telas', testIgnore: /permissions-live\.spec\.ts$/ },
    // Takes permissions from whole roles of the shared demo municipality (its usuario lost 'bens:create' while
    // another worker's usuario opened the batch form): it runs alone, after every other spec. Alone:
    // `npx playwright test -c tests/e2e/playwright.config.ts permissions-live --no-deps`.
    { name: 'permissoes', testMatch: /permissions-live\.spec\.ts$/, dependencies: ['telas'] },
  ],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1366, height: 768 },
    colorScheme: 'light',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: 'npx tsx tests/e2e/start-server.ts',
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOGIN_RATE_LIMIT_MAX: '10000',
      SEED_DEMO: 'always',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      REDIS_PREFIX: process.env.E2E_REDIS_PREFIX,
      ...passThrough('DATABASE_URL'),
      ...passThrough('REDIS_URL'),
      ...passThrough('CHROME_PATH'),
    },
  },
});
