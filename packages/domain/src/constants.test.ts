import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS as SUBPATH_ACCOUNT_LIMITS } from './account-limits.ts';
import {
  ACCOUNT_LIMITS,
  DEADLINE_KEYS,
  GENDERS,
  LIMITED_PAID,
  LIMITS,
  PAYMENT_CHANNELS,
  PAYMENT_PROVIDERS,
  SESSION_WINDOWS,
  TIME_ZONE_OPTIONS,
  TOKEN_TTL_DAYS,
  topBarHeight,
} from './constants.ts';

describe('docs/product/constants.md constants', () => {
  it('has the three session windows in Asia/Shanghai, in order', () => {
    expect(SESSION_WINDOWS.map((w) => w.name)).toEqual(['第一期', '第二期', '第三期']);
    expect(SESSION_WINDOWS.map((w) => [w.startsAt, w.endsAt])).toEqual([
      ['2022-07-17T00:00:00+08:00', '2022-07-25T23:59:59+08:00'],
      ['2022-07-29T23:00:00+08:00', '2022-08-08T23:59:59+08:00'],
      ['2022-08-13T08:00:00+08:00', '2022-08-22T23:59:59+08:00'],
    ]);
    for (const window of SESSION_WINDOWS) expect(Date.parse(window.startsAt)).toBeLessThan(Date.parse(window.endsAt));
    // 2022-07-29 23:00 in Shanghai is 15:00 UTC.
    expect(new Date(SESSION_WINDOWS[1].startsAt).toISOString()).toBe('2022-07-29T15:00:00.000Z');
  });

  it('has the limits', () => {
    expect(LIMITED_PAID).toEqual({ days: 3, cutoff: '2023-04-21T00:00:00+08:00' });
    expect(LIMITS).toMatchObject({
      passwordMin: 8,
      passwordMax: 32,
      phoneLength: 11,
      smsCodeLength: 4,
      countdownSeconds: 60,
      captchaLockMs: 3000,
      mpPollMs: 3000,
      uploadRetries: 3,
      chunkLoadTimeoutMs: 120000,
      textareaMaxUnits: 100,
      inputCounterMaxUnits: 300,
    });
    expect(DEADLINE_KEYS).toEqual(['MRD', 'EB1', 'EB2', 'RD']);
    expect(PAYMENT_CHANNELS).toHaveLength(13);
    expect(PAYMENT_PROVIDERS).toEqual(['AL', 'WX', 'STRIPE', 'NHP', 'SDL', 'FAMILY', 'CMB']);
    expect(GENDERS).toEqual([
      { value: 1, label: '男' },
      { value: 2, label: '女' },
    ]);
  });

  it('lists UTC, then UTC+1..+12, then UTC-1..-12', () => {
    const values = TIME_ZONE_OPTIONS.map((option) => option.value);
    expect(values).toHaveLength(25);
    expect(values.slice(0, 3)).toEqual(['UTC', 'UTC+1', 'UTC+2']);
    expect(values[12]).toBe('UTC+12');
    expect(values[13]).toBe('UTC-1');
    expect(values[24]).toBe('UTC-12');
    expect(new Set(values).size).toBe(25);
  });

  it.each([
    [1188, false, 80],
    [1920, false, 80],
    [1187, false, 60],
    [375, false, 60],
    [1920, true, 0],
    [375, true, 0],
  ])('topBarHeight(%i, mini %s) → %i', (width, mini, height) => {
    expect(topBarHeight(width, mini)).toBe(height);
  });

  it('has the account limits of docs/api-contract.md, one definition under both import paths', () => {
    expect(SUBPATH_ACCOUNT_LIMITS).toBe(ACCOUNT_LIMITS);
    expect(TOKEN_TTL_DAYS).toBe(30);
    expect(ACCOUNT_LIMITS).toEqual({
      tokenTtlDays: 30,
      captchaTtlMs: 300_000,
      captchaMin: 1,
      captchaMax: 20,
      captchaWrongLockMs: 3_000,
      smsCodeTtlMs: 600_000,
      smsResendIntervalMs: 60_000,
      smsDailyPerPhone: 10,
      smsDailyPerIp: 30,
      smsCodeMaxFailures: 5,
      loginWindowMs: 900_000,
      loginFailuresPerPhone: 10,
      loginFailuresPerIp: 50,
    });
  });
});
