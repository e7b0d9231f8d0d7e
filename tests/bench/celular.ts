/**
 * A phone on a slow network (issue 35): the login page and the inventory counting screen, each opened with an
 * empty cache on a 390 px phone with the browser's own throttling (4× CPU, 1.6 Mbps down, 750 kbps up,
 * 150 ms RTT). Prints the bytes on the wire (compressed, headers included), the largest contentful paint
 * and the time until the screen is usable. Targets: login ≤ 180 KB on the wire, LCP ≤ 2.5 s. Figures, never pass/fail.
 *   npm run bench -- celular           (BENCH_NO_BUILD=1 measures the build already in client/dist)
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import { devices, type Browser } from '@playwright/test';
import { demoSession, launchChromium, signIn, startServer, type DemoSession } from './bundle';
import { machine } from './lib';

const WIRE_TARGET_KB = 180;
const LCP_TARGET_MS = 2500;
const RUNS = 3;
const root = path.resolve(import.meta.dirname, '../..');

interface Load {
  wireBytes: number;
  requests: number;
  lcpMs: number;
  readyMs: number;
}

/**
 * One cold load of `url` under the phone profile: a new context (empty cache); `prepare` runs on the origin
 * first (a blank page: the session goes into localStorage), then the throttled load until `ready` resolves.
 */
async function coldLoad(
  browser: Browser,
  origin: string,
  url: string,
  ready: (page: import('@playwright/test').Page) => Promise<unknown>,
  session?: DemoSession,
): Promise<Load> {
  const context = await browser.newContext({ ...devices['iPhone 13'], viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (session) {
    await page.goto(`${origin}/robots.txt`).catch(() => undefined);
    await signIn(page, session);
  }
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6e6 / 8) * 0.9,
    uploadThroughput: (750e3 / 8) * 0.9,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let wireBytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
    wireBytes += e.encodedDataLength;
    requests++;
  });
  const start = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page).catch(async (e) => {
    const shot = path.join(root, 'tests/bench/celular-falhou.png');
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`${url} did not become usable (screenshot: ${shot}): ${(e as Error).message}`);
  });
  const readyMs = Date.now() - start;
  await page.waitForLoadState('networkidle');
  const lcpMs = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  await context.close();
  return { wireBytes, requests, lcpMs, readyMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function print(label: string, loads: Load[], wireTarget?: number) {
  const wire = median(loads.map((l) => l.wireBytes)) / 1024;
  const lcp = median(loads.map((l) => l.lcpMs));
  const ready = median(loads.map((l) => l.readyMs));
  const within = (ok: boolean) => (ok ? 'dentro' : 'ACIMA');
  const wireNote = wireTarget ? ` (meta ≤ ${wireTarget} KB: ${within(wire <= wireTarget)})` : '';
  console.log(
    `${label.padEnd(28)} ${wire.toFixed(1).padStart(7)} KB na rede${wireNote} · ${loads[0].requests} requisições · ` +
      `LCP ${(lcp / 1000).toFixed(2)} s (meta ≤ ${LCP_TARGET_MS / 1000} s: ${within(lcp <= LCP_TARGET_MS)}) · ` +
      `utilizável em ${(ready / 1000).toFixed(2)} s   [mediana de ${loads.length}]`,
  );
}

export async function celularBench(): Promise<void> {
  console.log(`\n== celular: 390 px, CPU 4×, 1,6 Mbps, RTT 150 ms, cache vazio (${machine()})`);
  if (!process.env.BENCH_NO_BUILD) execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const session = await demoSession(server.url);
    // The counting screen of an inventory in progress of the demo's first sector, the admin on its commission.
    const auth = { 'content-type': 'application/json', authorization: `Bearer ${session.token}` };
    const sectors = (await (await fetch(`${server.url}/api/sectors`, { headers: auth })).json()) as {
      sectors: Array<{ id: number }>;
    };
    const users = (await (await fetch(`${server.url}/api/users`, { headers: auth })).json()) as {
      users: Array<{ id: number; role: string }>;
    };
    const comissao = [session.user.id, ...users.users.filter((u) => u.id !== session.user.id).map((u) => u.id)];
    const created = await fetch(`${server.url}/api/inventarios`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        title: 'Inventário do bench',
        tipo: 'anual',
        sectorId: sectors.sectors[0].id,
        scope: 'sector',
        dataInicio: new Date().toISOString().slice(0, 10),
        comissao: comissao.slice(0, 3),
      }),
    });
    const body = (await created.json()) as { inventario: { id: number } };
    if (!created.ok) throw new Error(`inventory not created: ${JSON.stringify(body)}`);
    const { inventario } = body;

    const login: Load[] = [];
    const contagem: Load[] = [];
    for (let i = 0; i < RUNS; i++) {
      login.push(
        await coldLoad(browser, server.url, `${server.url}/login`, (page) =>
          page
            .getByRole('button', { name: /entrar/i })
            .first()
            .waitFor({ timeout: 60_000 }),
        ),
      );
      contagem.push(
        await coldLoad(
          browser,
          server.url,
          `${server.url}/inventarios/${inventario.id}`,
          (page) =>
            page
              .getByRole('heading', { name: /Inventário do bench/ })
              .first()
              .waitFor({ timeout: 60_000 }),
          session,
        ),
      );
    }
    print('página de login', login, WIRE_TARGET_KB);
    print('tela de contagem', contagem);
  } finally {
    await browser.close();
    await server.stop();
  }
}
