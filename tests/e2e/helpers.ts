import { expect, type APIRequestContext, type Page } from '@playwright/test';
import path from 'node:path';
import { MSG, ROLE_HOME, type Role } from '@tombo/shared';

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

/** Signs in through the UI and waits for the role's home. */
export async function login(page: Page, email: string, role: Role, password = PASSWORD) {
  await page.goto('/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(new RegExp(`${ROLE_HOME[role].replace(/\//g, '\\/')}$`));
}

/** Signs in through the API (for setup steps) and returns the access token. */
export async function apiToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), `login ${email}: ${res.status()}`).toBeTruthy();
  return ((await res.json()) as { token: string }).token;
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
    const seen = () => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        const text = (el as HTMLElement).innerText;
        if (w.__toasts![w.__toasts!.length - 1] !== text) w.__toasts!.push(text);
      }
    };
    new MutationObserver(seen).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}
