import { HTTP_TIMEOUT_MS, MSG } from '@tombo/shared';
import { API_BASE, ApiError, refreshAccessToken } from './http';
import { getSession } from './session';
import { noteStartedJob } from './startedJobs';

export interface UploadOptions {
  /** 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Short text fields sent before the file (the month of a reconciliation). */
  fields?: Record<string, string>;
}

function sendOnce<T>(
  path: string,
  file: File | Blob,
  fileName: string,
  token: string | null,
  opts: UploadOptions,
): Promise<{ status: number; body: T | null; raw: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API_BASE + path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // Uploads of big spreadsheets or photos on slow links get more than the 30 s of a JSON call.
    xhr.timeout = Math.max(HTTP_TIMEOUT_MS, 180_000);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((100 * e.loaded) / e.total));
    };
    xhr.onload = () => {
      let body: T | null = null;
      try {
        body = xhr.responseText ? (JSON.parse(xhr.responseText) as T) : null;
      } catch {
        body = null;
      }
      noteStartedJob(body);
      resolve({ status: xhr.status, body, raw: xhr.responseText });
    };
    xhr.onerror = () => reject(new ApiError(MSG.http.network, 0, 'NETWORK'));
    xhr.ontimeout = () => reject(new ApiError(MSG.http.timeout, 0, 'TIMEOUT'));
    xhr.onabort = () => reject(new DOMException('Envio cancelado.', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
    form.append('file', file, fileName);
    xhr.send(form);
  });
}

/**
 * POSTs one file as multipart (field `file`) with upload progress (fetch has none), the Bearer
 * token and the same refresh-once-on-401 rule as the shell's http client.
 */
export async function uploadFile<T>(
  path: string,
  file: File | Blob,
  fileName: string,
  opts: UploadOptions = {},
): Promise<T> {
  const token = getSession().token;
  let res = await sendOnce<T>(path, file, fileName, token, opts);
  if (res.status === 401 && token) {
    const current = getSession().token;
    const fresh = current && current !== token ? current : await refreshAccessToken();
    if (!fresh) {
      getSession().clear(true);
      throw new ApiError(MSG.http.unauthorized, 401, 'UNAUTHORIZED');
    }
    res = await sendOnce<T>(path, file, fileName, fresh, opts);
  }
  if (res.status >= 200 && res.status < 300) return res.body as T;
  const err = (res.body as { error?: { message?: string; code?: string; fields?: Record<string, string> } } | null)
    ?.error;
  const fallback: Record<number, string> = { 413: MSG.http.tooLarge, 403: MSG.http.forbidden, 404: MSG.http.notFound };
  throw new ApiError(
    err?.message || fallback[res.status] || MSG.http.internal,
    res.status,
    err?.code ?? `HTTP_${res.status}`,
    err?.fields,
  );
}
