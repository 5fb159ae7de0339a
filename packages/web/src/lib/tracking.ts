import { authStorage } from './auth-storage.ts';
import { currentPlat } from './platform.ts';

// Tracking must never disturb the user: it bypasses the api client (no toasts, no redirects) and swallows
// every failure. Events carry the anonymous id as `ip` (api contract) and client time corrected by the
// server clock offset (spec §7), measured once per page load with the domain's midpoint rule
// (clockOffsetMs), inlined because this module ships with the home page and the domain index pulls in zod.

const ENDPOINT = '/api/bury-dot';

let clockOffset = 0;
let clockRequested = false;
let currentPage: { path: string; enteredAt: number } | null = null;
let leaveListenerInstalled = false;

export function correctedNow(): number {
  return Date.now() + clockOffset;
}

function syncClock(): void {
  if (clockRequested) return;
  clockRequested = true;
  const sentAt = Date.now();
  fetch('/api/clock', { headers: { Accept: 'application/json' } })
    .then((res) => res.json() as Promise<{ status?: unknown; data?: { now?: unknown } }>)
    .then((body) => {
      const now = body.data?.now;
      if (body.status === 200 && typeof now === 'number') clockOffset = Math.round(now - (sentAt + Date.now()) / 2);
    })
    .catch(() => undefined);
}

function bodyFor(event: string, payload: Record<string, unknown>): string {
  return JSON.stringify({
    event,
    ip: authStorage.anonymousId(),
    payload: { ...payload, plat: currentPlat(), client_ts: correctedNow() },
  });
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
  const seconds = Math.max(0, Math.round((Date.now() - currentPage.enteredAt) / 1000));
  const body = bodyFor('page_leave', { path: currentPage.path, dwell_seconds: seconds });
  currentPage = null;
  try {
    // sendBeacon survives the page being closed, which fetch does not guarantee.
    const sent = navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }));
    if (!sent) void fetch(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true });
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
  track('page_view', { path, title, referrer: typeof document === 'undefined' ? '' : document.referrer });
}
