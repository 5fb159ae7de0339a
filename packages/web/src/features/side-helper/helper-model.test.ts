import { describe, expect, it } from 'vitest';
import { CONTENT_SLUGS } from '@summit/domain/content';
import {
  MOBILE_HELPER_PATHS,
  SIDE_HELPER_PATHS,
  clockOffset,
  countdownParts,
  formatCountdown,
  helperKindFor,
  parseDeadlines,
  togglePopup,
  WELFARE_ITEMS,
} from './helper-model.ts';

describe('where the helpers show', () => {
  it('lists about 24 side and 23 mobile paths, all of them real info pages', () => {
    expect(SIDE_HELPER_PATHS).toHaveLength(24);
    expect(MOBILE_HELPER_PATHS).toHaveLength(23);
    const infoPaths = new Set(CONTENT_SLUGS.map((s) => s.path));
    for (const path of SIDE_HELPER_PATHS) expect(infoPaths, path).toContain(path === '/' ? '/' : path);
    expect(new Set(SIDE_HELPER_PATHS).size).toBe(SIDE_HELPER_PATHS.length);
  });

  it('picks the side panel on desktop and the mobile helper below 768 px', () => {
    expect(helperKindFor('/', 1280)).toBe('side');
    expect(helperKindFor('/faq/', 1280)).toBe('side');
    expect(helperKindFor('/faq', 375)).toBe('mobile');
    expect(helperKindFor('/faq', 767)).toBe('mobile');
    expect(helperKindFor('/faq', 768)).toBe('side');
    expect(helperKindFor('/inner/talent-hunt', 1280)).toBe('side');
    expect(helperKindFor('/inner/talent-hunt', 375)).toBeNull();
    for (const path of ['/login', '/student/apply', '/join-us/si', '/notice/online-notice-free', '/admin']) {
      expect(helperKindFor(path, 1280), path).toBeNull();
      expect(helperKindFor(path, 375), path).toBeNull();
    }
  });

  it('does not show on pages the AMC site does not have', () => {
    expect(helperKindFor('/instructions/tuition', 1280)).toBe('side');
    expect(helperKindFor('/instructions/tuition', 1280, true)).toBeNull();
  });

  it('keeps the pop-ups mutually exclusive', () => {
    expect(togglePopup(null, 'benefits')).toBe('benefits');
    expect(togglePopup('benefits', 'service')).toBe('service');
    expect(togglePopup('service', 'official')).toBe('official');
    expect(togglePopup('official', 'official')).toBeNull();
  });

  it('has the three welfare items with the spec view counts', () => {
    expect(WELFARE_ITEMS).toHaveLength(3);
    expect(WELFARE_ITEMS.map((w) => w.views).join()).toMatch(/20,000\+[\s\S]*5,000\+/);
  });
});

describe('countdown math', () => {
  const deadline = Date.parse('2027-01-15T23:59:59+08:00');

  it('splits the time left into days, hours, minutes and seconds', () => {
    const now = deadline - ((2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000);
    expect(countdownParts(deadline, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, over: false });
    expect(formatCountdown(countdownParts(deadline, now))).toBe('2天 03:04:05');
  });

  it('ticks by one each second, rounds a part second up, and ends at 已截止', () => {
    expect(formatCountdown(countdownParts(deadline, deadline - 61_000))).toBe('0天 00:01:01');
    expect(formatCountdown(countdownParts(deadline, deadline - 60_000))).toBe('0天 00:01:00');
    expect(formatCountdown(countdownParts(deadline, deadline - 200))).toBe('0天 00:00:01');
    expect(countdownParts(deadline, deadline).over).toBe(true);
    expect(formatCountdown(countdownParts(deadline, deadline + 5000))).toBe('已截止');
    expect(countdownParts(Number.NaN, 0).over).toBe(true);
  });

  it('corrects the device clock by the server offset (midpoint of the round trip)', () => {
    expect(clockOffset(10_000, 1_000, 1_200)).toBe(8_900);
    expect(clockOffset(1_000, 1_000, 1_000)).toBe(0);
  });

  it('reads the deadline list leniently, in EB1 → MRD order', () => {
    const data = { items: [{ key: 'MRD', deadline: '2027-05-15T23:59:59+08:00' }, { key: 'EB1', deadline: '2027-01-15T23:59:59+08:00' }, { key: 'XX', deadline: '2027-01-01' }, { key: 'RD', deadline: 'soon' }] };
    expect(parseDeadlines(data).map((d) => d.key)).toEqual(['EB1', 'MRD']);
    expect(parseDeadlines(null)).toEqual([]);
  });
});
