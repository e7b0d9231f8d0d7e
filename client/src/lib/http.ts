import { HTTP_TIMEOUT_MS, MSG, type ApiErrorResponse, type RefreshResponse } from '@tombo/shared';
import { getSession } from './session';
import { noteStartedJob } from './startedJobs';

export const API_BASE = '/api';

/** An error answered by the API (or a network / time-out failure); `message` is pt-BR. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** Facts a screen may need to show (refused ids, the limit…), as the API sent them. */
  readonly details?: Record<string, unknown>;
  constructor(
    message: string,
    status: number,
    code: string,
    fields?: Record<string, string>,
    details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

export function errorMessage(error: unknown, fallback: string = MSG.http.internal): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

const STATUS_MESSAGES: Record<number, string> = {
  400: MSG.http.validation,
  401: MSG.http.unauthorized,
  403: MSG.http.forbidden,
  404: MSG.http.notFound,
  409: MSG.http.conflict,
  413: MSG.http.tooLarge,
  422: MSG.http.validation,
  429: MSG.http.rateLimited,
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the Authorization header and the refresh-on-401 logic (login, refresh…). */
  anonymous?: boolean;
  timeoutMs?: number;
}

const isPublicPath = (path: string) => path.includes('/public/') || path.endsWith('/public');
const AUTH_PATHS = ['/auth/login', '/auth/refresh', '/auth/logout', '/auth/forgot-password', '/auth/reset-password'];
const isAuthPath = (path: string) => AUTH_PATHS.some((p) => path.startsWith(p));

/** Hook the app registers to react to an unrecoverable 401 (refresh failed). */
let onSessionLost: () => void = () => getSession().clear(true);
export function setSessionLostHandler(handler: () => void) {
  onSessionLost = handler;
}

let refreshInFlight: Promise<string | null> | null = null;

/**
 * Refreshes the access token once, shared by every caller that needs it at the same time
 * (single flight). Resolves to the new token or null when the refresh failed.
 */
export function refreshAccessToken(): Promise<string | null> {
  if (refreshInFlight) return refreshInFlight;
  refreshInFlight = (async () => {
    const { refreshToken } = getSession();
    if (!refreshToken) return null;
    try {
      const res = await send('POST', '/auth/refresh', { body: { refreshToken }, anonymous: true });
      if (!res.ok) return null;
      const data = (await res.json()) as Partial<RefreshResponse>;
      if (!data.token) return null;
      getSession().setTokens(data.token, data.refreshToken ?? refreshToken);
      return data.token;
    } catch {
      return null;
    }
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

async function send(method: Method, path: string, opts: RequestOptions, token?: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const hasBody = opts.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (token && !opts.anonymous && !isPublicPath(path)) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? HTTP_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(API_BASE + path, {
      method,
      headers,
      body: hasBody ? JSON.stringify(opts.body) : undefined,
      signal: controller.signal,
    });
  } catch (err) {
    if (timedOut) throw new ApiError(MSG.http.timeout, 0, 'TIMEOUT');
    if (opts.signal?.aborted) throw err;
    throw new ApiError(MSG.http.network, 0, 'NETWORK');
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  let body: Partial<ApiErrorResponse> | null = null;
  try {
    body = (await res.json()) as Partial<ApiErrorResponse>;
  } catch {
    body = null;
  }
  const err = body?.error;
  const message = err?.message || STATUS_MESSAGES[res.status] || MSG.http.internal;
  return new ApiError(message, res.status, err?.code ?? `HTTP_${res.status}`, err?.fields, err?.details);
}

/**
 * Sends a request with the session token; on a 401 refreshes the token once and retries.
 * When the refresh fails the session is cleared and the app goes to /login.
 */
async function authorised(method: Method, path: string, opts: RequestOptions): Promise<Response> {
  const token = opts.anonymous ? null : getSession().token;
  let res = await send(method, path, opts, token);
  if (res.status !== 401 || opts.anonymous || isAuthPath(path) || isPublicPath(path) || !token) return res;

  // Another request may already have refreshed the token while this one was in flight.
  const current = getSession().token;
  const fresh = current && current !== token ? current : await refreshAccessToken();
  if (!fresh) {
    onSessionLost();
    return res;
  }
  res = await send(method, path, opts, fresh);
  return res;
}

async function request<T>(method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await authorised(method, path, opts);
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  const body = text ? JSON.parse(text) : undefined;
  noteStartedJob(body);
  return body as T;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
  headers: Headers;
}

function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      /* fall through */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : null;
}

export const http = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body: body ?? {} }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PUT', path, { ...opts, body: body ?? {} }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T = void>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  /** Fetches a protected file (Bearer header) as a blob. */
  async download(path: string, opts: RequestOptions = {}): Promise<DownloadedFile> {
    const res = await authorised('GET', path, { timeoutMs: 120_000, ...opts });
    if (!res.ok) throw await toApiError(res);
    return {
      blob: await res.blob(),
      fileName: fileNameFrom(res.headers.get('Content-Disposition')),
      headers: res.headers,
    };
  },
};

/** Saves a blob through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Accepts a bare array or an object holding the list under `field` (spec §7). */
export function listFrom<T>(data: unknown, field: string): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object' && Array.isArray((data as Record<string, unknown>)[field])) {
    return (data as Record<string, T[]>)[field];
  }
  return [];
}

/** Accepts `{ <field>: item }` or the bare item. */
export function itemFrom<T>(data: unknown, field: string): T {
  if (data && typeof data === 'object' && field in (data as Record<string, unknown>)) {
    return (data as Record<string, T>)[field];
  }
  return data as T;
}
