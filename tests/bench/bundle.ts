/**
 * Bundle (issue 16): builds the client, opens the login route in Chromium and sums the gzip size of the
 * JavaScript it downloads (target ≤ 180 KB); then, signed in, the extra JavaScript of the dashboard and
 * the asset list. Prints figures, never pass/fail.
 *   npm run bench -- bundle            (BENCH_NO_BUILD=1 measures the build already in client/dist)
 */
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@tombo/shared';
import { machine } from './lib';

const TARGET_KB = 180;
const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'client/dist');
const kb = (n: number) => (n / 1024).toFixed(1);
const gz = (buf: Buffer) => zlib.gzipSync(buf).length;

/** A port nobody listens on (bench servers of other runs pick random ports: never measure someone else's). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** The server (PGlite, demo seed) on its own free port, serving client/dist. */
export async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tombo-bench-bundle-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'always',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: root, env, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode != null) throw new Error('bench server exited');
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 1500) throw new Error('bench server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The JavaScript files a page downloads while `action` runs, by name with raw and gzip bytes. */
async function scriptsDuring(page: Page, action: () => Promise<unknown>) {
  const seen = new Map<string, { raw: number; gzip: number }>();
  const pending: Promise<void>[] = [];
  const onResponse = (r: import('@playwright/test').Response) => {
    const url = new URL(r.url());
    if (!url.pathname.endsWith('.js') || r.status() !== 200) return;
    pending.push(
      r.body().then(
        (b) => void seen.set(path.basename(url.pathname), { raw: b.length, gzip: gz(b) }),
        () => undefined,
      ),
    );
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.off('response', onResponse);
  return seen;
}

function print(label: string, files: Map<string, { raw: number; gzip: number }>, top = 6, target?: number) {
  const list = [...files].sort((a, b) => b[1].gzip - a[1].gzip);
  const total = list.reduce((n, [, f]) => n + f.gzip, 0);
  const vs = target ? ` (meta ≤ ${target} KB: ${total / 1024 <= target ? 'dentro' : 'ACIMA'})` : '';
  console.log(`${label}: ${kb(total)} KB gzip em ${list.length} arquivos JS${vs}`);
  for (const [name, f] of list.slice(0, top))
    console.log(`    ${name.padEnd(44)} ${kb(f.gzip).padStart(7)} KB gzip  ${kb(f.raw).padStart(8)} KB`);
}

export interface DemoSession {
  user: { id: number };
  token: string;
  refreshToken: string;
}

/** The demo admin's session, from the API. */
export async function demoSession(url: string): Promise<DemoSession> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@exemplo.gov.br', password: 'Tombo@2025' }),
  });
  return (await res.json()) as DemoSession;
}

/** Puts the session where the client keeps it (localStorage of the page's origin, already open). */
export async function signIn(page: Page, session: DemoSession): Promise<void> {
  await page.evaluate(
    ([keys, s]) => {
      localStorage.setItem(keys.user, JSON.stringify(s.user));
      localStorage.setItem(keys.token, JSON.stringify(s.token));
      localStorage.setItem(keys.refreshToken, JSON.stringify(s.refreshToken));
    },
    [STORAGE_KEYS, session] as const,
  );
}

/** The system Chromium (nothing is downloaded). */
export const launchChromium = () =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });

/** Issue 16's login-route JS bench. */
export async function bundleBench(): Promise<void> {
  console.log(`\n== bundle: JavaScript por tela (${machine()})`);
  if (!process.env.BENCH_NO_BUILD) execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage();
    const login = await scriptsDuring(page, async () => {
      await page.goto(`${server.url}/login`);
      await page
        .getByRole('button', { name: /entrar/i })
        .first()
        .waitFor();
    });
    print('rota de login', login, 8, TARGET_KB);

    // Signed in (the session the client keeps in localStorage), each screen's own extra chunks.
    await signIn(page, await demoSession(server.url));
    const dashboard = await scriptsDuring(page, async () => {
      await page.goto(`${server.url}/`);
      await page.getByRole('heading').first().waitFor({ timeout: 30_000 });
    });
    print('visão geral (além do que já veio)', new Map([...dashboard].filter(([n]) => !login.has(n))));
    const before = new Set([...login.keys(), ...dashboard.keys()]);
    const list = await scriptsDuring(page, async () => {
      await page.goto(`${server.url}/bens-cadastrados`);
      await page.getByRole('main').first().waitFor({ timeout: 30_000 });
    });
    print('lista de bens (além do que já veio)', new Map([...list].filter(([n]) => !before.has(n))));
  } finally {
    await browser.close();
    await server.stop();
  }
  const all = new Map(
    fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => {
        const b = fs.readFileSync(path.join(dist, 'assets', f));
        return [f, { raw: b.length, gzip: gz(b) }] as const;
      }),
  );
  print('build inteiro (maiores chunks)', all, 8);
}
