import { api } from './api-client.ts';
import { authStorage } from './auth-storage.ts';

export interface DownloadOptions {
  query?: Record<string, string | number | undefined>;
  /** What the answer's content type must contain to be the file: 'spreadsheetml', 'application/pdf', 'text/calendar', 'json'. */
  expect: string;
  /** The saved name when the server's Content-Disposition gives none. */
  fallbackName: string;
  /** Always save under this name, whatever the server calls the file. */
  fileName?: string;
  /** A public file (the parent's receipt): no bearer token. */
  anonymous?: boolean;
}

/**
 * Files behind the session's bearer token (exports, PDFs, .ics; docs/api-contract.md "download by blob"): fetched, then handed
 * to the browser as a download. When the answer is not the file, the same request goes through the api client so its
 * one handler shows the envelope's message (expired login, no permission…), and the promise rejects.
 */
export async function downloadFile(path: string, options: DownloadOptions): Promise<void> {
  const query = Object.fromEntries(Object.entries(options.query ?? {}).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])));
  const params = new URLSearchParams(query);
  const token = options.anonymous ? null : authStorage.currentToken();
  const res = await fetch(`/api${path}${params.size ? `?${params}` : ''}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok || !(res.headers.get('content-type') ?? '').includes(options.expect)) {
    await api.get(path, { query });
    throw new Error(`${path}: the file is unavailable`);
  }
  const named = /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = options.fileName ?? (named ? decodeURIComponent(named) : options.fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
