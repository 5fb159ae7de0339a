import { authStorage } from './auth-storage.ts';
import { currentPlat } from './platform.ts';

// Tracking must never disturb the user: it bypasses the api client (no toasts, no redirects) and swallows
// every failure. Events carry the anonymous id as `ip` (api contract) and client time corrected by the
// server clock offset (docs/api-contract.md), measured once per page load with the domain's midpoint rule
// (clockOffsetMs), inlined because this module ships with the home page and the domain index pulls in zod.

const ENDPOINT = '/api/bury-dot';
/** Event names of the admin page-view report (domain TRACKING_EVENTS; inlined for the same reason). */
export const PAGE_VIEW = 'page_view';
export const PAGE_LEAVE = 'page_leave';
/** A page left after longer than this is counted as this: the tab was left open, nobody was reading. */
export const DWELL_SECONDS_CAP = 86_400;

let clockOffset = 0;
let clockRequested = false;
let currentPage: { path: string; enteredAt: number } | null = null;
let leaveListenerInstalled = false;

export function correctedNow(): number {
  return Date.now() + clockOffset;
}

/** Whole seconds between entering and leaving a page, never negative, capped. */
export function dwellSeconds(enteredAtMs: number, leftAtMs: number): number {
  return Math.min(DWELL_SECONDS_CAP, Math.max(0, Math.round((leftAtMs - enteredAtMs) / 1000)));
}

/** Server time minus client time from one /api/clock round trip (the domain's clockOffsetMs rule). */
export function offsetFromClock(serverNowMs: number, sentAtMs: number, receivedAtMs: number): number {
  return Math.round(serverNowMs - (sentAtMs + receivedAtMs) / 2) + 0;
}

/** The bury-dot body: anonymous id as `ip` (api contract), platform and corrected client time in the payload. */
export function eventBody(event: string, payload: Record<string, unknown>, anonId: string, plat: string, clientTs: number): string {
  return JSON.stringify({ event, ip: anonId, payload: { ...payload, plat, client_ts: clientTs } });
}

function syncClock(): void {
  if (clockRequested) return;
  clockRequested = true;
  const sentAt = Date.now();
  fetch('/api/clock', { headers: { Accept: 'application/json' } })
    .then((res) => res.json() as Promise<{ status?: unknown; data?: { now?: unknown } }>)
    .then((body) => {
      const now = body.data?.now;
      if (body.status === 200 && typeof now === 'number') clockOffset = offsetFromClock(now, sentAt, Date.now());
    })
    .catch(() => undefined);
}

function bodyFor(event: string, payload: Record<string, unknown>): string {
  return eventBody(event, payload, authStorage.anonymousId(), currentPlat(), correctedNow());
}

export function track(event: string, payload: Record<string, unknown> = {}): void {
  try {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', 'x-plat': currentPlat() };
    const token = authStorage.currentToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    void fetch(ENDPOINT, { method: 'POST', headers, body: bodyFor(event, payload), keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // Tracking is best effort.
  }
}

function sendDwell(): void {
  if (!currentPage) return;
  const body = bodyFor(PAGE_LEAVE, { path: currentPage.path, dwell_seconds: dwellSeconds(currentPage.enteredAt, Date.now()) });
  currentPage = null;
  try {
    // sendBeacon survives the page being closed, which fetch does not guarantee. A string body goes out as
    // text/plain, the one type every browser beacons without a CORS preflight; the api parses it as JSON.
    const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ENDPOINT, body);
    if (!sent) void fetch(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
  } catch {
    // Best effort.
  }
}

function installLeaveListener(): void {
  if (leaveListenerInstalled || typeof window === 'undefined') return;
  leaveListenerInstalled = true;
  window.addEventListener('pagehide', sendDwell);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendDwell();
    else if (!currentPage) currentPage = { path: window.location.pathname, enteredAt: Date.now() };
  });
}

/** Records a page view and the dwell time of the page before it. */
export function trackPageView(path: string, title: string): void {
  installLeaveListener();
  if (currentPage && currentPage.path !== path) sendDwell();
  currentPage = { path, enteredAt: Date.now() };
  syncClock();
  track(PAGE_VIEW, { path, title, referrer: typeof document === 'undefined' ? '' : document.referrer });
}
