import { expect, type APIRequestContext, type Page, type PageScreenshotOptions, type Request } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { MSG, ROLE_HOME, STORAGE_KEYS, type Role } from '@tombo/shared';
import { notifyThroughHook } from './notify-hook-client';

export const PASSWORD = 'Tombo@2025';
export const ARTIFACTS = path.join(import.meta.dirname, '.artifacts');
export const SCREENSHOTS = path.join(ARTIFACTS, 'screenshots');

export const ACCOUNTS = {
  admin: 'admin@exemplo.gov.br',
  supervisor: 'supervisor@exemplo.gov.br',
  usuario: 'usuario@exemplo.gov.br',
  visualizador: 'visualizador@exemplo.gov.br',
  vizinho: 'admin@vizinho.gov.br',
  superuser: 'superuser@tombo.gov.br',
} as const;

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1366, height: 768 } as const;

/**
 * A screenshot kept for the people who walk the screens (house rule 15) in tests/e2e/.artifacts/screenshots. CI sets
 * E2E_SCREENSHOTS=0: nobody looks at them there, and 260 of them cost minutes of a 2-core machine.
 */
export async function snap(page: Page, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.screenshot(options);
}

/** A suffix unique to this test run and call. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A 2-character sector code unlikely to clash (digit + letter; the seed uses letters). */
export function uniqueCode(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return `${Math.floor(Math.random() * 10)}${letters[Math.floor(Math.random() * letters.length)]}`;
}

/** Fills the login form (the page must be on /login). */
export async function submitLogin(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/**
 * Signs in as the login screen does (the API's answer kept in the browser's storage) and opens the role's home.
 * The screen itself is walked by the specs that test it (auth-routing, security-2fa…); the others start signed in.
 */
export async function login(page: Page, email: string, role: Role, password = PASSWORD) {
  await openAs(page, email, ROLE_HOME[role], password);
  await expect(page).toHaveURL(new RegExp(`${ROLE_HOME[role].replace(/\//g, '\\/')}$`));
}

/** Signs in through the API, keeps the session where the login screen keeps it, and opens `path` directly. */
export async function openAs(page: Page, email: string, path: string, password = PASSWORD) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), `login ${email}: ${res.status()}`).toBeTruthy();
  const session = (await res.json()) as { token?: string; refreshToken?: string; user?: unknown };
  expect(session.token, `login ${email}: a second factor or a password change is asked`).toBeTruthy();
  // Any page of the app's origin holds its storage; the health check is the lightest one.
  if (!page.url().startsWith(new URL('/', res.url()).origin)) await page.goto('/api/health');
  await page.evaluate(
    ([keys, s]) => {
      localStorage.setItem(keys.user, JSON.stringify(s.user));
      localStorage.setItem(keys.token, JSON.stringify(s.token));
      localStorage.setItem(keys.refreshToken, JSON.stringify(s.refreshToken));
    },
    [STORAGE_KEYS, session] as const,
  );
  await page.goto(path);
}

/** Signs in through the API (for setup steps) and returns the access token. */
export async function apiToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), `login ${email}: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
}

/**
 * A colleague created by an admin (or the superuser, `path`) who has already made the first sign-in's password
 * change (issue 35: a password typed by someone else must be changed): created with a provisional one, then
 * changed to `data.password` through the API, as the "Trocar senha" screen does. Returns the created user.
 */
export async function newSignedUpUser<T = { id: number }>(
  request: APIRequestContext,
  token: string,
  data: { name: string; email: string; password: string; role: string; [k: string]: unknown },
  path = '/api/users',
): Promise<T> {
  const provisional = `Provisoria@${Math.random().toString(36).slice(2, 8)}9`;
  const created = await apiAs<T | { user: T }>(request, token, 'post', path, { ...data, password: provisional });
  const own = await apiToken(request, data.email, provisional);
  await apiAs(request, own, 'put', '/api/auth/password', { currentPassword: provisional, password: data.password });
  return (created as { user?: T }).user ?? (created as T);
}

/** A JSON call to the API as the holder of `token` (setup steps); a non-2xx answer fails the test. */
export async function apiAs<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'put',
  url: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { headers: { Authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** What a new asset needs: the municipality's sectors by name and an active asset type (made if none). */
export async function assetRefs(
  request: APIRequestContext,
  token: string,
): Promise<{ sectors: Record<string, number>; tipoId: number }> {
  const list = await apiAs<{ sectors: Array<{ id: number; name: string }> }>(request, token, 'get', '/api/sectors');
  const tipos = await apiAs<{ tiposBens: Array<{ id: number; active: boolean }> }>(
    request,
    token,
    'get',
    '/api/tipos-bens',
  );
  const tipoId =
    tipos.tiposBens.find((t) => t.active)?.id ??
    (await apiAs<{ id: number }>(request, token, 'post', '/api/tipos-bens', { name: `Tipo E2E ${unique()}` })).id;
  return { sectors: Object.fromEntries(list.sectors.map((s) => [s.name, s.id])), tipoId };
}

export { MSG };

/**
 * Records the text of every toast the page draws from now on: a toast the app replaces a moment later
 * (one at a time, spec §9 — a job's own 'pronto' toast may follow its 'iniciado' within milliseconds) is
 * still seen. Returns a reader of the texts so far.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts?: string[] };
    w.__toasts = [];
    const keep = (el: Element) => {
      // A toast already taken off the page has no layout: its text content is what it said.
      const text = el.isConnected ? (el as HTMLElement).innerText : (el.textContent ?? '');
      if (text && w.__toasts![w.__toasts!.length - 1] !== text) w.__toasts!.push(text);
    };
    const toastsIn = (node: Node) =>
      node instanceof Element
        ? [...(node.matches('[data-testid="toast"]') ? [node] : []), ...node.querySelectorAll('[data-testid="toast"]')]
        : [];
    // The records keep every node added since the last call, even one replaced before it ran.
    const seen = (records: MutationRecord[]) => {
      for (const r of records) for (const node of r.addedNodes) toastsIn(node).forEach(keep);
      document.querySelectorAll('[data-testid="toast"]').forEach(keep);
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

/** Counts the page's requests from now on; `settled()` waits until none is in flight and a frame has drawn. */
export function trackRequests(page: Page): { settled(): Promise<void> } {
  const open = new Set<Request>();
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
  return {
    async settled() {
      await expect.poll(() => open.size).toBe(0);
      await page.evaluate(() => new Promise(requestAnimationFrame));
    },
  };
}

/**
 * The bound of a "nothing happens" check on a signed-in page: the server notifies its user (test hook) and
 * the bell counts it, so every live event sent to the page before has been handled.
 */
export async function liveSentinel(page: Page, email: string): Promise<void> {
  const bell = page.getByRole('button', { name: /^Notificações, / });
  const before = await bell.getAttribute('aria-label');
  await notifyThroughHook(page.url(), {
    email,
    title: 'Sentinela do teste',
    description: 'Fim da janela de teste.',
    type: 'system',
    link: null,
  });
  await expect(bell).not.toHaveAttribute('aria-label', before ?? '');
}

/** Resizes the page and waits until it is laid out at that width (the resize seen, two frames drawn). */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction((w) => window.innerWidth === w, size.width);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

// The server's DATA_DIR, as playwright.config.ts sets it (the workers inherit E2E_RUN_STAMP).
const dataDir = process.env.E2E_DATA_DIR ?? path.join(ARTIFACTS, `data-${process.env.E2E_RUN_STAMP}`);

/**
 * The path of the `count`-th link to `/<page>/<token>` mailed to `to` (the dev outbox the server writes without
 * SMTP), waited for; the path only: the server's APP_URL may differ from the test's base URL.
 */
export async function mailedLink(to: string, page = 'criar-senha', count = 1): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const file = `-${to.replace(/[^a-z0-9@._-]/gi, '_')}.txt`; // as the mailer names it
  const pattern = new RegExp(`https?://\\S+/${page}/[\\w-]+`);
  let links: string[] = [];
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .filter((f) => f.endsWith(file))
            .sort()
        : [];
      links = files.flatMap((f) => pattern.exec(fs.readFileSync(path.join(outbox, f), 'utf8')) ?? []);
      return links.length >= count;
    })
    .toBe(true);
  return new URL(links[count - 1]).pathname;
}
