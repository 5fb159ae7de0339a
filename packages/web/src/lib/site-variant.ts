import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, authStorage } from './auth-storage.ts';

// The site variant (AMC) and the non-production gate (decision 015). The server decides from the Host header
// (GET /api/site/config); the browser remembers its last answer per origin, so a returning visitor's first
// paint is already right, and a stored flag (?amc=1, cleared by ?amc=0) lets tests and staff preview the AMC
// site on any host. This module ships with the shell: no zod, no api client, only fetch.

const AMC_FLAG = 'summit.amc';
const CONFIG_CACHE = 'summit.site-config';
const CONFIG_URL = '/api/site/config';

export interface SiteConfigView {
  amc: boolean;
  non_production: boolean;
  enrolment_over: boolean;
  server_time: number;
}

/**
 * The variant from the host ("amc." hosts; the server adds AMC_HOSTS), the URL flag and the stored flag.
 * `store` says what to keep: '1' to remember, null to forget, undefined to leave as is.
 */
export function detectAmc(
  hostname: string,
  search: string,
  stored: string | null,
  serverAmc = false,
): { amc: boolean; store: string | null | undefined } {
  const byHost = serverAmc || hostname.toLowerCase().startsWith('amc.');
  const param = new URLSearchParams(search).get('amc');
  if (param === '1') return { amc: true, store: '1' };
  if (param === '0') return { amc: byHost, store: null };
  return { amc: byHost || stored === '1', store: undefined };
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // Storage blocked (private mode): the host alone decides.
  }
}

function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // ignore
  }
}

export function parseSiteConfig(value: unknown): SiteConfigView | null {
  const v = value as Partial<Record<keyof SiteConfigView, unknown>> | null;
  if (!v || typeof v !== 'object') return null;
  if (typeof v.amc !== 'boolean' || typeof v.non_production !== 'boolean' || typeof v.enrolment_over !== 'boolean') return null;
  return { amc: v.amc, non_production: v.non_production, enrolment_over: v.enrolment_over, server_time: typeof v.server_time === 'number' ? v.server_time : 0 };
}

function cachedConfig(): SiteConfigView | null {
  const raw = readStorage(CONFIG_CACHE);
  if (!raw) return null;
  try {
    return parseSiteConfig(JSON.parse(raw));
  } catch {
    return null;
  }
}

let current: SiteConfigView | null = typeof window === 'undefined' ? null : cachedConfig();
let pending: Promise<SiteConfigView | null> | null = null;
const listeners = new Set<() => void>();

function publish(config: SiteConfigView): void {
  current = config;
  writeStorage(CONFIG_CACHE, JSON.stringify(config));
  for (const listener of listeners) listener();
}

/** Asks the server once per page load; null when it cannot be reached (the cached answer then stands). */
export function fetchSiteConfig(): Promise<SiteConfigView | null> {
  pending ??= fetch(CONFIG_URL, { headers: { Accept: 'application/json' } })
    .then((res) => res.json() as Promise<{ status?: unknown; data?: unknown }>)
    .then((body) => {
      const config = body.status === 200 ? parseSiteConfig(body.data) : null;
      if (config) publish(config);
      return config;
    })
    .catch(() => null);
  return pending;
}

/** The last known server answer (cached from an earlier visit), or null on a first visit. */
export function knownSiteConfig(): SiteConfigView | null {
  return current;
}

/** The server's answer, waiting for it only when nothing is known yet (a first visit); else refreshed behind. */
export async function siteConfigForGate(): Promise<SiteConfigView | null> {
  const refresh = fetchSiteConfig();
  return current ?? refresh;
}

export function isAmcSite(): boolean {
  if (typeof window === 'undefined') return false;
  const { amc, store } = detectAmc(window.location.hostname, window.location.search, readStorage(AMC_FLAG), current?.amc ?? false);
  if (store !== undefined) writeStorage(AMC_FLAG, store);
  return amc;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For pages: hide links to pages the AMC site does not have (`amc`), and the helper's benefits (`enrolmentOver`). */
export function useSiteVariant(): { amc: boolean; enrolmentOver: boolean } {
  const amc = useSyncExternalStore(subscribe, isAmcSite, () => false);
  const enrolmentOver = useSyncExternalStore(subscribe, () => current?.enrolment_over ?? false, () => false);
  return { amc, enrolmentOver };
}

// The non-production gate ---------------------------------------------------------------------------------

export const TESTER_PASSWORD_PARAM = 'password';

export function hasTesterFlag(): boolean {
  return authStorage.get(STORAGE_KEYS.tester) === '1';
}

export function storeTesterFlag(): void {
  authStorage.set(STORAGE_KEYS.tester, '1');
}

/**
 * Where the gate sends this visit, or null to let it through: on a non-production host a visitor without
 * tester status goes to /innersecurity (/amcsecurity on the AMC site) with the page to come back to.
 * A `?password=` on the URL is checked by the security page itself, so it is carried there.
 */
export function siteGateTarget(
  input: { nonProduction: boolean; amc: boolean; tester: boolean; pathname: string; search: string },
  securityPaths: { inner: string; amc: string },
): string | null {
  if (!input.nonProduction || input.tester) return null;
  if (input.pathname === securityPaths.inner || input.pathname === securityPaths.amc) return null;
  const params = new URLSearchParams(input.search);
  const password = params.get(TESTER_PASSWORD_PARAM);
  params.delete(TESTER_PASSWORD_PARAM);
  const rest = params.toString();
  const back = input.pathname + (rest ? `?${rest}` : '');
  const query = new URLSearchParams({ r: back });
  if (password) query.set(TESTER_PASSWORD_PARAM, password);
  return `${input.amc ? securityPaths.amc : securityPaths.inner}?${query.toString()}`;
}

/** Checks a tester password with the server; true (and the flag stored) when it matches. */
export async function submitTesterPassword(password: string): Promise<{ ok: boolean; msg: string }> {
  try {
    const res = await fetch('/api/site/tester', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ password }),
    });
    const body = (await res.json()) as { status?: unknown; msg?: unknown };
    if (body.status === 200) {
      storeTesterFlag();
      return { ok: true, msg: '' };
    }
    return { ok: false, msg: typeof body.msg === 'string' && body.msg ? body.msg : '访问密码错误' };
  } catch {
    return { ok: false, msg: '系统错误，请联系管理员！' };
  }
}
