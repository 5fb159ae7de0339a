import { afterEach, describe, expect, it, vi } from 'vitest';
import { DWELL_SECONDS_CAP, dwellSeconds, eventBody, offsetFromClock } from './tracking.ts';

describe('tracking pure parts', () => {
  it('rounds dwell to whole seconds, never negative, capped at a day', () => {
    expect(dwellSeconds(1_000, 1_000)).toBe(0);
    expect(dwellSeconds(1_000, 43_499)).toBe(42);
    expect(dwellSeconds(1_000, 43_500)).toBe(43);
    expect(dwellSeconds(5_000, 1_000)).toBe(0);
    expect(dwellSeconds(0, 3 * 86_400_000)).toBe(DWELL_SECONDS_CAP);
  });

  it('measures the clock offset at the middle of the round trip', () => {
    expect(offsetFromClock(10_500, 1_000, 2_000)).toBe(9_000);
    expect(offsetFromClock(1_500, 1_000, 2_000)).toBe(0);
    expect(Object.is(offsetFromClock(1_500, 1_000, 2_000), -0)).toBe(false);
    expect(offsetFromClock(0, 1_000, 2_000)).toBe(-1_500);
  });

  it('sends the anonymous id as ip and the platform and corrected time in the payload', () => {
    expect(JSON.parse(eventBody('page_leave', { path: '/faq', dwell_seconds: 3 }, 'anon-1', 'wechat', 123))).toEqual({
      event: 'page_leave',
      ip: 'anon-1',
      payload: { path: '/faq', dwell_seconds: 3, plat: 'wechat', client_ts: 123 },
    });
  });
});

describe('trackPageView in a browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.resetModules();
  });

  function fakeBrowser() {
    const listeners: Record<string, Array<() => void>> = {};
    const on = (type: string, fn: () => void) => void (listeners[type] ??= []).push(fn);
    const doc = { visibilityState: 'visible', referrer: '', addEventListener: on };
    const beacons: Array<{ url: string; body: unknown }> = [];
    const fetches: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal('window', { addEventListener: on, location: { pathname: '/faq' } });
    vi.stubGlobal('document', doc);
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 MicroMessenger/8.0', sendBeacon: (url: string, body: unknown) => (beacons.push({ url, body }), true) });
    vi.stubGlobal('fetch', (url: string, init?: { body?: unknown }) => {
      fetches.push({ url, body: init?.body });
      const payload = url === '/api/clock' ? { status: 200, data: { now: Date.now() + 60_000 } } : { status: 200 };
      return Promise.resolve({ json: () => Promise.resolve(payload) });
    });
    const fire = (type: string) => (listeners[type] ?? []).forEach((fn) => fn());
    return { doc, beacons, fetches, fire };
  }

  it('beacons the dwell of the previous page as a text/plain string with corrected time, once per page', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const browser = fakeBrowser();
    const { trackPageView } = await import('./tracking.ts');

    trackPageView('/', '首页');
    // Let the clock answer land (Date is frozen, so the round trip takes 0 ms).
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(browser.fetches.map((f) => f.url)).toEqual(['/api/clock', '/api/bury-dot']);
    const view = JSON.parse(browser.fetches[1]!.body as string);
    expect(view).toMatchObject({ event: 'page_view', payload: { path: '/', title: '首页', plat: 'wechat' } });

    vi.setSystemTime(1_000_000 + 12_400);
    trackPageView('/faq', '常见问题');
    expect(browser.beacons).toHaveLength(1);
    expect(browser.beacons[0]!.url).toBe('/api/bury-dot');
    expect(typeof browser.beacons[0]!.body).toBe('string');
    const leave = JSON.parse(browser.beacons[0]!.body as string);
    expect(leave).toMatchObject({ event: 'page_leave', payload: { path: '/', dwell_seconds: 12, plat: 'wechat' } });
    expect(leave.ip).toBe(view.ip);
    expect(leave.payload.client_ts).toBe(1_012_400 + 60_000);

    // Closing the tab: hidden then pagehide sends the FAQ's dwell once.
    vi.setSystemTime(1_000_000 + 20_400);
    browser.doc.visibilityState = 'hidden';
    browser.fire('visibilitychange');
    browser.fire('pagehide');
    expect(browser.beacons).toHaveLength(2);
    expect(JSON.parse(browser.beacons[1]!.body as string).payload).toMatchObject({ path: '/faq', dwell_seconds: 8 });
  });
});
