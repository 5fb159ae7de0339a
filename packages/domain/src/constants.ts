/** Business constants and limits (docs/product/constants.md, docs/api-contract.md). */

export const TIMEZONE = 'Asia/Shanghai';

/**
 * docs/product/constants.md session windows of the 2022 season, used only for the session names and past-season rules. The
 * current programme's windows are programme facts that admins edit (programme.ts, decision 029).
 */
export const SESSION_WINDOWS = [
  { key: 'first', name: '第一期', startsAt: '2022-07-17T00:00:00+08:00', endsAt: '2022-07-25T23:59:59+08:00' },
  { key: 'second', name: '第二期', startsAt: '2022-07-29T23:00:00+08:00', endsAt: '2022-08-08T23:59:59+08:00' },
  { key: 'third', name: '第三期', startsAt: '2022-08-13T08:00:00+08:00', endsAt: '2022-08-22T23:59:59+08:00' },
] as const;

export type SessionName = (typeof SESSION_WINDOWS)[number]['name'];

/** Limited-paid content: tuition paid within 3 days of the offer, or paid on/after the cutoff day. */
export const LIMITED_PAID = { days: 3, cutoff: '2023-04-21T00:00:00+08:00' } as const;

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 32,
  phoneLength: 11,
  smsCodeLength: 4,
  countdownSeconds: 60,
  captchaLockMs: 3_000,
  mpPollMs: 3_000,
  uploadRetries: 3,
  chunkLoadTimeoutMs: 120_000,
  textareaMaxUnits: 100,
  inputCounterMaxUnits: 300,
  nameMaxChars: 50,
  emailMaxChars: 254,
  schoolNameMaxChars: 100,
} as const;

/**
 * Server-enforced limits of the account flows (docs/api-contract.md, "SMS codes and captcha"). The api
 * reads them (also through the `@summit/domain/account-limits` subpath); the web words its hints from them.
 */
export const ACCOUNT_LIMITS = {
  tokenTtlDays: 30,
  captchaTtlMs: 5 * 60_000,
  captchaMin: 1,
  captchaMax: 20,
  /** docs/product/states.md and docs/product/constants.md: a wrong captcha answer locks sending for 3 s. */
  captchaWrongLockMs: LIMITS.captchaLockMs,
  smsCodeTtlMs: 10 * 60_000,
  /** docs/product/constants.md: 60 s between two codes to one phone. */
  smsResendIntervalMs: LIMITS.countdownSeconds * 1000,
  smsDailyPerPhone: 10,
  smsDailyPerIp: 30,
  smsCodeMaxFailures: 5,
  loginWindowMs: 15 * 60_000,
  loginFailuresPerPhone: 10,
  loginFailuresPerIp: 50,
} as const;

export const TOKEN_TTL_DAYS = ACCOUNT_LIMITS.tokenTtlDays;

export const DEADLINE_KEYS = ['MRD', 'EB1', 'EB2', 'RD'] as const;
export type DeadlineKey = (typeof DEADLINE_KEYS)[number];

export const PAYMENT_CHANNELS = [
  'scan',
  'wap',
  'code',
  'web',
  'mp',
  'family',
  'checkout',
  'wechat_scan',
  'alipay',
  'alipay_web',
  'wechat_wap',
  'alipay_wap',
  'wechat_mp',
] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

export const PAYMENT_PROVIDERS = ['AL', 'WX', 'STRIPE', 'NHP', 'SDL', 'FAMILY', 'CMB'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** UTC, then UTC+1 … UTC+12, then UTC-1 … UTC-12 (docs/product/constants.md order). */
export const TIME_ZONE_OPTIONS: ReadonlyArray<{ label: string; value: string }> = [
  'UTC',
  ...Array.from({ length: 12 }, (_, i) => `UTC+${i + 1}`),
  ...Array.from({ length: 12 }, (_, i) => `UTC-${i + 1}`),
].map((zone) => ({ label: zone, value: zone }));

export const DATE_PICKER_DEFAULT = '2005-01-01';
/** Spec's yyyy-MM-dd written in dayjs tokens. */
export const DATE_FORMAT = 'YYYY-MM-DD';

export const TOP_BAR = { wideMinWidth: 1188, wideHeight: 80, narrowHeight: 60, miniProgramHeight: 0 } as const;

export function topBarHeight(viewportWidth: number, inMiniProgram: boolean): number {
  if (inMiniProgram) return TOP_BAR.miniProgramHeight;
  return viewportWidth >= TOP_BAR.wideMinWidth ? TOP_BAR.wideHeight : TOP_BAR.narrowHeight;
}

export const SIDE_HELPER = { scrollbarCheckMs: 1_000, goToTopMs: 100 } as const;

export const GENDERS = [
  { value: 1, label: '男' },
  { value: 2, label: '女' },
] as const;
export type Gender = (typeof GENDERS)[number]['value'];
