// Zod-free domain modules only: the client is on the first load of most pages (decision 018). The student
// status schema comes with the one rare path that needs it (studentHome).
import { STATUS, clientActionFor, defaultMessageFor, isStatusCode, type StatusCode } from '@summit/domain/errors';
import { MSG } from '@summit/domain/messages';
import { PAGES } from '@summit/domain/pages';
import { authStorage, type AuthStorage } from './auth-storage.ts';
import { currentPathWithSearch, isAccountScreen, loginRedirectFor, navigateTo } from './navigation.ts';
import { toast, type ToastKind } from './notifier.ts';
import { currentPlat, type Plat } from './platform.ts';

/** A failed call, after the single handler below has already shown it to the user. */
export class ApiError extends Error {
  readonly status: StatusCode | 'NETWORK';
  readonly msg: string;
  readonly data: unknown;
  /** Where the handler sent (or, with `navigate: false`, would send) the user. */
  readonly redirectTo: string | null;
  /** True when the message was not toasted because the caller shows it (a form field error). */
  readonly handledByCaller: boolean;

  constructor(
    status: StatusCode | 'NETWORK',
    msg: string,
    options: { data?: unknown; redirectTo?: string | null; handledByCaller?: boolean } = {},
  ) {
    super(msg);
    this.name = 'ApiError';
    this.status = status;
    this.msg = msg;
    this.data = options.data;
    this.redirectTo = options.redirectTo ?? null;
    this.handledByCaller = options.handledByCaller ?? false;
  }

  /** `data.field` of a 4003, if any. */
  get field(): string | null {
    if (this.status !== STATUS.PARAM) return null;
    const field = (this.data as { field?: unknown } | undefined)?.field;
    return typeof field === 'string' && field ? field : null;
  }
}

/** Any zod schema (or anything with zod's safeParse), without making the web depend on zod directly. */
export interface ResponseParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: unknown } };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Parses `data` of a success; a mismatch is a contract bug and reads as 系统错误. */
  schema?: ResponseParser<T>;
  signal?: AbortSignal;
  /**
   * 4003 errors naming one of these fields are left to the form to show under the field (no toast), so a
   * message never appears twice on screen.
   */
  fieldNames?: readonly string[];
  /** 4001 messages the caller shows itself (e.g. the captcha dialog's inline 答案错误，请重新验证). */
  quietMessages?: readonly string[];
  /**
   * Background reads (who is logged in, for a top bar): no toasts and no navigation. A 401 still clears
   * the stale login.
   */
  quiet?: boolean;
  /** Route loaders pass false: they turn `ApiError.redirectTo` into a router redirect themselves. */
  navigate?: boolean;
  /** Return path for a 401; defaults to the current page (loaders pass the page being entered). */
  returnTo?: string;
}

interface Envelope {
  status: unknown;
  msg?: unknown;
  data?: unknown;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  storage: AuthStorage;
  navigate: (to: string, options?: { replace?: boolean }) => void;
  toast: (kind: ToastKind, text: string, options?: { single?: boolean }) => void;
  plat: () => Plat;
  currentPath: () => string;
  reload: () => void;
  back: () => void;
  later: (fn: () => void, ms: number) => void;
  base?: string;
}

function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  let url = `${base}${path}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

export function createApiClient(deps: ApiClientDeps) {
  const base = deps.base ?? '/api';

  async function send(path: string, options: RequestOptions<unknown>): Promise<Envelope> {
    const headers: Record<string, string> = { Accept: 'application/json', 'x-plat': deps.plat() };
    const token = deps.storage.currentToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await deps.fetch(buildUrl(base, path, options.query), {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
    const text = await response.text();
    // Proxies answer 502/504 with HTML: only a JSON envelope counts as the API speaking.
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || !('status' in parsed)) throw new Error('not an envelope');
    return parsed as Envelope;
  }

  async function studentHome(): Promise<string> {
    try {
      const envelope = await send('/student/status', {});
      if (envelope.status !== STATUS.OK) return PAGES.login;
      const { nextStudentPage, studentStatusSchema } = await import('@summit/domain/student-status');
      return nextStudentPage(studentStatusSchema.parse(envelope.data));
    } catch {
      return '/';
    }
  }

  /** docs/product/errors.md in one place: every non-200 envelope goes through here exactly once. */
  function handleFailure(envelope: Envelope, options: RequestOptions<unknown>): ApiError {
    const status: StatusCode = isStatusCode(envelope.status) ? envelope.status : STATUS.INTERNAL;
    const rawMsg = typeof envelope.msg === 'string' ? envelope.msg : '';
    const msg = rawMsg || defaultMessageFor(status);
    const action = clientActionFor(status);
    const shouldNavigate = options.navigate !== false && !options.quiet;
    const notify: ApiClientDeps['toast'] = (kind, text, toastOptions) => {
      if (options.quiet) return;
      if (toastOptions) deps.toast(kind, text, toastOptions);
      else deps.toast(kind, text);
    };
    const go = (to: string, replace = false) => {
      if (!shouldNavigate) return;
      if (isExternalUrl(to)) window.location.assign(to);
      else deps.navigate(to, { replace });
    };

    switch (action.kind) {
      case 'login': {
        deps.storage.clearLogin();
        notify('error', MSG.LOGIN_REQUIRED, { single: true });
        const here = deps.currentPath();
        // A page's requests failing together send the user once: a later 401 finds the account screen already
        // shown (with the page to return to) and leaves it, instead of returning to the account screen itself.
        if (options.returnTo === undefined && isAccountScreen(here)) return new ApiError(status, MSG.LOGIN_REQUIRED, { data: envelope.data, redirectTo: here });
        const target = loginRedirectFor(options.returnTo ?? here);
        go(target, true);
        return new ApiError(status, MSG.LOGIN_REQUIRED, { data: envelope.data, redirectTo: target });
      }
      case 'redirect': {
        const url = (envelope.data as { url?: unknown } | undefined)?.url;
        if (msg) notify('info', msg);
        const target = typeof url === 'string' && url ? url : null;
        if (target) deps.later(() => go(target), action.delayMs);
        return new ApiError(status, msg, { data: envelope.data, redirectTo: target });
      }
      case 'reload':
        notify('error', msg);
        if (shouldNavigate) deps.later(deps.reload, action.delayMs);
        return new ApiError(status, msg, { data: envelope.data });
      case 'back':
        notify('error', msg);
        if (shouldNavigate) deps.later(deps.back, action.delayMs);
        return new ApiError(status, msg, { data: envelope.data });
      case 'gate': {
        notify('error', msg, { single: true });
        if (shouldNavigate) {
          void studentHome().then((home) => deps.later(() => go(home, true), action.delayMs));
        }
        return new ApiError(status, msg, { data: envelope.data });
      }
      case 'ok':
      case 'toast':
      default: {
        const field = (envelope.data as { field?: unknown } | undefined)?.field;
        const fieldHandled =
          status === STATUS.PARAM && typeof field === 'string' && (options.fieldNames ?? []).includes(field);
        const quiet = status === STATUS.MESSAGE && (options.quietMessages ?? []).includes(msg);
        const handledByCaller = fieldHandled || quiet;
        if (!handledByCaller) notify('error', msg || MSG.NETWORK_ERROR);
        return new ApiError(status, msg || MSG.NETWORK_ERROR, { data: envelope.data, handledByCaller });
      }
    }
  }

  async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
    const opts = options as RequestOptions<unknown>;
    let envelope: Envelope;
    try {
      envelope = await send(path, opts);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      if (!opts.quiet) deps.toast('error', MSG.NETWORK_ERROR, { single: true });
      throw new ApiError('NETWORK', MSG.NETWORK_ERROR);
    }
    if (envelope.status !== STATUS.OK) throw handleFailure(envelope, opts);
    if (!options.schema) return envelope.data as T;
    const result = options.schema.safeParse(envelope.data);
    if (!result.success) {
      console.error(`[api] ${path}: response does not match the contract`, result.error.issues);
      if (!options.quiet) deps.toast('error', MSG.NETWORK_ERROR, { single: true });
      throw new ApiError(STATUS.INTERNAL, MSG.NETWORK_ERROR, { data: envelope.data });
    }
    return result.data;
  }

  return {
    request,
    get: <T = unknown>(path: string, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T = unknown>(path: string, body: unknown = {}, options: Omit<RequestOptions<T>, 'method' | 'body'> = {}) =>
      request<T>(path, { ...options, method: 'POST', body }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient({
  fetch: (...args) => fetch(...args),
  storage: authStorage,
  navigate: navigateTo,
  toast: (kind, text, options) => toast(kind, text, options),
  plat: currentPlat,
  currentPath: currentPathWithSearch,
  reload: () => window.location.reload(),
  back: () => window.history.back(),
  later: (fn, ms) => void setTimeout(fn, ms),
});
